package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const auditPolicy = `version: 1
secrets:
  pass: [TRUSTED_KEY]
tasks:
  shell:
    mode: inherit
    passThrough: [KEPT_TOKEN_X]
  plugin:
    mode: inherit
    unset: [MY_SIGNING_KEY]
  build:
    passThrough: ["APP_*"]
`

// audit runs envgen audit in dir with the given environment as the
// process's own, and returns exit code, stdout and stderr.
func audit(t *testing.T, dir string, environ []string, stdin string, args ...string) (int, string, string) {
	t.Helper()
	t.Chdir(dir)
	var out, errOut bytes.Buffer
	code := Do(append([]string{"audit"}, args...), strings.NewReader(stdin), &out, &errOut, environ)
	return code, out.String(), errOut.String()
}

// TestAuditFindings: each kind of finding, in every inherit task, with the
// line that drops it; exit 1; no value printed.
func TestAuditFindings(t *testing.T) {
	dir := policyDir(t, auditPolicy)
	environ := []string{
		"MY_SIGNING_KEY=k-not-a-known-format", // by name
		"SMTP_PASS=hunter2",                   // by name
		"MY_CONFIG=" + valueGitHub,            // by value: dropped (a note)
		"TRUSTED_KEY=x",                       // secrets.pass: on purpose
		"KEPT_TOKEN_X=t",                      // shell names it exactly: on purpose; plugin inherits it
		"KEYTIMEOUT=1", "TOKENIZERS_PARALLELISM=false", "PASSWORD_STORE_DIR=/p", "XAUTHORITY=/x", "PWD=/w", "OLDPWD=/v",
		"NEXT_PUBLIC_API_KEY=pk", "HOME=/h",
	}
	code, out, stderr := audit(t, dir, environ, "", "policy.yaml")
	require.Equal(t, 1, code, stderr)
	assert.Equal(t, `# audit of the inherit tasks of policy.yaml (shell, plugin), from this process's environment (13 entries)
shell: MY_SIGNING_KEY: passed, but its name looks like a credential (KEY); to drop it: secrets.extra: [MY_SIGNING_KEY]
shell: SMTP_PASS: passed, but its name looks like a credential (PASS); to drop it: secrets.extra: [SMTP_PASS]
shell: note: MY_CONFIG is left out only by its value (value holds a GitHub token); to drop it whatever it holds: secrets.extra: [MY_CONFIG]
plugin: KEPT_TOKEN_X: passed, but its name looks like a credential (TOKEN); to drop it: secrets.extra: [KEPT_TOKEN_X]
plugin: SMTP_PASS: passed, but its name looks like a credential (PASS); to drop it: secrets.extra: [SMTP_PASS]
plugin: note: MY_CONFIG is left out only by its value (value holds a GitHub token); to drop it whatever it holds: secrets.extra: [MY_CONFIG]
# 4 findings, 2 notes; to drop them all: secrets.extra: [KEPT_TOKEN_X, MY_SIGNING_KEY, SMTP_PASS]
`, out)
	assert.NotContains(t, out, "hunter2")
	assert.NotContains(t, out, valueGitHub)
}

// TestAuditValuesOff: with secrets.values false a credential by value is
// passed, and so a finding, fixed by turning values on.
func TestAuditValuesOff(t *testing.T) {
	dir := policyDir(t, "version: 1\nsecrets: {values: false}\ntasks: {shell: {mode: inherit}}\n")
	code, out, _ := audit(t, dir, []string{"MY_CONFIG=" + valueGitHub, "DB=" + valueDBURL, "AUTH_URL=" + valueDBURL, "OK=1"}, "", "policy.yaml")
	assert.Equal(t, 1, code)
	assert.Equal(t, `# audit of the inherit tasks of policy.yaml (shell), from this process's environment (4 entries)
shell: AUTH_URL: passed, but its name looks like a credential (AUTH) and its value holds a URL with a password; to drop it: secrets.extra: [AUTH_URL]
shell: DB: passed, but its value holds a URL with a password; to drop it: secrets.values: true (or secrets.extra: [DB])
shell: MY_CONFIG: passed, but its value holds a GitHub token; to drop it: secrets.values: true (or secrets.extra: [MY_CONFIG])
# 3 findings; to drop them all: secrets.extra: [AUTH_URL, DB, MY_CONFIG], and secrets.values: true
`, out)
	assertNoValues(t, out)
}

// TestAuditClean: nothing found exits 0, also with notes only.
func TestAuditClean(t *testing.T) {
	dir := policyDir(t, auditPolicy)
	code, out, _ := audit(t, dir, []string{"HOME=/h", "GITHUB_TOKEN=" + valueGitHub}, "", "policy.yaml")
	assert.Equal(t, 0, code)
	assert.Equal(t, "# audit of the inherit tasks of policy.yaml (shell, plugin), from this process's environment (2 entries)\n# nothing found: no entry passed looks like a credential\n", out)

	code, out, _ = audit(t, dir, []string{"MY_CONFIG=" + valueGitHub}, "", "policy.yaml", "shell")
	assert.Equal(t, 0, code, "a note does not fail: the entry is not passed")
	assert.Contains(t, out, "shell: note: MY_CONFIG is left out only by its value")
	assert.Contains(t, out, "# nothing found: no entry passed looks like a credential, 1 note\n")

	dir = policyDir(t, "version: 1\ntasks: {build: {}}\n")
	code, out, _ = audit(t, dir, []string{"MY_SIGNING_KEY=k"}, "", "policy.yaml")
	assert.Equal(t, 0, code)
	assert.Equal(t, "# policy.yaml has no inherit tasks: nothing to audit (name an isolated task to audit it)\n", out)
}

