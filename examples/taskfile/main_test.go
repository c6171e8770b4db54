package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/examples/internal/childtest"
)

// setParentEnv gives this process the environment of a developer's shell:
// credentials, declared and undeclared variables.
func setParentEnv(t *testing.T) {
	t.Helper()
	for name, value := range map[string]string{
		"HOME":                  "/home/dev",
		"LANG":                  "C.UTF-8",
		"GITHUB_TOKEN":          childtest.GitHubToken,
		"ANTHROPIC_API_KEY":     childtest.AnthropicKey,
		"AWS_ACCESS_KEY_ID":     childtest.AWSKeyID,
		"AWS_SECRET_ACCESS_KEY": childtest.AWSSecret,
		"ORDERS_DB":             childtest.DatabaseURL,
		"SYNC_CONFIG":           childtest.OtherToken,
		"NPM_TOKEN":             "npm_parent",
		"NEXT_PUBLIC_API_URL":   "https://api.example.com",
		"NEXT_PUBLIC_API_TOKEN": "matches *_TOKEN",           // a secret by name
		"NEXT_PUBLIC_DB":        childtest.DatabaseURL,       // a secret by value
		"GOFLAGS":               "-mod=mod",                  // passed by name
		"NODE_ENV":              "development",               // the tasks' env sets it
		"LOG_LEVEL":             "info",                      // an inherit task's env sets it
		"HISTFILE":              "/home/dev/.history",        // the inherit kind unsets it
		"BASH_ENV":              "/home/dev/.evil",           // code-loading: dropInjection
		"UNDECLARED":            "only an inherit task sees", // no task names it
		"MY_CORP_SSO":           "corp_parent",               // the environment block drops MY_CORP_*
	} {
		t.Setenv(name, value)
	}
}

// credentials are the names no task sees unless it names them exactly.
var credentials = []string{
	"GITHUB_TOKEN", "ANTHROPIC_API_KEY", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY",
	"ORDERS_DB", "SYNC_CONFIG", "NPM_TOKEN", "NEXT_PUBLIC_API_TOKEN", "NEXT_PUBLIC_DB",
}

// TestFakeCredentialsAreCredentials holds the fakes to their comments.
func TestFakeCredentialsAreCredentials(t *testing.T) {
	for _, name := range []string{"ORDERS_DB", "SYNC_CONFIG", "NEXT_PUBLIC_DB"} {
		require.False(t, IsSecret(name), "%s is meant to be an innocent name", name)
	}
	childtest.RequireSecretValues(t, IsSecretValue)
}

// runTasks loads a task file of the given text in a temporary directory,
// runs the task name as the runner does, through sh -c, with a run line
// that prints the environment, and returns what that command saw.
func runTasks(t *testing.T, text, name string) (seen map[string]string, dir string) {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	dir = t.TempDir()
	text = strings.ReplaceAll(text, "PRINTENV", childtest.PrintEnvCommand(t))
	tasks, err := LoadTasks(filepath.Join(dir, "tasks.yaml"), []byte(text))
	require.NoError(t, err)
	var out bytes.Buffer
	require.NoError(t, run(&out, os.Stderr, os.Environ(), dir, tasks, []string{name}, true))
	return childtest.Parse(t, out.Bytes()), dir
}

