package envrt

import (
	"os"
	"slices"
	"sync/atomic"
)

// BuildOS is Build over this process's own environment. For an isolated
// task that passes only names it lists (t.Lookup is set: no passThrough
// patterns) it may instead read just those names with os.LookupEnv, when
// that is cheaper than copying os.Environ() and scanning it: with K names
// to look up, when the environment last seen held more than about
// lookupRatio×K entries. It looks the environment over again every
// recheckEvery×(1+size/64) calls. Windows always scans, so that inherited names keep
// their spelling.
//
// It allocates the returned slice (and the environment's copy when it
// scans); the look-up path returns the same entries in another order (the
// task's names, sorted, then defines and overrides), allocates one string
// per name found, and returns a slice whose array also holds those
// entries, in front of it.
func BuildOS(t *Task, defines []string, overrides []Var, path []Dir) []string {
	extra := len(defines) + len(overrides) + 1
	if windows || len(t.Lookup) == 0 || !lookupCheaper(len(t.Lookup)) {
		environ := os.Environ()
		environSize.Store(int64(len(environ)))
		inherited := len(environ)
		if !windows && len(t.Lookup) > 0 {
			// Names compare exactly: it passes only the names it lists.
			inherited = min(inherited, len(t.Lookup))
		}
		return build(make([]string, 0, inherited+extra), environ, t, defines, overrides, path, windows)
	}
	// Look the names up first, so that one allocation of the size found
	// holds the entries, then the output. The values wait on the stack
	// (an array that build reads would escape with its output) or, for a
	// task with more names, where the output will go.
	k := len(t.Lookup)
	var small [64]string
	var buf, values []string
	if k <= len(small) {
		values = small[:k]
	} else {
		buf = make([]string, k+k+extra)
		values = buf[k : k+k]
	}
	n := 0
	for i, name := range t.Lookup {
		value, ok := os.LookupEnv(name)
		if !ok {
			value = absent
		} else {
			n++
		}
		values[i] = value
	}
	if buf == nil {
		buf = make([]string, n+n+extra)
	}
	environ := buf[:0] // entry j comes from name i >= j: no value is overwritten
	for i, name := range t.Lookup {
		if values[i] != absent {
			environ = append(environ, name+"="+values[i])
		}
	}
	clear(buf[n:]) // the values, if they waited here
	return build(buf[n:n], environ, t, defines, overrides, path, windows)
}

// GetenvExemptOS is GetenvExempt over this process's own environment, for
// the …EnvOS builders: where names compare exactly, os.Getenv(name) if name
// is one of exempt, else ""; on Windows, where only the environment's
// entries tell which spelling a name has, GetenvExempt over os.Environ()
// (the copy it allocates is the price of a reference to a secret there).
func GetenvExemptOS(name string, exempt ...string) string {
	if windows {
		return getenvExempt(os.Environ(), name, exempt, true)
	}
	if !slices.Contains(exempt, name) {
		return ""
	}
	return os.Getenv(name)
}

// absent marks a name os.LookupEnv did not find. A value that is exactly
// one NUL byte (possible on Plan 9 only) reads as absent too, which changes
// nothing: Build ignores an entry that holds a NUL.
const absent = "\x00"

// The strategy BuildOS picks, set from BenchmarkOS in
// internal/bench: a look-up costs about as much as scanning
// lookupRatio entries of os.Environ().
const (
	lookupRatio  = 4
	recheckEvery = 256
)

var (
	environSize atomic.Int64 // entries in os.Environ() when last seen
	osCalls     atomic.Uint64
)

// lookupCheaper reports whether k look-ups beat a copy and scan of the
// environment as last seen, and rechecks its size now and then: the larger
// the environment, the more rarely, so that rechecking stays cheap.
func lookupCheaper(k int) bool {
	size := environSize.Load()
	if osCalls.Add(1)%uint64(recheckEvery*(1+size/64)) == 0 {
		return false
	}
	return size > int64(lookupRatio*k)
}
