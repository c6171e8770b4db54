package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/envgen/envgen/internal/testkit"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// explainPolicy is the policy the explain tests run against.
const explainPolicy = `version: 1
secrets:
  extra: [MY_WALLET_KEY]
presets:
  node:
    passThrough: [NODE_ENV, "NEXT_PUBLIC_*", "!NEXT_PUBLIC_SECRET_*"]
    binPaths: ["{projectDir}/node_modules/.bin"]
tasks:
  build:
    extends: [node]
    passThrough: [NPM_TOKEN, MISSING_VAR]
    define: {CGO_ENABLED: "0", HOME: /build/home, VX_RUN_TASK: "{task}"}
  shell:
    mode: inherit
    dropInjection: true
    passThrough: [GH_TOKEN]
    unset: [HISTFILE, "npm_config_*"]
`

// explainEnviron is the environment the explain tests read, one entry a
// line as -env takes it.
const explainEnviron = `NOEQUALS
PATH=/usr/bin:/bin
HOME=/home/dev
HOME=/home/other
NODE_ENV=production
NPM_TOKEN=npm_s3cr3tvalue
NEXT_PUBLIC_API=https://api.test
NEXT_PUBLIC_SECRET_KEY=k
NEXT_PUBLIC_DEPLOY_TOKEN=t
GITHUB_TOKEN=ghp_parent
GH_TOKEN=gho_kept
MY_WALLET_KEY=w
HISTFILE=/home/dev/.history
npm_config_cache=/cache
LD_PRELOAD=/evil.so
MULTI=line one
EDITOR=vi
`

// explainDir returns a directory holding policy.yaml and environ.txt.
func explainDir(t *testing.T) string {
	t.Helper()
	dir := policyDir(t, explainPolicy)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "environ.txt"), []byte(explainEnviron), 0o644))
	return dir
}

func TestExplainIsolated(t *testing.T) {
	dir := explainDir(t)
	code, stdout, stderr := runCLI(t, dir, "", "explain", "policy.yaml", "build",
		"-env", "environ.txt", "-param", "projectDir=/src/app", "-set", "EXTRA=1", "-unset", "CGO_ENABLED")
	require.Equal(t, 0, code, stderr)
	assert.Empty(t, stderr)
	assert.Equal(t, `# task "build" (isolated) of policy.yaml, from environ.txt (16 entries)
# params: task= (not given: empty), projectDir=/src/app
# override: -set EXTRA=1
# override: -unset CGO_ENABLED
# line 1: not NAME=value (8 bytes, not shown)
+ EXTRA=1                           (override: -set)
+ HOME=/build/home                  (define, over essential)
+ NEXT_PUBLIC_API=https://api.test  (passThrough pattern NEXT_PUBLIC_*)
+ NODE_ENV=production               (passThrough NODE_ENV)
+ NPM_TOKEN=<redacted, 15 bytes>    (passThrough NPM_TOKEN; a secret, kept because the task names it exactly)
+ PATH=/src/app/node_modules/.bin:/usr/bin:/bin  (binPaths in front of PATH, over essential)
+ VX_RUN_TASK=                      (define)
- CGO_ENABLED                       (unset by the call)
- EDITOR                            (not declared)
- GH_TOKEN                          (not declared)
- GITHUB_TOKEN                      (not declared)
- HISTFILE                          (not declared)
- HOME                              (duplicate of an earlier entry)
- LD_PRELOAD                        (not declared)
- MULTI                             (not declared)
- MY_WALLET_KEY                     (not declared)
- NEXT_PUBLIC_DEPLOY_TOKEN          (secret: matches *_TOKEN)
- NEXT_PUBLIC_SECRET_KEY            (negated: !NEXT_PUBLIC_SECRET_*)
- npm_config_cache                  (not declared)
? MISSING_VAR                       (passThrough MISSING_VAR: not in the environment)
# 7 passed, 12 left out, 1 not NAME=value, 1 named in passThrough but not set
`, stdout)
}

func TestExplainInherit(t *testing.T) {
	dir := explainDir(t)
	code, stdout, stderr := runCLI(t, dir, "", "explain", "-env", "environ.txt", "policy.yaml", "shell")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, `# task "shell" (inherit, dropInjection) of policy.yaml, from environ.txt (16 entries)
# line 1: not NAME=value (8 bytes, not shown)
+ EDITOR=vi                         (inherited)
+ GH_TOKEN=<redacted, 8 bytes>      (passThrough GH_TOKEN; a secret, kept because the task names it exactly)
+ HOME=/home/dev                    (inherited)
+ MULTI=line one                    (inherited)
+ NEXT_PUBLIC_API=https://api.test  (inherited)
+ NODE_ENV=production               (inherited)
+ PATH=/usr/bin:/bin                (inherited)
- GITHUB_TOKEN                      (secret: GITHUB_TOKEN)
- HISTFILE                          (unset: HISTFILE)
- HOME                              (duplicate of an earlier entry)
- LD_PRELOAD                        (injection variable: LD_*)
- MY_WALLET_KEY                     (secret: MY_WALLET_KEY)
- NEXT_PUBLIC_DEPLOY_TOKEN          (secret: matches *_TOKEN)
- NEXT_PUBLIC_SECRET_KEY            (secret: matches *_SECRET_KEY)
- NPM_TOKEN                         (secret: NPM_TOKEN)
- npm_config_cache                  (unset: npm_config_*)
# 7 passed, 9 left out, 1 not NAME=value
`, stdout)

	// Greppable: one name a line, so CI can assert on a name.
	var dropped []string
	for _, l := range strings.Split(stdout, "\n") {
		if name, ok := strings.CutPrefix(l, "- "); ok {
			dropped = append(dropped, strings.Fields(name)[0])
		}
	}
	assert.Contains(t, dropped, "GITHUB_TOKEN")
	assert.NotContains(t, stdout, "ghp_parent", "no secret value is printed")
	assert.NotContains(t, stdout, "gho_kept", "no secret value is printed, kept or not")
	assert.NotContains(t, stdout, "NOEQUALS", "no text of input that is not NAME=value is printed")
}

