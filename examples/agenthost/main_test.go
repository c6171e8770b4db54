package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/examples/internal/childtest"
)

// fakeSSHSock is the ssh agent socket the tests give the host.
const fakeSSHSock = "/tmp/ssh-test/agent.sock"

// setParentEnv gives this process the environment of a host that holds
// credentials.
func setParentEnv(t *testing.T) {
	t.Helper()
	for name, value := range map[string]string{
		"GITHUB_TOKEN":                 childtest.GitHubToken,
		"github_token":                 "ghp_lower", // detection ignores case
		"ANTHROPIC_API_KEY":            childtest.AnthropicKey,
		"AWS_ACCESS_KEY_ID":            childtest.AWSKeyID,
		"AWS_SECRET_ACCESS_KEY":        childtest.AWSSecret,
		"ORDERS_DB":                    childtest.DatabaseURL,
		"SYNC_CONFIG":                  childtest.OtherToken,
		"DEPLOY_TOKEN":                 "deploy_parent",    // *_TOKEN
		"AGENT_SESSION_KEY":            "session_parent",   // the policy's secrets.extra
		"SLACK_WEBHOOK_URL":            "https://hooks/x",  // the policy's secrets.extra pattern
		"MY_CORP_SSO":                  "corp_parent",      // the config's secrets
		"my_corp_vpn":                  "corp_lower",       // the config's pattern, another case
		"SENTRY_DSN":                   "sentry_parent",    // the config's secrets, a name
		"SSH_AUTH_SOCK":                fakeSSHSock,        // a built-in secret the shell keeps
		"MAPBOX_PUBLIC_TOKEN":          "pk.public",        // the policy's secrets.pass
		"HISTFILE":                     "/tmp/history",     // the shell task unsets it
		"npm_config_registry":          "https://npm.test", // the shell task unsets npm_config_*
		"EDITOR":                       "vi",               // the shell's config sets it
		"LOG_LEVEL":                    "info",             // the fetch server's config sets it
		"GITHUB_PERSONAL_ACCESS_TOKEN": "parent_pat",       // a secret (*_TOKEN): the host's own reaches no child
	} {
		t.Setenv(name, value)
	}
}

// credentials are the host's names that no child inherits, whatever the
// configuration says.
var credentials = []string{
	"GITHUB_TOKEN", "github_token", "ANTHROPIC_API_KEY", "AWS_ACCESS_KEY_ID",
	"AWS_SECRET_ACCESS_KEY", "ORDERS_DB", "SYNC_CONFIG", "DEPLOY_TOKEN",
	"AGENT_SESSION_KEY", "SLACK_WEBHOOK_URL",
}

// TestFakeCredentialsAreCredentials holds the fakes to their comments:
// the ones under innocent names are secrets by their values alone.
func TestFakeCredentialsAreCredentials(t *testing.T) {
	for _, name := range []string{"ORDERS_DB", "SYNC_CONFIG"} {
		require.False(t, IsSecret(name), "%s is meant to be an innocent name", name)
	}
	childtest.RequireSecretValues(t, IsSecretValue)
}

// loadExample loads the example configuration, config.yaml, over this
// process's environment.
func loadExample(t *testing.T) *Config {
	t.Helper()
	cfg, err := LoadConfig("config.yaml", exampleConfig, os.Environ(), nil)
	require.NoError(t, err)
	return cfg
}

