package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/gentest"
	"github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/runtime/envrt"
)

// explainSettings are a user's settings, as a host's config file embeds
// them (envrt.Config), for explainPolicy's tasks over explainEnviron.
const explainSettings = `drop: ["NODE_*", EDITOR]
keep: [GITHUB_TOKEN]
keepMatching: ["NEXT_*", "npm_*"]
set: {PAGER: less, HOME: /home/settings}
`

// settingsDir returns explainDir with settings.yaml holding settings.
func settingsDir(t *testing.T, settings string) string {
	t.Helper()
	dir := explainDir(t)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "settings.yaml"), []byte(settings), 0o644))
	return dir
}

func TestExplainConfigTask(t *testing.T) {
	dir := settingsDir(t, explainSettings)
	code, stdout, stderr := runCLI(t, dir, "", "explain", "-config", "settings.yaml", "-env", "environ.txt", "policy.yaml", "shell")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, `# task "shell" (inherit, dropInjection) of policy.yaml with the settings of settings.yaml, from environ.txt (16 entries)
# settings: Drop("NODE_*"), Drop("EDITOR"), Keep("GITHUB_TOKEN"), KeepMatching("NEXT_*"), KeepMatching("npm_*"), Set("HOME", <14 bytes>), Set("PAGER", <4 bytes>)
# what the settings change:
+ GITHUB_TOKEN=<redacted, 10 bytes>  (Keep("GITHUB_TOKEN"); without the settings: secret by name: GITHUB_TOKEN (built in))
+ HOME=/home/settings                (Set("HOME", <14 bytes>), over /home/dev)
+ PAGER=less                         (Set("PAGER", <4 bytes>))
- EDITOR                             (Drop("EDITOR"))
- NODE_ENV                           (Drop("NODE_*"))
# left out with or without them:
- HISTFILE                  (unset by the task: HISTFILE)
- HOME                      (a later entry of the same name)
- LD_PRELOAD                (injection variable: LD_* (dropInjection))
- MY_WALLET_KEY             (secret by name: MY_WALLET_KEY (secrets.extra))
- NEXT_PUBLIC_DEPLOY_TOKEN  (secret by name: *_TOKEN (built in))
- NEXT_PUBLIC_SECRET_KEY    (secret by name: *_SECRET_KEY (built in))
- NPM_TOKEN                 (secret by name: NPM_TOKEN (built in))
- npm_config_cache          (unset by the task: npm_config_*)
# 7 passed, 10 left out; the settings pass or set 3 and leave out 2
`, stdout)
}

// TestExplainConfigDefaultPolicyIsTheRuntimes holds defaultPolicy to the
// file the runtime's default builders are generated from.
func TestExplainConfigDefaultPolicyIsTheRuntimes(t *testing.T) {
	file, err := os.ReadFile(filepath.Join("..", "..", "runtime", "internal", "defaultpolicy", "policy.yaml"))
	require.NoError(t, err)
	assert.Equal(t, string(file), defaultPolicy)
}

// TestExplainConfigDefaultPolicy: without a policy file, the settings
// (JSON here) are previewed on the default policy's two tasks, the
// builders a host without a policy file calls.
func TestExplainConfigDefaultPolicy(t *testing.T) {
	_, err := policy.Load("the default policy", []byte(defaultPolicy))
	require.NoError(t, err)

	dir := settingsDir(t, `{"keep": ["SSH_AUTH_SOCK"], "keepMatching": ["NODE_*"]}`)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "small.txt"), []byte("SSH_AUTH_SOCK=/tmp/agent\nNODE_ENV=production\nPATH=/bin\nGITHUB_TOKEN=ghp_parent\n"), 0o644))
	code, stdout, stderr := runCLI(t, dir, "", "explain", "-config", "settings.yaml", "-env", "small.txt")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, `# envrt.InheritEnv (the default policy's inherit task) with the settings of settings.yaml, from small.txt (4 entries)
# settings: Keep("SSH_AUTH_SOCK"), KeepMatching("NODE_*")
# what the settings change:
+ SSH_AUTH_SOCK=<redacted, 10 bytes>  (Keep("SSH_AUTH_SOCK"); without the settings: secret by name: SSH_AUTH_SOCK (built in))
# left out with or without them:
- GITHUB_TOKEN  (secret by name: GITHUB_TOKEN (built in))
# 3 passed, 1 left out; the settings pass or set 1 and leave out 0

# envrt.IsolatedEnv (the default policy's isolated task) with the settings of settings.yaml, from small.txt (4 entries)
# settings: Keep("SSH_AUTH_SOCK"), KeepMatching("NODE_*")
# what the settings change:
+ NODE_ENV=production                 (KeepMatching("NODE_*"); without the settings: not in the task's allowlist)
+ SSH_AUTH_SOCK=<redacted, 10 bytes>  (Keep("SSH_AUTH_SOCK"); without the settings: not in the task's allowlist)
# left out with or without them:
- GITHUB_TOKEN  (not in the task's allowlist)
# 3 passed, 1 left out; the settings pass or set 2 and leave out 0
`, stdout)
}

