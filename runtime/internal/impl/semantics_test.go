package impl

import (
	"fmt"
	"strings"
	"testing"

	"github.com/envgen/envgen/runtime/internal/assert"
	"github.com/envgen/envgen/runtime/internal/require"
)

// This file checks rules 3 to 6 of docs/semantics.md and dropInjection on hand-built
// tasks, as a generated file lays them out: through build, and through
// the task tables' decide and keep bits, with both name comparisons.

// both builds task with names compared exactly and folded and wants want
// from each.
func both(t *testing.T, task *Task, environ []string, want []string, overrides ...Var) {
	t.Helper()
	for _, fold := range []bool{false, true} {
		assert.Equal(t, want, run(task, environ, nil, overrides, nil, fold), "fold=%v", fold)
	}
}

// keepCase is what a task decides for an inherited name, without and with
// folding.
type keepCase struct {
	name        string
	exact, fold bool
}

// checkKeeps holds decide and keeps to cases.
func checkKeeps(t *testing.T, what string, task *Task, cases []keepCase) {
	t.Helper()
	for _, k := range cases {
		for _, fold := range []bool{false, true} {
			want := k.exact
			if fold {
				want = k.fold
			}
			c := task.tables(fold)
			assert.Equal(t, want, c.decide(k.name, hashName(k.name)), "%s: decide(%q), fold=%v", what, k.name, fold)
			assert.Equal(t, want, run(task, []string{k.name + "=v"}, nil, nil, nil, fold) != nil && len(run(task, []string{k.name + "=v"}, nil, nil, nil, fold)) == 1, "%s: build of %q, fold=%v", what, k.name, fold)
		}
	}
}

// keepPolicy has a secret with a lower-case spelling a task exempts, two
// essentials, a secret secrets.pass exempts, and names hashing alike.
var keepPolicy = &Policy{
	Essentials: []string{"PATH", "HOME", "LANG"},
	Secrets:    []string{"GITHUB_TOKEN", "SLEUTH_KEY", "*_KEY", "*_TOKEN"},
	Pass:       []string{"SLEUTH_KEY"},
}

func TestTaskKeeps(t *testing.T) {
	isolated := &Task{Policy: keepPolicy, PassThrough: []string{"github_token", "NODE_ENV", "NEXT_*", "!LANG", "!NEXT_SECRET_*"}}
	checkKeeps(t, "isolated", isolated, []keepCase{
		{"PATH", true, true},
		{"path", false, true},  // an essential in another spelling
		{"LANG", false, false}, // a negation beats an essential
		{"lang", false, false},
		{"NODE_ENV", true, true},
		{"node_env", false, true},
		{"github_token", true, true}, // exempt by its exact spelling
		{"GITHUB_TOKEN", false, false},
		{"Github_Token", false, false}, // listed on Windows, but a secret all the same
		{"SLEUTH_KEY", false, false},   // no secret, but not declared
		{"NEXT_A", true, true},
		{"next_a", false, true},
		{"NEXT_SECRET_A", false, false},
		{"next_secret_a", false, false},
		{"NEXT_KEY", false, false}, // a pattern passes no secret
		{"OTHER", false, false},
	})
	inherit := &Task{Policy: keepPolicy, Inherit: true, PassThrough: []string{"github_token"}, Unset: []string{"NODE_ENV", "npm_config_*"}}
	checkKeeps(t, "inherit", inherit, []keepCase{
		{"OTHER", true, true},
		{"GITHUB_TOKEN", false, false},
		{"github_token", true, true},
		{"Github_Token", false, false},
		{"SLEUTH_KEY", true, true},
		{"sleuth_key", false, false}, // secrets.pass is exact
		{"NODE_ENV", false, false},
		{"node_env", true, false}, // unset compares like names
		{"npm_config_cache", false, false},
		{"NPM_CONFIG_CACHE", true, false},
		{"my_token", false, false},
		{"a_Key", false, false},
		{"A@B", true, true},
		{"A`B", true, true},
	})
	// Three spellings listed: an unlisted fourth is decided by the name's
	// rules on Windows (envgen once left it to a bit nobody set).
	three := &Task{Policy: &Policy{Secrets: []string{"AB", "Ab", "aB"}}, Inherit: true}
	checkKeeps(t, "three secret spellings", three, []keepCase{{"ab", false, false}, {"AB", false, false}, {"X", true, true}})
	listed := &Task{Policy: &Policy{}, PassThrough: []string{"X", "CD", "Cd", "cD"}}
	checkKeeps(t, "three listed spellings", listed, []keepCase{{"cd", false, true}, {"CD", true, true}, {"Y", false, false}})
}