func TestExplainWhy(t *testing.T) {
	dir := explainDir(t)
	for _, tc := range []struct {
		task, name, want string
	}{
		{"build", "GITHUB_TOKEN", `- GITHUB_TOKEN  (not declared)
GITHUB_TOKEN is left out of task "build": an isolated task passes only the essentials and what its passThrough lists, and neither has it.
It is also a secret (GITHUB_TOKEN), so only its exact name passes it: add GITHUB_TOKEN to the task's passThrough (a pattern would not pass it).
`},
		{"shell", "GITHUB_TOKEN", `- GITHUB_TOKEN  (secret: GITHUB_TOKEN)
GITHUB_TOKEN is left out of task "shell": it is a secret: GITHUB_TOKEN (the built-in list).
To pass it to this task only, list GITHUB_TOKEN exactly in the task's passThrough; to treat it as no secret anywhere, add it to secrets.pass.
`},
		{"shell", "MY_WALLET_KEY", `- MY_WALLET_KEY  (secret: MY_WALLET_KEY)
MY_WALLET_KEY is left out of task "shell": it is a secret: MY_WALLET_KEY (secrets.extra).
To pass it to this task only, list MY_WALLET_KEY exactly in the task's passThrough; to treat it as no secret anywhere, add it to secrets.pass.
`},
		{"build", "NEXT_PUBLIC_DEPLOY_TOKEN", `- NEXT_PUBLIC_DEPLOY_TOKEN  (secret: matches *_TOKEN)
NEXT_PUBLIC_DEPLOY_TOKEN is left out of task "build": it is a secret: it matches *_TOKEN (the built-in list).
To pass it to this task only, list NEXT_PUBLIC_DEPLOY_TOKEN exactly in the task's passThrough; to treat it as no secret anywhere, add it to secrets.pass.
`},
		{"build", "NEXT_PUBLIC_SECRET_KEY", `- NEXT_PUBLIC_SECRET_KEY  (negated: !NEXT_PUBLIC_SECRET_*)
NEXT_PUBLIC_SECRET_KEY is left out of task "build": preset "node"'s passThrough excludes it with !NEXT_PUBLIC_SECRET_*.
A negation wins over everything else in passThrough; remove or narrow !NEXT_PUBLIC_SECRET_* in preset "node"'s passThrough to let the name through.
`},
		{"shell", "npm_config_cache", `- npm_config_cache  (unset: npm_config_*)
npm_config_cache is left out of task "shell": the task's unset drops it (npm_config_*).
To keep it, take npm_config_* out of the task's unset.
`},
		{"shell", "NOEQUALS", `NOEQUALS is not in the environment, so task "shell" does not get it.
If it were set, task "shell" would get it: an inherit task passes every name that is not a secret, unset or an injection variable.
`},
		{"shell", "LD_PRELOAD", `- LD_PRELOAD  (injection variable: LD_*)
LD_PRELOAD is left out of task "shell": the task has dropInjection: true, and it is an injection variable (LD_*).
To hand one over anyway, set it at the call (envrt.Set), or turn dropInjection off.
`},
		{"build", "NPM_TOKEN", `+ NPM_TOKEN=<redacted, 15 bytes>  (passThrough NPM_TOKEN; a secret, kept because the task names it exactly)
NPM_TOKEN reaches task "build": the task's passThrough names it, which keeps it although it is a secret (NPM_TOKEN).
`},
		{"build", "HOME", `+ HOME=/build/home  (define, over essential)
- HOME              (duplicate of an earlier entry)
HOME reaches task "build": the task's define sets it, replacing the value it had as essential.
`},
		{"build", "NEXT_PUBLIC_FLAG", `NEXT_PUBLIC_FLAG is not in the environment, so task "build" does not get it.
If it were set, task "build" would get it: it matches NEXT_PUBLIC_* in preset "node"'s passThrough.
`},
		{"build", "DB_PASSWORD", `DB_PASSWORD is not in the environment, so task "build" does not get it.
If it were set, task "build" would still leave it out: an isolated task passes only the essentials and what its passThrough lists, and neither has it.
It is also a secret (*_PASSWORD), so only its exact name passes it: add DB_PASSWORD to the task's passThrough (a pattern would not pass it).
`},
	} {
		code, stdout, stderr := runCLI(t, dir, "", "explain", "policy.yaml", tc.task, "-env", "environ.txt", "-why", tc.name)
		require.Equal(t, 0, code, stderr)
		assert.Equal(t, tc.want, stdout, "%s -why %s", tc.task, tc.name)
	}
}

func TestExplainEnvSources(t *testing.T) {
	dir := explainDir(t)

	// NUL-separated, as env -0 and /proc/PID/environ write it: values may
	// hold newlines, shown quoted on their one line.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "environ.nul"), []byte("A=1\x00MULTI=line one\nline two\x00GITHUB_TOKEN=x\x00"), 0o644))
	code, stdout, stderr := runCLI(t, dir, "", "explain", "policy.yaml", "shell", "-env", "environ.nul")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, `# task "shell" (inherit, dropInjection) of policy.yaml, from environ.nul (3 entries)
+ A=1                         (inherited)
+ MULTI="line one\nline two"  (inherited)
- GITHUB_TOKEN                (secret: GITHUB_TOKEN)
? GH_TOKEN                    (passThrough GH_TOKEN: not in the environment)
# 2 passed, 1 left out, 1 named in passThrough but not set
`, stdout)

	// Standard input, with CRLF line ends.
	var out, errOut bytes.Buffer
	t.Chdir(dir)
	code = Do([]string{"explain", "policy.yaml", "shell", "-env", "-"}, strings.NewReader("A=1\r\nB=2\r\n"), &out, &errOut, nil)
	require.Equal(t, 0, code, errOut.String())
	assert.Equal(t, `# task "shell" (inherit, dropInjection) of policy.yaml, from standard input (2 entries)
+ A=1       (inherited)
+ B=2       (inherited)
? GH_TOKEN  (passThrough GH_TOKEN: not in the environment)
# 2 passed, 0 left out, 1 named in passThrough but not set
`, out.String())

	// Without -env: this process's environment.
	t.Setenv("ENVGEN_EXPLAIN_TEST", "here")
	code, stdout, stderr = runCLI(t, dir, "", "explain", "policy.yaml", "shell", "-why", "ENVGEN_EXPLAIN_TEST")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, "+ ENVGEN_EXPLAIN_TEST=here  (inherited)\nENVGEN_EXPLAIN_TEST reaches task \"shell\": an inherit task passes every name that is not a secret, unset or an injection variable.\nTo drop it from this task only, add ENVGEN_EXPLAIN_TEST to the task's unset; to treat it as a secret in every task, add it to secrets.extra.\n", stdout)
}

