// Command taskrunner is a sample task runner: every task command, status
// check and precondition runs through one in-process shell.
package main

import (
	"context"
	"os"
	"strings"

	"github.com/envgen/envgen/runtime/envrt"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

func main() {}

// task is a task of the runner's file.
type task struct {
	Name          string
	Cmds          []string
	Status        []string
	Preconditions []string
	Vars          map[string]string
}

// run runs command in a shell with environ, the process's environment
// when none is given: every command of the runner goes this way.
func run(ctx context.Context, command string, environ []string) error {
	if len(environ) == 0 {
		environ = os.Environ()
	}
	r, err := interp.New(
		interp.Params("-e"),
		interp.Env(expand.ListEnviron(environ...)), // finding: os.Environ() on some paths
	)
	if err != nil {
		return err
	}
	file, err := syntax.NewParser().Parse(strings.NewReader(command), "")
	if err != nil {
		return err
	}
	return r.Run(ctx, file)
}

// taskEnviron is a task's environment as the leaking runner makes it.
func taskEnviron(t task) []string {
	env := os.Environ()
	for k, v := range t.Vars {
		env = append(env, k+"="+v)
	}
	return env
}

// runTask runs a task's preconditions, status checks and commands.
func runTask(ctx context.Context, t task) error {
	env := taskEnviron(t)
	for _, p := range t.Preconditions {
		if err := run(ctx, p, env); err != nil { // finding: os.Environ() given to run
			return err
		}
	}
	for _, s := range t.Status {
		if run(ctx, s, env) == nil { // finding: os.Environ() given to run
			return nil
		}
	}
	for _, c := range t.Cmds {
		if err := run(ctx, c, env); err != nil { // finding: os.Environ() given to run
			return err
		}
	}
	return nil
}

// runPolicyTask is its fix: the task's builder, its variables as
// overrides.
func runPolicyTask(ctx context.Context, t task) error {
	var vars []envrt.Var
	for k, v := range t.Vars {
		vars = append(vars, envrt.Set(k, v))
	}
	env := TaskEnvOS(Params{Task: t.Name}, vars...)
	for _, c := range t.Cmds {
		if err := run(ctx, c, env); err != nil {
			return err
		}
	}
	return nil
}
