package cmd

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// assertNoPart fails if out holds any 8 bytes in a row of secret: no
// part of a credential may be printed, not only the whole of it.
func assertNoPart(t *testing.T, out, secret, what string) {
	t.Helper()
	for i := 0; i+8 <= len(secret); i++ {
		if part := secret[i : i+8]; strings.Contains(out, part) {
			t.Errorf("%s prints %q, part of a credential:\n%s", what, part, out)
			return
		}
	}
}

// leakPolicy has an isolated task that keeps MY_CONFIG, no secret by
// name, by an exact passThrough, and builds a define and PATH from it;
// and an inherit task, which passes what is no secret by name or value.
const leakPolicy = `version: 1
tasks:
  deploy:
    passThrough: [MY_CONFIG, MY_SECRET, DOCKER_AUTH_CONFIG, SERVICE_ACCOUNT_SECRET]
    define:
      AUTH_HEADER: "Bearer ${MY_CONFIG}"
      GREETING: "hello"
    binPaths: ["/opt/${MY_CONFIG}/bin"]
  shell:
    mode: inherit
`

// explainOutputs runs explain in text (the task, and all tasks), -json
// and -why NAME for each of whys, then audit, and returns every output
// by what produced it.
func explainOutputs(t *testing.T, dir string, env []string, task string, whys ...string) map[string]string {
	t.Helper()
	outs := map[string]string{}
	run := func(what string, wantCodes []int, args ...string) {
		t.Helper()
		t.Chdir(dir)
		var out, errOut bytes.Buffer
		code := Do(args, nil, &out, &errOut, env)
		require.Contains(t, wantCodes, code, "%s: %s", what, errOut.String())
		outs[what] = out.String()
	}
	run("text", []int{0}, "explain", "-env", "env.txt", "policy.yaml", task)
	run("all tasks", []int{0}, "explain", "-env", "env.txt", "policy.yaml")
	run("json", []int{0}, "explain", "-json", "-env", "env.txt", "policy.yaml", task)
	why := []string{"explain", "-env", "env.txt", "policy.yaml", task}
	for _, name := range whys {
		why = append(why, "-why", name)
	}
	run("why", []int{0}, why...)
	run("audit", []int{0, 1}, "audit", "-env", "env.txt", "policy.yaml", task)
	return outs
}