func TestExplainErrors(t *testing.T) {
	dir := explainDir(t)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "bad.yaml"), []byte("version: 1\ntasks:\n  x: {mode: sometimes, extends: [nope]}\n"), 0o644))
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string // a substring
	}{
		{[]string{"bad.yaml", "x"}, 1, "bad.yaml:3:13: task \"x\": mode \"sometimes\": want isolated or inherit\nbad.yaml:3:34: task \"x\": extends unknown preset \"nope\" (the policy has no presets:)\n"},
		{[]string{"missing.yaml", "x"}, 1, "envgen explain: open missing.yaml: "},
		{[]string{"policy.yaml", "node"}, 1, "envgen explain: policy.yaml has no task \"node\" (tasks: build, shell)\n"},
		{[]string{"policy.yaml", "shell", "-env", "nope.txt"}, 1, "envgen explain: open nope.txt: "},
		{nil, 2, "envgen explain: no policy file\nrun envgen explain -h for usage\n"},
		{[]string{"policy.yaml", "-param", "nope=1"}, 2, "envgen explain: -param nope: no task has a parameter {nope}\n"},
		{[]string{"policy.yaml", "build", "extra"}, 2, "want a policy file and a task; got 3 arguments"},
		{[]string{"policy.yaml", "build", "-bogus"}, 2, "flag provided but not defined: -bogus"},
		{[]string{"policy.yaml", "build", "-param", "projectDir"}, 2, `invalid value "projectDir" for flag -param: want NAME=VALUE`},
		{[]string{"policy.yaml", "build", "-param", "home=/x"}, 2, `-param home: task "build" has no parameter {home} (its parameters: task, projectDir)`},
		{[]string{"policy.yaml", "shell", "-param", "a=1"}, 2, `task "shell" has no parameter {a} (it has no parameters)`},
		{[]string{"policy.yaml", "build", "-set", "NOVALUE"}, 2, `invalid value "NOVALUE" for flag -set: want NAME=VALUE`},
	} {
		code, stdout, stderr := runCLI(t, dir, "", append([]string{"explain"}, tc.args...)...)
		assert.Equal(t, tc.code, code, "%v: %s", tc.args, stderr)
		assert.Empty(t, stdout, "%v", tc.args)
		assert.Contains(t, stderr, tc.stderr, "%v", tc.args)
	}

	code, stdout, _ := runCLI(t, dir, "", "explain", "-h")
	assert.Equal(t, 0, code)
	assert.Contains(t, stdout, "-why NAME")
}

// TestExplainBinary runs the envgen command itself, as a user's shell
// would: the environment it inherits, and one piped in.
func TestExplainBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the envgen command; skipped with -short")
	}
	goTool := testkit.GoCommand(t)
	exe := filepath.Join(t.TempDir(), "envgen")
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	build := exec.Command(goTool, "build", "-o", exe, "../../cmd/envgen")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)
	dir := explainDir(t)

	cmd := exec.Command(exe, "explain", "policy.yaml", "shell")
	cmd.Dir = dir
	cmd.Env = []string{"GITHUB_TOKEN=ghp_parent", "EDITOR=vi", "HISTFILE=/h"}
	out, err = cmd.Output()
	require.NoError(t, err)
	assert.Equal(t, `# task "shell" (inherit, dropInjection) of policy.yaml, from this process's environment (3 entries)
+ EDITOR=vi     (inherited)
- GITHUB_TOKEN  (secret: GITHUB_TOKEN)
- HISTFILE      (unset: HISTFILE)
? GH_TOKEN      (passThrough GH_TOKEN: not in the environment)
# 1 passed, 2 left out, 1 named in passThrough but not set
`, string(out))

	cmd = exec.Command(exe, "explain", "-env", "-", "-why", "GITHUB_TOKEN", "policy.yaml", "shell")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(explainEnviron)
	out, err = cmd.Output()
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(out), "- GITHUB_TOKEN  (secret: GITHUB_TOKEN)\n"), "%s", out)

	cmd = exec.Command(exe, "explain", "policy.yaml", "nope")
	cmd.Dir = dir
	err = cmd.Run()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	assert.Equal(t, 1, exit.ExitCode())

	// env > env.txt and env -0 > env.nul of a shell holding PEM keys, as
	// the user's own env program writes them.
	envTool, err := exec.LookPath("env")
	if err != nil {
		t.Log("no env program: skipping env > env.txt")
		return
	}
	for file, flags := range map[string][]string{"env.txt": nil, "env.nul": {"-0"}} {
		dump := exec.Command(envTool, flags...)
		dump.Env = []string{"EDITOR=vi", "SSH_KEY=" + sshKey, "DEPLOY_PRIVATE_KEY=" + deployKey, "PAGER=less"}
		out, err = dump.Output()
		if err != nil && flags != nil {
			t.Logf("env -0 failed (%v): not every env has -0", err)
			continue
		}
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, file), out, 0o644))
		cmd = exec.Command(exe, "explain", "-env", file, "policy.yaml", "shell")
		cmd.Dir = dir
		out, err = cmd.Output()
		require.NoError(t, err)
		assert.Equal(t, `# task "shell" (inherit, dropInjection) of policy.yaml, from `+file+` (4 entries)
+ EDITOR=vi           (inherited)
+ PAGER=less          (inherited)
- DEPLOY_PRIVATE_KEY  (secret: matches *_PRIVATE_KEY)
- SSH_KEY             (secret by value: value holds a PEM private key)
? GH_TOKEN            (passThrough GH_TOKEN: not in the environment)
# 2 passed, 2 left out, 1 named in passThrough but not set
`, string(out), file)
	}
}