// TestAuditIsolatedTask: a named isolated task is audited too: a pattern
// passes what its name says is a credential; a secret value it never
// passes.
func TestAuditIsolatedTask(t *testing.T) {
	dir := policyDir(t, auditPolicy)
	code, out, _ := audit(t, dir, []string{"APP_SESSION_COOKIE=c", "APP_DB=" + valueDBURL, "APP_NAME=web"}, "", "policy.yaml", "build")
	assert.Equal(t, 1, code)
	assert.Equal(t, `# audit of task "build" (isolated) of policy.yaml, from this process's environment (3 entries)
build: APP_SESSION_COOKIE: passed, but its name looks like a credential (COOKIE); to drop it: secrets.extra: [APP_SESSION_COOKIE]
build: note: APP_DB is left out only by its value (value holds a URL with a password); to drop it whatever it holds: secrets.extra: [APP_DB]
# 1 finding, 1 note; to drop them all: secrets.extra: [APP_SESSION_COOKIE]
`, out)
}

// TestAuditEnvInput reads the environment as explain does: -env FILE in
// lines with a multi-line value, NUL-separated, and - for standard input.
func TestAuditEnvInput(t *testing.T) {
	dir := policyDir(t, auditPolicy)
	lines := "stray line\nMY_SIGNING_KEY=k\nSSH_KEY=" + sshKey + "\nHOME=/h\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "env.txt"), []byte(lines), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "env.nul"), []byte("MY_SIGNING_KEY=k\x00SSH_KEY="+sshKey+"\x00HOME=/h\x00"), 0o644))
	for _, args := range [][]string{
		{"-env", "env.txt", "policy.yaml", "shell"},
		{"-env", "env.nul", "policy.yaml", "shell"},
		{"policy.yaml", "-env", "-", "shell"}, // flags after the arguments too
	} {
		code, out, stderr := audit(t, dir, nil, lines, args...)
		require.Equal(t, 1, code, "%v: %s", args, stderr)
		assert.Contains(t, out, "(3 entries)\n", args)
		assert.Contains(t, out, "shell: MY_SIGNING_KEY: passed, but its name looks like a credential (KEY)", args)
		assert.Contains(t, out, "shell: note: SSH_KEY is left out only by its value (value holds a PEM private key)", args)
		assert.NotContains(t, out, "b3BlbnNzaC1", args)
		if args[1] != "env.nul" {
			assert.Contains(t, out, "# line 1: not NAME=value (10 bytes, not shown)\n", args)
		}
	}
}

// TestAuditErrors: bad usage exits 2; a bad policy, an unknown task or an
// unreadable -env file exit 1 with a message on stderr.
func TestAuditErrors(t *testing.T) {
	dir := policyDir(t, auditPolicy)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "envgen audit: no policy file"},
		{[]string{"policy.yaml", "shell", "extra"}, 2, "want a policy file and a task; got 3 arguments"},
		{[]string{"-bogus", "policy.yaml"}, 2, "flag provided but not defined: -bogus"},
		{[]string{"policy.yaml", "nosuch"}, 1, `envgen audit: policy.yaml has no task "nosuch" (tasks: shell, plugin, build)`},
		{[]string{"-env", "missing.txt", "policy.yaml"}, 1, "missing.txt"},
		{[]string{"missing.yaml"}, 1, "missing.yaml"},
	} {
		code, out, stderr := audit(t, dir, nil, "", tc.args...)
		assert.Equal(t, tc.code, code, "%v", tc.args)
		assert.Contains(t, stderr, tc.want, "%v", tc.args)
		assert.Empty(t, out, "%v", tc.args)
	}
	bad := policyDir(t, "version: 1\nsecrets: {valuePrefixes: [ab]}\n")
	code, _, stderr := audit(t, bad, nil, "", "policy.yaml")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "policy.yaml:2:27: secrets.valuePrefixes: \"ab\" is too short")

	code, out, _ := audit(t, dir, nil, "", "-h")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "usage: envgen audit")
}

func TestNameLooksSecret(t *testing.T) {
	for name, want := range map[string]string{
		"MY_SIGNING_KEY": "KEY", "MY_API_KEY": "KEY", "api_key": "KEY", "DB_PASS": "PASS", "SMTP_CREDENTIALS": "CREDENTIALS", "npm_config__auth": "AUTH",
		"PGPASSWORD": "PGPASSWORD", "NGROK_AUTHTOKEN": "AUTHTOKEN", "TS_AUTHKEY": "TS_AUTHKEY"[3:], "MYSQL_PWD": "PWD",
		"GITHUB_PAT": "PAT", "APP_SESSION_COOKIE": "COOKIE", "CLIENTSECRET": "CLIENTSECRET", "my-token": "TOKEN",
		// no credential
		"KEYTIMEOUT": "", "TOKENIZERS_PARALLELISM": "", "PASSWORD_STORE_DIR": "", "PASSWORD_STORE_KEY": "", "XAUTHORITY": "",
		"PWD": "", "OLDPWD": "", "MONKEY": "", "HOTKEY": "", "NEXT_PUBLIC_API_KEY": "", "SSH_PUB_KEY": "", "GNUPGHOME": "",
		"KEYS_DIR": "", "HOME": "", "PATH": "", "SSH_ASKPASS": "", "DESKTOP_SESSION": "", "_": "", "": "",
	} {
		got, ok := nameLooksSecret(name)
		assert.Equal(t, want, got, name)
		assert.Equal(t, want != "", ok, name)
	}
}