// TestExplainRedactsValuesHoldingCredentials: a define and a PATH built
// from ${MY_CONFIG}, an exempt entry whose value is a token, are
// redacted in text, -json and -why (the first leak case of issue 29);
// and so is any value that contains a secret's value or that equals a
// short one, and a -set or -param value that is a credential.
func TestExplainRedactsValuesHoldingCredentials(t *testing.T) {
	const copied = "s3cr3t-parent-value"
	dir := policyDir(t, leakPolicy)
	env := "PATH=/usr/bin\nMY_CONFIG=" + valueGitHub + "\nGITHUB_TOKEN=" + copied + "\nNOTES=copied " + copied + " here\n" +
		"DEBUG_TOKEN=1\nSHLVL=1\nCOLUMNS=120\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "env.txt"), []byte(env), 0o644))

	outs := explainOutputs(t, dir, nil, "deploy", "AUTH_HEADER", "PATH", "MY_CONFIG")
	for what, out := range outs {
		assertNoPart(t, out, valueGitHub, what)
	}
	assert.Equal(t, `# task "deploy" (isolated) of policy.yaml, from env.txt (7 entries)
+ AUTH_HEADER=<redacted, 47 bytes>  (define; its value holds a GitHub token after `+"`Bearer `"+`)
+ GREETING=hello                    (define)
+ MY_CONFIG=<redacted, 40 bytes>    (passThrough MY_CONFIG; its value holds a GitHub token, kept because the task names it exactly)
+ PATH=<redacted, 58 bytes>         (binPaths in front of PATH, over essential; its value holds a GitHub token in text)
- COLUMNS                           (not declared)
- DEBUG_TOKEN                       (not declared)
- GITHUB_TOKEN                      (not declared)
- NOTES                             (not declared)
- SHLVL                             (not declared)
? MY_SECRET                         (passThrough MY_SECRET: not in the environment)
? DOCKER_AUTH_CONFIG                (passThrough DOCKER_AUTH_CONFIG: not in the environment)
? SERVICE_ACCOUNT_SECRET            (passThrough SERVICE_ACCOUNT_SECRET: not in the environment)
# 4 passed, 5 left out, 3 named in passThrough but not set
`, outs["text"])
	assert.Equal(t, `+ AUTH_HEADER=<redacted, 47 bytes>  (define; its value holds a GitHub token after `+"`Bearer `"+`)
AUTH_HEADER reaches task "deploy": the task's define sets it.

+ PATH=<redacted, 58 bytes>  (binPaths in front of PATH, over essential; its value holds a GitHub token in text)
PATH reaches task "deploy": the task's binPaths put directories in front of it (its value before that: essential).

+ MY_CONFIG=<redacted, 40 bytes>  (passThrough MY_CONFIG; its value holds a GitHub token, kept because the task names it exactly)
MY_CONFIG reaches task "deploy": the task's passThrough names it, which keeps it although its value holds a GitHub token.
`, outs["why"])
	var records []map[string]any
	for _, l := range strings.Split(strings.TrimSuffix(outs["json"], "\n"), "\n") {
		var rec map[string]any
		require.NoError(t, json.Unmarshal([]byte(l), &rec), l)
		records = append(records, rec)
	}
	assert.Contains(t, records, map[string]any{"task": "deploy", "name": "AUTH_HEADER", "passed": true, "redacted": true, "bytes": 47.0,
		"source": "define; its value holds a GitHub token after `Bearer `"})
	assert.Contains(t, records, map[string]any{"task": "deploy", "name": "PATH", "passed": true, "redacted": true, "bytes": 58.0,
		"source": "binPaths in front of PATH, over essential; its value holds a GitHub token in text"})
	assert.Contains(t, records, map[string]any{"task": "deploy", "name": "GREETING", "passed": true, "value": "hello", "bytes": 5.0, "source": "define"})

	// An inherit task: an entry that copies a secret's value is
	// redacted, and one equal to a secret's short value ("1") too, while
	// a short value inside another ("120") is not.
	outs = explainOutputs(t, dir, nil, "shell", "NOTES")
	for what, out := range outs {
		assertNoPart(t, out, copied, what)
	}
	assert.Contains(t, outs["text"], "+ NOTES=<redacted, 31 bytes>  (inherited; holds the value of GITHUB_TOKEN, a secret)\n")
	assert.Contains(t, outs["text"], "+ SHLVL=<redacted, 1 bytes>   (inherited; holds the value of DEBUG_TOKEN, a secret)\n")
	assert.Contains(t, outs["text"], "+ COLUMNS=120                 (inherited)\n")
	assert.Contains(t, outs["json"], `{"task":"shell","name":"NOTES","passed":true,"source":"inherited; holds the value of GITHUB_TOKEN, a secret","redacted":true,"bytes":31}`+"\n")

	// A -set value, and a -param value, that is a credential or holds a
	// secret's value, in the comment lines and the entries built from it.
	code, stdout, stderr := runCLI(t, dir, "", "explain", "-env", "env.txt", "policy.yaml", "deploy",
		"-set", "X_AUTH=token "+valueGitHub, "-set", "X_COPY="+copied, "-set", "X_PLAIN=plain")
	require.Equal(t, 0, code, stderr)
	assertNoPart(t, stdout, valueGitHub, "-set")
	assertNoPart(t, stdout, copied, "-set")
	assert.Contains(t, stdout, "# override: -set X_AUTH=<redacted, 46 bytes>\n")
	assert.Contains(t, stdout, "# override: -set X_COPY=<redacted, 19 bytes>\n")
	assert.Contains(t, stdout, "# override: -set X_PLAIN=plain\n")
	assert.Contains(t, stdout, "+ X_AUTH=<redacted, 46 bytes>       (override: -set; its value holds a GitHub token after `token `)\n")
	paramDir := policyDir(t, "version: 1\ntasks:\n  t:\n    define: {URL: \"https://host/{path}\"}\n")
	require.NoError(t, os.WriteFile(filepath.Join(paramDir, "env.txt"), nil, 0o644))
	code, stdout, stderr = runCLI(t, paramDir, "", "explain", "-env", "env.txt", "policy.yaml", "t", "-param", "path="+valueGitHub)
	require.Equal(t, 0, code, stderr)
	assertNoPart(t, stdout, valueGitHub, "-param")
	assert.Contains(t, stdout, "# params: path=<redacted, 40 bytes>\n")
	assert.Contains(t, stdout, "+ URL=<redacted, 53 bytes>  (define; its value holds a GitHub token in a URL)\n")
}

