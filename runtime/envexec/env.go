package envexec

import (
	"runtime"

	"github.com/envgen/envgen/runtime/envrt"
)

// windows is true when names compare ASCII case-insensitively, as
// package envrt compares them.
const windows = runtime.GOOS == "windows"

// getenv returns the value of the first entry of env named name that exec
// could carry, names compared ASCII case-insensitively with fold; "" if
// there is none. It reads PATH and PATHEXT as the child will.
func getenv(env []string, name string, fold bool) string {
	value, _ := lookupEnv(env, name, fold)
	return value
}

// lookupEnv is getenv that also reports whether env has such an entry.
func lookupEnv(env []string, name string, fold bool) (string, bool) {
	for _, e := range env {
		if n, ok := envrt.Split(e); ok && (n == name || fold && envrt.EqualFold(n, name)) {
			return e[len(n)+1:], true
		}
	}
	return "", false
}
