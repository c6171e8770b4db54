package envrt_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/gentest"
	envrt "github.com/envgen/envgen/runtime"
)

// This file checks SPEC's "Semantics" section rule by rule, running the
// tables envgen would generate (gentest.Compile) through the runtime with
// both name comparisons: exact, and Windows' ASCII case folding.

// bare returns a policy of version 1 with body, and both built-in lists
// off unless body sets essentials or secrets itself, so that a case sees
// only what it lists.
func bare(body string) string {
	p := "version: 1\npackage: p\n"
	if !strings.Contains(body, "essentials:") {
		p += "essentials: {builtin: false}\n"
	}
	if !strings.Contains(body, "secrets:") {
		p += "secrets: {builtin: false}\n"
	}
	return p + body
}

// run builds task from policy with fold chosen by the caller.
func run(t *testing.T, policy, task string, fold bool, environ []string, params map[string]string, overrides ...envrt.Var) []string {
	t.Helper()
	c, err := gentest.Compile("policy.yaml", []byte(policy))
	require.NoError(t, err)
	ct := c.Task(task)
	require.NotNil(t, ct, "task %q", task)
	defines, dirs := fill(ct, environ, params, fold)
	return envrt.BuildFold(nil, environ, ct.Task, defines, overrides, dirs, fold)
}

// both runs a case with exact and folded names and wants the same result.
func both(t *testing.T, policy, task string, environ []string, params map[string]string, want []string, overrides ...envrt.Var) {
	t.Helper()
	for _, fold := range []bool{false, true} {
		assert.Equal(t, want, run(t, policy, task, fold, environ, params, overrides...), "fold=%v", fold)
	}
}

func TestParsing(t *testing.T) {
	inherit := bare("tasks: {sh: {mode: inherit}}\n")
	both(t, inherit, "sh",
		[]string{"=C:=C:\\x", "A=b=c", "E=", "NOEQUALS", "", "=", "N=a\x00b", "X\x00=1", "==x"},
		nil,
		[]string{"=C:=C:\\x", "A=b=c", "E=", "==x"})
}

func TestDuplicatesFirstWins(t *testing.T) {
	inherit := bare("tasks: {sh: {mode: inherit}}\n")
	both(t, inherit, "sh", []string{"A=1", "B=1", "A=2"}, nil, []string{"A=1", "B=1"})
	// An entry exec would refuse is not an occurrence.
	both(t, inherit, "sh", []string{"A=x\x00", "A=2", "A=3"}, nil, []string{"A=2"})
	// Windows names are one name whatever their case.
	assert.Equal(t, []string{"Path=1", "PATH=2"}, run(t, inherit, "sh", false, []string{"Path=1", "PATH=2"}, nil))
	assert.Equal(t, []string{"Path=1"}, run(t, inherit, "sh", true, []string{"Path=1", "PATH=2"}, nil))
}

func TestDuplicateDroppedFirstWinsOnWindows(t *testing.T) {
	// github_token is a secret (detection ignores case) that the exact
	// exemption does not cover; on Windows it is the first occurrence of
	// GITHUB_TOKEN, so the later, exempt spelling is a duplicate.
	p := bare("secrets: {builtin: false, extra: [GITHUB_TOKEN]}\ntasks: {sh: {mode: inherit, passThrough: [GITHUB_TOKEN]}}\n")
	assert.Empty(t, run(t, p, "sh", true, []string{"github_token=a", "GITHUB_TOKEN=b"}, nil))
	assert.Equal(t, []string{"GITHUB_TOKEN=b"}, run(t, p, "sh", false, []string{"github_token=a", "GITHUB_TOKEN=b"}, nil))
}

