package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/examples/internal/childtest"
)

// badConfig has a bad entry of each kind, and a credential in a value
// next to a bad name, which no error may print.
const badConfig = `secrets:
  - "MY-CORP-*"
  - OK_*
shell:
  keep: [SSH_AUTH_SOCK, "SSH_*"]
  env:
    "": empty
    "TOKEN=X": ghp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
servers:
  github:
    env:
      GITHUB_PERSONAL_ACCESS_TOKEN: ${GITHUB-TOKEN}
  fetch:
    command: env
    colour: red
    env:
      KEY: ${ABSENT}
      LIST: [a, b]
  fetch:
    command: env
`

func TestLoadConfigNamesEveryBadEntry(t *testing.T) {
	_, err := LoadConfig("agenthost.yaml", []byte(badConfig), []string{"PATH=/bin", "GITHUB_TOKEN=" + childtest.GitHubToken})
	require.Error(t, err)
	require.Equal(t, strings.Join([]string{
		`agenthost.yaml:2:5: secrets: Drop("MY-CORP-*"): neither a name nor a pattern: want [A-Za-z0-9_*]+, not starting with a digit, '*' matching any run of characters`,
		`agenthost.yaml:5:25: shell.keep: Keep("SSH_*"): not a name: want [A-Za-z_][A-Za-z0-9_]*`,
		`agenthost.yaml:7:5: shell.env: Set("", <5 bytes>): empty name`,
		`agenthost.yaml:8:5: shell.env: Set("TOKEN=" + <1 bytes>, <40 bytes>): the name holds '='`,
		`agenthost.yaml:10:3: servers.github: no command`,
		`agenthost.yaml:12:37: servers.github.env.GITHUB_PERSONAL_ACCESS_TOKEN: a ${...} value names a variable: want ${NAME}, NAME [A-Za-z_][A-Za-z0-9_]*`,
		`agenthost.yaml:15:5: servers.fetch: unknown key "colour" (want command, args, keep, env)`,
		`agenthost.yaml:17:12: servers.fetch.env.KEY: ${ABSENT}: agenthost's environment has no ABSENT`,
		`agenthost.yaml:18:13: servers.fetch.env.LIST: want a single value, not a list, a mapping or an alias`,
		`agenthost.yaml:19:3: servers: "fetch" is given twice (first at line 13)`,
	}, "\n"), err.Error())
	require.NotContains(t, err.Error(), "ghp_a", "an error printed a value")
}

func TestLoadConfigSyntaxError(t *testing.T) {
	_, err := LoadConfig("agenthost.yaml", []byte("shell:\n  keep: [SSH_AUTH_SOCK\n"), nil)
	require.ErrorContains(t, err, "agenthost.yaml:")
	require.ErrorContains(t, err, "did not find expected ',' or ']'")
}

func TestLoadConfigEmpty(t *testing.T) {
	cfg, err := LoadConfig("agenthost.yaml", nil, nil)
	require.NoError(t, err)
	require.Empty(t, cfg.Shell)
	require.Empty(t, cfg.Servers)
}

// TestLoadConfigOrder holds each child's overrides to the order that
// makes an exact name win over a pattern: the secrets dropped first, then
// the names kept, then the child's env.
func TestLoadConfigOrder(t *testing.T) {
	cfg, err := LoadConfig("agenthost.yaml", []byte(`secrets: ["SSH_*", "EDITOR", "LOG_*"]
shell:
  env: {EDITOR: ed}
  keep: [SSH_AUTH_SOCK]
servers:
  fetch:
    command: env
    env: {LOG_LEVEL: debug}
    keep: [SSH_AGENT_PID]
`), nil)
	require.NoError(t, err)
	environ := []string{"SSH_AUTH_SOCK=" + fakeSSHSock, "SSH_AGENT_PID=42", "EDITOR=vi", "LOG_LEVEL=info", "LOG_FILE=/tmp/log", "PATH=/bin"}
	require.Equal(t, []string{"EDITOR=ed", "PATH=/bin", "GIT_TERMINAL_PROMPT=0", "PAGER=cat", "SSH_AUTH_SOCK=" + fakeSSHSock},
		ShellEnv(environ, cfg.Shell...))
	require.Equal(t, []string{"SSH_AGENT_PID=42", "LOG_LEVEL=debug", "PATH=/bin", "NO_COLOR=1"},
		McpServerEnv(environ, cfg.Servers[0].Overrides...))
}

// TestLoadConfigArgs: a server's args are its command's arguments, in the
// file's order, an empty one kept.
func TestLoadConfigArgs(t *testing.T) {
	cfg, err := LoadConfig("agenthost.yaml", []byte("servers:\n  fetch:\n    command: npx\n    args: [-y, \"@modelcontextprotocol/server-fetch\", \"\"]\n"), nil)
	require.NoError(t, err)
	require.Equal(t, []Server{{Name: "fetch", Command: "npx", Args: []string{"-y", "@modelcontextprotocol/server-fetch", ""}}}, cfg.Servers)
}
