package main

// This file reads a task file (tasks.yaml is the example) at run time.
// Its task keys are the user's; each task names a compiled kind of
// envpolicy.yaml and refines it with its own allowlist and env, after
// the file's environment block, the settings of every task in the block
// every envgen host reads the same way (envrt.Config); all checked here,
// before any task runs.

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/envgen/envgen/examples/internal/yamlfile"
	"github.com/envgen/envgen/runtime/envrt"
)

// Task is one task of a task file, resolved.
type Task struct {
	Name      string
	Kind      string      // a task of envpolicy.yaml: isolated or inherit
	Env       EnvFunc     // Kind's builder
	Overrides []envrt.Var // the file's environment block, then the task's passThrough and env
	Run       string      // a shell command line, run with sh -c
}

// inheritKind is the compiled kind that passes every name that is not a
// secret. A passThrough pattern could add nothing to it, since a pattern
// never passes a secret: such a task must name the secrets it needs.
const inheritKind = "inherit"

// LoadTasks reads the task file data, the text of the file name. It
// returns every problem at once, one per line, as FILE:LINE:COL: message.
func LoadTasks(name string, data []byte) ([]Task, error) {
	f, root, err := yamlfile.Parse(name, data)
	if err != nil {
		return nil, err
	}
	var tasks []Task
	var every []envrt.Var
	for key, value := range f.Mapping(root, "the task file", "environment", "tasks") {
		switch key.Value {
		case "environment":
			every = readEnvironment(f, key, value)
		case "tasks":
			for key, value := range f.Mapping(value, "tasks") {
				tasks = append(tasks, readTask(f, key, value))
			}
		}
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	for i := range tasks { // every task's settings first, so that a task's own exact names win over them
		tasks[i].Overrides = slices.Concat(every, tasks[i].Overrides)
	}
	return tasks, nil
}

// readEnvironment reads the environment block (envrt.Config), the entry
// value of key: keep, drop, keepMatching and set, for every task.
// Config.Vars names each bad entry, never a value: its lines are
// recorded at the block.
func readEnvironment(f *yamlfile.File, key, value *yaml.Node) []envrt.Var {
	var c envrt.Config
	texts := func(n *yaml.Node, what string) (out []string) {
		for _, item := range f.Scalars(n, what) {
			out = append(out, item.Text)
		}
		return out
	}
	for k, v := range f.Mapping(value, "environment", "keep", "drop", "keepMatching", "set") {
		switch k.Value {
		case "keep":
			c.Keep = texts(v, "environment.keep")
		case "drop":
			c.Drop = texts(v, "environment.drop")
		case "keepMatching":
			c.KeepMatching = texts(v, "environment.keepMatching")
		case "set":
			c.Set = map[string]string{}
			for name, v := range f.Mapping(v, "environment.set") {
				c.Set[name.Value], _ = f.Scalar(v, "environment.set."+name.Value)
			}
		}
	}
	vars, err := c.Vars()
	if err != nil {
		for _, line := range strings.Split(err.Error(), "\n") {
			f.Errorf(key, "environment: %s", line)
		}
	}
	return vars
}

// readTask reads the task key, whose entry is value.
func readTask(f *yamlfile.File, key, value *yaml.Node) Task {
	t := Task{Name: key.Value}
	what := fmt.Sprintf("task %q", t.Name)
	var overrides []envrt.Var
	var at []*yaml.Node       // the entry of each override
	var patterns []*yaml.Node // the entries of passThrough patterns
	for key, value := range f.Mapping(value, what, "kind", "passThrough", "env", "run") {
		switch key.Value {
		case "kind":
			t.Kind, _ = f.Scalar(value, what+": kind")
			if build, ok := Lookup(t.Kind); ok {
				t.Env = build
			} else {
				f.Errorf(value, "%s: kind %q is not a compiled kind (want %s)", what, t.Kind, strings.Join(TaskKeys(), " or "))
			}
		case "passThrough":
			// As in a policy: an exact name passes even a secret (Keep), a
			// pattern only names that are not secrets (KeepMatching).
			for _, item := range f.Scalars(value, what+": passThrough") {
				if strings.Contains(item.Text, "*") {
					overrides = append(overrides, envrt.KeepMatching(item.Text))
					patterns = append(patterns, item.Node)
				} else {
					overrides = append(overrides, envrt.Keep(item.Text))
				}
				at = append(at, item.Node)
			}
		case "env":
			// NAME=value entries, set over what the kind and passThrough
			// give: as overrides they win, where entries appended to the
			// runner's environment would lose to its own (a builder keeps
			// a name's first entry).
			items := f.Scalars(value, what+": env")
			entries := make([]string, len(items))
			for i, item := range items {
				entries[i] = item.Text
				at = append(at, item.Node)
			}
			overrides = append(overrides, envrt.Sets(entries)...)
		case "run":
			t.Run, _ = f.Scalar(value, what+": run")
		}
	}

	for i, v := range overrides {
		var bad *envrt.VarError
		if errors.As(envrt.CheckVars(v), &bad) {
			f.Errorf(at[i], "%s: %s: %s", what, bad.Var, bad.Problem)
		}
	}
	if t.Kind == inheritKind {
		for _, p := range patterns {
			f.Errorf(p, "%s: a pattern in passThrough adds nothing to kind %s, which passes every name but the secrets (and a pattern passes no secret): name each secret the task needs", what, inheritKind)
		}
	}
	if t.Kind == "" {
		f.Errorf(key, "%s: no kind (want %s)", what, strings.Join(TaskKeys(), " or "))
	}
	if t.Run == "" {
		f.Errorf(key, "%s: no run (a shell command line)", what)
	}
	t.Overrides = overrides
	return t
}