// TestIsolatedTask runs a task of the isolated kind whose key the policy
// never saw: the essentials, the names and patterns its passThrough lets
// through, and its env.
func TestIsolatedTask(t *testing.T) {
	setParentEnv(t)
	got, dir := runTasks(t, `tasks:
  web-build:
    kind: isolated
    passThrough: [GOFLAGS, NPM_TOKEN, "NEXT_PUBLIC_*"]
    env: [CGO_ENABLED=0, NODE_ENV=production]
    run: PRINTENV
`, "web-build")

	childtest.RequireAbsent(t, got, "GITHUB_TOKEN", "ANTHROPIC_API_KEY", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY",
		"ORDERS_DB", "SYNC_CONFIG",
		"NEXT_PUBLIC_API_TOKEN", // NEXT_PUBLIC_* matches it, but it is a secret by name
		"NEXT_PUBLIC_DB",        // NEXT_PUBLIC_* matches it, but it is a secret by value
		"LOG_LEVEL", "HISTFILE", "BASH_ENV", "UNDECLARED")
	require.Equal(t, "npm_parent", got["NPM_TOKEN"], "a secret the task names exactly: Keep")
	require.Equal(t, "-mod=mod", got["GOFLAGS"], "an exact name: Keep")
	require.Equal(t, "https://api.example.com", got["NEXT_PUBLIC_API_URL"], "a pattern: KeepMatching")
	require.Equal(t, "0", got["CGO_ENABLED"], "the task's env: Sets")
	require.Equal(t, "production", got["NODE_ENV"], "the task's env: Sets")
	require.Equal(t, "web-build", got["TASKFILE_TASK"], "the kind's define, from the task's key")
	require.Equal(t, "/home/dev", got["HOME"], "an essential")
	require.Equal(t, filepath.Join(dir, "bin")+string(os.PathListSeparator)+os.Getenv("PATH"), got["PATH"], "binPaths")
}

// TestInheritTask runs a task of the inherit kind: the runner's
// environment less the secrets, with the one secret it names, and its env
// winning over the runner's own entries.
func TestInheritTask(t *testing.T) {
	setParentEnv(t)
	got, _ := runTasks(t, `tasks:
  release-notes:
    kind: inherit
    passThrough: [GITHUB_TOKEN]
    env: [LOG_LEVEL=debug, PAGER=cat]
    run: PRINTENV
`, "release-notes")

	childtest.RequireAbsent(t, got, "ANTHROPIC_API_KEY", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY",
		"ORDERS_DB", "SYNC_CONFIG", "NPM_TOKEN", "NEXT_PUBLIC_API_TOKEN", "NEXT_PUBLIC_DB",
		"HISTFILE", "BASH_ENV")
	require.Equal(t, childtest.GitHubToken, got["GITHUB_TOKEN"], "a secret the task names exactly: Keep")
	require.Equal(t, "debug", got["LOG_LEVEL"], "the task's env wins over the runner's LOG_LEVEL=info")
	require.Equal(t, "cat", got["PAGER"])
	require.Equal(t, "only an inherit task sees", got["UNDECLARED"])
	require.Equal(t, "development", got["NODE_ENV"])
	require.Equal(t, "release-notes", got["TASKFILE_TASK"])
}

// TestTaskFindsItsShellOnItsOwnPATH runs the runner with a PATH that has
// no sh: the task's env gives one that has, and envexec.Command looks sh up
// there, where exec.Command would search the runner's.
func TestTaskFindsItsShellOnItsOwnPATH(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	tasks, err := LoadTasks("tasks.yaml", []byte("tasks:\n  hello:\n    kind: isolated\n    env: [PATH="+filepath.Dir(sh)+"]\n    run: echo hello from $TASKFILE_TASK\n"))
	require.NoError(t, err)
	t.Setenv("PATH", t.TempDir()) // the runner's own PATH has no sh

	var out bytes.Buffer
	require.NoError(t, run(&out, os.Stderr, os.Environ(), t.TempDir(), tasks, []string{"hello"}, true))
	require.Equal(t, "hello from hello\n", out.String())
}

// TestTaskRunsItsOwnTools runs a tool that only the task file's bin
// directory holds, which the kinds' binPaths put first on the task's PATH.
func TestTaskRunsItsOwnTools(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	setParentEnv(t)
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "bin"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "bin", "taskfile-greet"), []byte("#!/bin/sh\necho greeted \"$TASKFILE_TASK\"\n"), 0o755))
	tasks, err := LoadTasks("tasks.yaml", []byte("tasks:\n  a: {kind: isolated, run: taskfile-greet}\n  b: {kind: inherit, run: taskfile-greet}\n"))
	require.NoError(t, err)

	var out bytes.Buffer
	require.NoError(t, run(&out, os.Stderr, os.Environ(), dir, tasks, []string{"a", "b"}, true))
	require.Equal(t, "greeted a\ngreeted b\n", out.String())
}