// multiLineEnv is an environment as env writes it with multi-line
// values: a secret whose second line reads like NAME=value but for a
// '-' and whose last is base64 that reads NAME==, a Docker auth config in JSON, and wrapped base64 whose last line
// reads NAME= (the second leak case of issue 29).
const multiLineEnv = "MY_SECRET=first line\nsecond-part:hunter2=more\ndGFpbC1vZi1wdw==\n" +
	"DOCKER_AUTH_CONFIG=" + dockerAuthConfig + "\n" +
	"SERVICE_ACCOUNT_SECRET=" + base64Wrapped + "\nEDITOR=vi\n"

// TestExplainEnvMultiLineSecrets: in newline-separated input, only a
// line that starts with a name and '=' starts an entry, so no line of a
// multi-line secret is listed as a name of its own, in any view, and the
// whole value is redacted.
func TestExplainEnvMultiLineSecrets(t *testing.T) {
	dir := policyDir(t, leakPolicy)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "env.txt"), []byte(multiLineEnv), 0o644))
	secretLines := []string{"second-part:hunter2=more", "dGFpbC1vZi1wdw==", `"auths":{"registry.example.com":{"auth":"ZGVwbG95OnMzY3IzdC1kb2NrZXItcGFzcw=="}}`}
	secretLines = append(secretLines, strings.Split(base64Wrapped, "\n")...)
	for _, task := range []string{"deploy", "shell"} {
		outs := explainOutputs(t, dir, nil, task, "MY_SECRET", "DOCKER_AUTH_CONFIG", "SERVICE_ACCOUNT_SECRET")
		for what, out := range outs {
			for _, l := range secretLines {
				assertNoPart(t, out, l, task+" "+what)
			}
			assert.NotContains(t, out, "hunter2", "%s %s", task, what)
		}
		if task == "deploy" {
			assert.Equal(t, `# task "deploy" (isolated) of policy.yaml, from env.txt (4 entries)
+ AUTH_HEADER=Bearer              (define)
+ DOCKER_AUTH_CONFIG=<redacted, 84 bytes>  (passThrough DOCKER_AUTH_CONFIG; a secret, kept because the task names it exactly)
+ GREETING=hello                  (define)
+ MY_SECRET=<redacted, 52 bytes>  (passThrough MY_SECRET; a secret, kept because the task names it exactly)
+ SERVICE_ACCOUNT_SECRET=<redacted, 214 bytes>  (passThrough SERVICE_ACCOUNT_SECRET; a secret, kept because the task names it exactly)
- EDITOR                          (not declared)
? MY_CONFIG                       (passThrough MY_CONFIG: not in the environment)
# 5 passed, 1 left out, 1 named in passThrough but not set
`, outs["text"])
		}
	}
}