func TestPolicyIsSecret(t *testing.T) {
	for name, want := range map[string]bool{
		"GITHUB_TOKEN": true, "github_token": true, "SLEUTH_KEY": false, "sleuth_key": true, "Sleuth_Key": true,
		"PATH": false, "A_KEY": true, "a_key": true, "MY_TOKEN": true, "KEY": false, "TOKEN": false, "A_\u212aEY": false,
	} {
		assert.Equal(t, want, keepPolicy.IsSecret(name), "%q", name)
	}
	assert.False(t, (&Policy{}).IsSecret("GITHUB_TOKEN"), "empty policy")
	assert.False(t, (&Policy{Secrets: []string{"*_TOKEN"}}).IsSecret(""))
	assert.True(t, (&Policy{Secrets: []string{"*"}}).IsSecret(""), `"*" matches the empty run`)
	// A pass on one spelling exempts that spelling only.
	p := &Policy{Secrets: []string{"SLEUTH_KEY"}, Pass: []string{"sleuth_key"}}
	assert.True(t, p.IsSecret("SLEUTH_KEY"))
	assert.False(t, p.IsSecret("sleuth_key"))
	assert.True(t, p.IsSecret("Sleuth_key"))

	// Value detection, which generated code asks only with secrets.values on.
	token := "ghp_" + strings.Repeat("a1B2", 9)
	values := &Policy{SecretValues: true, ValuePrefixes: []string{"acme_live_"}}
	assert.True(t, values.IsSecretValue(token))
	assert.True(t, values.IsSecretValue("acme_live_x"))
	assert.False(t, values.IsSecretValue("/usr/bin:/bin"))
	assert.False(t, (&Policy{}).IsSecretValue(token), "secrets.values off")

	list := keepPolicy.SecretList()
	assert.Equal(t, []string{"*_KEY", "*_TOKEN", "GITHUB_TOKEN"}, list)
	list[0] = "changed"
	assert.Equal(t, "*_KEY", keepPolicy.SecretList()[0], "a fresh slice")
	assert.Equal(t, []string{}, (&Policy{}).SecretList())
}

func TestDuplicateDroppedFirstWinsOnWindows(t *testing.T) {
	// github_token is a secret that the exact exemption does not cover; on
	// Windows it is the first occurrence of GITHUB_TOKEN, so the later,
	// exempt spelling is a duplicate.
	task := &Task{Policy: &Policy{Secrets: []string{"GITHUB_TOKEN"}}, Inherit: true, PassThrough: []string{"GITHUB_TOKEN"}}
	env := []string{"github_token=a", "GITHUB_TOKEN=b"}
	assert.Empty(t, run(task, env, nil, nil, nil, true))
	assert.Equal(t, []string{"GITHUB_TOKEN=b"}, run(task, env, nil, nil, nil, false))
}

func TestSecretDetectionIgnoresCaseExemptionsDoNot(t *testing.T) {
	task := &Task{Policy: &Policy{Secrets: []string{"GITHUB_TOKEN", "*_SECRET"}, Pass: []string{"GITHUB_TOKEN"}},
		Inherit: true, PassThrough: []string{"db_secret"}}
	env := []string{"GITHUB_TOKEN=1", "github_token=2", "Github_Token=3", "DB_SECRET=4", "db_secret=5", "db_Secret=6", "OK=7"}
	assert.Equal(t, []string{"GITHUB_TOKEN=1", "db_secret=5", "OK=7"}, run(task, env, nil, nil, nil, false))
	assert.Equal(t, []string{"GITHUB_TOKEN=1", "OK=7"}, run(task, env, nil, nil, nil, true))
}

// TestDropInjectionIsolated: in an isolated task, dropInjection drops the
// injection variables from essentials and pattern matches alike, and
// every value starting with "()"; an exact passThrough name, spelled
// exactly so, still passes whatever its value, and a negation beats it.
func TestDropInjectionIsolated(t *testing.T) {
	p := &Policy{Essentials: []string{"NODE_OPTIONS", "HOME", "PERL5LIB"},
		Injection: []string{"NODE_OPTIONS", "PYTHONPATH", "PERL5LIB", "BASH_ENV", "LD_*"}}
	task := &Task{Policy: p, DropInjection: true, PassThrough: []string{"PYTHONPATH", "F", "!PERL5LIB", "LD_*", "X_*", "BASH_ENV", "!BASH_ENV"}}
	env := []string{"NODE_OPTIONS=--require=/evil.js", "HOME=/h", "PYTHONPATH=/p", "F=() { id; }", "LD_PRELOAD=/x.so",
		"X_A=() { id; }", "X_B=(){ id; }", "X_C=( )", "PERL5LIB=/l", "BASH_ENV=/e", "pythonpath=/q"}
	both(t, task, env, []string{"HOME=/h", "PYTHONPATH=/p", "F=() { id; }", "X_C=( )"})
	// Other spellings: on Windows pythonpath and f are listed but not
	// exempt, ld_preload and x_d match patterns and are injection
	// variables; where names compare exactly none is declared.
	both(t, task, []string{"pythonpath=/q", "f=() { id; }", "ld_preload=/x", "x_d=()"}, nil)
	both(t, task, []string{"LD_PRELOAD=/x.so"}, []string{"LD_PRELOAD=/ok"}, Set("LD_PRELOAD", "/ok"))
	// Off: the same entries pass as declared.
	off := &Task{Policy: p, PassThrough: task.PassThrough}
	both(t, off, []string{"NODE_OPTIONS=x", "LD_PRELOAD=/x", "X_A=() { id; }"}, []string{"NODE_OPTIONS=x", "LD_PRELOAD=/x", "X_A=() { id; }"})

	// Many essentials: exact names pass a function, essentials do not.
	var names, environ, want []string
	for i := range 100 {
		names = append(names, fmt.Sprintf("N%d", i))
		environ = append(environ, fmt.Sprintf("N%d=%d", i, i), fmt.Sprintf("F%d=() { %d; }", i, i))
		want = append(want, fmt.Sprintf("N%d=%d", i, i))
		if i == 7 {
			want = append(want, "F7=() { 7; }")
		}
	}
	many := &Task{Policy: &Policy{Essentials: append(names, "HOME"), Injection: []string{"LD_*"}}, DropInjection: true,
		PassThrough: []string{"F7", "PYTHONPATH"}}
	both(t, many, append(environ, "HOME=() { :; }", "PYTHONPATH=/p", "LD_PRELOAD=/x"), append(want, "PYTHONPATH=/p"))
}