// server returns cfg's server name.
func server(t *testing.T, cfg *Config, name string) Server {
	t.Helper()
	for _, s := range cfg.Servers {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("config.yaml has no server %q", name)
	return Server{}
}

func TestShellChildEnv(t *testing.T) {
	setParentEnv(t)
	got := childtest.Env(t, ShellEnv(os.Environ(), loadExample(t).Shell...))

	childtest.RequireAbsent(t, got, credentials...)
	childtest.RequireAbsent(t, got, "MY_CORP_SSO", "my_corp_vpn", "SENTRY_DSN") // the config's secrets: Drop
	childtest.RequireAbsent(t, got, "GITHUB_PERSONAL_ACCESS_TOKEN", "HISTFILE", "npm_config_registry")
	require.Equal(t, fakeSSHSock, got["SSH_AUTH_SOCK"], "the config keeps it for the shell: Keep")
	require.Equal(t, "less", got["PAGER"], "the config's env wins over the policy's define")
	require.Equal(t, "nano", got["EDITOR"], "the config's env wins over the host's value")
	require.Equal(t, "pk.public", got["MAPBOX_PUBLIC_TOKEN"])
	require.Equal(t, "info", got["LOG_LEVEL"])
	require.Equal(t, "0", got["GIT_TERMINAL_PROMPT"])
	require.Equal(t, os.Getenv("PATH"), got["PATH"])
}

func TestMcpServerChildEnv(t *testing.T) {
	setParentEnv(t)
	cfg := loadExample(t)

	github := childtest.Env(t, McpServerEnv(os.Environ(), server(t, cfg, "github").Overrides...))
	childtest.RequireAbsent(t, github, credentials...)
	childtest.RequireAbsent(t, github, "MY_CORP_SSO", "my_corp_vpn", "SENTRY_DSN")
	childtest.RequireAbsent(t, github, "SSH_AUTH_SOCK") // only the shell keeps it
	require.Equal(t, childtest.GitHubToken, github["GITHUB_PERSONAL_ACCESS_TOKEN"], "${GITHUB_TOKEN}, handed on, wins over the host's own entry")
	require.Equal(t, "repos,issues", github["GITHUB_TOOLSETS"])
	require.Equal(t, "info", github["LOG_LEVEL"])
	require.Equal(t, "vi", github["EDITOR"])
	require.Equal(t, "/tmp/history", github["HISTFILE"]) // only the shell unsets it
	require.Equal(t, "1", github["NO_COLOR"])

	fetch := childtest.Env(t, McpServerEnv(os.Environ(), server(t, cfg, "fetch").Overrides...))
	childtest.RequireAbsent(t, fetch, credentials...)
	childtest.RequireAbsent(t, fetch, "MY_CORP_SSO", "my_corp_vpn", "SENTRY_DSN", "SSH_AUTH_SOCK")
	require.Equal(t, "debug", fetch["LOG_LEVEL"], "the server's env wins over the host's LOG_LEVEL=info")
	childtest.RequireAbsent(t, fetch, "GITHUB_PERSONAL_ACCESS_TOKEN") // the host's own is a secret; github's env is github's
}

// TestRun runs the host as main does, through sh and envexec.Command, and
// logs what each child saw (the fakes only: the report shows no other
// name's value).
func TestRun(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	if _, err := exec.LookPath("env"); err != nil {
		t.Skip("no env")
	}
	setParentEnv(t)

	var out, log bytes.Buffer
	require.NoError(t, run(&out, &log, os.Environ(), loadExample(t)))
	t.Log("\n" + log.String() + out.String())
	order, children := childReports(out.String())
	require.Equal(t, []string{"shell (sh -c env)", "server github (env)", "server fetch (env)"}, order)

	require.Equal(t, []string{"SSH_AUTH_SOCK=" + fakeSSHSock, "PAGER=less", "EDITOR=nano", "LOG_LEVEL=info",
		"and not: GITHUB_TOKEN ANTHROPIC_API_KEY AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY ORDERS_DB SYNC_CONFIG MY_CORP_SSO HISTFILE GITHUB_PERSONAL_ACCESS_TOKEN"},
		children["shell (sh -c env)"])
	require.Equal(t, []string{"HISTFILE=/tmp/history", "GITHUB_PERSONAL_ACCESS_TOKEN=" + childtest.GitHubToken, "EDITOR=vi", "LOG_LEVEL=info",
		"and not: GITHUB_TOKEN ANTHROPIC_API_KEY AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY ORDERS_DB SYNC_CONFIG MY_CORP_SSO SSH_AUTH_SOCK PAGER"},
		children["server github (env)"])
	require.Equal(t, []string{"HISTFILE=/tmp/history", "EDITOR=vi", "LOG_LEVEL=debug",
		"and not: GITHUB_TOKEN ANTHROPIC_API_KEY AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY ORDERS_DB SYNC_CONFIG MY_CORP_SSO SSH_AUTH_SOCK GITHUB_PERSONAL_ACCESS_TOKEN PAGER"},
		children["server fetch (env)"])
	for _, secret := range []string{childtest.AnthropicKey, childtest.AWSSecret, childtest.DatabaseURL, childtest.OtherToken, "corp_parent", "sentry_parent", "parent_pat"} {
		require.False(t, strings.Contains(out.String(), secret), "a credential reached a child")
	}

	// The log says, once per child, what the policy left out and why.
	logged := logReports(log.String())
	require.Contains(t, logged["agenthost: the policy leaves out of shell:"], "GITHUB_TOKEN: secret by name: GITHUB_TOKEN (built in)")
	require.Contains(t, logged["agenthost: the policy leaves out of shell:"], "SYNC_CONFIG: its value holds a GitHub token")
	require.Contains(t, logged["agenthost: the policy leaves out of shell:"], `MY_CORP_SSO: Drop("MY_CORP_*")`)
	require.Contains(t, logged["agenthost: the policy leaves out of shell:"], "HISTFILE: unset by the task: HISTFILE")
	require.Contains(t, logged["agenthost: the policy leaves out of server github:"], "SSH_AUTH_SOCK: secret by name: SSH_AUTH_SOCK (built in)")
	require.Len(t, logged, 3)
	for _, secret := range []string{childtest.GitHubToken, childtest.AnthropicKey, childtest.AWSSecret, childtest.DatabaseURL, childtest.OtherToken, "corp_parent"} {
		require.False(t, strings.Contains(log.String(), secret), "the log holds a credential")
	}
}

// TestRunObserve runs the host with envPolicy: observe: every child gets
// the host's environment as it did before the policy, with the user's
// own settings (set), and the log says what enforcing would leave out.
func TestRunObserve(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	setParentEnv(t)
	cfg := loadExample(t)
	cfg.Enforce = false

	var out, log bytes.Buffer
	require.NoError(t, run(&out, &log, os.Environ(), cfg))
	_, children := childReports(out.String())
	require.Equal(t, []string{"GITHUB_TOKEN=" + childtest.GitHubToken, "ANTHROPIC_API_KEY=" + childtest.AnthropicKey, "AWS_ACCESS_KEY_ID=" + childtest.AWSKeyID,
		"AWS_SECRET_ACCESS_KEY=" + childtest.AWSSecret, "ORDERS_DB=" + childtest.DatabaseURL, "SYNC_CONFIG=" + childtest.OtherToken, "MY_CORP_SSO=corp_parent",
		"SSH_AUTH_SOCK=" + fakeSSHSock, "HISTFILE=/tmp/history", "GITHUB_PERSONAL_ACCESS_TOKEN=parent_pat", "PAGER=less", "EDITOR=nano", "LOG_LEVEL=info", "and not: "},
		children["shell (sh -c env)"], "the host's environment, with the user's set")
	require.Contains(t, children["server github (env)"], "GITHUB_PERSONAL_ACCESS_TOKEN="+childtest.GitHubToken, "the user's set wins over the host's entry")

	logged := logReports(log.String())
	shell := logged["agenthost: observing; enforcing the policy would leave out of shell:"]
	require.Contains(t, shell, "GITHUB_TOKEN: secret by name: GITHUB_TOKEN (built in)")
	require.Contains(t, shell, "ORDERS_DB: its value holds a URL with a password")
	require.Contains(t, shell, `MY_CORP_SSO: Drop("MY_CORP_*")`)
	require.NotContains(t, shell, "SSH_AUTH_SOCK: secret by name: SSH_AUTH_SOCK (built in)", "the shell keeps it")
	require.Len(t, logged, 3)

	// A second start of a child logs nothing more, and still observes.
	h := &host{log: &log, logged: map[string]bool{"shell": true}}
	log.Reset()
	require.Contains(t, ShellEnv(os.Environ(), h.mode("shell", cfg.Shell)...), "GITHUB_TOKEN="+childtest.GitHubToken)
	require.Empty(t, log.String())
}

// logReports splits run's log into each child's lines, by their heading.
func logReports(log string) map[string][]string {
	reports := map[string][]string{}
	var heading string
	for _, line := range strings.Split(strings.TrimSuffix(log, "\n"), "\n") {
		if !strings.HasPrefix(line, "  ") {
			heading = line
			continue
		}
		reports[heading] = append(reports[heading], strings.TrimPrefix(line, "  "))
	}
	return reports
}

// childReports splits run's output into each child's lines, by the
// heading before " sees:", and returns the headings in the output's
// order.
func childReports(out string) (order []string, reports map[string][]string) {
	reports = map[string][]string{}
	var child string
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if heading, ok := strings.CutSuffix(line, " sees:"); ok {
			child = heading
			order = append(order, child)
			reports[child] = []string{}
			continue
		}
		reports[child] = append(reports[child], strings.TrimPrefix(line, "  "))
	}
	return order, reports
}