// TestExplainEscapesNames: a name that holds a control character (a
// newline, a terminal escape, DEL, a C1 control) or another character
// that does not print prints escaped, in text, -why, the all-tasks view
// and audit, and -json stays valid JSON with every such character
// escaped (the third leak case of issue 29).
func TestExplainEscapesNames(t *testing.T) {
	dir := policyDir(t, leakPolicy)
	env := []string{"PATH=/usr/bin", "A\nB=1", "\x1b[31mRED\x1b[0m=2", "DEL\x7f=3", "C1\u009b2J=4", "RLO\u202eX=5", "\x1b[2J_PASS=6", "EDITOR=vi"}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "env.txt"), []byte(strings.Join(env, "\x00")), 0o644))
	outs := explainOutputs(t, dir, env, "shell", "A\nB", "\x1b[31mRED\x1b[0m")
	for what, out := range outs {
		assert.False(t, strings.ContainsFunc(out, func(r rune) bool { return r != '\n' && !unicode.IsPrint(r) }),
			"%s prints a character that does not print:\n%q", what, out)
		assert.NotContains(t, out, "A\nB", what)
	}
	assert.Contains(t, outs["text"], "+ \"A\\nB\"=1 ")
	assert.Contains(t, outs["text"], "+ \"\\x1b[31mRED\\x1b[0m\"=2 ")
	assert.Contains(t, outs["text"], "+ \"DEL\\x7f\"=3 ")
	assert.Contains(t, outs["text"], "+ \"C1\\u009b2J\"=4 ")
	assert.Contains(t, outs["text"], "+ \"RLO\\u202eX\"=5 ")
	assert.Contains(t, outs["why"], "+ \"A\\nB\"=1  (inherited)\n\"A\\nB\" reaches task \"shell\": ")
	assert.Contains(t, outs["all tasks"], "\"A\\nB\" ")
	assert.Contains(t, outs["audit"], "shell: \"\\x1b[2J_PASS\": passed, but its name looks like a credential (PASS)")
	names := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSuffix(outs["json"], "\n"), "\n") {
		var rec explainRecord
		require.NoError(t, json.Unmarshal([]byte(l), &rec), l)
		names[rec.Name] = true
	}
	for _, e := range env {
		name, _, _ := strings.Cut(e, "=")
		assert.True(t, names[name], "-json lost the name %q", name)
	}

	// -why for a name not in the environment, given with a control
	// character on the command line.
	code, stdout, stderr := runCLI(t, dir, "", "explain", "-env", "env.txt", "policy.yaml", "shell", "-why", "NO\x1bPE")
	require.Equal(t, 0, code, stderr)
	assert.True(t, strings.HasPrefix(stdout, "\"NO\\x1bPE\" is not in the environment"), stdout)
}

// TestEscapeJSON: each character that does not print becomes its \u
// escape (a pair of them past U+FFFF), and the line means the same.
func TestEscapeJSON(t *testing.T) {
	for _, name := range []string{"PLAIN", "DEL\x7f", "C1\u009b", "RLO\u202e", "TAG\U000e0001", "é→✓"} {
		line, err := json.Marshal(map[string]string{"name": name})
		require.NoError(t, err)
		escaped := escapeJSON(line)
		assert.False(t, strings.ContainsFunc(string(escaped), func(r rune) bool { return !unicode.IsPrint(r) }), "%q", escaped)
		var back map[string]string
		require.NoError(t, json.Unmarshal(escaped, &back), "%s", escaped)
		assert.Equal(t, name, back["name"])
	}
	assert.Equal(t, `{"name":"TAG\udb40\udc01"}`, string(escapeJSON([]byte("{\"name\":\"TAG\U000e0001\"}"))))
}

// TestExplainEmptySecretHidesNothing: a secret whose value is empty
// makes no other empty value a copy of it.
func TestExplainEmptySecretHidesNothing(t *testing.T) {
	dir := policyDir(t, leakPolicy)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "env.txt"), []byte("GITHUB_TOKEN=\nEMPTY=\nPATH=/usr/bin\n"), 0o644))
	code, stdout, stderr := runCLI(t, dir, "", "explain", "-env", "env.txt", "policy.yaml", "shell")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "+ EMPTY=  ")
	assert.NotContains(t, stdout, "redacted")
}