// TestExplainSecretSource names where a secret comes from: the built-in
// list only while secrets.builtin is on.
func TestExplainSecretSource(t *testing.T) {
	dir := policyDir(t, "version: 1\nsecrets: {builtin: false, extra: [GITHUB_TOKEN]}\ntasks: {sh: {mode: inherit}}\n")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "environ.txt"), []byte("GITHUB_TOKEN=x\nNPM_TOKEN=y\n"), 0o644))
	code, stdout, stderr := runCLI(t, dir, "", "explain", "policy.yaml", "sh", "-env", "environ.txt", "-why", "GITHUB_TOKEN")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "it is a secret: GITHUB_TOKEN (secrets.extra).\n")
	code, stdout, stderr = runCLI(t, dir, "", "explain", "policy.yaml", "sh", "-env", "environ.txt", "-why", "NPM_TOKEN")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, "+ NPM_TOKEN=y  (inherited)\nNPM_TOKEN reaches task \"sh\": an inherit task passes every name that is not a secret, unset or an injection variable.\nTo drop it from this task only, add NPM_TOKEN to the task's unset; to treat it as a secret in every task, add it to secrets.extra.\n", stdout, "with the built-in list off, NPM_TOKEN is no secret")
}

// TestExplainInjectionIsolated: in an isolated task, dropInjection drops
// an essential that is an injection variable, and the hint names the
// exact passThrough name that would pass it.
func TestExplainInjectionIsolated(t *testing.T) {
	dir := policyDir(t, "version: 1\ntasks: {build: {dropInjection: true}}\n")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "environ.txt"), []byte("NODE_OPTIONS=--require=/evil.js\nHOME=/h\n"), 0o644))
	code, stdout, stderr := runCLI(t, dir, "", "explain", "policy.yaml", "build", "-env", "environ.txt", "-why", "NODE_OPTIONS")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, `- NODE_OPTIONS  (injection variable: NODE_OPTIONS)
NODE_OPTIONS is left out of task "build": the task has dropInjection: true, and it is an injection variable (NODE_OPTIONS).
To hand it over anyway, list NODE_OPTIONS exactly in the task's passThrough, set it at the call (envrt.Set), or turn dropInjection off.
`, stdout)
}

// TestExplainDoc runs every `$ go tool envgen explain …` sample of
// docs/explain.md, with the policy and env.txt shown there, and
// compares what it prints with what the README shows under it.
func TestExplainDoc(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the samples show POSIX output (PATH's ':' separator)")
	}
	page, err := os.ReadFile(filepath.Join("..", "..", "docs", "explain.md"))
	require.NoError(t, err)
	section := testkit.MarkdownSection("\n"+string(page), "# envgen explain")
	require.NotEmpty(t, section, "docs/explain.md has no # envgen explain section")
	dir := t.TempDir()
	var files, samples int
	for _, b := range testkit.CodeBlocks(section) {
		switch {
		case b.Lang == "yaml":
			files++
			require.NoError(t, os.WriteFile(filepath.Join(dir, "envpolicy.yaml"), []byte(b.Text), 0o644))
		case b.Lang == "text":
			files++
			require.NoError(t, os.WriteFile(filepath.Join(dir, "env.txt"), []byte(b.Text), 0o644))
		case b.Lang == "json":
			require.NoError(t, os.WriteFile(filepath.Join(dir, "settings.json"), []byte(b.Text), 0o644))
		}
	}
	require.Equal(t, 2, files, "the section shows one policy (yaml) and one env.txt (text)")
	for _, b := range testkit.CodeBlocks(section) {
		if !strings.HasPrefix(b.Text, "$ go tool envgen explain ") {
			continue
		}
		for _, sample := range strings.Split(b.Text, "\n\n") {
			command, want, _ := strings.Cut(sample, "\n")
			if !strings.HasSuffix(want, "\n") {
				want += "\n"
			}
			args := strings.Fields(strings.TrimPrefix(command, "$ go tool envgen "))
			code, stdout, stderr := runCLI(t, dir, "", args...)
			require.Equal(t, 0, code, "%s: %s", command, stderr)
			assert.Equal(t, want, stdout, command)
			samples++
		}
	}
	assert.Equal(t, 9, samples, "the explain samples of docs/explain.md")
}

// secretBuiltPolicy has defines and binPaths built from secrets: exempted
// by the task (GITHUB_TOKEN, github_token, MY_WALLET_KEY) or by
// secrets.pass (SLEUTH_API_KEY), which is still a secret for explain.
const secretBuiltPolicy = `version: 1
secrets: {extra: [MY_WALLET_KEY], pass: [SLEUTH_API_KEY]}
tasks:
  deploy:
    passThrough: [GITHUB_TOKEN, github_token, MY_WALLET_KEY]
    define:
      GIT_AUTH: "Bearer ${GITHUB_TOKEN}"
      LOWER: "t=${github_token}"
      WALLET_URL: "https://pay.test/?k=${MY_WALLET_KEY}"
      SLEUTH: "${SLEUTH_API_KEY}"
      GREETING: "hi ${USER}"
    binPaths: ["{projectDir}/bin", "/opt/${GITHUB_TOKEN}/bin"]
  pathdef:
    passThrough: [GITHUB_TOKEN]
    define: {PATH: "/x/${GITHUB_TOKEN}"}
    binPaths: [/plain/bin]
`

// secretBuiltEnviron holds the secrets secretBuiltPolicy's values copy.
const secretBuiltEnviron = `PATH=/usr/bin
GITHUB_TOKEN=ghp_0123456789abcdef
github_token=lower-s3cret
MY_WALLET_KEY=wallet-s3cret
SLEUTH_API_KEY=sleuth-s3cret
USER=dev
`

// secretBuiltValues are the secret values of secretBuiltEnviron.
var secretBuiltValues = []string{"ghp_0123456789abcdef", "lower-s3cret", "wallet-s3cret", "sleuth-s3cret"}

