// Package envexec stands in for the package the spawning helpers move
// to, with their signatures (TestRuntimeStub holds them to the real
// ones, in whichever package they are).
package envexec

import (
	"context"
	"os"
	"os/exec"
)

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
