package impl

// getenv is firstEntry's value, for tests: the value of the first entry
// of environ named name that exec could carry, or "".
func getenv(environ []string, name string, fold bool) string {
	if e, n := firstEntry(environ, name, fold); n != "" {
		return e[len(n)+1:]
	}
	return ""
}
