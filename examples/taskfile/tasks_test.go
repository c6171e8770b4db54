package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/runtime/envrt"
)

// badTasks has a bad entry of each kind, and a token in an env entry
// without '=', which no error may print.
const badTasks = `tasks:
  build:
    kind: isolatd
    passThrough: [NODE_ENV, "NEXT-PUBLIC-*", "1X"]
    env:
      - CGO_ENABLED=0
      - ghp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
    run: make
  deploy:
    kind: inherit
    passThrough: ["AWS_*", GITHUB_TOKEN]
    shell: bash
  lint:
    run: [eslint, .]
  build:
    kind: isolated
    run: make
`

func TestLoadTasksNamesEveryBadEntry(t *testing.T) {
	_, err := LoadTasks("tasks.yaml", []byte(badTasks))
	require.Error(t, err)
	require.Equal(t, strings.Join([]string{
		`tasks.yaml:3:11: task "build": kind "isolatd" is not a compiled kind (want inherit or isolated)`,
		`tasks.yaml:4:29: task "build": KeepMatching("NEXT-PUBLIC-*"): neither a name nor a pattern: want [A-Za-z0-9_*]+, not starting with a digit, '*' matching any run of characters`,
		`tasks.yaml:4:46: task "build": Keep("1X"): not a name: want [A-Za-z_][A-Za-z0-9_]*`,
		`tasks.yaml:7:9: task "build": Sets entry of 40 bytes: no '=' after its first byte, so no name (the entry is not shown: it may hold a secret)`,
		`tasks.yaml:9:3: task "deploy": no run (a shell command line)`,
		`tasks.yaml:11:19: task "deploy": a pattern in passThrough adds nothing to kind inherit, which passes every name but the secrets (and a pattern passes no secret): name each secret the task needs`,
		`tasks.yaml:12:5: task "deploy": unknown key "shell" (want kind, passThrough, env, run)`,
		`tasks.yaml:13:3: task "lint": no kind (want inherit or isolated)`,
		`tasks.yaml:13:3: task "lint": no run (a shell command line)`,
		`tasks.yaml:14:10: task "lint": run: want a single value, not a list, a mapping or an alias`,
		`tasks.yaml:15:3: tasks: "build" is given twice (first at line 2)`,
	}, "\n"), err.Error())
	require.NotContains(t, err.Error(), "ghp_a", "an error printed a value")
}

func TestLoadTasksKeepsTheFileOrder(t *testing.T) {
	tasks, err := LoadTasks("tasks.yaml", []byte("tasks:\n  zeta: {kind: inherit, run: 'true'}\n  alpha: {kind: isolated, run: 'true'}\n"))
	require.NoError(t, err)
	require.Len(t, tasks, 2)
	require.Equal(t, "zeta", tasks[0].Name)
	require.Equal(t, "inherit", tasks[0].Kind)
	require.Equal(t, "alpha", tasks[1].Name)
	require.Equal(t, "isolated", tasks[1].Kind)
}

func TestLoadTasksSyntaxError(t *testing.T) {
	_, err := LoadTasks("tasks.yaml", []byte("tasks:\n  build: {kind: isolated\n"))
	require.ErrorContains(t, err, "tasks.yaml:")
}

// TestLoadTasksEnvironment: the environment block's overrides come before
// each task's own (drop, keep, keepMatching, set, as envrt.Config orders
// them), and its bad entries are named at the block, never a value.
func TestLoadTasksEnvironment(t *testing.T) {
	tasks, err := LoadTasks("tasks.yaml", []byte(`environment:
  set: {TZ: UTC}
  drop: ["SSH_*"]
tasks:
  a: {kind: isolated, passThrough: [SSH_AUTH_SOCK], run: 'true'}
`))
	require.NoError(t, err)
	require.Equal(t, []envrt.Var{envrt.Drop("SSH_*"), envrt.Set("TZ", "UTC"), envrt.Keep("SSH_AUTH_SOCK")}, tasks[0].Overrides)
	require.Equal(t, []string{"PATH=/bin", "TASKFILE_TASK=a", "TZ=UTC", "SSH_AUTH_SOCK=/s"},
		tasks[0].Env([]string{"PATH=/bin", "SSH_AUTH_SOCK=/s"}, Params{Task: "a"}, tasks[0].Overrides...))

	_, err = LoadTasks("tasks.yaml", []byte("environment:\n  keep: [\"GH-TOKEN\"]\n  set: {\"A=ghp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\": x}\n  kep: [X]\n"))
	require.EqualError(t, err, strings.Join([]string{
		`tasks.yaml:1:1: environment: keep[0] "GH-TOKEN": not a name: want [A-Za-z_][A-Za-z0-9_]*`,
		`tasks.yaml:1:1: environment: set "A=" + <40 bytes>: the name holds '='`,
		`tasks.yaml:4:3: environment: unknown key "kep" (want keep, drop, keepMatching, set)`,
	}, "\n"))
}
