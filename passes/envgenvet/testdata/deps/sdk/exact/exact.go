/* want package:"envPackage" */

// Package exact starts a child with exactly the environment its caller
// gives: judged at each call by what is given.
package exact

import "os/exec"

// Run runs name with env as its whole environment.
func Run(name string, env []string, args ...string) error { // want Run:"startsFunc\\(param\\)"
	cmd := exec.Command(name, args...)
	cmd.Env = env
	return cmd.Run()
}

// Version runs git with this process's environment: a helper program of
// its own, which its callers are not told of.
func Version() (string, error) {
	out, err := exec.Command("git", "version").Output() // want `^exec.Cmd.Output: the environment is nil`
	return string(out), err
}
