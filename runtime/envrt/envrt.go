// Package envrt is what a program calls to build its children's
// environments: the default policy's builders (InheritEnv, IsolatedEnv
// and their …OS and Append… forms), which need no policy file; the
// call-site overrides that every builder, generated or default, takes
// (Set, Unset) and the run-time refinements (Keep, Drop, KeepMatching,
// Sets), checked by CheckVars; Config, the block of a user's settings
// that becomes them; Report and Observe, which say what a call leaves
// out and why, for rolling a policy out; and how an entry's name is read (Split,
// EqualFold). Starting children with a built environment is package
// envexec's; finding credentials in values, package secretvalue's; what
// only generated code calls, package envimpl's.
//
// It imports the runtime's internal implementation, whose Var it gives
// as its own, and the default policy's generated builders.
package envrt

import "github.com/envgen/envgen/runtime/internal/impl"

// Var is one call-site override, made by Set, Unset, Keep, Drop,
// KeepMatching or Sets, which a builder applies in the order given,
// after the policy's defines and before its binPaths. Vars compare with
// ==. Its String method writes it as Go code would, with Set's value
// shown as a length alone.
type Var = impl.Var

// Set overrides name with value: the child gets NAME=value, whatever the
// policy says of name. An empty name, a name holding '=' or NUL, or a
// value holding NUL is ignored.
func Set(name, value string) Var { return impl.Set(name, value) }

// Unset removes name from the environment built so far. An empty name,
// or one holding '=' or NUL, is ignored.
func Unset(name string) Var { return impl.Unset(name) }

// Keep passes environ's first entry spelled exactly name, even a secret,
// by name or by value: the program names it, as a policy's exact
// passThrough name would. Nothing is added when environ has no such
// entry. A name outside the policy syntax ([A-Za-z_][A-Za-z0-9_]*) is
// ignored.
func Keep(name string) Var { return impl.Keep(name) }

// Drop leaves out every entry built so far whose name matches pattern, a
// name or pattern as a policy writes them ('*' matches any run of bytes),
// ASCII case aside. An invalid pattern leaves out every entry built so
// far: a typo in a user's configuration never scrubs less.
func Drop(pattern string) Var { return impl.Drop(pattern) }

// KeepMatching passes environ's entries whose names pattern matches (the
// first entry of each name, compared as the task compares names), as a
// passThrough pattern of the task would: never a secret, by name or by
// value, nor a name the task's own rules leave out (unset, negated, an
// injection variable under dropInjection). It is for isolated tasks; in
// an inherit task it brings back only what an earlier override left out.
// An invalid pattern is ignored.
func KeepMatching(pattern string) Var { return impl.KeepMatching(pattern) }

// Sets returns entries, each NAME=value as in os.Environ (the name ends
// at the first '=' after its first byte), as Set overrides in the same
// order, so that a later entry of a name wins. It is how entries a
// program would append to os.Environ() reach a builder, whose environ
// keeps a name's first entry. An entry without such a '=' makes an
// invalid override, which builders ignore and CheckVars reports.
func Sets(entries []string) []Var { return impl.Sets(entries) }

// VarError is one invalid override that CheckVars found: its Index in
// the vars given to CheckVars (from 0), the override as Var.String
// writes it, and its Problem. It names the override, never a value.
type VarError = impl.VarError

// CheckVars returns every invalid override of vars, each a *VarError,
// joined by errors.Join; nil when all are valid. Builders ignore an
// invalid Set, Unset, Keep or KeepMatching, and an invalid Drop leaves
// out every entry built so far; a program that takes overrides from its
// users' configuration calls CheckVars at start-up to refuse a bad
// entry, named, instead.
func CheckVars(vars ...Var) error { return impl.CheckVars(vars...) }

// Split returns the name of an os.Environ-style entry: the bytes before
// the first '=' after the first byte, so "=C:=C:\x" is named "=C:". ok
// is false for an entry with no such '=' or with a NUL byte anywhere;
// builders ignore those entries, as exec would refuse them.
func Split(entry string) (name string, ok bool) { return impl.Split(entry) }

// EqualFold reports whether a and b are equal under ASCII case folding,
// as names compare on Windows. Unlike strings.EqualFold it folds no
// other letters, so "K" and the Kelvin sign differ.
func EqualFold(a, b string) bool { return impl.EqualFold(a, b) }

// Dropped is one entry of environ that a call left out, as Report and
// Observe give it: Name as environ spells it ("" for an entry with no
// '=' after its first byte, whose text may be a value), and Reason, the
// rule that left it out in a few words, never a byte of the value:
// "secret by name: *_TOKEN (built in)", "its value holds a GitHub
// token", "not in the task's allowlist", `Drop("MY_CORP_*")`, "unset by
// the task: HISTFILE", "injection variable: LD_* (dropInjection)", "a
// later entry of the same name", … (docs/rollout.md lists them all).
type Dropped = impl.Dropped

// Report calls fn once for each entry of environ that the call leaves
// out, in environ's order, before the builder returns. An entry is left
// out when its name is absent from the result, or it is a later entry of
// a name already given; one whose value a define or Set replaced is not.
// A call without Report costs what it did before Report existed; one
// with it walks environ once more and allocates for that walk.
func Report(fn func(Dropped)) Var { return impl.Report(fn) }

// Observe makes the call return environ as it would have been without
// the policy, and report to fn, as Report does, what enforcing the
// policy would leave out: so that a program ships a policy in observe
// mode first, logs what its children would lose, and then enforces it by
// leaving Observe out. Without the policy means: environ's entries that
// exec could carry, the first of each name (compared as the task
// compares names), in environ's order, then the call's Set, Sets and
// Unset overrides applied as a builder applies them; none of the task's
// defines, binPaths or rules, and no Keep, Drop or KeepMatching, which
// only shape the report.
func Observe(fn func(Dropped)) Var { return impl.Observe(fn) }
