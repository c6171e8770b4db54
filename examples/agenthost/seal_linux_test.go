package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/examples/internal/childtest"
)

// sealedHost is what the host that TestLoadSeals starts saw after load.
type sealedHost struct {
	Block  string            // its /proc/self/environ
	Getenv map[string]string // os.Getenv of each credential
	Shell  []string          // the shell's environment
	GitHub []string          // the github server's
}

// TestLoadSeals: an enforcing host seals its credentials out of its own
// environment (the block /proc/PID/environ shows, and os.Environ) at
// start-up, and its children still get what the configuration hands them
// by name: the shell SSH_AUTH_SOCK (keep), the github server its token
// (${GITHUB_TOKEN}). It runs the host as a process of its own, whose
// credentials are in the block the kernel keeps, as a real host's are.
func TestLoadSeals(t *testing.T) {
	if os.Getenv("AGENTHOST_SEAL_TEST") == "1" {
		environ, cfg, err := load("config.yaml", exampleConfig, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		block, err := os.ReadFile("/proc/self/environ")
		if err != nil {
			t.Fatal(err)
		}
		h := sealedHost{Block: string(block), Getenv: map[string]string{},
			Shell: ShellEnv(environ, cfg.Shell...), GitHub: McpServerEnv(environ, server(t, cfg, "github").Overrides...)}
		for _, name := range append(credentials, "SSH_AUTH_SOCK") {
			h.Getenv[name] = os.Getenv(name)
		}
		json.NewEncoder(os.Stdout).Encode(h)
		os.Exit(0)
	}
	setParentEnv(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestLoadSeals$")
	cmd.Env = append(os.Environ(), "AGENTHOST_SEAL_TEST=1")
	out, err := cmd.Output()
	require.NoError(t, err)
	var h sealedHost
	require.NoError(t, json.NewDecoder(bytes.NewReader(out)).Decode(&h))

	for _, name := range append(credentials, "SSH_AUTH_SOCK") {
		require.Empty(t, h.Getenv[name], "os.Getenv(%s) after Seal", name)
		// The block is not printed: it holds this machine's environment.
		require.False(t, strings.Contains(h.Block, name+"="+os.Getenv(name)), "%s's value in the host's /proc/PID/environ after Seal", name)
		require.True(t, strings.Contains(h.Block, "\x00"+name+"=\x00"), "%s's name and offset kept", name)
	}
	require.True(t, strings.Contains(h.Block, "\x00MY_CORP_SSO=corp_parent\x00"), "the host's other entries stay")
	shell, github := childtest.Env(t, h.Shell), childtest.Env(t, h.GitHub)
	childtest.RequireAbsent(t, shell, credentials...)
	childtest.RequireAbsent(t, github, credentials...)
	require.Equal(t, fakeSSHSock, shell["SSH_AUTH_SOCK"], "keep: SSH_AUTH_SOCK, from the Sealed")
	require.Equal(t, childtest.GitHubToken, github["GITHUB_PERSONAL_ACCESS_TOKEN"], "${GITHUB_TOKEN}, from the Sealed")
	require.NotContains(t, strings.Join(h.Shell, "\n"), childtest.GitHubToken)
}
