package envrt

// BuildFold is Build over Given(dst, environ) with the name comparison
// chosen by the test: fold true runs the Windows rules on any OS.
func BuildFold(dst, environ []string, t *Task, defines []string, overrides []Var, path []Dir, fold bool) []string {
	return build(Given(dst, environ), t, defines, overrides, path, fold)
}

// TaskGetenvFold is Task.Getenv (Task.GetenvExempt with secret) with the
// name comparison chosen by the test.
func TaskGetenvFold(t *Task, environ []string, name string, exempt []string, secret, fold bool) string {
	return t.getenv(Given(nil, environ), name, exempt, secret, fold)
}

// getenv is firstEntry's value, for tests: the value of the first entry
// of environ named name that exec could carry, or "".
func getenv(environ []string, name string, fold bool) string {
	if e, n := firstEntry(environ, name, fold); n != "" {
		return e[len(n)+1:]
	}
	return ""
}
