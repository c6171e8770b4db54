package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/envgen/envgen/examples/internal/childtest"
	"github.com/envgen/envgen/runtime/envrt"
)

// badConfig has a bad entry of each kind, and a credential in a value
// next to a bad name, which no error may print.
const badConfig = `envPolicy: observing
env:
  drop:
    - "MY-CORP-*"
    - OK_*
shell:
  env:
    keep: [SSH_AUTH_SOCK, "SSH_*"]
    set:
      "": empty
      "TOKEN=X": ghp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
    kep: [EDITOR]
servers:
  github:
    env:
      set:
        GITHUB_PERSONAL_ACCESS_TOKEN: ${GITHUB-TOKEN}
  fetch:
    command: env
    colour: red
    env:
      set:
        KEY: ${ABSENT}
        LIST: [a, b]
  fetch:
    command: env
`

func TestLoadConfigNamesEveryBadEntry(t *testing.T) {
	_, err := LoadConfig("agenthost.yaml", []byte(badConfig), []string{"PATH=/bin", "GITHUB_TOKEN=" + childtest.GitHubToken}, nil)
	require.Error(t, err)
	require.Equal(t, strings.Join([]string{
		`agenthost.yaml:1:12: envPolicy: "observing" is neither observe nor enforce`,
		`agenthost.yaml:2:1: env: drop[0] "MY-CORP-*": neither a name nor a pattern: want [A-Za-z0-9_*]+, not starting with a digit, '*' matching any run of characters`,
		`agenthost.yaml:7:3: shell.env: keep[1] "SSH_*": not a name: want [A-Za-z_][A-Za-z0-9_]*`,
		`agenthost.yaml:7:3: shell.env: set "": empty name`,
		`agenthost.yaml:7:3: shell.env: set "TOKEN=" + <1 bytes>: the name holds '='`,
		`agenthost.yaml:12:5: shell.env: unknown key "kep" (want drop, keep, keepMatching, set)`,
		`agenthost.yaml:14:3: servers.github: no command`,
		`agenthost.yaml:17:39: servers.github.env.set.GITHUB_PERSONAL_ACCESS_TOKEN: a ${...} value names a variable: want ${NAME}, NAME [A-Za-z_][A-Za-z0-9_]*`,
		`agenthost.yaml:20:5: servers.fetch: unknown key "colour" (want command, args, env)`,
		`agenthost.yaml:23:14: servers.fetch.env.set.KEY: ${ABSENT}: agenthost's environment has no ABSENT`,
		`agenthost.yaml:24:15: servers.fetch.env.set.LIST: want a single value, not a list, a mapping or an alias`,
		`agenthost.yaml:25:3: servers: "fetch" is given twice (first at line 18)`,
	}, "\n"), err.Error())
	require.NotContains(t, err.Error(), "ghp_a", "an error printed a value")
}

func TestLoadConfigSyntaxError(t *testing.T) {
	_, err := LoadConfig("agenthost.yaml", []byte("shell:\n  keep: [SSH_AUTH_SOCK\n"), nil, nil)
	require.ErrorContains(t, err, "agenthost.yaml:")
	require.ErrorContains(t, err, "did not find expected ',' or ']'")
}

func TestLoadConfigEmpty(t *testing.T) {
	cfg, err := LoadConfig("agenthost.yaml", nil, nil, nil)
	require.NoError(t, err)
	require.Empty(t, cfg.Shell)
	require.Empty(t, cfg.Servers)
	require.True(t, cfg.Enforce)
}

// TestLoadConfigOrder holds each child's overrides to the order that
// makes an exact name win over a pattern: every child's env block first,
// then the child's own, each as envrt.Config orders it (drop, keep,
// keepMatching, set).
func TestLoadConfigOrder(t *testing.T) {
	cfg, err := LoadConfig("agenthost.yaml", []byte(`env:
  drop: ["SSH_*", "EDITOR", "LOG_*"]
shell:
  env:
    set: {EDITOR: ed}
    keep: [SSH_AUTH_SOCK]
servers:
  fetch:
    command: env
    env:
      set: {LOG_LEVEL: debug}
      keep: [SSH_AGENT_PID]
`), nil, nil)
	require.NoError(t, err)
	require.True(t, cfg.Enforce, "envPolicy: enforce is the default")
	require.Equal(t, []envrt.Var{envrt.Drop("SSH_*"), envrt.Drop("EDITOR"), envrt.Drop("LOG_*"), envrt.Keep("SSH_AUTH_SOCK"), envrt.Set("EDITOR", "ed")}, cfg.Shell)
	environ := []string{"SSH_AUTH_SOCK=" + fakeSSHSock, "SSH_AGENT_PID=42", "EDITOR=vi", "LOG_LEVEL=info", "LOG_FILE=/tmp/log", "PATH=/bin"}
	require.Equal(t, []string{"EDITOR=ed", "PATH=/bin", "GIT_TERMINAL_PROMPT=0", "PAGER=cat", "SSH_AUTH_SOCK=" + fakeSSHSock},
		ShellEnv(environ, cfg.Shell...))
	require.Equal(t, []string{"SSH_AGENT_PID=42", "LOG_LEVEL=debug", "PATH=/bin", "NO_COLOR=1"},
		McpServerEnv(environ, cfg.Servers[0].Overrides...))
}

// TestEnvBlocksDecodeWithTheirTags: a host that decodes its file into
// structs embeds envrt.Config and gets, by its yaml tags, what agenthost
// reads node by node.
func TestEnvBlocksDecodeWithTheirTags(t *testing.T) {
	setParentEnv(t) // a ${GITHUB_TOKEN} value reads it
	var file struct {
		Env   envrt.Config
		Shell struct{ Env envrt.Config }
	}
	require.NoError(t, yaml.Unmarshal(exampleConfig, &file))
	every, err := file.Env.Vars()
	require.NoError(t, err)
	shell, err := file.Shell.Env.Vars()
	require.NoError(t, err)
	require.Equal(t, slices.Concat(every, shell), loadExample(t).Shell)
}

func TestLoadConfigEnvPolicy(t *testing.T) {
	cfg, err := LoadConfig("agenthost.yaml", []byte("envPolicy: observe\n"), nil, nil)
	require.NoError(t, err)
	require.False(t, cfg.Enforce)
	cfg, err = LoadConfig("agenthost.yaml", []byte("envPolicy: enforce\n"), nil, nil)
	require.NoError(t, err)
	require.True(t, cfg.Enforce)
}

// TestLoadConfigArgs: a server's args are its command's arguments, in the
// file's order, an empty one kept.
func TestLoadConfigArgs(t *testing.T) {
	cfg, err := LoadConfig("agenthost.yaml", []byte("servers:\n  fetch:\n    command: npx\n    args: [-y, \"@modelcontextprotocol/server-fetch\", \"\"]\n"), nil, nil)
	require.NoError(t, err)
	require.Equal(t, []Server{{Name: "fetch", Command: "npx", Args: []string{"-y", "@modelcontextprotocol/server-fetch", ""}}}, cfg.Servers)
}
