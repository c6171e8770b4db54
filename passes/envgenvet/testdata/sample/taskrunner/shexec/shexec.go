// Package shexec runs the task runner's shell commands: every command,
// status check, precondition and dynamic variable comes here with its
// environment in RunCommandOptions.Env.
package shexec

import (
	"context"
	"os"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// RunCommandOptions is one command.
type RunCommandOptions struct {
	Command string
	Dir     string
	Env     []string
}

// RunCommand runs opts.Command; a command given no environment gets the
// runner's.
func RunCommand(ctx context.Context, opts *RunCommandOptions) error {
	environ := opts.Env
	if len(environ) == 0 {
		environ = os.Environ()
	}
	r, err := interp.New(
		interp.Dir(opts.Dir),
		interp.Env(expand.ListEnviron(environ...)), // finding: os.Environ() on some paths
	)
	if err != nil {
		return err
	}
	file, err := syntax.NewParser().Parse(strings.NewReader(opts.Command), "")
	if err != nil {
		return err
	}
	return r.Run(ctx, file)
}
