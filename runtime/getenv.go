package envrt

import "slices"

// Getenv returns the value of name in environ (os.Environ form): the first
// entry of that name that exec could carry, names compared as Build
// compares them; "" if there is none. Generated builders use it for a
// ${NAME} in a define or a binPaths directory where NAME is no secret
// (nor then, ASCII case aside, any spelling of it); GetenvExempt for one
// that is.
func Getenv(environ []string, name string) string {
	return getenv(environ, name, windows)
}

// getenv is Getenv with the name comparison chosen by fold.
func getenv(environ []string, name string, fold bool) string {
	if e, n := firstEntry(environ, name, fold); n != "" {
		return e[len(n)+1:]
	}
	return ""
}

// GetenvExempt is Getenv for a ${NAME} whose NAME is a secret that the
// task exempts in the spellings exempt only (secrets.pass or its exact
// passThrough names; the generated code lists them): it returns the value
// of the entry Getenv finds if that entry spells its name as one of
// exempt, and "" otherwise. Where names compare exactly the entry found
// is spelled name; on Windows it may be spelled otherwise, and then it is
// a secret the task drops, whose value a reference never reads.
func GetenvExempt(environ []string, name string, exempt ...string) string {
	return getenvExempt(environ, name, exempt, windows)
}

// getenvExempt is GetenvExempt with the name comparison chosen by fold.
func getenvExempt(environ []string, name string, exempt []string, fold bool) string {
	if e, n := firstEntry(environ, name, fold); n != "" && slices.Contains(exempt, n) {
		return e[len(n)+1:]
	}
	return ""
}

// firstEntry returns the first entry of environ named name that exec could
// carry, names compared exactly or, with fold, ASCII case-insensitively,
// and the name as that entry spells it; "", "" if there is none.
func firstEntry(environ []string, name string, fold bool) (entry, spelling string) {
	for _, e := range environ {
		if n, ok := Split(e); ok && sameName(n, name, fold) {
			return e, n
		}
	}
	return "", ""
}

// Getenv is Getenv over in's environment for a ${NAME} of task t's
// defines and binPaths: "" also when the entry's value is one t drops
// as a secret by value.
func (t *Task) Getenv(in Input, name string) string {
	return t.getenv(in.environ, name, nil, false, windows)
}

// GetenvExempt is GetenvExempt over in's environment for task t: "" also
// when the entry's value is one t drops as a secret by value.
func (t *Task) GetenvExempt(in Input, name string, exempt ...string) string {
	return t.getenv(in.environ, name, exempt, true, windows)
}

// getenv is Task.Getenv (Task.GetenvExempt with secret) with the name
// comparison chosen by fold.
func (t *Task) getenv(environ []string, name string, exempt []string, secret, fold bool) string {
	e, spelling := firstEntry(environ, name, fold)
	if spelling == "" || secret && !slices.Contains(exempt, spelling) {
		return ""
	}
	value := e[len(spelling)+1:]
	if c := t.compiled(); c.values != nil && c.values.looks(value) && !c.keepsValue(spelling, keepValue) {
		return ""
	}
	return value
}
