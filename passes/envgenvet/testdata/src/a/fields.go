package a

// An environment carried in a struct field to the code that spawns: a
// store is judged by the sinks the field's value reaches (in this
// package, or in the one declaring the field, through its fact), and a
// sink reading a field another package set is judged by that store.

import (
	"os"
	"os/exec"

	"gen"
	"shellopts"
)

type runOptions struct {
	Env []string // want Env:"field\\(sink exec.Cmd.Run at a/fields.go:23 field\\)"
}

func runWith(o runOptions) error {
	cmd := exec.Command("ls")
	cmd.Env = o.Env
	return cmd.Run()
}

func envInStructField() {
	_ = runWith(runOptions{Env: os.Environ()}) // want `^a.runOptions.Env, which reaches exec.Cmd.Run at a/fields.go:23: the environment is os.Environ\(\) or derived from it, so the child gets every secret`
}

func envInStructFieldPolicy() {
	_ = runWith(runOptions{Env: gen.ShellEnvOS()})
}

// The field is another package's, whose fact names the sink.
func optionsFromCaller(extra []string) error {
	return shellopts.Run(shellopts.RunOptions{
		Command: "ls",
		Env:     append(os.Environ(), extra...), // want `^shellopts.RunOptions.Env, which reaches run \(which starts a child with it\) at shellopts/shellopts.go:27: the environment is os.Environ\(\) or derived`
	})
}

func optionsAssigned() error {
	var opts shellopts.RunOptions
	opts.Env = os.Environ() // want `^shellopts.RunOptions.Env, which reaches`
	return shellopts.Run(opts)
}

func optionsFromPolicy() error {
	return shellopts.Run(shellopts.RunOptions{Command: "ls", Env: gen.ShellEnvOS()})
}

// A constructor that keeps the environment for a method: judged at
// each call by what it is given.
func shellFromParent() *shellopts.Shell {
	return shellopts.NewPolicyShell(os.Environ()) // want `^NewPolicyShell \(which starts a child with it\): the environment is os.Environ\(\)`
}

func shellFromPolicy() *shellopts.Shell {
	return shellopts.NewPolicyShell(gen.ShellEnvOS())
}

// A sink here that reads a field the declaring package set to the
// parent's environment is not followed to that store: what docs/vet.md
// says it does not follow.
func startWithDefaults() error {
	cmd := exec.Command("ls")
	cmd.Env = shellopts.Defaults.Env
	return cmd.Run()
}

// A field that only ever holds a builder's result stays quiet.
type policyHolder struct {
	env []string // want env:"field\\(sink exec.Cmd.Run at a/fields.go:81 field\\)"
}

func newPolicyHolder() *policyHolder { return &policyHolder{env: gen.ShellEnvOS()} }

func (p *policyHolder) run() error {
	cmd := exec.Command("ls")
	cmd.Env = p.env
	return cmd.Run()
}

// A closure sees its function's parameter: a store of it is judged at
// the function's callers.
func runAsync(env []string) error { // want runAsync:"startsFunc\\(param\\)"
	done := make(chan error, 1)
	go func() { done <- shellopts.Run(shellopts.RunOptions{Command: "ls", Env: env}) }()
	return <-done
}

func runAsyncParent() error {
	return runAsync(os.Environ()) // want `^runAsync \(which starts a child with it\): the environment is os.Environ\(\)`
}

func runAsyncPolicy() error { return runAsync(gen.ShellEnvOS()) }

// A directive on the line where a store is reported accepts it, as one
// on the sink's line accepts every store that reaches it.
func optionsAccepted() error {
	return shellopts.Run(shellopts.RunOptions{
		Command: "sh",
		Env:     os.Environ(), //envgen:inherit the user's own shell, run on request
	})
}

func loginShell() error {
	return shellopts.Login{Env: os.Environ()}.Run()
}

// A getter of this package hands on the field it returns: a sink given
// its result is a sink of that field.
type shellConfig struct {
	env []string // want env:"field\\(sink exec.Cmd.Run at a/fields.go:126 field\\)"
}

func newShellConfig() *shellConfig {
	return &shellConfig{env: os.Environ()} // want `^a.shellConfig.env, which reaches exec.Cmd.Run at a/fields.go:126: the environment is os.Environ\(\) or derived`
}

func (c *shellConfig) Env() []string { return c.env }

func (c *shellConfig) run() error {
	cmd := exec.Command("sh")
	cmd.Env = c.Env()
	return cmd.Run()
}

// Quiet twin: the getter's field holds a builder's result.
type cleanConfig struct {
	env []string // want env:"field\\(sink exec.Cmd.Run at a/fields.go:141 field\\)"
}

func newCleanConfig() *cleanConfig { return &cleanConfig{env: gen.ShellEnvOS()} }

func (c *cleanConfig) Env() []string { return c.env }

func (c *cleanConfig) run() error {
	cmd := exec.Command("sh")
	cmd.Env = c.Env()
	return cmd.Run()
}
