/* want package:"envPackage" */
// Package envhelp holds helpers in another package than their callers:
// what their results are reaches package a as facts.
package envhelp

import (
	"os"
	"os/exec"

	"gen"
)

// Child returns a builder's result.
func Child() []string { // want Child:"envFunc\\(policy\\)"
	return gen.ShellEnv(os.Environ())
}

// Parent returns the parent's environment with one more entry.
func Parent() []string { // want Parent:"envFunc\\(inherit\\+\\)"
	return append(os.Environ(), "A=1")
}

// Hand returns a hand-built environment, of constants.
func Hand() []string { return []string{"PATH=/bin"} } // want Hand:"envFunc\\(const\\)"

// Spawn starts ls with env: its callers are judged by what they pass.
func Spawn(env []string) error { // want Spawn:"startsFunc\\(param\\)"
	cmd := exec.Command("ls")
	cmd.Env = env
	return cmd.Run()
}