func TestSecretDetectionIgnoresCaseExemptionsDoNot(t *testing.T) {
	p := bare(`secrets: {builtin: false, extra: [GITHUB_TOKEN, "*_SECRET"], pass: [GITHUB_TOKEN]}
tasks:
  sh: {mode: inherit, passThrough: [db_secret]}
`)
	env := []string{"GITHUB_TOKEN=1", "github_token=2", "Github_Token=3", "DB_SECRET=4", "db_secret=5", "db_Secret=6", "OK=7"}
	assert.Equal(t, []string{"GITHUB_TOKEN=1", "db_secret=5", "OK=7"}, run(t, p, "sh", false, env, nil))
	// On Windows these are three names; the first spelling of each wins,
	// and only an exact exemption keeps a secret.
	assert.Equal(t, []string{"GITHUB_TOKEN=1", "OK=7"}, run(t, p, "sh", true, env, nil))
}

func TestIsolatedLayers(t *testing.T) {
	p := bare(`essentials: {builtin: false, extra: [HOME, PATH, LANG]}
secrets: {builtin: false, extra: ["*_TOKEN"]}
tasks:
  build:
    passThrough: [NODE_ENV, MISSING, "NEXT_PUBLIC_*", "!NEXT_PUBLIC_SECRET_*", "!LANG", NPM_TOKEN]
    define: {CGO_ENABLED: 0, NODE_ENV: production}
`)
	env := []string{
		"HOME=/h", "LANG=C", "SHELL=/bin/sh", "NODE_ENV=dev", "NEXT_PUBLIC_URL=u",
		"NEXT_PUBLIC_SECRET_X=s", "NEXT_PUBLIC_TOKEN=t", "NPM_TOKEN=n", "GH_TOKEN=g", "CGO_ENABLED=1",
	}
	both(t, p, "build", env, nil, []string{
		"HOME=/h", "NODE_ENV=production", "NEXT_PUBLIC_URL=u", "NPM_TOKEN=n", "CGO_ENABLED=0",
	})
}

func TestIsolatedFold(t *testing.T) {
	p := bare(`essentials: {builtin: false, extra: [PATH]}
secrets: {builtin: false, extra: [NPM_TOKEN]}
tasks:
  build: {passThrough: [NPM_TOKEN, "NEXT_*", "!NEXT_NO"]}
`)
	env := []string{"Path=/bin", "npm_token=x", "next_a=1", "NEXT_no=2", "NEXT_B=3"}
	assert.Equal(t, []string{"NEXT_no=2", "NEXT_B=3"}, run(t, p, "build", false, env, nil))
	// On Windows Path is PATH; npm_token is a spelling of an exempt name
	// but a secret all the same; patterns and negations ignore case.
	assert.Equal(t, []string{"Path=/bin", "next_a=1", "NEXT_B=3"}, run(t, p, "build", true, env, nil))
}

func TestInherit(t *testing.T) {
	p := bare(`secrets: {builtin: false, extra: [MY_WALLET_KEY, "*_TOKEN"], pass: [SLEUTH_TOKEN]}
tasks:
  sh:
    mode: inherit
    passThrough: [GH_TOKEN]
    unset: [HISTFILE, "npm_config_*"]
    define: {TERM: dumb}
`)
	env := []string{"HOME=/h", "my_wallet_key=k", "NPM_TOKEN=n", "GH_TOKEN=g", "SLEUTH_TOKEN=s", "HISTFILE=x", "npm_config_cache=c", "TERM=xterm"}
	both(t, p, "sh", env, nil, []string{"HOME=/h", "GH_TOKEN=g", "SLEUTH_TOKEN=s", "TERM=dumb"})
	// unset compares names like any name: exactly, or ignoring case on Windows.
	assert.Equal(t, []string{"histfile=x"}, run(t, p, "sh", false, []string{"histfile=x"}, nil)[:1])
	assert.NotContains(t, run(t, p, "sh", true, []string{"histfile=x"}, nil), "histfile=x")
}

