package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Credentials under innocent names, for the explain and audit tests.
const (
	valueGitHub = "ghp_0123456789abcdefghijABCDEFGHIJklmnop"
	valueDBURL  = "postgres://app:hunter2@db.internal/app"
	valueAcme   = "acme_live_4f9b2c"
)

const valuesPolicy = `version: 1
secrets:
  pass: [TRUSTED]
  valuePrefixes: [acme_live_]
tasks:
  shell:
    mode: inherit
    passThrough: [KEEP]
  build:
    passThrough: ["APP_*", KEEP]
`

const valuesEnviron = "MY_CONFIG=" + valueGitHub + "\nAPP_DB=" + valueDBURL + "\nAPP_ACME=" + valueAcme +
	"\nAPP_NAME=web\nKEEP=" + valueGitHub + "\nTRUSTED=" + valueDBURL + "\n"

// valuesDir is a directory with valuesPolicy and valuesEnviron (env.txt).
func valuesDir(t *testing.T, policy string) string {
	dir := policyDir(t, policy)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "env.txt"), []byte(valuesEnviron), 0o644))
	return dir
}

// assertNoValues fails if out holds any of the credentials.
func assertNoValues(t *testing.T, out string) {
	t.Helper()
	for _, v := range []string{valueGitHub, "hunter2", "4f9b2c"} {
		assert.NotContains(t, out, v, "a credential printed")
	}
}

// TestExplainSecretValues: an entry left out by value says why, by the
// kind of credential, in text, -why and -json, and never the value; one
// kept by an exact exemption says so, redacted.
func TestExplainSecretValues(t *testing.T) {
	dir := valuesDir(t, valuesPolicy)
	run := func(args ...string) string {
		t.Helper()
		code, stdout, stderr := runCLI(t, dir, "", append([]string{"explain", "-env", "env.txt", "policy.yaml"}, args...)...)
		require.Equal(t, 0, code, stderr)
		assertNoValues(t, stdout)
		return stdout
	}
	assert.Equal(t, `# task "shell" (inherit) of policy.yaml, from env.txt (6 entries)
+ APP_NAME=web                  (inherited)
+ KEEP=<redacted, 40 bytes>     (passThrough KEEP; its value holds a GitHub token, kept because the task names it exactly)
+ TRUSTED=<redacted, 38 bytes>  (inherited; its value holds a URL with a password, kept because secrets.pass lists it exactly)
- APP_ACME                      (secret by value: value holds acme_live_… (secrets.valuePrefixes))
- APP_DB                        (secret by value: value holds a URL with a password)
- MY_CONFIG                     (secret by value: value holds a GitHub token)
# 3 passed, 3 left out
`, run("shell"))

	assert.Equal(t, `- MY_CONFIG  (secret by value: value holds a GitHub token)
MY_CONFIG is left out of task "shell": it is a secret by value (secrets.values): its value holds a GitHub token.
To pass it to this task only, list MY_CONFIG exactly in the task's passThrough; to trust it in every task, add it to secrets.pass; to stop checking values at all, set secrets.values: false.
`, run("shell", "-why", "MY_CONFIG"))

	// An isolated task's pattern does not pass it either.
	assert.Contains(t, run("build", "-why", "APP_DB"), `APP_DB is left out of task "build": it is a secret by value (secrets.values): its value holds a URL with a password.`)

	out := run("build", "-json")
	assert.Contains(t, out, `{"task":"build","name":"APP_DB","passed":false,"reason":"secret by value: value holds a URL with a password"}`)
	assert.Contains(t, out, `{"task":"build","name":"KEEP","passed":true,"source":"passThrough KEEP; its value holds a GitHub token, kept because the task names it exactly","redacted":true,"bytes":40}`)

	all := run()
	assert.Contains(t, all, "MY_CONFIG  -      -\n")
}

// TestExplainSecretValuesOff: with secrets.values false the entries pass,
// and explain still redacts what looks like a credential, and says so.
func TestExplainSecretValuesOff(t *testing.T) {
	dir := valuesDir(t, strings.Replace(valuesPolicy, "  valuePrefixes: [acme_live_]\n", "  values: false\n", 1))
	code, stdout, stderr := runCLI(t, dir, "", "explain", "-env", "env.txt", "policy.yaml", "shell")
	require.Equal(t, 0, code, stderr)
	assertNoValues(t, strings.ReplaceAll(stdout, "4f9b2c", "")) // no prefix now: the acme value is no secret
	assert.Contains(t, stdout, "+ MY_CONFIG=<redacted, 40 bytes>  (inherited; its value holds a GitHub token)\n")
	assert.Contains(t, stdout, "+ APP_ACME="+valueAcme+" ")
	assert.Contains(t, stdout, "# 6 passed, 0 left out\n")
}

// TestExplainBuiltinPresetExemptsNoValue: an entry that only a built-in
// preset's passThrough names, holding a credential, is left out; explain
// (text, -why, -json) and audit say so, with the task's line that would
// keep it, and print no part of the value.
func TestExplainBuiltinPresetExemptsNoValue(t *testing.T) {
	dir := policyDir(t, "version: 1\ntasks:\n  fetch:\n    extends: [builtin:network]\n  own:\n    extends: [builtin:network]\n    passThrough: [HTTPS_PROXY]\n")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "env.txt"), []byte("HTTPS_PROXY=http://alice:hunter2@proxy:3128\nNO_PROXY=localhost\n"), 0o644))
	explain := func(args ...string) string {
		t.Helper()
		code, stdout, stderr := runCLI(t, dir, "", append([]string{"explain", "-env", "env.txt", "policy.yaml"}, args...)...)
		require.Equal(t, 0, code, stderr)
		assertNoValues(t, stdout)
		return stdout
	}
	detail := "value holds a URL with a password; builtin:network passes the name but exempts no value: list the name in the task's own passThrough to keep it"
	why := "secret by value: " + detail
	assert.Contains(t, explain("fetch"), "- HTTPS_PROXY         ("+why+")\n")
	assert.Contains(t, explain("fetch", "-why", "HTTPS_PROXY"),
		`builtin:network lists HTTPS_PROXY, but a built-in preset exempts no value; to pass it to this task, add HTTPS_PROXY to the passThrough of task "fetch" (line 3): the policy's own text exempts what it names.`)
	assert.Contains(t, explain("fetch", "-json"), `{"task":"fetch","name":"HTTPS_PROXY","passed":false,"reason":"`+why+`"}`)
	assert.Contains(t, explain("own"), "+ HTTPS_PROXY=<redacted, 31 bytes>  (passThrough HTTPS_PROXY; its value holds a URL with a password, kept because the task names it exactly)")
	code, stdout, stderr := runCLI(t, dir, "", "audit", "-env", "env.txt", "policy.yaml", "fetch")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, `fetch: note: HTTPS_PROXY is left out only by its value (`+detail+` (task "fetch", line 3))`)
}
