// Command taskrunner is a tiny task runner that shows envgen's isolated
// mode. Each task runs with only the essentials (PATH, HOME, LANG, ...)
// and the variables envpolicy.yaml declares for it; everything else in the
// caller's environment, tokens included, stays behind.
//
// Usage, from the repository root:
//
//	go run ./examples/taskrunner build [PROJECT]
//
// The current directory is the workspace; PROJECT is a directory in it
// (default "."). The task's child is a shell that prints its environment.
// The task lint comes from a second policy, plugins.yaml, generated into
// the same package under the prefix Plugin: an inherit task, it sees the
// caller's environment less the secrets.
//
// Here every task is a task of the policy. For tasks that a file read at
// run time defines, see examples/taskfile.
//
// It imports the runtime (envrt, envexec) alone.
package main

//go:generate go tool envgen -o envpolicy_gen.go envpolicy.yaml
//go:generate go tool envgen -o plugins_gen.go plugins.yaml

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/envgen/envgen/runtime/envexec"
)

func main() {
	if err := run(os.Stdout, os.Environ(), os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "taskrunner:", err)
		os.Exit(1)
	}
}

// run runs the task args[0] in a child process whose environment is built
// from environ by the generated builders, and writes the child's output to w.
func run(w io.Writer, environ, args []string) error {
	if len(args) < 1 || len(args) > 2 {
		return fmt.Errorf("usage: taskrunner %s [PROJECT]", strings.Join(taskKeys(), "|"))
	}
	task, project := args[0], "."
	if len(args) == 2 {
		project = args[1]
	}

	// The recursion guard. Every task's environment sets VX_RUN_TASK, so
	// finding it in ours means a task started us: refuse rather than loop.
	for _, e := range environ {
		if running, ok := strings.CutPrefix(e, "VX_RUN_TASK="); ok {
			return fmt.Errorf("already running inside task %q; refusing to start %q", running, task)
		}
	}

	workspace, err := os.Getwd()
	if err != nil {
		return err
	}
	projectDir := filepath.Join(workspace, project)

	// The whole environment policy is in these calls: Lookup gives the
	// task's builder by its key, each {param} of the policy is a field of
	// Params, and the result is ready for exec.Cmd.Env. Tasks of the
	// second policy, plugins.yaml, come from its own PluginLookup.
	var env []string
	if build, ok := Lookup(task); ok {
		env = build(environ, Params{Workspace: workspace, Task: task, ProjectDir: projectDir})
	} else if build, ok := PluginLookup(task); ok {
		env = build(environ, PluginParams{Workspace: workspace, Task: task})
	} else {
		return fmt.Errorf("unknown task %q (want %s)", task, strings.Join(taskKeys(), " or "))
	}

	// A real runner would run the task's script here. This child shows what
	// it received. (sh itself adds PWD, and may add SHLVL and _.)
	// envexec.Command looks sh up in the task's PATH, where binPaths put the
	// project's node_modules/.bin first, so local tools resolve as they
	// would in the task's own shell; it also sets cmd.Env.
	cmd := envexec.Command(env, "sh", "-c", `echo "task $VX_RUN_TASK in $VX_RUN_WORKSPACE sees:"; env | sort`)
	cmd.Dir = projectDir
	cmd.Stdout = w
	cmd.Stderr = os.Stderr
	return cmd.Run()
}

// taskKeys lists the tasks of both policies.
func taskKeys() []string {
	return append(TaskKeys(), PluginTaskKeys()...)
}