func TestDefineSpelling(t *testing.T) {
	p := bare("tasks: {sh: {mode: inherit, define: {FOO: new}}}\n")
	assert.Equal(t, []string{"Foo=old", "FOO=new"}, run(t, p, "sh", false, []string{"Foo=old"}, nil))
	assert.Equal(t, []string{"FOO=new"}, run(t, p, "sh", true, []string{"Foo=old"}, nil))
}

func TestOverrides(t *testing.T) {
	p := bare("tasks: {sh: {mode: inherit, define: {D: d}}}\n")
	env := []string{"A=1", "B=2"}
	both(t, p, "sh", env, nil, []string{"A=3", "D=d", "C=5"},
		envrt.Set("A", "2"), envrt.Unset("B"), envrt.Set("C", "4"), envrt.Set("A", "3"), envrt.Set("C", "5"))
	both(t, p, "sh", env, nil, []string{"A=1", "B=2"}, envrt.Unset("D"))
	both(t, p, "sh", env, nil, []string{"A=1", "B=2", "D=again"}, envrt.Unset("D"), envrt.Set("D", "again"))
	// Invalid overrides are ignored.
	both(t, p, "sh", env, nil, []string{"A=1", "B=2", "D=d"},
		envrt.Set("", "x"), envrt.Set("X=Y", "z"), envrt.Set("N\x00", "z"), envrt.Set("A", "nul\x00"),
		envrt.Unset(""), envrt.Unset("A=1"))
	// A Set name takes its own spelling; on Windows it replaces any case.
	assert.Equal(t, []string{"a=9", "B=2", "D=d"}, run(t, p, "sh", true, env, nil, envrt.Set("a", "9")))
	assert.Equal(t, []string{"A=1", "B=2", "D=d", "a=9"}, run(t, p, "sh", false, env, nil, envrt.Set("a", "9")))
}

func TestBinPaths(t *testing.T) {
	sep := string(os.PathListSeparator)
	p := bare(`tasks:
  build:
    mode: inherit
    binPaths: ["{projectDir}/bin", "{workspace}/bin", "{projectDir}//bin", "{empty}", "/usr/x{{y}}", "{workspace}/bin/"]
`)
	params := map[string]string{"projectDir": "/p", "workspace": "/w"}
	join := func(dirs ...string) string { return strings.Join(dirs, sep) }
	both(t, p, "build", []string{"PATH=/bin"}, params, []string{"PATH=" + join("/p/bin", "/w/bin", "/p//bin", "/usr/x{y}", "/w/bin/", "/bin")})
	// No PATH so far, or an empty one: just the directories.
	both(t, p, "build", []string{"A=1"}, params, []string{"A=1", "PATH=" + join("/p/bin", "/w/bin", "/p//bin", "/usr/x{y}", "/w/bin/")})
	both(t, p, "build", []string{"PATH="}, params, []string{"PATH=" + join("/p/bin", "/w/bin", "/p//bin", "/usr/x{y}", "/w/bin/")})
	// After the overrides.
	both(t, p, "build", []string{"PATH=/bin"}, params, []string{"PATH=" + join("/p/bin", "/w/bin", "/p//bin", "/usr/x{y}", "/w/bin/", "/o")}, envrt.Set("PATH", "/o"))
	both(t, p, "build", []string{"PATH=/bin"}, params, []string{"PATH=" + join("/p/bin", "/w/bin", "/p//bin", "/usr/x{y}", "/w/bin/")}, envrt.Unset("PATH"))
	// A repeat is a repeat of the resolved text.
	both(t, p, "build", nil, map[string]string{"projectDir": "/same", "workspace": "/same"}, []string{"PATH=" + join("/same/bin", "/same//bin", "/usr/x{y}", "/same/bin/")})
	// An inherited name keeps its spelling on Windows.
	assert.Equal(t, []string{"Path=" + join("/p/bin", "/w/bin", "/p//bin", "/usr/x{y}", "/w/bin/", "/bin")}, run(t, p, "build", true, []string{"Path=/bin"}, params))
}