// TestExplainRedactsValuesBuiltFromSecrets: a define or a binPaths
// directory that copies a secret (${NAME} with NAME a secret by the
// policy's lists, in any ASCII case, exempted or not) is shown by length
// only, and so is the PATH binPaths build from it; values built from
// other names are shown.
func TestExplainRedactsValuesBuiltFromSecrets(t *testing.T) {
	dir := policyDir(t, secretBuiltPolicy)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "environ.txt"), []byte(secretBuiltEnviron), 0o644))
	run := func(args ...string) string {
		t.Helper()
		code, stdout, stderr := runCLI(t, dir, "", append([]string{"explain", "-env", "environ.txt", "policy.yaml"}, args...)...)
		require.Equal(t, 0, code, stderr)
		for _, v := range secretBuiltValues {
			assert.NotContains(t, stdout, v, "%v prints a secret's value", args)
		}
		return stdout
	}

	assert.Equal(t, `# task "deploy" (isolated) of policy.yaml, from environ.txt (6 entries)
# params: projectDir=/src
+ GITHUB_TOKEN=<redacted, 20 bytes>   (passThrough GITHUB_TOKEN; a secret, kept because the task names it exactly)
+ GIT_AUTH=<redacted, 27 bytes>       (define; built from ${GITHUB_TOKEN}, a secret)
+ GREETING=hi dev                     (define)
+ LOWER=<redacted, 14 bytes>          (define; built from ${github_token}, a secret)
+ MY_WALLET_KEY=<redacted, 13 bytes>  (passThrough MY_WALLET_KEY; a secret, kept because the task names it exactly)
+ PATH=<redacted, 47 bytes>           (binPaths in front of PATH, over essential; built from ${GITHUB_TOKEN}, a secret)
+ SLEUTH=<redacted, 13 bytes>         (define; built from ${SLEUTH_API_KEY}, a secret)
+ USER=dev                            (essential)
+ WALLET_URL=<redacted, 33 bytes>     (define; built from ${MY_WALLET_KEY}, a secret)
+ github_token=<redacted, 12 bytes>   (passThrough github_token; a secret, kept because the task names it exactly)
- SLEUTH_API_KEY                      (not declared)
# 10 passed, 1 left out
`, run("deploy", "-param", "projectDir=/src"))

	assert.Equal(t, `+ GIT_AUTH=<redacted, 27 bytes>  (define; built from ${GITHUB_TOKEN}, a secret)
GIT_AUTH reaches task "deploy": the task's define sets it.
`, run("deploy", "-param", "projectDir=/src", "-why", "GIT_AUTH"))

	assert.Equal(t, `+ PATH=<redacted, 47 bytes>  (binPaths in front of PATH, over essential; built from ${GITHUB_TOKEN}, a secret)
PATH reaches task "deploy": the task's binPaths put directories in front of it (its value before that: essential).
`, run("deploy", "-param", "projectDir=/src", "-why", "PATH"))

	// binPaths in front of a define built from a secret.
	assert.Contains(t, run("pathdef"), "+ PATH=<redacted, 34 bytes>          (binPaths in front of PATH, over define; built from ${GITHUB_TOKEN}, a secret)\n")

	// A value the call sets replaces the secret one: it is shown, as
	// every -set value of a name that is no secret.
	out := run("deploy", "-set", "GIT_AUTH=Basic plain")
	assert.Contains(t, out, "# override: -set GIT_AUTH=Basic plain\n")
	assert.Contains(t, out, "+ GIT_AUTH=Basic plain                (override: -set, over define)\n")
}

// deployKey is an encrypted PEM key as a shell holds it after
// DEPLOY_PRIVATE_KEY="$(cat key.pem)": header lines, a blank line, and
// base64 lines that end in '=' padding (which, alone, would read as
// NAME=value).
const deployKey = "-----BEGIN RSA PRIVATE KEY-----\n" +
	"Proc-Type: 4,ENCRYPTED\n" +
	"DEK-Info: AES-128-CBC,0123456789ABCDEF\n" +
	"\n" +
	"TUlJRW93SUJBQUtDQVFFQTNzZWNyZXRfYm9keV9saW5lX29uZQ==\n" +
	"c2Vjb25kX2xpbmU=\n" +
	"-----END RSA PRIVATE KEY-----"

// sshKey is a PEM key under a name that is no secret.
const sshKey = "-----BEGIN OPENSSH PRIVATE KEY-----\n" +
	"b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n" +
	"QyNTUxOQAAACBpbGx1c3RyYXRpdmVfa2V5X25vdF9yZWFs==\n" +
	"-----END OPENSSH PRIVATE KEY-----"

// deployKeyParts are pieces of deployKey that explain must never print.
var deployKeyParts = []string{"Proc-Type", "DEK-Info", "TUlJRW93", "c2Vjb25k", "BEGIN RSA", "END RSA"}

// TestExplainEnvMultiLine reads the environment as `env > env.txt`
// writes it, with multi-line values: every line that does not start an
// entry belongs to the value before it, so a PEM key is one value, of
// one name, and no line of it is listed as an entry of its own.
func TestExplainEnvMultiLine(t *testing.T) {
	dir := policyDir(t, explainPolicy+"  keys:\n    passThrough: [DEPLOY_PRIVATE_KEY, SSH_KEY]\n")
	envText := "EDITOR=vi\nSSH_KEY=" + sshKey + "\nDEPLOY_PRIVATE_KEY=" + deployKey + "\nPAGER=less\n"
	envNUL := "EDITOR=vi\x00SSH_KEY=" + sshKey + "\x00DEPLOY_PRIVATE_KEY=" + deployKey + "\x00PAGER=less\x00"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "env.txt"), []byte(envText), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "env.nul"), []byte(envNUL), 0o644))
	for _, file := range []string{"env.txt", "env.nul"} {
		code, stdout, stderr := runCLI(t, dir, "", "explain", "-env", file, "policy.yaml", "shell")
		require.Equal(t, 0, code, stderr)
		assert.Equal(t, `# task "shell" (inherit, dropInjection) of policy.yaml, from `+file+` (4 entries)
+ EDITOR=vi           (inherited)
+ PAGER=less          (inherited)
- DEPLOY_PRIVATE_KEY  (secret: matches *_PRIVATE_KEY)
- SSH_KEY             (secret by value: value holds a PEM private key)
? GH_TOKEN            (passThrough GH_TOKEN: not in the environment)
# 2 passed, 2 left out, 1 named in passThrough but not set
`, stdout, file)

		// A secret by value that the task names exactly: kept, the whole
		// key one value, redacted.
		code, stdout, stderr = runCLI(t, dir, "", "explain", "-env", file, "policy.yaml", "keys", "-why", "SSH_KEY")
		require.Equal(t, 0, code, stderr)
		assert.Equal(t, fmt.Sprintf(`+ SSH_KEY=<redacted, %d bytes>  (passThrough SSH_KEY; its value holds a PEM private key, kept because the task names it exactly)
SSH_KEY reaches task "keys": the task's passThrough names it, which keeps it although its value holds a PEM private key.
`, len(sshKey)), stdout, file)

		// Kept on purpose, the key is one value, redacted whole.
		code, stdout, stderr = runCLI(t, dir, "", "explain", "-env", file, "policy.yaml", "keys", "-why", "DEPLOY_PRIVATE_KEY")
		require.Equal(t, 0, code, stderr)
		assert.Equal(t, fmt.Sprintf(`+ DEPLOY_PRIVATE_KEY=<redacted, %d bytes>  (passThrough DEPLOY_PRIVATE_KEY; a secret, kept because the task names it exactly)
DEPLOY_PRIVATE_KEY reaches task "keys": the task's passThrough names it, which keeps it although it is a secret (*_PRIVATE_KEY).
`, len(deployKey)), stdout, file)

		for _, task := range []string{"shell", "keys", "build"} {
			code, stdout, stderr = runCLI(t, dir, "", "explain", "-env", file, "policy.yaml", task)
			require.Equal(t, 0, code, stderr)
			for _, part := range deployKeyParts {
				assert.NotContains(t, stdout, part, "%s %s prints part of the key", file, task)
			}
		}
	}
}

