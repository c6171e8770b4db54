// Package shell is the sample agent host's shell: the model's bash tool
// keeps one shell, whose environment lives in a field, and one-off
// commands (hooks, the user's ! commands, a server's commands) run with
// the environment their options carry.
package shell

import (
	"context"
	"os"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Options is one command: Env is its whole environment.
type Options struct {
	Command string
	Dir     string
	Env     []string
}

// Run runs opts.Command in a shell of its own.
func Run(ctx context.Context, opts Options) error {
	file, err := syntax.NewParser().Parse(strings.NewReader(opts.Command), "")
	if err != nil {
		return err
	}
	r, err := newRunner(opts.Dir, opts.Env)
	if err != nil {
		return err
	}
	return r.Run(ctx, file)
}

// RunOrInherit runs opts.Command; a command given no environment gets
// the host's, as the leaking host does it.
func RunOrInherit(ctx context.Context, opts Options) error {
	if opts.Env == nil {
		opts.Env = os.Environ() // finding: a default in a field that reaches interp.Env
	}
	return Run(ctx, opts)
}

// newRunner makes the interpreter every command runs in; TERM is always
// the host's choice for it.
func newRunner(dir string, env []string) (*interp.Runner, error) {
	return interp.New(interp.Dir(dir), interp.Env(expand.ListEnviron(withTerm(env)...)))
}

// withTerm copies env without its TERM entries and adds one.
func withTerm(env []string) []string {
	out := make([]string, 0, len(env)+1)
	for _, e := range env {
		if strings.HasPrefix(e, "TERM=") {
			continue
		}
		out = append(out, e)
	}
	return append(out, "TERM=dumb")
}

// Shell is the bash tool's shell: what one command exports, the next
// one sees.
type Shell struct {
	dir string
	env []string
}

// New makes the bash tool's shell as the leaking host does: with the
// host's whole environment.
func New(dir string) *Shell {
	return &Shell{dir: dir, env: os.Environ()} // finding: Shell.env reaches interp.Env
}

// NewWith is its fix: the shell starts with the environment it is given
// (a builder's result).
func NewWith(dir string, env []string) *Shell {
	return &Shell{dir: dir, env: env}
}

// Exec runs one command in the shell.
func (s *Shell) Exec(ctx context.Context, command string) error {
	file, err := syntax.NewParser().Parse(strings.NewReader(command), "")
	if err != nil {
		return err
	}
	r, err := newRunner(s.dir, s.env)
	if err != nil {
		return err
	}
	return r.Run(ctx, file)
}