// TestDropInjectionInherit: an inherit task drops the injection list and
// function values, whatever its passThrough says.
func TestDropInjectionInherit(t *testing.T) {
	p := &Policy{Injection: []string{"LD_*", "BASH_FUNC_*", "BASH_ENV"}}
	task := &Task{Policy: p, Inherit: true, DropInjection: true, PassThrough: []string{"BASH_ENV"}}
	env := []string{"LD_PRELOAD=/x", "BASH_FUNC_f%%=() { :; }", "BASH_ENV=/e", "G=() { :; }", "A=1", "bash_env=/b"}
	assert.Equal(t, []string{"A=1", "bash_env=/b"}, run(task, env, nil, nil, nil, false))
	assert.Equal(t, []string{"A=1"}, run(task, env, nil, nil, nil, true))
	require.Len(t, run(&Task{Policy: p, Inherit: true}, env, nil, nil, nil, false), len(env), "off")
}

func TestBuiltinShapedSecretsReachNoInheritChild(t *testing.T) {
	names := []string{"CONSUL_TOKEN", "CONSUL_HTTP_TOKEN", "VAULT_TOKEN", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY",
		"GITHUB_TOKEN", "GH_TOKEN", "NPM_TOKEN", "OPENAI_API_KEY", "SSH_AUTH_SOCK"}
	task := &Task{Policy: &Policy{Secrets: append([]string{"*_TOKEN", "*_API_KEY"}, names...)}, Inherit: true}
	var env []string
	for _, name := range append(names, "MY_TOKEN", "DB_API_KEY") {
		env = append(env, name+"=x", strings.ToLower(name)+"=x")
	}
	both(t, task, append(env, "HOME=/h"), []string{"HOME=/h"})
}

// TestSpellingsOfNonASCIINames: the spellings of a name are those equal
// under ASCII case folding, whatever other letters they hold, so that an
// exemption of one of them holds when names that fold alike only under
// Unicode's rules ("Aé" and "AÉ") are listed as well.
func TestSpellingsOfNonASCIINames(t *testing.T) {
	task := &Task{Policy: &Policy{Secrets: []string{"AÉ"}, Pass: []string{"aÉ"}}, Inherit: true, Unset: []string{"Aé"}}
	assert.Equal(t, []string{"aÉ=exempt", "X=1"}, run(task, []string{"aÉ=exempt", "Aé=unset", "X=1"}, nil, nil, nil, false))
	assert.Equal(t, []string{"aÉ=exempt", "X=1"}, run(task, []string{"aÉ=exempt", "AÉ=again", "X=1"}, nil, nil, nil, true))
}

// TestBuiltinPassThroughExemptsNoValue: a name that only a built-in preset
// lists passes by its name, in both modes, but an entry of it whose value
// looks like a credential is dropped, where the same name in PassThrough
// would keep it.
func TestBuiltinPassThroughExemptsNoValue(t *testing.T) {
	p := &Policy{Essentials: []string{"PATH"}, Secrets: []string{"*_TOKEN"}, SecretValues: true}
	proxy := "HTTPS_PROXY=http://alice:pw@proxy:3128"
	environ := []string{"PATH=/bin", proxy, "GOPROXY=https://proxy.golang.org", "GH_TOKEN=x"}
	for _, inherit := range []bool{false, true} {
		builtin := &Task{Policy: p, Inherit: inherit, BuiltinPassThrough: []string{"HTTPS_PROXY", "GOPROXY", "GH_TOKEN"}}
		both(t, builtin, environ, []string{"PATH=/bin", "GOPROXY=https://proxy.golang.org", "GH_TOKEN=x"})
		own := &Task{Policy: p, Inherit: inherit, PassThrough: []string{"HTTPS_PROXY"}, BuiltinPassThrough: []string{"GOPROXY"}}
		want := []string{"PATH=/bin", proxy, "GOPROXY=https://proxy.golang.org"}
		both(t, own, environ, want)
	}
}