// TestExplainEnvNotAnEntry: input that is not NAME=value (lines before
// the first entry, a NUL-separated piece without '=', an entry of the
// process's own environment without '=') is reported by where it is and
// its length, never by its text.
func TestExplainEnvNotAnEntry(t *testing.T) {
	dir := explainDir(t)
	run := func(stdin string, environ []string, args ...string) string {
		t.Helper()
		var out, errOut bytes.Buffer
		code := Do(append([]string{"explain", "policy.yaml", "shell"}, args...), strings.NewReader(stdin), &out, &errOut, environ)
		require.Equal(t, 0, code, errOut.String())
		assert.NotContains(t, out.String(), "s3cret", "prints the text of input that is not an entry")
		return out.String()
	}
	t.Chdir(dir)

	assert.Equal(t, `# task "shell" (inherit, dropInjection) of policy.yaml, from standard input (1 entries)
# lines 1-2: not NAME=value (40 bytes, not shown)
+ EDITOR=vi  (inherited)
? GH_TOKEN   (passThrough GH_TOKEN: not in the environment)
# 1 passed, 0 left out, 1 not NAME=value, 1 named in passThrough but not set
`, run("s3cret tail of a value\nmore of it s3cret\nEDITOR=vi\n", nil, "-env", "-"))

	assert.Equal(t, `# task "shell" (inherit, dropInjection) of policy.yaml, from standard input (2 entries)
# entry 2: not NAME=value (11 bytes, not shown)
# entry 4: not NAME=value (7 bytes, not shown)
+ A=1       (inherited)
+ B=2       (inherited)
? GH_TOKEN  (passThrough GH_TOKEN: not in the environment)
# 2 passed, 0 left out, 2 not NAME=value, 1 named in passThrough but not set
`, run("A=1\x00NOEQ_s3cret\x00B=2\x00=s3cret\x00", nil, "-env", "-"))

	assert.Equal(t, `# task "shell" (inherit, dropInjection) of policy.yaml, from this process's environment (2 entries)
# entry 2: not NAME=value (11 bytes, not shown)
+ A=1       (inherited)
+ B=2       (inherited)
? GH_TOKEN  (passThrough GH_TOKEN: not in the environment)
# 2 passed, 0 left out, 1 not NAME=value, 1 named in passThrough but not set
`, run("", []string{"A=1", "NOEQ_s3cret", "B=2"}))

	// -why does not list them, even asked for their text.
	var out, errOut bytes.Buffer
	code := Do([]string{"explain", "policy.yaml", "shell", "-why", "NOEQ_s3cret"}, nil, &out, &errOut, []string{"A=1", "NOEQ_s3cret"})
	require.Equal(t, 0, code, errOut.String())
	assert.Equal(t, `NOEQ_s3cret is not in the environment, so task "shell" does not get it.
If it were set, task "shell" would get it: an inherit task passes every name that is not a secret, unset or an injection variable.
`, out.String())
}

// dockerAuthEnv is a Docker auth config as env writes it when the value
// holds newlines: JSON lines whose text before the first '=' (base64
// padding) has no space, then the next entry.
const dockerAuthEnv = "DOCKER_AUTH_CONFIG=" + dockerAuthConfig + "\nEDITOR=vi\n"

// dockerAuthConfig is the value of DOCKER_AUTH_CONFIG in dockerAuthEnv.
const dockerAuthConfig = "{\n" +
	`"auths":{"registry.example.com":{"auth":"ZGVwbG95OnMzY3IzdC1kb2NrZXItcGFzcw=="}}` + "\n" +
	"}"

// base64Wrapped is base64 as base64(1) wraps it, 76 bytes a line, whose
// last line, padded, reads NAME= on its own.
const base64Wrapped = "eyJ0eXBlIjoic2VydmljZV9hY2NvdW50IiwicHJpdmF0ZV9rZXlfaWQiOiJhYmMxMCIsInByaXZh\n" +
	"dGVfa2V5IjoiLS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tXG5NSUlFdlFJQkFEQU5CZ2txaGtp\n" +
	"Rzl3MEJBUUVGQUFTQ0JLY3dnZ1NqQWdFQUFvSUJBUUM3c2VjcmV0XG4ifQ=="

