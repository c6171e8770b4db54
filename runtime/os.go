package envrt

import (
	"os"
	"runtime"
	"strings"
	"sync/atomic"
)

// This file reads this process's own environment, for the …EnvOS
// builders.

// ownedOS: here os.Environ() holds no NUL byte (Setenv refuses one, and
// a C string holds none) and no name twice (the runtime drops repeats at
// start), so lookupEnv finds what a scan of it finds first. Not on
// Windows, whose names compare ASCII case aside, nor on Plan 9, whose
// Setenv takes NULs ($path holds them).
const ownedOS = !windows && runtime.GOOS != "plan9"

// OS is the input of an …EnvOS call: this process's environment. On
// Windows and Plan 9 it is os.Environ()'s copy, filtered in place with
// every check Given's environ gets. Elsewhere Build reads it as readOS
// says, without the NUL and repeat checks, which cannot fail there, and
// Task.Getenv with lookupEnv, at its call: if another goroutine sets
// variables meanwhile, a ${NAME} and the entries Build reads may come
// from different moments. The result grows past what was read, a second
// allocation, only when the task adds more entries than it drops. For
// generated code.
func OS() Input {
	if !ownedOS {
		environ := os.Environ()
		return Input{dst: environ[:0], environ: environ}
	}
	return Input{fromOS: true}
}

// readOS reads this process's environment for a build by c, with room
// for extra entries more; whole when an override reads the whole of it
// (Keep, KeepMatching). Most tasks read os.Environ()'s copy, which the
// build filters in place: one allocation. An isolated task that passes
// only names it lists (c.isolatedLookup not nil) reads just those names with
// lookupEnv when the environment, as last seen, is so much larger that
// this is cheaper (lookupCheaper): the same entries, in the list's order,
// with two allocations however long the environment or the list. It
// reads name by name, as os.Getenv does: if another goroutine sets
// variables meanwhile, the result need not be one moment's environment.
func readOS(c *taskTables, extra int, whole bool) Input {
	if c.isolatedLookup != nil && !whole && lookupCheaper(len(c.isolatedLookup)) {
		return lookupOS(c.isolatedLookup, extra)
	}
	environ := os.Environ()
	if c.isolatedLookup != nil { // the tasks that read the size
		if n := int64(len(environ)); environSize.Load() != n {
			environSize.Store(n)
		}
		if sinceScan.Load() != 0 {
			sinceScan.Store(0)
		}
	}
	return Input{dst: environ[:0], environ: environ, owned: true}
}

// lookupOS reads names with os.LookupEnv into one string holding the
// entries found and one slice holding first the values, then the
// entries, with room for extra more.
func lookupOS(names []string, extra int) Input {
	environ := make([]string, len(names), len(names)+extra)
	size := 0
	for i, name := range names {
		value, ok := lookupEnv(name)
		if !ok {
			value = absent
		} else {
			size += len(name) + 1 + len(value)
		}
		environ[i] = value
	}
	var sb strings.Builder
	sb.Grow(size)
	for i, name := range names {
		if environ[i] != absent {
			sb.WriteString(name)
			sb.WriteByte('=')
			sb.WriteString(environ[i])
		}
	}
	all, found := sb.String(), 0
	for i, name := range names { // found <= i: a value is read before its place is written
		if value := environ[i]; value != absent {
			n := len(name) + 1 + len(value)
			environ[found], all = all[:n], all[n:]
			found++
		}
	}
	clear(environ[found:])
	return Input{dst: environ[:0], environ: environ[:found], owned: true}
}

// lookupEnv is os.LookupEnv for a name as Split reads names: Go keys
// the environment up to its first '=', so it finds no name that starts
// with one ("=C:", which no generated list holds), and a scan does.
func lookupEnv(name string) (string, bool) {
	if strings.HasPrefix(name, "=") {
		if e, n := firstEntry(os.Environ(), name, false); n != "" {
			return e[len(n)+1:], true
		}
		return "", false
	}
	return os.LookupEnv(name)
}

// absent marks a name lookupEnv did not find: a value of one NUL
// byte, which no variable here can hold.
const absent = "\x00"

// How readOS chooses: a look-up costs about as much as copying and
// filtering lookupRatio entries of os.Environ() (BenchmarkOS in
// internal/bench measures both). After recheckEvery×(1+size/64) calls
// that look up, it reads the whole environment again, to see its size.
const (
	lookupRatio  = 4
	recheckEvery = 256
)

var (
	environSize atomic.Int64 // entries in os.Environ() when last read
	sinceScan   atomic.Int64 // calls that looked up since
)

// lookupCheaper reports whether k look-ups beat a copy and scan of the
// environment as last seen, unless it is time to see the size again.
func lookupCheaper(k int) bool {
	size := environSize.Load()
	return size > int64(lookupRatio*k) && sinceScan.Add(1) <= recheckEvery*(1+size/64)
}
