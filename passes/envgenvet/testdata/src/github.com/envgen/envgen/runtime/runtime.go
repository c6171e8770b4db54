// Package envrt stands in for envgen's runtime with the signatures the
// analyzer looks at (TestRuntimeStub holds them to the real ones): the
// builder API generated code calls, and the spawning helpers until they
// move to envexec.
package envrt

import (
	"context"
	"os"
	"os/exec"
)

type Var struct{ name, value string }

func Set(name, value string) Var { return Var{name, value} }

func Unset(name string) Var { return Var{name: name} }

func Sets(entries []string) []Var { return nil }

// Input, Given, OS, Task, Policy, Dir and Build are what generated
// builders call.
type Input struct {
	dst, environ []string
	fromOS       bool
}

func Given(dst, environ []string) Input { return Input{dst: dst, environ: environ} }

func Fresh(environ []string) Input { return Input{environ: environ} }

func OS() Input { return Input{fromOS: true} }

type Policy struct{ Secrets []string }

type Task struct {
	Policy  *Policy
	Inherit bool
}

type Dir []string

func Build(in Input, t *Task, defines []string, overrides []Var, path []Dir) []string {
	if in.fromOS {
		in.environ = os.Environ()
	}
	return append(in.dst, in.environ...) // filtered, in the real one
}

func LookPath(env []string, file string) (string, error) { return file, nil }

func Command(env []string, name string, arg ...string) *exec.Cmd {
	cmd := exec.Command(name, arg...)
	cmd.Env = env
	return cmd
}

func CommandContext(ctx context.Context, env []string, name string, arg ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, arg...)
	cmd.Env = env
	return cmd
}

type Stdio struct {
	Stdin, Stdout, Stderr *os.File
	Dir                   string
}

type Child struct{ Process *os.Process }

func Start(ctx context.Context, path string, argv, env []string, stdio Stdio) (*Child, error) {
	if env == nil {
		env = []string{}
	}
	p, err := os.StartProcess(path, argv, &os.ProcAttr{Env: env})
	return &Child{p}, err
}

func Run(ctx context.Context, path string, argv, env []string, stdio Stdio) error {
	_, err := Start(ctx, path, argv, env, stdio)
	return err
}

type PathCache struct{}

func (c *PathCache) LookPath(env []string, file string) (string, error) { return LookPath(env, file) }
