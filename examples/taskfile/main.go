// Command taskfile is a tiny task runner whose tasks come from a file read
// at run time, tasks.yaml, so their names are the user's. Each task says
// which kind of environment it runs in, a task of the compiled policy
// (envpolicy.yaml: isolated or inherit), and refines it with its own
// passThrough (names and patterns to let through) and env (NAME=value).
// Its command line runs in a shell child, sh -c, in the task file's
// directory.
//
// Usage, from the repository root:
//
//	go run ./examples/taskfile -f examples/taskfile/tasks.yaml [TASK...]
//
// Without a TASK it lists the file's tasks. The example's tasks print the
// names of the variables they see.
//
// The policy is an experiment, gated as a task runner gates one, by an
// environment variable: with TASKFILE_X_ENV_POLICY=1 taskfile enforces
// it; without, it observes: each task gets taskfile's environment as it
// did before the policy (with its own env), and taskfile says on stderr,
// once for each task, what enforcing would leave out and why.
//
// It imports the runtime (envrt, envexec), yamlfile and yaml.v3.
package main

//go:generate go tool envgen -o envpolicy_gen.go envpolicy.yaml

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/envgen/envgen/runtime/envexec"
	"github.com/envgen/envgen/runtime/envrt"
)

func main() {
	file := flag.String("f", "tasks.yaml", "read the tasks from `FILE`")
	flag.Parse()

	data, err := os.ReadFile(*file)
	if err != nil {
		fmt.Fprintln(os.Stderr, "taskfile:", err)
		os.Exit(1)
	}
	tasks, err := LoadTasks(*file, data)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%v\ntaskfile: refusing the task file %s\n", err, *file)
		os.Exit(1)
	}
	dir, err := filepath.Abs(filepath.Dir(*file))
	if err == nil {
		enforce := os.Getenv(experiment) == "1"
		err = run(os.Stdout, os.Stderr, os.Environ(), dir, tasks, flag.Args(), enforce)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "taskfile:", err)
		os.Exit(1)
	}
}

// experiment is the environment variable that turns the policy on: 1
// enforces it; anything else, or none, observes it.
const experiment = "TASKFILE_X_ENV_POLICY"

// run runs the tasks named, in order, stopping at the first that fails,
// or lists the tasks when none is named. enforce says whether the tasks'
// environments are the policy's, or observed (see package doc).
func run(stdout, stderr io.Writer, environ []string, dir string, tasks []Task, names []string, enforce bool) error {
	if len(names) == 0 {
		for _, t := range tasks {
			fmt.Fprintf(stdout, "%s (%s): %s\n", t.Name, t.Kind, t.Run)
		}
		return nil
	}
	observed := map[string]bool{} // the tasks whose report is written
	for _, name := range names {
		i := slices.IndexFunc(tasks, func(t Task) bool { return t.Name == name })
		if i < 0 {
			var have []string
			for _, t := range tasks {
				have = append(have, t.Name)
			}
			return fmt.Errorf("no task %q (the file has %s)", name, strings.Join(have, ", "))
		}
		t := tasks[i]
		if !enforce {
			t.Overrides = append(slices.Clip(t.Overrides), observe(stderr, t.Name, observed))
		}
		if err := runTask(stdout, stderr, environ, dir, t); err != nil {
			return fmt.Errorf("task %s: %w", name, err)
		}
	}
	return nil
}

// observe returns the override that runs task in observe mode: its
// environment as before the policy, and the first time, a report on
// stderr of what enforcing would leave out.
func observe(stderr io.Writer, task string, observed map[string]bool) envrt.Var {
	first := !observed[task]
	observed[task] = true
	heading := fmt.Sprintf("taskfile: task %s would not get, with %s=1:", task, experiment)
	return envrt.Observe(func(d envrt.Dropped) {
		if !first {
			return
		}
		if heading != "" {
			fmt.Fprintln(stderr, heading)
			heading = ""
		}
		fmt.Fprintf(stderr, "  %s: %s\n", d.Name, d.Reason)
	})
}

// runTask runs t's command line with sh -c in dir, the task file's
// directory, in the environment of t's kind built from environ and refined
// by t's own overrides.
func runTask(stdout, stderr io.Writer, environ []string, dir string, t Task) error {
	env := t.Env(environ, Params{Task: t.Name, Dir: dir}, t.Overrides...)
	// envexec.Command looks sh up in the task's PATH, not the runner's, and
	// sets Env; the shell then finds the task's tools in that PATH too,
	// the task file's bin directory first.
	cmd := envexec.Command(env, "sh", "-c", t.Run)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = stdout, stderr
	return cmd.Run()
}