// TestExplainConfigReasonsAreReports holds the preview's reasons to the
// runtime's: each "- NAME (reason)" line is what envrt.Report says of
// NAME's entry when the compiled task runs with the settings.
func TestExplainConfigReasonsAreReports(t *testing.T) {
	dir := settingsDir(t, explainSettings)
	code, stdout, stderr := runCLI(t, dir, "", "explain", "-config", "settings.yaml", "-env", "environ.txt", "policy.yaml", "shell")
	require.Equal(t, 0, code, stderr)

	c, err := gentest.Compile("policy.yaml", []byte(explainPolicy))
	require.NoError(t, err)
	cfg, err := readConfig(filepath.Join(dir, "settings.yaml"))
	require.NoError(t, err)
	vars, err := cfg.Vars()
	require.NoError(t, err)
	reported := map[string]string{}
	report := envrt.Report(func(d envrt.Dropped) {
		if _, seen := reported[d.Name]; !seen {
			reported[d.Name] = d.Reason
		}
	})
	c.Task("shell").Build(nil, environLines(explainEnviron).Entries, nil, append(vars, report)...)

	lines := 0
	for _, l := range strings.Split(stdout, "\n") {
		if rest, ok := strings.CutPrefix(l, "- "); ok {
			name, reason, _ := strings.Cut(rest, " ")
			reason = strings.TrimSpace(reason)
			assert.Equal(t, "("+reported[name]+")", reason, name)
			lines++
		}
	}
	assert.Equal(t, len(reported), lines)
}

func TestExplainConfigRefusesBadSettings(t *testing.T) {
	token := "ghp_" + strings.Repeat("Zq8X", 9)
	dir := settingsDir(t, "drop: [OK, \"MY-CORP-*\"]\nkeep: [\"GITHUB_TOKEN="+token+"\"]\nset: {A: \""+token+"\", \"B=C\": x}\n")
	code, stdout, stderr := runCLI(t, dir, "", "explain", "-config", "settings.yaml", "policy.yaml", "shell")
	assert.Equal(t, 1, code)
	assert.Empty(t, stdout)
	assert.Equal(t, `settings.yaml: drop[1] "MY-CORP-*": neither a name nor a pattern: want [A-Za-z0-9_*]+, not starting with a digit, '*' matching any run of characters
settings.yaml: keep[0] "GITHUB_TOKEN=" + <40 bytes>: not a name: want [A-Za-z_][A-Za-z0-9_]*
settings.yaml: set "B=" + <1 bytes>: the name holds '='
envgen explain: a host refuses these settings; nothing to preview
`, stderr)
	assert.NotContains(t, stderr, token[:12])

	dir = settingsDir(t, "keep: [X]\nkep: [Y]\n")
	code, _, stderr = runCLI(t, dir, "", "explain", "-config", "settings.yaml")
	assert.Equal(t, 1, code)
	assert.Equal(t, "envgen explain: settings.yaml: unmarshal errors:\n  line 2: field kep not found in type envrt.Config (want an envrt.Config: keep, drop, keepMatching, set)\n", stderr)

	code, _, stderr = runCLI(t, dir, "", "explain", "-config", "settings.yaml", "-json")
	assert.Equal(t, 2, code, stderr)
	code, _, stderr = runCLI(t, settingsDir(t, "keep: [X]\n"), "", "explain", "-config", "settings.yaml", "policy.yaml", "deploy")
	assert.Equal(t, 1, code)
	assert.Equal(t, "envgen explain: policy.yaml has no task \"deploy\" (tasks: build, shell)\n", stderr)
}
