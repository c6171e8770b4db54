package main

// The runner's commands through shexec: each carries its environment in
// RunCommandOptions.Env, which reaches the shell in another package.

import (
	"context"

	"envgen.test/sample/taskrunner/shexec"
	"github.com/envgen/envgen/runtime/envrt"
)

// execTask runs a task's preconditions, status checks and commands as
// the leaking runner does.
func execTask(ctx context.Context, t task) error {
	for _, p := range t.Preconditions {
		if err := shexec.RunCommand(ctx, &shexec.RunCommandOptions{
			Command: p,
			Env:     taskEnviron(t), // finding: RunCommandOptions.Env reaches interp.Env
		}); err != nil {
			return err
		}
	}
	for _, s := range t.Status {
		if shexec.RunCommand(ctx, &shexec.RunCommandOptions{Command: s, Env: taskEnviron(t)}) == nil { // finding: RunCommandOptions.Env reaches interp.Env
			return nil
		}
	}
	for _, c := range t.Cmds {
		opts := &shexec.RunCommandOptions{Command: c}
		opts.Env = taskEnviron(t) // finding: RunCommandOptions.Env reaches interp.Env
		if err := shexec.RunCommand(ctx, opts); err != nil {
			return err
		}
	}
	return nil
}

// execPolicyTask is its fix.
func execPolicyTask(ctx context.Context, t task) error {
	var vars []envrt.Var
	for k, v := range t.Vars {
		vars = append(vars, envrt.Set(k, v))
	}
	for _, c := range t.Cmds {
		if err := shexec.RunCommand(ctx, &shexec.RunCommandOptions{Command: c, Env: TaskEnvOS(Params{Task: t.Name}, vars...)}); err != nil {
			return err
		}
	}
	return nil
}