func TestBinPathsAllEmpty(t *testing.T) {
	p := bare("tasks: {b: {mode: inherit, binPaths: [\"{a}\", \"{b}\"]}}\n")
	both(t, p, "b", []string{"PATH=/bin"}, nil, []string{"PATH=/bin"})
	both(t, p, "b", []string{"X=1"}, nil, []string{"X=1"})
	both(t, p, "b", []string{"X=1"}, map[string]string{"a": "/a\x00"}, []string{"X=1"})
}

func TestIsSecret(t *testing.T) {
	c, err := gentest.Compile("policy.yaml", []byte(bare(`secrets: {builtin: false, extra: [GITHUB_TOKEN, "*_KEY"], pass: [SLEUTH_KEY]}`)))
	require.NoError(t, err)
	for name, want := range map[string]bool{
		"GITHUB_TOKEN": true, "github_token": true, "A_KEY": true, "a_key": true,
		"SLEUTH_KEY": false, "sleuth_key": true, "KEY": false, "PATH": false,
	} {
		assert.Equal(t, want, c.Policy.IsSecret(name), name)
	}
}

// TestIsSecretEmptyName checks IsSecret("") against the reference for
// patterns whose filter lets every name through: it used to index the
// empty name's last byte.
func TestIsSecretEmptyName(t *testing.T) {
	for _, pattern := range []string{"*SECRET*", "*", "**", "*X", "X*", "*_KEY", "A*B"} {
		c, err := gentest.Compile("policy.yaml", []byte(bare(`secrets: {extra: ["`+pattern+`"]}`)))
		require.NoError(t, err)
		assert.Equal(t, gentest.ReferenceIsSecret(c, ""), c.Policy.IsSecret(""), pattern)
	}
	c, err := gentest.Compile("policy.yaml", []byte(bare(`secrets: {extra: ["*"]}`)))
	require.NoError(t, err)
	assert.True(t, c.Policy.IsSecret(""), `"*" matches the empty run`)
}

func TestBuiltinSecretsReachNoInheritChild(t *testing.T) {
	c, err := gentest.Compile("policy.yaml", []byte("version: 1\ntasks: {sh: {mode: inherit}}\n"))
	require.NoError(t, err)
	var env []string
	for _, name := range []string{"CONSUL_TOKEN", "CONSUL_HTTP_TOKEN", "CONSUL_HTTP_TOKEN_FILE", "NOMAD_TOKEN", "VAULT_TOKEN",
		"CONSUL_LICENSE", "NOMAD_LICENSE", "VAULT_LICENSE", "CONSUL_LICENSE_PATH", "NOMAD_LICENSE_PATH", "VAULT_LICENSE_PATH",
		"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_METADATA_URL",
		"GOOGLE_APPLICATION_CREDENTIALS", "GOOGLE_OAUTH_ACCESS_TOKEN", "GITHUB_TOKEN", "GH_TOKEN", "NPM_TOKEN",
		"NODE_AUTH_TOKEN", "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "SSH_AUTH_SOCK", "MY_TOKEN", "DB_PASSWORD"} {
		env = append(env, name+"=x", strings.ToLower(name)+"=x")
	}
	for _, fold := range []bool{false, true} {
		got := envrt.BuildFold(nil, append(env, "HOME=/h"), c.Task("sh").Task, nil, nil, nil, fold)
		assert.Equal(t, []string{"HOME=/h"}, got, fmt.Sprintf("fold=%v", fold))
	}
}