func TestRunUnknownTask(t *testing.T) {
	tasks, err := LoadTasks("tasks.yaml", []byte("tasks:\n  a: {kind: isolated, run: 'true'}\n  b: {kind: inherit, run: 'true'}\n"))
	require.NoError(t, err)
	err = run(new(bytes.Buffer), new(bytes.Buffer), nil, t.TempDir(), tasks, []string{"deploy"}, true)
	require.EqualError(t, err, `no task "deploy" (the file has a, b)`)
}

// TestMain runs main in place of the tests when TASKFILE_TEST_MAIN is set,
// so that a test can run the runner as a user does.
func TestMain(m *testing.M) {
	if os.Getenv("TASKFILE_TEST_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestMainExampleTasks runs the example task file, tasks.yaml, as a user
// does, and logs what each task saw (names only).
func TestMainExampleTasks(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	setParentEnv(t)
	t.Setenv(experiment, "1")
	stdout, stderr, code := childtest.RunSelf(t, "TASKFILE_TEST_MAIN", "-f", "tasks.yaml", "build", "publish", "release-notes")
	require.Equal(t, 0, code, stderr)
	require.Empty(t, stderr, "an enforced policy says nothing")
	t.Log("\n" + stdout)

	seen := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
		task, names, ok := strings.Cut(line, " sees: ")
		require.True(t, ok, "a line that is no task's report")
		seen[task] = strings.Fields(names)
	}
	require.Len(t, seen, 3)
	for task, names := range seen {
		for _, name := range credentials {
			if name == map[string]string{"publish": "NPM_TOKEN", "release-notes": "GITHUB_TOKEN"}[task] {
				require.Contains(t, names, name, "%s names it exactly", task)
				continue
			}
			require.NotContains(t, names, name, "%s reached task %s", name, task)
		}
	}
	require.Subset(t, seen["build"], []string{"GOFLAGS", "NEXT_PUBLIC_API_URL", "CGO_ENABLED", "NODE_ENV", "TASKFILE_TASK", "PATH", "HOME"})
	require.NotContains(t, seen["build"], "UNDECLARED")
	require.Subset(t, seen["release-notes"], []string{"UNDECLARED", "LOG_LEVEL", "PAGER", "GH_PROMPT_DISABLED"})
	require.NotContains(t, seen["release-notes"], "HISTFILE")
	require.NotContains(t, seen["release-notes"], "BASH_ENV")
	for _, names := range seen {
		require.Contains(t, names, "TZ", "the environment block's set")
		require.NotContains(t, names, "MY_CORP_SSO", "the environment block's drop")
	}
}

// TestMainObservesWithoutTheExperiment runs the example task file without
// TASKFILE_X_ENV_POLICY=1: each task sees the runner's environment, with
// its own env, as before the policy, and stderr says once for each task
// what enforcing would leave out, and why, naming no value.
func TestMainObservesWithoutTheExperiment(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	setParentEnv(t)
	t.Setenv(experiment, "")
	stdout, stderr, code := childtest.RunSelf(t, "TASKFILE_TEST_MAIN", "-f", "tasks.yaml", "build", "release-notes", "build")
	require.Equal(t, 0, code, stderr)
	t.Log("\n" + stderr)
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	require.Len(t, lines, 3)
	for _, line := range lines {
		require.Subset(t, strings.Fields(line), append(slices.Clip(credentials), "UNDECLARED", "HISTFILE", "BASH_ENV", "MY_CORP_SSO"), "before the policy: %s", line)
	}
	require.Subset(t, strings.Fields(lines[0]), []string{"CGO_ENABLED", "NODE_ENV", "TZ"}, "the task's env and the environment block's set")
	require.NotContains(t, strings.Fields(lines[0]), "TASKFILE_TASK", "no define of the policy")

	reports := map[string][]string{}
	var task string
	for _, line := range strings.Split(strings.TrimSuffix(stderr, "\n"), "\n") {
		if reason, ok := strings.CutPrefix(line, "  "); ok {
			reports[task] = append(reports[task], reason)
		} else {
			task = line
		}
	}
	require.Len(t, reports, 2, "once for each task")
	build := reports["taskfile: task build would not get, with TASKFILE_X_ENV_POLICY=1:"]
	require.Subset(t, build, []string{
		"GITHUB_TOKEN: not in the task's allowlist",
		"NEXT_PUBLIC_API_TOKEN: secret by name: *_TOKEN (built in)",
		"NEXT_PUBLIC_DB: its value holds a URL with a password",
		"MY_CORP_SSO: not in the task's allowlist", // before the environment block's Drop
	})
	notes := reports["taskfile: task release-notes would not get, with TASKFILE_X_ENV_POLICY=1:"]
	require.Subset(t, notes, []string{
		"ANTHROPIC_API_KEY: secret by name: ANTHROPIC_API_KEY (built in)",
		"SYNC_CONFIG: its value holds a GitHub token",
		"HISTFILE: unset by the task: HISTFILE",
		"BASH_ENV: injection variable: BASH_ENV (dropInjection)",
		`MY_CORP_SSO: Drop("MY_CORP_*")`,
	})
	require.NotContains(t, notes, "GITHUB_TOKEN: secret by name: GITHUB_TOKEN (built in)", "the task names it")
	for _, secret := range []string{childtest.GitHubToken, childtest.DatabaseURL, childtest.OtherToken, "npm_parent"} {
		require.NotContains(t, stderr, secret)
	}
}

// TestMainRefusesABadTaskFile runs no task of a file with a bad entry.
func TestMainRefusesABadTaskFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "tasks.yaml")
	require.NoError(t, os.WriteFile(file, []byte("tasks:\n  a:\n    kind: isolated\n    env: [OK=1, "+childtest.GitHubToken+"]\n    run: echo ran\n"), 0o600))
	stdout, stderr, code := childtest.RunSelf(t, "TASKFILE_TEST_MAIN", "-f", file, "a")
	require.Equal(t, 1, code)
	require.Empty(t, stdout, "no task ran")
	require.Equal(t, file+`:4:17: task "a": Sets entry of `+strconv.Itoa(len(childtest.GitHubToken))+` bytes: no '=' after its first byte, so no name (the entry is not shown: it may hold a secret)`+"\n"+
		"taskfile: refusing the task file "+file+"\n", stderr)
}