// TestReadEnviron: how -env input becomes entries. One entry per line,
// where a line that does not start NAME= with NAME a name (or a built-in
// essential such as ProgramFiles(x86)) continues the value before it;
// inside an open -----BEGIN block a line of base64 continues it too, and
// so does the padded last line of wrapped base64. NUL-separated input is
// split on NUL only, as exec would see it.
func TestReadEnviron(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		entries  []string
		bad      []badInput
	}{
		{"lines", "A=1\nB=2\n", []string{"A=1", "B=2"}, nil},
		{"no final newline", "A=1\nB=2", []string{"A=1", "B=2"}, nil},
		{"CRLF", "A=1\r\nB=x\r\n", []string{"A=1", "B=x"}, nil},
		{"empty", "", nil, nil},
		{"empty value", "A=\nB=2\n", []string{"A=", "B=2"}, nil},
		{"continuation", "MSG=hello\nworld\n  indented = yes\nB=2\n", []string{"MSG=hello\nworld\n  indented = yes", "B=2"}, nil},
		{"blank lines inside a value are kept, trailing ones not", "MSG=a\n\nb\n\n\nB=2\n\n", []string{"MSG=a\n\nb", "B=2"}, nil},
		{"a line starting with '=' continues", "A=1\n=== title ===\n", []string{"A=1\n=== title ==="}, nil},
		{"a tab before '=' continues", "A=1\n\tx=2\n", []string{"A=1\n\tx=2"}, nil},
		{"Windows names start entries", "ProgramFiles(x86)=C:\\Program Files (x86)\nA=1\n", []string{"ProgramFiles(x86)=C:\\Program Files (x86)", "A=1"}, nil},
		{"a line whose text before '=' is no name continues", "MY_SECRET=first\nsecond-part:hunter2=more\n1X=2\nB=2\n", []string{"MY_SECRET=first\nsecond-part:hunter2=more\n1X=2", "B=2"}, nil},
		{"JSON lines continue", dockerAuthEnv, []string{"DOCKER_AUTH_CONFIG=" + dockerAuthConfig, "EDITOR=vi"}, nil},
		{"a control byte or space in the name continues", "A=1\nB\x1bC=2\nD E=3\n", []string{"A=1\nB\x1bC=2\nD E=3"}, nil},
		{"other names outside the syntax continue", "A=1\nCommonProgramFiles(x86)=C:\\x\nPROGRAMFILES(X86)=C:\\y\n", []string{"A=1\nCommonProgramFiles(x86)=C:\\x", "PROGRAMFILES(X86)=C:\\y"}, nil},
		{"wrapped base64 keeps its padded last line", "K=" + base64Wrapped + "\nB=2\n", []string{"K=" + base64Wrapped, "B=2"}, nil},
		{"a 64-digit hex digest is no wrapped base64", "SUM=" + strings.Repeat("0123456789abcdef", 4) + "\nABC=\n", []string{"SUM=" + strings.Repeat("0123456789abcdef", 4), "ABC="}, nil},
		{"a line of base64 padded with == continues", "K=c2hvcnQ\nc2VjcmV0cGFydA==\nB=2\n", []string{"K=c2hvcnQ\nc2VjcmV0cGFydA==", "B=2"}, nil},
		{"padded with one '=' after a short line, it starts an entry", "K=c2hvcnQ\nc2VjcmV0cGFydDE=\n", []string{"K=c2hvcnQ", "c2VjcmV0cGFydDE="}, nil},
		{"NAME== is an entry when it starts the input", "AB==\n", []string{"AB=="}, nil},
		// The documented choice: a line of a value that reads NAME=value
		// starts an entry, since env's output cannot tell them apart.
		{"a value line that reads NAME=value", "CONF=a=1\nb=2\n", []string{"CONF=a=1", "b=2"}, nil},
		{"PEM", "K=-----BEGIN X-----\nAAAA==\nBB=\n-----END X-----\nB=2\n", []string{"K=-----BEGIN X-----\nAAAA==\nBB=\n-----END X-----", "B=2"}, nil},
		{"PGP armor checksum", "K=-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQdG\n=Xy1z\n-----END PGP PRIVATE KEY BLOCK-----\n", []string{"K=-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQdG\n=Xy1z\n-----END PGP PRIVATE KEY BLOCK-----"}, nil},
		{"after END, base64 that reads NAME= is an entry", "K=-----BEGIN X-----\nAA\n-----END X-----\nAB=\n", []string{"K=-----BEGIN X-----\nAA\n-----END X-----", "AB="}, nil},
		{"an unterminated block ends at a line that is no base64", "K=-----BEGIN X-----\nAAAA\nGITHUB_TOKEN=ghp_x\n", []string{"K=-----BEGIN X-----\nAAAA", "GITHUB_TOKEN=ghp_x"}, nil},
		{"two keys in one value", "K=-----BEGIN X-----\nAA=\n-----END X-----\n-----BEGIN Y-----\nBB=\n-----END Y-----\n", []string{"K=-----BEGIN X-----\nAA=\n-----END X-----\n-----BEGIN Y-----\nBB=\n-----END Y-----"}, nil},
		{"lines before the first entry", "\n\nfrag one\nfrag two\n\nA=1\n", []string{"A=1"}, []badInput{{"lines 3-4", 17}}},
		{"a PEM tail before the first entry", "-----BEGIN X-----\nAA==\n-----END X-----\nA=1\n", []string{"A=1"}, []badInput{{"lines 1-3", 38}}},
		{"one line before the first entry", "=C:=C:\\x\nA=1\n", []string{"A=1"}, []badInput{{"line 1", 8}}},
		{"NUL", "A=1\x00M=a\nb\x00\x00NOEQ\x00=x\x00=C:=C:\\x\x00B=2\r\x00", []string{"A=1", "M=a\nb", "=C:=C:\\x", "B=2\r"}, []badInput{{"entry 3", 4}, {"entry 4", 2}}},
		{"NUL, no final NUL", "A=1\x00B=2", []string{"A=1", "B=2"}, nil},
	} {
		got, err := readEnviron(strings.NewReader(tc.in))
		require.NoError(t, err, tc.name)
		assert.Equal(t, tc.entries, got.Entries, tc.name)
		assert.Equal(t, tc.bad, got.Bad, tc.name)
	}
}

