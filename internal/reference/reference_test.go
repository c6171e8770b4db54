package reference

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/policy"
)

// These tests hold the reference interpreter to docs/semantics.md with expected values
// written out by hand, for both name comparisons, so that the
// differential and fuzz tests compare the generated code with something
// known to be right.

// checkedPolicy loads and checks src, failing the test on any diagnostic.
func checkedPolicy(t testing.TB, src string) *policy.Policy {
	t.Helper()
	p, err := policy.Load("policy.yaml", []byte(src))
	require.NoError(t, err)
	return p
}

// refRun runs task key of the policy src through the reference.
func refRun(t testing.TB, src, key string, fold bool, environ []string, params map[string]string, ovs ...Override) Result {
	t.Helper()
	p := checkedPolicy(t, src)
	return Build(p, p.Task(key), environ, params, ovs, fold)
}

// refBoth wants the same environment with exact and folded names.
func refBoth(t *testing.T, src, key string, environ []string, params map[string]string, want []string, ovs ...Override) {
	t.Helper()
	for _, fold := range []bool{false, true} {
		got := refRun(t, src, key, fold, environ, params, ovs...).Environ()
		assert.Equal(t, want, got, "fold=%v", fold)
	}
}

// refBare is a policy with both built-in lists off unless body sets them.
func refBare(body string) string {
	p := "version: 1\npackage: p\n"
	if !strings.Contains(body, "essentials:") {
		p += "essentials: {builtin: false}\n"
	}
	if !strings.Contains(body, "secrets:") {
		p += "secrets: {builtin: false}\n"
	}
	return p + body
}

func set(name, value string) Override { return Override{Name: name, Value: value} }
func unset(name string) Override      { return Override{Name: name, Unset: true} }

func TestReferenceParsing(t *testing.T) {
	inherit := refBare("tasks: {sh: {mode: inherit}}\n")
	refBoth(t, inherit, "sh",
		[]string{"=C:=C:\\x", "A=b=c", "E=", "NOEQUALS", "", "=", "N=a\x00b", "X\x00=1", "==x", "z==", "\xff=\xfe"},
		nil,
		[]string{"=C:=C:\\x", "A=b=c", "E=", "==x", "z==", "\xff=\xfe"})
}

func TestReferenceDuplicates(t *testing.T) {
	inherit := refBare("tasks: {sh: {mode: inherit}}\n")
	refBoth(t, inherit, "sh", []string{"A=1", "B=1", "A=2"}, nil, []string{"A=1", "B=1"})
	refBoth(t, inherit, "sh", []string{"A=x\x00", "A=2", "A=3"}, nil, []string{"A=2"})
	assert.Equal(t, []string{"Path=1", "PATH=2"}, refRun(t, inherit, "sh", false, []string{"Path=1", "PATH=2"}, nil).Environ())
	assert.Equal(t, []string{"Path=1"}, refRun(t, inherit, "sh", true, []string{"Path=1", "PATH=2"}, nil).Environ())

	// On Windows a dropped first spelling still decides for the name.
	p := refBare("secrets: {builtin: false, extra: [GITHUB_TOKEN]}\ntasks: {sh: {mode: inherit, passThrough: [GITHUB_TOKEN]}}\n")
	assert.Empty(t, refRun(t, p, "sh", true, []string{"github_token=a", "GITHUB_TOKEN=b"}, nil).Environ())
	assert.Equal(t, []string{"GITHUB_TOKEN=b"}, refRun(t, p, "sh", false, []string{"github_token=a", "GITHUB_TOKEN=b"}, nil).Environ())
}

func TestReferenceSecretCase(t *testing.T) {
	p := refBare(`secrets: {builtin: false, extra: [GITHUB_TOKEN, "*_SECRET"], pass: [GITHUB_TOKEN]}
tasks:
  sh: {mode: inherit, passThrough: [db_secret]}
`)
	env := []string{"GITHUB_TOKEN=1", "github_token=2", "Github_Token=3", "DB_SECRET=4", "db_secret=5", "db_Secret=6", "OK=7"}
	assert.Equal(t, []string{"GITHUB_TOKEN=1", "db_secret=5", "OK=7"}, refRun(t, p, "sh", false, env, nil).Environ())
	assert.Equal(t, []string{"GITHUB_TOKEN=1", "OK=7"}, refRun(t, p, "sh", true, env, nil).Environ())
}

