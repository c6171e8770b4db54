package envrt

// BuildFold is Build with the name comparison chosen by the test: fold
// true runs the Windows rules on any OS.
func BuildFold(dst, environ []string, t *Task, defines []string, overrides []Var, path []Dir, fold bool) []string {
	return build(dst, environ, t, defines, overrides, path, fold)
}

// GetenvFold is Getenv with the name comparison chosen by the test.
func GetenvFold(environ []string, name string, fold bool) string { return getenv(environ, name, fold) }

// GetenvExemptFold is GetenvExempt with the name comparison chosen by the
// test.
func GetenvExemptFold(environ []string, name string, exempt []string, fold bool) string {
	return getenvExempt(environ, name, exempt, fold)
}

// Windows reports whether this build compares names as Windows does.
const Windows = windows

// scanName is scanNames for one entry.
func scanName(seed uint64, e string) (eq int, h, cases uint64) {
	var s [1]scanned
	scanNames(seed, []string{e}, s[:])
	return s[0].eq, s[0].h, s[0].cases
}
