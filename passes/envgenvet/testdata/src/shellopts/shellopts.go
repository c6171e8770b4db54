/* want package:"envPackage" */

// Package shellopts is shaped like an agent host's shell package: the
// environment of each command rides in a field of an options struct or
// of a shell kept for later, from the caller (or a default) to the
// shell that starts the command. Stores here are judged here; the facts
// on the fields carry the sinks to stores in package a.
package shellopts

import (
	"os"
	"os/exec"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
)

// RunOptions is one command: Env is its whole environment.
type RunOptions struct {
	Command string
	Env     []string // want Env:"field\\(sink run \\(which starts a child with it\\) at shellopts/shellopts.go:27 field\\)"
	Args    []string
}

// Run runs opts.Command with opts.Env.
func Run(opts RunOptions) error {
	return run(opts.Command, opts.Env)
}

func run(command string, env []string) error { // want run:"startsFunc\\(param\\)"
	r, err := interp.New(interp.Env(expand.ListEnviron(env...)))
	_, _ = r, command
	return err
}

// RunInherit defaults a missing environment to the parent's.
func RunInherit(opts RunOptions) error { // want RunInherit:"spawns\\(shellopts.RunOptions.Env, which reaches run .* at shellopts/shellopts.go:39 inherit\\)"
	if len(opts.Env) == 0 {
		opts.Env = os.Environ() // want `^shellopts.RunOptions.Env, which reaches run \(which starts a child with it\) at shellopts/shellopts.go:27: the environment is os.Environ\(\) or derived from it, so`
	}
	return Run(opts)
}

// Shell keeps its environment for the commands it runs later.
type Shell struct {
	env []string // want env:"field\\(sink interp.Env at shellopts/shellopts.go:65 field\\)"
	dir string
}

// NewShell keeps env, the parent's when none is given.
func NewShell(env []string) *Shell { // want NewShell:"startsFunc\\(param\\)" NewShell:"spawns\\(shellopts.Shell.env, which reaches interp.Env at shellopts/shellopts.go:65 at shellopts/shellopts.go:55 inherit\\)"
	if env == nil {
		env = os.Environ()
	}
	return &Shell{env: env, dir: "/"} // want `^shellopts.Shell.env, which reaches interp.Env at shellopts/shellopts.go:65: the environment is os.Environ\(\) or derived from it on some paths`
}

// NewPolicyShell keeps env as given.
func NewPolicyShell(env []string) *Shell { // want NewPolicyShell:"startsFunc\\(param\\)"
	return &Shell{env: env}
}

// Exec runs command in the shell.
func (s *Shell) Exec(command string) error {
	_, err := interp.New(interp.Env(expand.ListEnviron(s.env...)), interp.Dir(s.dir))
	return err
}

// Defaults is a package-level set of options whose Env other packages
// read: a store here and a sink there are not joined (counted as not
// followed here).
var Defaults = Options{Env: append(os.Environ(), "LANG=C")}

// Options is what Defaults holds.
type Options struct {
	Env []string
}

// Start starts name with env as it is.
func Start(name string, env []string) error { // want Start:"startsFunc\\(param\\)"
	cmd := exec.Command(name)
	cmd.Env = env
	return cmd.Start()
}

// Login is a login shell, which inherits on purpose: the sink is
// accepted, so stores to Env elsewhere are too.
type Login struct{ Env []string }

// Run runs the login shell.
func (l Login) Run() error {
	cmd := exec.Command("sh", "-l")
	cmd.Env = l.Env
	return cmd.Run() //envgen:inherit a login shell is the user's own
}