// TestExplainWhyRepeated: each -why gets its answer, in the order given,
// with one blank line between.
func TestExplainWhyRepeated(t *testing.T) {
	dir := explainDir(t)
	_, one, _ := runCLI(t, dir, "", "explain", "policy.yaml", "build", "-env", "environ.txt", "-why", "NPM_TOKEN")
	_, two, _ := runCLI(t, dir, "", "explain", "policy.yaml", "build", "-env", "environ.txt", "-why", "HOME")
	code, both, stderr := runCLI(t, dir, "", "explain", "policy.yaml", "build", "-env", "environ.txt", "-why", "NPM_TOKEN", "-why", "HOME")
	require.Equal(t, 0, code, stderr)
	require.NotEmpty(t, one)
	require.NotEmpty(t, two)
	assert.Equal(t, one+"\n"+two, both)
}

// TestExplainDefineReplacesUndeclared: a define of a name an isolated
// task does not declare gives the child that name; the environment's
// value of it is left out, but the name is not, and is not counted so.
func TestExplainDefineReplacesUndeclared(t *testing.T) {
	dir := policyDir(t, "version: 1\ntasks:\n  t: {define: {X: \"1\", GITHUB_TOKEN: none}}\n")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "environ.txt"), []byte("X=0\nGITHUB_TOKEN=ghp_x\nY=2\n"), 0o644))
	code, stdout, stderr := runCLI(t, dir, "", "explain", "policy.yaml", "t", "-env", "environ.txt")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, `# task "t" (isolated) of policy.yaml, from environ.txt (3 entries)
+ GITHUB_TOKEN=<redacted, 4 bytes>  (define; the environment's value is left out: not declared)
+ X=1                               (define; the environment's value is left out: not declared)
- Y                                 (not declared)
# 2 passed, 1 left out
`, stdout)

	code, stdout, stderr = runCLI(t, dir, "", "explain", "policy.yaml", "t", "-env", "environ.txt", "-why", "X")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, `+ X=1  (define; the environment's value is left out: not declared)
X reaches task "t": the task's define sets it.
`, stdout)
}

// TestExplainJSON: -json writes one object per name, the kept ones with
// their value unless it is a secret's, and never a secret value.
func TestExplainJSON(t *testing.T) {
	dir := explainDir(t)
	code, stdout, stderr := runCLI(t, dir, "", "explain", "policy.yaml", "build", "-env", "environ.txt", "-json")
	require.Equal(t, 0, code, stderr)
	for _, secret := range []string{"npm_s3cr3tvalue", "ghp_parent", "gho_kept"} {
		assert.NotContains(t, stdout, secret)
	}
	byName := map[string]map[string]any{}
	for _, l := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
		var rec map[string]any
		require.NoError(t, json.Unmarshal([]byte(l), &rec), l)
		name := rec["name"].(string)
		assert.NotContains(t, byName, name, "one object per name")
		byName[name] = rec
	}
	assert.Equal(t, map[string]any{"task": "build", "name": "NPM_TOKEN", "passed": true, "source": "passThrough NPM_TOKEN; a secret, kept because the task names it exactly", "redacted": true, "bytes": 15.0}, byName["NPM_TOKEN"])
	assert.Equal(t, map[string]any{"task": "build", "name": "NODE_ENV", "passed": true, "source": "passThrough NODE_ENV", "value": "production", "bytes": 10.0}, byName["NODE_ENV"])
	assert.Equal(t, map[string]any{"task": "build", "name": "HOME", "passed": true, "source": "define, over essential", "value": "/build/home", "bytes": 11.0}, byName["HOME"], "the later HOME entry, a duplicate, is not a second object")
	assert.Equal(t, map[string]any{"task": "build", "name": "GITHUB_TOKEN", "passed": false, "reason": "not declared"}, byName["GITHUB_TOKEN"])
	assert.Equal(t, map[string]any{"task": "build", "name": "MISSING_VAR", "passed": false, "reason": "not in the environment"}, byName["MISSING_VAR"])
	assert.NotContains(t, byName, "NOEQUALS", "not NAME=value: no name")

	code, stdout, stderr = runCLI(t, dir, "", "explain", "policy.yaml", "shell", "-env", "environ.txt", "-json", "-why", "LD_PRELOAD", "-why", "NOPE")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, `{"task":"shell","name":"LD_PRELOAD","passed":false,"reason":"injection variable: LD_*"}
{"task":"shell","name":"NOPE","passed":false,"reason":"not in the environment"}
`, stdout)
}

// TestExplainAllTasks: without a task, explain shows every name against
// every task.
func TestExplainAllTasks(t *testing.T) {
	dir := explainDir(t)
	code, stdout, stderr := runCLI(t, dir, "", "explain", "policy.yaml", "-env", "environ.txt")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, `# the 2 tasks of policy.yaml, from environ.txt (16 entries): + passed, = set by the task or the call, - left out, . not set
NAME                      build  shell
CGO_ENABLED               =      .
EDITOR                    -      +
GH_TOKEN                  -      +
GITHUB_TOKEN              -      -
HISTFILE                  -      -
HOME                      =      +
LD_PRELOAD                -      -
MULTI                     -      +
MY_WALLET_KEY             -      -
NEXT_PUBLIC_API           +      +
NEXT_PUBLIC_DEPLOY_TOKEN  -      -
NEXT_PUBLIC_SECRET_KEY    -      -
NODE_ENV                  +      +
NPM_TOKEN                 +      -
PATH                      +      +
VX_RUN_TASK               =      .
npm_config_cache          -      -
# why: envgen explain policy.yaml TASK -why NAME
`, stdout)

	code, stdout, stderr = runCLI(t, dir, "", "explain", "policy.yaml", "-env", "environ.txt", "-why", "NPM_TOKEN", "-why", "NOPE")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, `# the 2 tasks of policy.yaml, from environ.txt (16 entries): + passed, = set by the task or the call, - left out, . not set
NAME       build  shell
NPM_TOKEN  +      -
NOPE       .      .
# why: envgen explain policy.yaml TASK -why NAME
`, stdout)

	code, stdout, stderr = runCLI(t, dir, "", "explain", "policy.yaml", "-env", "environ.txt", "-json", "-why", "NPM_TOKEN")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, `{"task":"build","name":"NPM_TOKEN","passed":true,"source":"passThrough NPM_TOKEN; a secret, kept because the task names it exactly","redacted":true,"bytes":15}
{"task":"shell","name":"NPM_TOKEN","passed":false,"reason":"secret: NPM_TOKEN"}
`, stdout)
}
