package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/examples/internal/childtest"
	"github.com/envgen/envgen/runtime/envexec"
)

// setParentEnv gives this process the environment a careless caller
// might have: credentials, declared and undeclared variables.
func setParentEnv(t *testing.T) {
	t.Helper()
	for name, value := range map[string]string{
		"HOME":                     "/home/dev",
		"LANG":                     "C.UTF-8",
		"PATH":                     os.Getenv("PATH"),
		"GITHUB_TOKEN":             "ghp_parent",
		"AWS_SECRET_ACCESS_KEY":    "aws_parent",
		"github_token":             "ghp_lower",
		"NEXT_PUBLIC_API_TOKEN":    "matches *_TOKEN",
		"NPM_TOKEN":                "npm_parent",
		"NEXT_PUBLIC_MAPBOX_TOKEN": "pk.public",
		"NEXT_PUBLIC_API_URL":      "https://api.example.com",
		"NEXT_PUBLIC_SECRET_SALT":  "negated",
		"NODE_ENV":                 "production",
		"JEST_WORKERS":             "4",
		"UNDECLARED":               "stays behind",
	} {
		t.Setenv(name, value)
	}
	// Not inside a task, even if go test is: t.Setenv restores the old
	// value after the test, and os.Unsetenv removes it until then.
	t.Setenv("VX_RUN_TASK", "")
	require.NoError(t, os.Unsetenv("VX_RUN_TASK"))
}

func TestBuildChildEnv(t *testing.T) {
	setParentEnv(t)
	p := Params{Workspace: "/ws", Task: "build", ProjectDir: "/ws/apps/web"}
	got := childtest.Env(t, BuildEnv(os.Environ(), p))

	childtest.RequireAbsent(t, got,
		"GITHUB_TOKEN", "AWS_SECRET_ACCESS_KEY", "github_token",
		"NEXT_PUBLIC_API_TOKEN",   // a secret by pattern, though NEXT_PUBLIC_* matches
		"NEXT_PUBLIC_SECRET_SALT", // negated
		"UNDECLARED", "JEST_WORKERS",
	)
	want := map[string]string{
		"HOME":                     "/home/dev", // essentials
		"LANG":                     "C.UTF-8",
		"NODE_ENV":                 "production", // exact passThrough
		"NEXT_PUBLIC_API_URL":      "https://api.example.com",
		"NPM_TOKEN":                "npm_parent", // a secret, named exactly
		"NEXT_PUBLIC_MAPBOX_TOKEN": "pk.public",  // secrets.pass
		"CGO_ENABLED":              "0",
		"VX_RUN_WORKSPACE":         "/ws",
		"VX_RUN_TASK":              "build",
	}
	for name, value := range want {
		require.Equal(t, value, got[name], name)
	}
	require.Equal(t,
		"/ws/apps/web/node_modules/.bin"+string(os.PathListSeparator)+
			"/ws/node_modules/.bin"+string(os.PathListSeparator)+os.Getenv("PATH"),
		got["PATH"])
}

func TestTestChildEnv(t *testing.T) {
	setParentEnv(t)
	p := Params{Workspace: "/ws", Task: "test", ProjectDir: "/ws"}
	got := childtest.Env(t, TestEnv(os.Environ(), p))

	childtest.RequireAbsent(t, got, "GITHUB_TOKEN", "NPM_TOKEN", "NEXT_PUBLIC_API_URL", "UNDECLARED")
	require.Equal(t, "4", got["JEST_WORKERS"])
	require.Equal(t, "test", got["NODE_ENV"]) // define beats the parent's value
	require.Equal(t, "UTC", got["TZ"])
	require.Equal(t, "test", got["VX_RUN_TASK"])
	// Both binPaths resolve to /ws/node_modules/.bin: it appears once.
	require.Equal(t, "/ws/node_modules/.bin"+string(os.PathListSeparator)+os.Getenv("PATH"), got["PATH"])
}

func TestRun(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	setParentEnv(t)
	workspace, err := os.Getwd()
	require.NoError(t, err)

	var out bytes.Buffer
	require.NoError(t, run(&out, os.Environ(), []string{"build"}))
	// The assertions name what is wrong without printing the output: a
	// leak could put a real credential of the test machine in the log.
	lines := strings.Split(out.String(), "\n")
	require.Equal(t, `task build in `+workspace+` sees:`, lines[0])
	for _, want := range []string{
		"VX_RUN_TASK=build",
		"NODE_ENV=production",
		"PATH=" + filepath.Join(workspace, "node_modules/.bin") + string(os.PathListSeparator) + os.Getenv("PATH"),
	} {
		require.True(t, slices.Contains(lines, want), "output lacks %s", want)
	}
	require.False(t, strings.Contains(out.String(), "ghp_"), "a token reached the child")
	require.False(t, strings.Contains(out.String(), "UNDECLARED"), "UNDECLARED reached the child")
}

func TestRunRefusesInsideATask(t *testing.T) {
	err := run(new(bytes.Buffer), []string{"PATH=/bin", "VX_RUN_TASK=build"}, []string{"test"})
	require.ErrorContains(t, err, `already running inside task "build"`)
}

func TestRunUnknownTask(t *testing.T) {
	err := run(new(bytes.Buffer), nil, []string{"deploy"})
	require.ErrorContains(t, err, `unknown task "deploy" (want build or test or lint)`)
}

// TestRunPluginTask runs a task of the second policy, plugins.yaml, which
// shares the package under its prefix: an inherit task, so the child sees
// the caller's variables, less the secrets and HISTFILE.
func TestRunPluginTask(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	setParentEnv(t)
	t.Setenv("HISTFILE", "/home/dev/.history")
	var out bytes.Buffer
	require.NoError(t, run(&out, os.Environ(), []string{"lint"}))
	lines := strings.Split(out.String(), "\n")
	for _, want := range []string{"VX_RUN_TASK=lint", "UNDECLARED=stays behind", "NODE_ENV=production"} {
		require.True(t, slices.Contains(lines, want), "output lacks %s", want)
	}
	for _, gone := range []string{"ghp_", "npm_parent", "aws_parent", "HISTFILE="} {
		require.False(t, strings.Contains(out.String(), gone), "%s reached the plugin", gone)
	}
}

// TestBuildRunsProjectTool runs a tool that exists only in the project's
// node_modules/.bin, which binPaths puts on the task's PATH: envexec.Command
// finds it there, where exec.Command, searching the parent's PATH, fails.
func TestBuildRunsProjectTool(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("runs a POSIX shell script")
	}
	setParentEnv(t)
	workspace := t.TempDir()
	project := filepath.Join(workspace, "apps", "web")
	bin := filepath.Join(project, "node_modules", ".bin")
	require.NoError(t, os.MkdirAll(bin, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(bin, "taskrunner-lint"), []byte("#!/bin/sh\necho linted \"$VX_RUN_TASK\"\n"), 0o755))
	env := BuildEnv(os.Environ(), Params{Workspace: workspace, Task: "build", ProjectDir: project})

	out, err := envexec.Command(env, "taskrunner-lint").Output()
	require.NoError(t, err)
	require.Equal(t, "linted build\n", string(out))

	plain := exec.Command("taskrunner-lint")
	plain.Env = env
	require.ErrorIs(t, plain.Run(), exec.ErrNotFound, "exec.Command searches the parent's PATH")
}
