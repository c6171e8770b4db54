// Package interp stands in for mvdan.cc/sh/v3/interp: a shell whose
// commands' children get the environment it was given, or this
// process's when it was given none.
package interp

import (
	"io"
	"os"

	"mvdan.cc/sh/v3/expand"
)

type Runner struct {
	Env expand.Environ
	Dir string
}

type RunnerOption func(*Runner) error

func New(opts ...RunnerOption) (*Runner, error) {
	r := &Runner{}
	for _, opt := range opts {
		if err := opt(r); err != nil {
			return nil, err
		}
	}
	if r.Env == nil {
		Env(nil)(r)
	}
	return r, nil
}

func Env(env expand.Environ) RunnerOption {
	return func(r *Runner) error {
		if env == nil {
			env = expand.ListEnviron(os.Environ()...)
		}
		r.Env = env
		return nil
	}
}

func Params(args ...string) RunnerOption { return func(*Runner) error { return nil } }

func StdIO(in io.Reader, out, err io.Writer) RunnerOption { return func(*Runner) error { return nil } }

func Dir(path string) RunnerOption {
	return func(r *Runner) error {
		r.Dir = path
		return nil
	}
}