// TestMain runs main in place of the tests when AGENTHOST_TEST_MAIN is
// set, so that a test can run the host as a user does (as stringer's test
// runs the tool).
func TestMain(m *testing.M) {
	if os.Getenv("AGENTHOST_TEST_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestMainUsesTheExampleConfig runs agenthost as the README's first
// command does: no -config, fake credentials of its own.
func TestMainUsesTheExampleConfig(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	stdout, stderr, code := childtest.RunSelf(t, "AGENTHOST_TEST_MAIN")
	require.Equal(t, 0, code, stderr)
	_, children := childReports(stdout)
	require.Len(t, children, 3)
	require.Contains(t, children["shell (sh -c env)"], "SSH_AUTH_SOCK=/tmp/ssh-fake/agent.sock")
	require.Contains(t, children["server github (env)"], "GITHUB_PERSONAL_ACCESS_TOKEN=ghp_"+strings.Repeat("0", 36))
	require.Contains(t, children["server fetch (env)"], "LOG_LEVEL=debug")
	for child, lines := range children {
		require.True(t, strings.HasPrefix(lines[len(lines)-1], "and not: GITHUB_TOKEN ANTHROPIC_API_KEY AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY ORDERS_DB SYNC_CONFIG MY_CORP_SSO "), child)
	}
}

// TestMainRefusesABadConfig gives agenthost a configuration with a bad
// entry: it starts no child, names the entry, and prints no value.
func TestMainRefusesABadConfig(t *testing.T) {
	file := filepath.Join(t.TempDir(), "agenthost.yaml")
	require.NoError(t, os.WriteFile(file, []byte("shell:\n  env:\n    keep: [SSH-AUTH-SOCK]\n    set:\n      \"API=KEY\": "+childtest.GitHubToken+"\n"), 0o600))
	stdout, stderr, code := childtest.RunSelf(t, "AGENTHOST_TEST_MAIN", "-config", file)
	require.Equal(t, 1, code)
	require.Empty(t, stdout, "no child ran")
	require.Equal(t, file+`:2:3: shell.env: keep[0] "SSH-AUTH-SOCK": not a name: want [A-Za-z_][A-Za-z0-9_]*`+"\n"+
		file+`:2:3: shell.env: set "API=" + <3 bytes>: the name holds '='`+"\n"+
		"agenthost: refusing the configuration in "+file+"\n", stderr)
}