// TestThreeSpellingsFolded: where names compare ASCII case-insensitively,
// a spelling that no entry lists (ab) is decided by the name's rules,
// also when the policy lists three spellings of it. envgen used to find
// no unlisted spelling of such a name, and left the bit that decides
// them unset: both tasks dropped cd, and once a table could record what
// a task drops, the inherit task passed the secret ab.
func TestThreeSpellingsFolded(t *testing.T) {
	src := `version: 1
package: p
essentials: {builtin: false}
secrets: {builtin: false, extra: [AB, Ab, aB]}
tasks:
  shell: {mode: inherit}
  build: {passThrough: [X, CD, Cd, cD]}
`
	c, err := gentest.Compile("policy.yaml", []byte(src))
	require.NoError(t, err)
	environ := []string{"ab=v", "cd=w", "X=1"}
	for _, task := range []string{"shell", "build"} {
		ct := c.Task(task)
		for _, fold := range []bool{true, false} {
			got := envrt.BuildFold(nil, environ, ct.Task, nil, nil, nil, fold)
			want := gentest.Reference(c, task, environ, nil, nil, fold)
			assert.Equal(t, want, got, "task %s, fold=%v", task, fold)
		}
	}
	assert.Equal(t, []string{"cd=w", "X=1"}, gentest.Reference(c, "shell", environ, nil, nil, true), "the secret is dropped")
	assert.Equal(t, []string{"cd=w", "X=1"}, gentest.Reference(c, "build", environ, nil, nil, true), "the listed name is passed")
}

// TestDropInjectionIsolated: in an isolated task, dropInjection drops the
// injection variables from layers 1 and 2, essentials and passThrough
// pattern matches alike, and every value starting with "()"; an exact
// passThrough name, spelled exactly so, still passes, whatever its value,
// and a negation still beats it.
func TestDropInjectionIsolated(t *testing.T) {
	p := bare(`essentials: {builtin: false, extra: [NODE_OPTIONS, HOME, PERL5LIB]}
tasks:
  build: {dropInjection: true, passThrough: [PYTHONPATH, F, "!PERL5LIB", "LD_*", "X_*"]}
`)
	env := []string{
		"NODE_OPTIONS=--require=/evil.js", "HOME=/h", "PYTHONPATH=/p", "F=() { id; }", "LD_PRELOAD=/x.so",
		"X_A=() { id; }", "X_B=(){ id; }", "X_C=( )", "PERL5LIB=/l", "BASH_ENV=/e", "pythonpath=/q",
	}
	both(t, p, "build", env, nil, []string{"HOME=/h", "PYTHONPATH=/p", "F=() { id; }", "X_C=( )"})
	// Alone, other spellings: on Windows pythonpath and f are listed but
	// not exempt, ld_preload and x_d match the patterns and are injection
	// variables; where names compare exactly none of them is declared.
	both(t, p, "build", []string{"pythonpath=/q", "f=() { id; }", "ld_preload=/x", "x_d=()"}, nil, nil)
	// Overrides are the caller's own choice.
	both(t, p, "build", []string{"LD_PRELOAD=/x.so"}, nil, []string{"LD_PRELOAD=/ok"}, envrt.Set("LD_PRELOAD", "/ok"))

	// A task that keeps more of the policy's names than it drops has a
	// table of what it drops (DecideDrops): its exact names still pass a
	// function, its essentials do not.
	var names, environ, want []string
	for i := range 100 {
		names = append(names, fmt.Sprintf("N%d", i))
		environ = append(environ, fmt.Sprintf("N%d=%d", i, i), fmt.Sprintf("F%d=() { %d; }", i, i))
		want = append(want, fmt.Sprintf("N%d=%d", i, i))
		if i == 7 {
			want = append(want, "F7=() { 7; }") // listed exactly
		}
	}
	many := bare("essentials: {builtin: false, extra: [HOME, " + strings.Join(names, ", ") + "]}\n" +
		"tasks:\n  build: {dropInjection: true, passThrough: [F7, PYTHONPATH]}\n")
	c, err := gentest.Compile("policy.yaml", []byte(many))
	require.NoError(t, err)
	require.True(t, c.Task("build").Task.DecideDrops, "the table lists what the task drops")
	both(t, many, "build", append(environ, "HOME=() { :; }", "PYTHONPATH=/p", "LD_PRELOAD=/x"), nil, append(want, "PYTHONPATH=/p"))
}
