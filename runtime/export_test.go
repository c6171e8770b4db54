package envrt

// BuildFold is Build with the name comparison chosen by the test: fold
// true runs the Windows rules on any OS.
func BuildFold(dst, environ []string, t *Task, defines []string, overrides []Var, path []Dir, fold bool) []string {
	return build(dst, environ, t, defines, overrides, path, fold)
}

// Windows reports whether this build compares names as Windows does.
const Windows = windows
