package envrt

import (
	"github.com/envgen/envgen/runtime/internal/defaultpolicy"
	"github.com/envgen/envgen/runtime/internal/impl"
)

// This file is Seal: a program's secrets out of its own environment.

// Sealed holds the values that Seal took out of this process's
// environment, by name. A process has one: every Seal returns it, with
// what that call sealed added.
//
// Names returns the sealed names, sorted. Lookup returns the value a
// name held when it was sealed, and whether it is sealed: the program's
// own use of a credential (an SDK client that reads ANTHROPIC_API_KEY
// must be given it from here, or be built before Seal). Var hands one
// sealed value to one child: Set(name, value) for a sealed name, a Var
// that does nothing for any other.
type Sealed = impl.Sealed

// SealOption changes what Seal does; HideProcess makes one.
type SealOption = impl.SealOption

// HideProcess makes Seal also set the process non-dumpable
// (prctl(PR_SET_DUMPABLE, 0)), so that no other process of the same user
// reads its /proc/PID/environ (or its memory: /proc/PID/mem, ptrace) at
// all. The cost: no core dumps, and no debugger can attach but root's.
func HideProcess() SealOption { return impl.HideProcess() }

// Seal takes this process's secrets, by the default policy's rules (the
// built-in credential names and value detection), out of its own
// environment: on Linux it overwrites each secret entry's value with NUL
// bytes in the block the kernel shows as /proc/PID/environ, keeping names
// and offsets (so C's environ stays valid under cgo), keeps the values in
// the Sealed, and os.Unsetenvs them, so that a child started without a
// builder no longer gets them either. A generated policy's Seal does the
// same by that policy's rules. Calling it again seals what is left.
//
// Where it cannot (not Linux, /proc not mounted, a write refused), it
// returns an error wrapping errors.ErrUnsupported and leaves the process
// as it was. It does not unread what read the environment before it:
// call it first thing in main (SECURITY.md, "Seal").
func Seal(opts ...SealOption) (*Sealed, error) { return defaultpolicy.Seal(opts...) }
