package impl

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
// only names it lists (c.isolatedLookup not nil) reads just those names
// with lookupEnv when the environment, as last seen, is so much larger
// that this is cheaper (lookupCheaper): the same entries, in the lists'
// order, with the slice and one allocation a name found. It
// reads name by name, as os.Getenv does: if another goroutine sets
// variables meanwhile, the result need not be one moment's environment.
func readOS(c *taskTables, extra int, whole bool) Input {
	if c.isolatedLookup != nil && !whole && lookupCheaper(len(c.isolatedLookup)) {
		environ := make([]string, 0, len(c.isolatedLookup)+extra)
		for _, name := range c.isolatedLookup {
			if value, ok := lookupEnv(name); ok {
				environ = append(environ, name+"="+value)
			}
		}
		return Input{dst: environ[:0], environ: environ, owned: true}
	}
	environ := os.Environ()
	if c.isolatedLookup != nil { // the tasks that read the size
		environSize.Store(int64(len(environ)))
		sinceScan.Store(0)
	}
	return Input{dst: environ[:0], environ: environ, owned: true}
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
