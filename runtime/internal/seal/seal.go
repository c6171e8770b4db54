// Package seal takes a process's secrets out of its own environment: out of
// the block the kernel shows other processes as /proc/PID/environ, and out
// of Go's copy that os.Getenv reads and children inherit.
//
// os.Unsetenv changes only Go's copy. The block the kernel shows stays as
// it was at exec, readable by every process of the same user, until the
// process writes over it. Seal does that on Linux: it overwrites the value
// of each secret entry in the block with NUL bytes, keeping each name, its
// '=' and every offset, so the pointers of C's environ (under cgo) stay
// valid; then it keeps Go's values of the secret entries in the Sealed and
// unsets them. Elsewhere it returns an error wrapping errors.ErrUnsupported.
//
// The runtime's API (envrt.Seal, envrt.HideProcess, Sealed.Var and the
// generated Seal of each policy) is built on this package. It imports
// only the standard library (syscall for prctl, not golang.org/x/sys), as
// all of the runtime does.
package seal

import (
	"maps"
	"os"
	"slices"
	"strings"
	"sync"
)

// Sealed holds the values that Seal took out of the environment, by name.
// A process has one: every call of Seal returns it, with what that call
// sealed added.
type Sealed struct {
	mu     sync.Mutex
	values map[string]string
}

// process is the one Sealed of this process; its mutex also orders the
// calls of Seal.
var process = Sealed{values: map[string]string{}}

// Seal seals the entries that isSecret calls secret, judging each entry of
// the block and each of Go's environment by its name and value, and returns
// the process's Sealed.
//
// In the block, Seal overwrites with NUL bytes the value of every entry
// isSecret calls secret, and of every later entry of the same name (a
// duplicate, which Go's environment never shows but /proc does). In Go's
// environment (os.Environ), it keeps the value of every entry isSecret
// calls secret in the Sealed and unsets the name. With hide, it also makes
// the process non-dumpable (see HideProcess in the runtime's docs): no core
// dumps, no ptrace attach by the same user, and /proc/PID/environ and the
// rest of /proc/PID readable by root only.
//
// Seal is idempotent: a later call, with the same isSecret or another,
// seals what earlier calls left (an entry already sealed has an empty value
// in the block and is gone from Go's environment) and adds it to the same
// Sealed. A name sealed again, because the program set it after a Seal,
// keeps its latest value.
//
// When it cannot seal (not Linux, /proc not mounted, a read or write of
// /proc/self/mem refused), Seal returns nil and an error wrapping
// errors.ErrUnsupported, and leaves the process as it was: any value it
// had overwritten in the block is written back, and nothing is unset.
//
// isSecret must not call Seal or a method of the Sealed.
func Seal(isSecret func(name, value string) bool, hide bool) (*Sealed, error) {
	process.mu.Lock()
	defer process.mu.Unlock()
	if err := sealBlock(isSecret, hide); err != nil {
		return nil, err
	}
	for _, entry := range os.Environ() {
		name, value, ok := strings.Cut(entry, "=")
		if ok && isSecret(name, value) {
			process.values[name] = value
			os.Unsetenv(name) // on Linux it returns nil always
		}
	}
	return &process, nil
}

// Names returns the sealed names, sorted.
func (s *Sealed) Names() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Sorted(maps.Keys(s.values))
}

// Lookup returns the value the environment held for name when Seal sealed
// it, and whether name is sealed: what os.LookupEnv returned for it just
// before Seal.
func (s *Sealed) Lookup(name string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	value, ok := s.values[name]
	return value, ok
}