func TestReferenceIsolated(t *testing.T) {
	p := refBare(`essentials: {builtin: false, extra: [HOME, PATH, LANG]}
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
	refBoth(t, p, "build", env, nil, []string{
		"HOME=/h", "NODE_ENV=production", "NEXT_PUBLIC_URL=u", "NPM_TOKEN=n", "CGO_ENABLED=0",
	})

	r := refRun(t, p, "build", false, env, nil)
	assert.Equal(t, [][4]string{
		{"HOME", "/h", "essential", ""},
		{"NODE_ENV", "production", "define", "passThrough NODE_ENV"},
		{"NEXT_PUBLIC_URL", "u", "passThrough pattern NEXT_PUBLIC_*", ""},
		{"NPM_TOKEN", "n", "passThrough NPM_TOKEN", ""},
		{"CGO_ENABLED", "0", "define", ""},
	}, entryTexts(r.Env))
	assert.Equal(t, [][2]string{
		{"LANG", "negated (!LANG)"},
		{"SHELL", "not declared"},
		{"NEXT_PUBLIC_SECRET_X", "negated (!NEXT_PUBLIC_SECRET_*)"},
		{"NEXT_PUBLIC_TOKEN", "secret (matches *_TOKEN)"},
		{"GH_TOKEN", "not declared"},
		{"CGO_ENABLED", "not declared"},
	}, dropTexts(r.Dropped))
}

func TestReferenceIsolatedFold(t *testing.T) {
	p := refBare(`essentials: {builtin: false, extra: [PATH]}
secrets: {builtin: false, extra: [NPM_TOKEN]}
tasks:
  build: {passThrough: [NPM_TOKEN, "NEXT_*", "!NEXT_NO"]}
`)
	env := []string{"Path=/bin", "npm_token=x", "next_a=1", "NEXT_no=2", "NEXT_B=3"}
	assert.Equal(t, []string{"NEXT_no=2", "NEXT_B=3"}, refRun(t, p, "build", false, env, nil).Environ())
	assert.Equal(t, []string{"Path=/bin", "next_a=1", "NEXT_B=3"}, refRun(t, p, "build", true, env, nil).Environ())
}

// TestReferenceEssentialSecretFailsClosed pins the reading of rules 3 and
// 4 that an essential exempted by secrets.pass is exempt in that exact
// spelling only: on Windows another spelling of it is the same essential
// but a secret all the same, and secrets fail closed.
func TestReferenceEssentialSecretFailsClosed(t *testing.T) {
	p := refBare(`essentials: {builtin: false, extra: [GITHUB_TOKEN, PATH]}
secrets: {builtin: false, extra: [GITHUB_TOKEN, "P*"], pass: [GITHUB_TOKEN, PATH]}
tasks: {build: {}}
`)
	env := []string{"github_token=x", "Path=/bin", "GITHUB_TOKEN=y"}
	assert.Equal(t, []string{"GITHUB_TOKEN=y"}, refRun(t, p, "build", false, env, nil).Environ())
	r := refRun(t, p, "build", true, env, nil)
	assert.Empty(t, r.Env)
	assert.Equal(t, [][2]string{
		{"github_token", "secret (GITHUB_TOKEN)"},
		{"Path", "secret (matches P*)"},
		{"GITHUB_TOKEN", "duplicate of an earlier entry"},
	}, dropTexts(r.Dropped))
}

func TestReferenceInherit(t *testing.T) {
	p := refBare(`secrets: {builtin: false, extra: [MY_WALLET_KEY, "*_TOKEN"], pass: [SLEUTH_TOKEN]}
tasks:
  sh:
    mode: inherit
    passThrough: [GH_TOKEN, HISTFILE]
    unset: [HISTFILE, "npm_config_*"]
    define: {TERM: dumb}
`)
	env := []string{"HOME=/h", "my_wallet_key=k", "NPM_TOKEN=n", "GH_TOKEN=g", "SLEUTH_TOKEN=s", "HISTFILE=x", "npm_config_cache=c", "TERM=xterm"}
	refBoth(t, p, "sh", env, nil, []string{"HOME=/h", "GH_TOKEN=g", "SLEUTH_TOKEN=s", "TERM=dumb"})
	assert.Equal(t, []string{"histfile=x", "TERM=dumb"}, refRun(t, p, "sh", false, []string{"histfile=x"}, nil).Environ())
	assert.Equal(t, []string{"TERM=dumb"}, refRun(t, p, "sh", true, []string{"histfile=x"}, nil).Environ())

	r := refRun(t, p, "sh", false, env, nil)
	assert.Equal(t, [][2]string{
		{"my_wallet_key", "secret (MY_WALLET_KEY)"},
		{"NPM_TOKEN", "secret (matches *_TOKEN)"},
		{"HISTFILE", "unset (HISTFILE)"},
		{"npm_config_cache", "unset (npm_config_*)"},
	}, dropTexts(r.Dropped))
	assert.Equal(t, "passThrough GH_TOKEN", r.Env[1].From.String())
	assert.Equal(t, "inherited", r.Env[2].From.String())
}

func TestReferenceDefineAndOverrides(t *testing.T) {
	p := refBare("tasks: {sh: {mode: inherit, define: {FOO: new, D: d}}}\n")
	assert.Equal(t, []string{"Foo=old", "FOO=new", "D=d"}, refRun(t, p, "sh", false, []string{"Foo=old"}, nil).Environ())
	assert.Equal(t, []string{"FOO=new", "D=d"}, refRun(t, p, "sh", true, []string{"Foo=old"}, nil).Environ())

	env := []string{"A=1", "B=2"}
	refBoth(t, p, "sh", env, nil, []string{"A=3", "FOO=new", "D=d", "C=5"},
		set("A", "2"), unset("B"), set("C", "4"), set("A", "3"), set("C", "5"))
	refBoth(t, p, "sh", env, nil, []string{"A=1", "B=2", "FOO=new"}, unset("D"))
	// An unset name set again comes back in its place.
	refBoth(t, p, "sh", env, nil, []string{"A=again", "B=2", "FOO=new", "D=d"}, unset("A"), set("A", "again"))
	refBoth(t, p, "sh", env, nil, []string{"A=1", "B=2", "FOO=new", "D=d"},
		set("", "x"), set("X=Y", "z"), set("N\x00", "z"), set("A", "nul\x00"), unset(""), unset("A=1"))
	assert.Equal(t, []string{"a=9", "B=2", "FOO=new", "D=d"}, refRun(t, p, "sh", true, env, nil, set("a", "9")).Environ())
	assert.Equal(t, []string{"A=1", "B=2", "FOO=new", "D=d", "a=9"}, refRun(t, p, "sh", false, env, nil, set("a", "9")).Environ())
}

func TestReferenceBinPaths(t *testing.T) {
	sep := string(os.PathListSeparator)
	join := func(dirs ...string) string { return strings.Join(dirs, sep) }
	p := refBare(`tasks:
  build:
    mode: inherit
    binPaths: ["{projectDir}/bin", "{workspace}/bin", "{projectDir}//bin", "{empty}", "/usr/x{{y}}", "{workspace}/bin/"]
`)
	params := map[string]string{"projectDir": "/p", "workspace": "/w"}
	dirs := join("/p/bin", "/w/bin", "/p//bin", "/usr/x{y}", "/w/bin/")
	refBoth(t, p, "build", []string{"PATH=/bin"}, params, []string{"PATH=" + join(dirs, "/bin")})
	refBoth(t, p, "build", []string{"A=1"}, params, []string{"A=1", "PATH=" + dirs})
	refBoth(t, p, "build", []string{"PATH="}, params, []string{"PATH=" + dirs})
	refBoth(t, p, "build", []string{"PATH=/bin"}, params, []string{"PATH=" + join(dirs, "/o")}, set("PATH", "/o"))
	refBoth(t, p, "build", []string{"PATH=/bin"}, params, []string{"PATH=" + dirs}, unset("PATH"))
	refBoth(t, p, "build", nil, map[string]string{"projectDir": "/same", "workspace": "/same"},
		[]string{"PATH=" + join("/same/bin", "/same//bin", "/usr/x{y}", "/same/bin/")})
	assert.Equal(t, []string{"Path=" + join(dirs, "/bin")}, refRun(t, p, "build", true, []string{"Path=/bin"}, params).Environ())
	assert.Equal(t, []string{"Path=/bin", "PATH=" + dirs}, refRun(t, p, "build", false, []string{"Path=/bin"}, params).Environ())

	// A directory built from a parameter or a ${NAME} that reads empty is
	// skipped, not turned into a root-relative path.
	partial := refBare("tasks: {b: {mode: inherit, binPaths: [\"{projectDir}/node_modules/.bin\", \"${TOOLS}/bin\", \"{workspace}/x{projectDir}\", \"/usr/bin\"]}}\n")
	refBoth(t, partial, "b", []string{"PATH=/bin"}, map[string]string{"workspace": "/w"}, []string{"PATH=" + join("/usr/bin", "/bin")})
	refBoth(t, partial, "b", []string{"PATH=/bin", "TOOLS="}, map[string]string{"projectDir": "", "workspace": "/w"}, []string{"PATH=" + join("/usr/bin", "/bin"), "TOOLS="})
	refBoth(t, partial, "b", []string{"PATH=/bin", "TOOLS=/t"}, map[string]string{"projectDir": "/p", "workspace": "/w"},
		[]string{"PATH=" + join("/p/node_modules/.bin", "/t/bin", "/w/x/p", "/usr/bin", "/bin"), "TOOLS=/t"})

	empty := refBare("tasks: {b: {mode: inherit, binPaths: [\"{a}\", \"{b}\"]}}\n")
	refBoth(t, empty, "b", []string{"PATH=/bin"}, nil, []string{"PATH=/bin"})
	refBoth(t, empty, "b", []string{"X=1"}, map[string]string{"a": "/a\x00"}, []string{"X=1"})

	// DefineSource whose parameter holds NUL is skipped: the lower layer stays.
	nul := refBare("tasks: {b: {mode: inherit, define: {X: \"{a}\"}}}\n")
	refBoth(t, nul, "b", []string{"X=old"}, map[string]string{"a": "n\x00"}, []string{"X=old"})
}

func TestReferenceDropInjection(t *testing.T) {
	p := refBare(`tasks:
  sh: {mode: inherit, dropInjection: true, passThrough: [PYTHONPATH]}
  keep: {mode: inherit}
`)
	env := []string{
		"LD_PRELOAD=/x.so", "ld_preload=/y.so", "DYLD_INSERT_LIBRARIES=/z", "BASH_FUNC_f%%=() { id; }",
		"f=() { id; }", "g= () { id; }", "PYTHONPATH=/p", "BASH_ENV=/e", "HOME=/h",
		"h=(){ id; }", "i=()", "j=(x)", // sudo drops any value that starts with "()"
	}
	r := refRun(t, p, "sh", false, env, nil)
	assert.Equal(t, []string{"ld_preload=/y.so", "g= () { id; }", "HOME=/h", "j=(x)"}, r.Environ())
	assert.Contains(t, dropTexts(r.Dropped), [2]string{"LD_PRELOAD", "injection variable (LD_*)"})
	assert.Contains(t, dropTexts(r.Dropped), [2]string{"f", `injection variable (a bash exported function: the value starts with "()")`})
	assert.Contains(t, dropTexts(r.Dropped), [2]string{"h", `injection variable (a bash exported function: the value starts with "()")`})
	assert.Equal(t, []string{"g= () { id; }", "HOME=/h", "j=(x)"}, refRun(t, p, "sh", true, env, nil).Environ())
	assert.Equal(t, env, refRun(t, p, "keep", false, env, nil).Environ())

	// DefineSource or an override is the policy's or the caller's own choice.
	def := refBare("tasks: {sh: {mode: inherit, dropInjection: true, define: {LD_LIBRARY_PATH: /lib}}}\n")
	refBoth(t, def, "sh", []string{"LD_LIBRARY_PATH=/evil"}, nil, []string{"LD_LIBRARY_PATH=/lib", "PYTHONPATH=/ok"}, set("PYTHONPATH", "/ok"))
}

// TestReferenceDropInjectionIsolated: in an isolated task, dropInjection
// drops the injection variables from layers 1 and 2, essentials and
// passThrough pattern matches alike, and every value starting with "()";
// an exact passThrough name, spelled exactly so, still passes, whatever
// its value, and a negation still beats it.
func TestReferenceDropInjectionIsolated(t *testing.T) {
	p := refBare(`essentials: {builtin: false, extra: [NODE_OPTIONS, HOME, PERL5LIB]}
tasks:
  build: {dropInjection: true, passThrough: [PYTHONPATH, F, "!PERL5LIB", "LD_*", "X_*"]}
  plain: {passThrough: [PYTHONPATH, F, "LD_*", "X_*"]}
`)
	env := []string{
		"NODE_OPTIONS=--require=/evil.js", // an essential, and an injection variable
		"HOME=/h",
		"PYTHONPATH=/p",    // exact passThrough: passes
		"F=() { id; }",     // exact passThrough: passes, whatever the value
		"LD_PRELOAD=/x.so", // LD_* matches it, and the injection list does
		"X_A=() { id; }",   // X_* matches it; a function
		"X_B=(){ id; }",    // X_* matches it; a function without the space
		"X_C=( )",          // X_* matches it; no function
		"PERL5LIB=/l",      // negated, essential
		"BASH_ENV=/e",      // undeclared
		"pythonpath=/q",    // another spelling of an exact name
	}
	r := refRun(t, p, "build", false, env, nil)
	assert.Equal(t, []string{"HOME=/h", "PYTHONPATH=/p", "F=() { id; }", "X_C=( )"}, r.Environ())
	assert.Contains(t, dropTexts(r.Dropped), [2]string{"NODE_OPTIONS", "injection variable (NODE_OPTIONS)"})
	assert.Contains(t, dropTexts(r.Dropped), [2]string{"LD_PRELOAD", "injection variable (LD_*)"})
	assert.Contains(t, dropTexts(r.Dropped), [2]string{"X_B", `injection variable (a bash exported function: the value starts with "()")`})
	assert.Contains(t, dropTexts(r.Dropped), [2]string{"PERL5LIB", "negated (!PERL5LIB)"})
	assert.Contains(t, dropTexts(r.Dropped), [2]string{"BASH_ENV", "not declared"})

	// On Windows the listing covers every spelling, the exemption only
	// its own: pythonpath is a repeat of PYTHONPATH there, and alone it
	// is dropped.
	assert.Equal(t, []string{"HOME=/h", "PYTHONPATH=/p", "F=() { id; }", "X_C=( )"}, refRun(t, p, "build", true, env, nil).Environ())
	r = refRun(t, p, "build", true, []string{"pythonpath=/q", "f=() { id; }", "f_=1"}, nil)
	assert.Empty(t, r.Environ())
	assert.Contains(t, dropTexts(r.Dropped), [2]string{"pythonpath", "injection variable (PYTHONPATH)"})
	assert.Contains(t, dropTexts(r.Dropped), [2]string{"f", `injection variable (a bash exported function: the value starts with "()")`})

	// Without dropInjection all of them pass but the negated and the
	// undeclared.
	assert.Equal(t, []string{"NODE_OPTIONS=--require=/evil.js", "HOME=/h", "PYTHONPATH=/p", "F=() { id; }", "LD_PRELOAD=/x.so",
		"X_A=() { id; }", "X_B=(){ id; }", "X_C=( )", "PERL5LIB=/l"}, refRun(t, p, "plain", false, env, nil).Environ())

	// DefineSource or an override is the policy's or the caller's own choice.
	def := refBare("tasks: {b: {dropInjection: true, define: {LD_LIBRARY_PATH: /lib}}}\n")
	refBoth(t, def, "b", []string{"LD_LIBRARY_PATH=/evil"}, nil, []string{"LD_LIBRARY_PATH=/lib", "PYTHONPATH=/ok"}, set("PYTHONPATH", "/ok"))
}

func TestReferenceGlob(t *testing.T) {
	for _, c := range []struct {
		pattern, name string
		fold, want    bool
	}{
		{"*", "", false, true},
		{"*", "ANY", false, true},
		{"A*", "A", false, true},
		{"A*", "a", false, false},
		{"A*", "a", true, true},
		{"*_TOKEN", "_TOKEN", false, true},
		{"*_TOKEN", "X_TOKEN_", false, false},
		{"A*B*A", "ABA", false, true},
		{"A*B*A", "ABBA", false, true},
		{"A*B*A", "AB", false, false},
		{"A*A", "A", false, false},
		{"**", "", false, true},
		{"X**Y", "XY", false, true},
		{"K*", "\u212a", true, false},  // no Unicode folding
		{"\xff*", "\xff", false, true}, // bytes, not runes (found by fuzzing the matcher, FuzzMatch)
		{"\xff", "\u00ff", false, false},
		{"NAME", "NAME", false, true},
		{"NAME", "name", true, true},
	} {
		assert.Equal(t, c.want, Match(c.pattern, c.name, c.fold), "%q ~ %q fold=%v", c.pattern, c.name, c.fold)
	}
}

// entryTexts is each entry as name, value and its From and Over in the
// words String gives them.
func entryTexts(list []Entry) [][4]string {
	var out [][4]string
	for _, e := range list {
		out = append(out, [4]string{e.Name, e.Value, e.From.String(), e.Over.String()})
	}
	return out
}

// dropTexts is each drop as its name and its reason's String.
func dropTexts(list []Drop) [][2]string {
	var out [][2]string
	for _, d := range list {
		out = append(out, [2]string{d.Name, d.Why.String()})
	}
	return out
}
