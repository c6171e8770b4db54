package impl

import (
	"slices"

	"github.com/envgen/envgen/runtime/internal/glob"
)

// Getenv returns the value of name in in's environment, for a ${NAME} in
// task t's defines or binPaths where NAME is no secret (nor then, ASCII
// case aside, any spelling of it): that of the first entry of the name
// that exec could carry, names compared as Build compares them; "" if
// there is none, or if t drops its value as a secret by value. For
// generated code.
func (t *Task) Getenv(in Input, name string) string {
	return t.getenv(in, name, nil, false, windows)
}

// GetenvExempt is Getenv for a ${NAME} whose NAME is a secret that t
// exempts in the spellings exempt only (secrets.pass or its exact
// passThrough names; the generated code lists them): "" also if the
// entry Getenv finds spells its name otherwise. Where names compare
// exactly that entry is spelled name; on Windows it may be spelled
// otherwise, and then it is a secret t drops, whose value a reference
// never reads. For generated code.
func (t *Task) GetenvExempt(in Input, name string, exempt ...string) string {
	return t.getenv(in, name, exempt, true, windows)
}

// TaskGetenvFold is Task.Getenv (Task.GetenvExempt with secret) over
// environ with the name comparison chosen by fold, whatever GOOS. For
// tests, through envimpl.
func TaskGetenvFold(t *Task, environ []string, name string, exempt []string, secret, fold bool) string {
	return t.getenv(Given(nil, environ), name, exempt, secret, fold)
}

// getenv is Getenv (GetenvExempt with secret) with the name comparison
// chosen by fold. An input from OS not read yet is read with
// lookupEnv, which finds what a scan would (see ownedOS).
func (t *Task) getenv(in Input, name string, exempt []string, secret, fold bool) string {
	var spelling, value string
	if in.fromOS {
		if v, ok := lookupEnv(name); ok {
			spelling, value = name, v
		}
	} else if e, n := firstEntry(in.environ, name, fold); n != "" {
		spelling, value = n, e[len(n)+1:]
	}
	if spelling == "" || secret && !slices.Contains(exempt, spelling) {
		return ""
	}
	if c := t.tables(fold); c.dropsValue(spelling, value, false) {
		return ""
	}
	return value
}

// firstEntry returns the first entry of environ named name that exec could
// carry, names compared exactly or, with fold, ASCII case-insensitively,
// and the name as that entry spells it; "", "" if there is none. Most
// entries are ruled out by their first len(name)+1 bytes, which must be a
// spelling of name and '=', before Split scans them for a NUL.
func firstEntry(environ []string, name string, fold bool) (entry, spelling string) {
	for _, e := range environ {
		if len(e) > len(name) && e[len(name)] == '=' && glob.Equal(e[:len(name)], name, fold) {
			if n, ok := Split(e); ok && len(n) == len(name) {
				return e, n
			}
		}
	}
	return "", ""
}