// TestRunListsTasks: with no task named, run lists the file's tasks in
// the file's order, and runs none.
func TestRunListsTasks(t *testing.T) {
	tasks, err := LoadTasks("tasks.yaml", []byte("tasks:\n  zeta: {kind: inherit, run: 'echo z'}\n  alpha: {kind: isolated, run: 'echo a'}\n"))
	require.NoError(t, err)
	var out bytes.Buffer
	require.NoError(t, run(&out, new(bytes.Buffer), nil, t.TempDir(), tasks, nil, true))
	require.Equal(t, "zeta (inherit): echo z\nalpha (isolated): echo a\n", out.String())
}

// TestRunStopsAtTheFirstFailure: run runs the tasks named in order and
// stops at the first that fails, naming it.
func TestRunStopsAtTheFirstFailure(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	tasks, err := LoadTasks("tasks.yaml", []byte("tasks:\n  a: {kind: isolated, run: 'echo a'}\n  b: {kind: isolated, run: 'exit 3'}\n  c: {kind: isolated, run: 'echo c'}\n"))
	require.NoError(t, err)
	var out bytes.Buffer
	err = run(&out, new(bytes.Buffer), os.Environ(), t.TempDir(), tasks, []string{"a", "b", "c"}, true)
	require.EqualError(t, err, "task b: exit status 3")
	require.Equal(t, "a\n", out.String())
}
