package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/examples/internal/childtest"
	envrt "github.com/envgen/envgen/runtime"
)

// setParentEnv gives this process the environment of a host that holds
// credentials.
func setParentEnv(t *testing.T) {
	t.Helper()
	for name, value := range map[string]string{
		"GITHUB_TOKEN":                 "ghp_parent",
		"AWS_SECRET_ACCESS_KEY":        "aws_parent",
		"github_token":                 "ghp_lower",        // detection ignores case
		"DEPLOY_TOKEN":                 "deploy_parent",    // *_TOKEN
		"AGENT_SESSION_KEY":            "session_parent",   // secrets.extra
		"SLACK_WEBHOOK_URL":            "https://hooks/x",  // secrets.extra pattern
		"GITHUB_PERSONAL_ACCESS_TOKEN": "parent_pat",       // only Set may hand it on
		"MAPBOX_PUBLIC_TOKEN":          "pk.public",        // secrets.pass
		"HISTFILE":                     "/tmp/history",     // shell unsets it
		"npm_config_registry":          "https://npm.test", // shell unsets npm_config_*
		"EDITOR":                       "vi",               // an ordinary variable
	} {
		t.Setenv(name, value)
	}
}

// secrets are the names no child may inherit from setParentEnv.
var secrets = []string{
	"GITHUB_TOKEN", "AWS_SECRET_ACCESS_KEY", "github_token", "DEPLOY_TOKEN",
	"AGENT_SESSION_KEY", "SLACK_WEBHOOK_URL",
}

func TestShellChildEnv(t *testing.T) {
	setParentEnv(t)
	got := childtest.Env(t, ShellEnv(os.Environ()))

	childtest.RequireAbsent(t, got, secrets...)
	childtest.RequireAbsent(t, got, "GITHUB_PERSONAL_ACCESS_TOKEN", "HISTFILE", "npm_config_registry")
	require.Equal(t, "pk.public", got["MAPBOX_PUBLIC_TOKEN"])
	require.Equal(t, "vi", got["EDITOR"])
	require.Equal(t, os.Getenv("PATH"), got["PATH"])
	require.Equal(t, "0", got["GIT_TERMINAL_PROMPT"])
	require.Equal(t, "cat", got["PAGER"])
}

func TestMcpServerChildEnv(t *testing.T) {
	setParentEnv(t)
	got := childtest.Env(t, McpServerEnv(os.Environ(), envrt.Set("GITHUB_PERSONAL_ACCESS_TOKEN", "handed")))

	childtest.RequireAbsent(t, got, secrets...)
	require.Equal(t, "handed", got["GITHUB_PERSONAL_ACCESS_TOKEN"]) // the explicit Set
	require.Equal(t, "pk.public", got["MAPBOX_PUBLIC_TOKEN"])
	require.Equal(t, "/tmp/history", got["HISTFILE"]) // only the shell unsets it
	require.Equal(t, "https://npm.test", got["npm_config_registry"])
	require.Equal(t, "1", got["NO_COLOR"])
}

func TestRun(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	if _, err := exec.LookPath("env"); err != nil {
		t.Skip("no env")
	}
	setParentEnv(t)

	var out bytes.Buffer
	require.NoError(t, run(&out, os.Environ()))
	shell, server, ok := strings.Cut(out.String(), "mcp-server (env) sees:\n")
	require.True(t, ok, out.String())

	require.Contains(t, shell, "shell (sh -c env) sees:\n")
	require.Contains(t, shell, "  GITHUB_TOKEN is not set\n")
	require.Contains(t, shell, "  GITHUB_PERSONAL_ACCESS_TOKEN is not set\n")
	require.Contains(t, shell, "  MAPBOX_PUBLIC_TOKEN=pk.public\n")
	require.Contains(t, shell, "  HISTFILE is not set\n")
	require.Contains(t, shell, "  GIT_TERMINAL_PROMPT=0\n")

	require.Contains(t, server, "  GITHUB_TOKEN is not set\n")
	require.Contains(t, server, "  AGENT_SESSION_KEY is not set\n")
	require.Contains(t, server, "  GITHUB_PERSONAL_ACCESS_TOKEN=ghp_parent\n") // the host's own token, handed on
	require.Contains(t, server, "  HISTFILE=/tmp/history\n")
	require.Contains(t, server, "  NO_COLOR=1\n")
	require.False(t, strings.Contains(out.String(), "aws_parent"), "AWS_SECRET_ACCESS_KEY reached a child")
	require.False(t, strings.Contains(out.String(), "session_parent"), "AGENT_SESSION_KEY reached a child")
}
