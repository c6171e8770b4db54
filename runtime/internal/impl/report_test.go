package impl

import (
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/envgen/envgen/runtime/internal/assert"
	"github.com/envgen/envgen/runtime/internal/glob"
	"github.com/envgen/envgen/runtime/internal/require"
)

// This file holds Report and Observe to docs/rollout.md: each reason
// produced through Build, with the entries' names, their order, and no
// byte of a value in any reason; a call's result unchanged by Report;
// what Observe returns; and, by random calls, that exactly the entries a
// result leaves out are reported.

// reportPolicy holds the whole built-in secret list, so that its entries
// are "built in", and one secret of its own.
var reportPolicy = &Policy{
	Essentials:    []string{"PATH", "HOME"},
	Secrets:       append(slices.Clone(builtinSecrets), "MY_WALLET_KEY"),
	Injection:     []string{"LD_*", "BASH_ENV"},
	SecretValues:  true,
	ValuePrefixes: []string{"acme_live_"},
}

var (
	reportInherit  = &Task{Policy: reportPolicy, Inherit: true, Unset: []string{"HISTFILE", "npm_config_*"}, DropInjection: true}
	reportIsolated = &Task{Policy: reportPolicy, PassThrough: []string{"GOFLAGS", "NEXT_PUBLIC_*", "!NEXT_PUBLIC_SECRET_*", "LD_LIBRARY_PATH"}, DropInjection: true}
)

// A GitHub token the value detectors recognise; its bytes must appear in
// no reason.
const reportToken = "ghp_Zq8Xw2Vt6Ry4Nm1Lk9Jh7Gf5Ds3Ap0OiUyTr"

// reported builds task's environment from environ through Build (Given,
// names compared exactly, or BuildFold) with a Report, and returns the
// result and what was reported. It checks that Report changed nothing of
// the result, and that no reason holds 4 bytes in a row of a value.
func reported(t *testing.T, task *Task, environ, defines []string, fold bool, overrides ...Var) ([]string, []Dropped) {
	t.Helper()
	var got []Dropped
	with := append([]Var{Report(func(d Dropped) { got = append(got, d) })}, overrides...)
	var out, want []string
	if fold {
		out = BuildFold(nil, environ, task, defines, with, nil, true)
		want = BuildFold(nil, environ, task, defines, overrides, nil, true)
	} else {
		out = Build(Given(nil, environ), task, defines, with, nil)
		want = Build(Given(nil, environ), task, defines, overrides, nil)
	}
	assert.Equal(t, want, out, "Report changed the result")
	for _, d := range got {
		for _, e := range environ {
			_, value, _ := strings.Cut(e, "=")
			for i := 0; i+4 <= len(value); i++ {
				require.True(t, !strings.Contains(d.Reason, value[i:i+4]), "%q's reason %q holds bytes of the value %q", d.Name, d.Reason, value)
			}
		}
	}
	return out, got
}

func TestReportSecretByName(t *testing.T) {
	_, got := reported(t, reportInherit, []string{
		"PATH=/bin", "GITHUB_TOKEN=t-one", "DEPLOY_TOKEN=t-two", "MY_WALLET_KEY=w-three", "github_token=t-four",
	}, nil, false)
	assert.Equal(t, []Dropped{
		{"GITHUB_TOKEN", "secret by name: GITHUB_TOKEN (built in)"},
		{"DEPLOY_TOKEN", "secret by name: *_TOKEN (built in)"},
		{"MY_WALLET_KEY", "secret by name: MY_WALLET_KEY (secrets.extra)"},
		{"github_token", "secret by name: GITHUB_TOKEN (built in)"}, // detection ignores case
	}, got)

	// A policy without the whole built-in list (secrets.builtin: false)
	// wrote each of its secrets itself.
	own := &Task{Policy: &Policy{Secrets: []string{"*_TOKEN"}}, Inherit: true}
	_, got = reported(t, own, []string{"DEPLOY_TOKEN=t-two"}, nil, false)
	assert.Equal(t, []Dropped{{"DEPLOY_TOKEN", "secret by name: *_TOKEN (secrets.extra)"}}, got)
}

func TestReportSecretByValue(t *testing.T) {
	_, got := reported(t, reportInherit, []string{
		"SYNC_CONFIG=" + reportToken, "AUTH=Bearer " + reportToken, "PLAIN=x-y-z", "PAYMENT=acme_live_k3y9",
		"ORDERS_DB=postgres://app:pw@db.internal:5432/orders", "KEY_ID=AKIAIOSFODNN7EXAMPLE",
	}, nil, false)
	assert.Equal(t, []Dropped{
		{"SYNC_CONFIG", "its value holds a GitHub token"},
		{"AUTH", "its value holds a GitHub token"}, // the family alone: a form such as "after `Bearer `" quotes the value
		{"PAYMENT", "its value holds a prefix of secrets.valuePrefixes"},
		{"ORDERS_DB", "its value holds a URL with a password"},
		{"KEY_ID", "its value holds an AWS access key ID"},
	}, got)
	_, got = reported(t, reportIsolated, []string{"HOME=" + reportToken}, nil, false) // an essential
	assert.Equal(t, []Dropped{{"HOME", "its value holds a GitHub token"}}, got)
}

func TestReportIsolatedTask(t *testing.T) {
	out, got := reported(t, reportIsolated, []string{
		"PATH=/bin", "UNDECLARED=u-1", "NEXT_PUBLIC_URL=n-2", "NEXT_PUBLIC_SECRET_X=n-3", "NEXT_PUBLIC_API_TOKEN=n-4",
		"LD_PRELOAD=l-5", "LD_LIBRARY_PATH=l-6", "GOFLAGS=() { :; }",
	}, nil, false)
	assert.Equal(t, []string{"PATH=/bin", "NEXT_PUBLIC_URL=n-2", "LD_LIBRARY_PATH=l-6", "GOFLAGS=() { :; }"}, out)
	assert.Equal(t, []Dropped{
		{"UNDECLARED", "not in the task's allowlist"},
		{"NEXT_PUBLIC_SECRET_X", "negated in passThrough: !NEXT_PUBLIC_SECRET_*"},
		{"NEXT_PUBLIC_API_TOKEN", "secret by name: *_TOKEN (built in)"},
		{"LD_PRELOAD", "not in the task's allowlist"}, // no layer passes it: the allowlist says so first
	}, got)

	// An injection variable that a pattern would pass.
	task := &Task{Policy: reportPolicy, PassThrough: []string{"LD_*"}, DropInjection: true}
	_, got = reported(t, task, []string{"LD_PRELOAD=l-5", "LD_AUDIT=l-6"}, nil, false)
	assert.Equal(t, []Dropped{
		{"LD_PRELOAD", "injection variable: LD_* (dropInjection)"},
		{"LD_AUDIT", "injection variable: LD_* (dropInjection)"},
	}, got)
}

func TestReportInheritTask(t *testing.T) {
	_, got := reported(t, reportInherit, []string{
		"HISTFILE=h-1", "npm_config_registry=r-2", "BASH_ENV=b-3", "LD_PRELOAD=l-4", "EDITOR=() { :; }", "LANG=C",
	}, nil, false)
	assert.Equal(t, []Dropped{
		{"HISTFILE", "unset by the task: HISTFILE"},
		{"npm_config_registry", "unset by the task: npm_config_*"},
		{"BASH_ENV", "injection variable: BASH_ENV (dropInjection)"},
		{"LD_PRELOAD", "injection variable: LD_* (dropInjection)"},
		{"EDITOR", "its value is a bash function (dropInjection)"},
	}, got)
}

func TestReportLaterEntriesAndBadOnes(t *testing.T) {
	environ := []string{"PATH=/a", "JUSTTEXT", "A=b\x00c", "PATH=/b", "Path=/c", "A=d", "A=e", "GITHUB_TOKEN=t-1", "GITHUB_TOKEN=t-2"}
	out, got := reported(t, reportInherit, environ, nil, false)
	assert.Equal(t, []string{"PATH=/a", "Path=/c", "A=d"}, out)
	assert.Equal(t, []Dropped{
		{"", "not NAME=value"},
		{"A", "it holds a NUL byte, which exec refuses"},
		{"PATH", "a later entry of the same name"},
		{"A", "a later entry of the same name"}, // A=d, after the one exec refuses, is its first
		{"GITHUB_TOKEN", "secret by name: GITHUB_TOKEN (built in)"},
		{"GITHUB_TOKEN", "a later entry of the same name"},
	}, got)

	// Where names compare ASCII case-insensitively, Path is PATH.
	out, got = reported(t, reportInherit, environ, nil, true)
	assert.Equal(t, []string{"PATH=/a", "A=d"}, out)
	assert.Equal(t, Dropped{"Path", "a later entry of the same name"}, got[3])
}

func TestReportOverrides(t *testing.T) {
	environ := []string{"PATH=/bin", "MY_CORP_SSO=c-1", "EDITOR=vi", "SSH_AUTH_SOCK=/s", "SSH_AGENT_PID=42", "NODE_TOKEN=n-1", "NODE_ENV=dev"}
	_, got := reported(t, reportInherit, environ, nil, false,
		Drop("MY_CORP_*"), Unset("EDITOR"), Keep("SSH_AUTH_SOCK"), Keep("SSH_AGENT_PID"), Drop("SSH_*"), Keep("SSH_AGENT_PID"))
	assert.Equal(t, []Dropped{
		{"MY_CORP_SSO", `Drop("MY_CORP_*")`},
		{"EDITOR", `Unset("EDITOR")`},
		{"SSH_AUTH_SOCK", `Drop("SSH_*")`}, // kept, then dropped; SSH_AGENT_PID kept again after
		{"NODE_TOKEN", "secret by name: *_TOKEN (built in)"},
	}, got)

	// KeepMatching says why it passes no secret; an isolated task's
	// allowlist is the reason for a name it does not match.
	_, got = reported(t, reportIsolated, environ, nil, false, KeepMatching("NODE_*"))
	assert.Equal(t, []Dropped{
		{"MY_CORP_SSO", "not in the task's allowlist"},
		{"EDITOR", "not in the task's allowlist"},
		{"SSH_AUTH_SOCK", "not in the task's allowlist"},
		{"SSH_AGENT_PID", "not in the task's allowlist"},
		{"NODE_TOKEN", "secret by name: *_TOKEN (built in)"},
	}, got)

	// An invalid Drop leaves out everything so far, and says so.
	_, got = reported(t, reportInherit, []string{"PATH=/bin", "LANG=C"}, nil, false, Drop("MY-CORP-*"))
	assert.Equal(t, []Dropped{
		{"PATH", `Drop("MY-CORP-*"), invalid, which leaves out every entry`},
		{"LANG", `Drop("MY-CORP-*"), invalid, which leaves out every entry`},
	}, got)
}

// TestReportReplacedIsNotLeftOut: a value that a define or Set replaces
// is not left out, whatever the filter decided for its entry; a define
// that an override takes out again is.
func TestReportReplacedIsNotLeftOut(t *testing.T) {
	environ := []string{"PAGER=less", "GITHUB_TOKEN=t-1", "TERM=xterm", "LANG=C"}
	out, got := reported(t, reportIsolated, environ, []string{"PAGER=cat", "TERM=dumb"}, false,
		Set("GITHUB_TOKEN", "given"), Unset("TERM"), Sets([]string{"LANG=en"})[0])
	assert.Equal(t, []string{"PAGER=cat", "GITHUB_TOKEN=given", "LANG=en"}, out)
	assert.Equal(t, []Dropped{{"TERM", `Unset("TERM")`}}, got)
}

// TestReportEveryInput: Report sees the environ of every kind of input,
// and the result is the one the call gives without it: Fresh, Given into
// a dst with entries, Given in place, OS.
func TestReportEveryInput(t *testing.T) {
	environ := []string{"PATH=/bin", "GITHUB_TOKEN=t-1", "LANG=C", "HISTFILE=h", "LANG=D"}
	want := []Dropped{
		{"GITHUB_TOKEN", "secret by name: GITHUB_TOKEN (built in)"},
		{"HISTFILE", "unset by the task: HISTFILE"},
		{"LANG", "a later entry of the same name"},
	}
	var got []Dropped
	rep := Report(func(d Dropped) { got = append(got, d) })
	check := func(what string, out []string, wantOut ...string) {
		t.Helper()
		assert.Equal(t, wantOut, out, what)
		assert.Equal(t, want, got, what)
		got = nil
	}
	check("Fresh", Build(Fresh(environ), reportInherit, nil, []Var{rep}, nil), "PATH=/bin", "LANG=C")
	check("Given", Build(Given([]string{"X=1"}, environ), reportInherit, nil, []Var{rep}, nil), "X=1", "PATH=/bin", "LANG=C")
	inPlace := slices.Clone(environ)
	check("in place", Build(Given(inPlace[:0], inPlace), reportInherit, nil, []Var{rep}, nil), "PATH=/bin", "LANG=C")

	t.Setenv("ENVGEN_REPORT_TOKEN", "t-1")
	t.Setenv("HISTFILE", "h")
	out := Build(OS(), reportInherit, nil, []Var{rep}, nil)
	assert.Equal(t, Build(OS(), reportInherit, nil, nil, nil), out, "OS")
	got = slices.DeleteFunc(got, func(d Dropped) bool { return d.Name != "ENVGEN_REPORT_TOKEN" && d.Name != "HISTFILE" })
	slices.SortFunc(got, func(a, b Dropped) int { return strings.Compare(a.Name, b.Name) })
	assert.Equal(t, []Dropped{{"ENVGEN_REPORT_TOKEN", "secret by name: *_TOKEN (built in)"}, {"HISTFILE", "unset by the task: HISTFILE"}}, got, "OS")
}

// TestObserve: the call returns environ as without the policy (the
// first entry of each name that exec could carry, with the call's Set,
// Sets and Unset applied) and reports what enforcing would leave out.
func TestObserve(t *testing.T) {
	environ := []string{"PATH=/bin", "GITHUB_TOKEN=t-1", "bad", "LANG=C", "HISTFILE=h", "LANG=D", "EDITOR=vi", "MY_CORP_SSO=c"}
	var got []Dropped
	overrides := []Var{Observe(func(d Dropped) { got = append(got, d) }), Drop("MY_CORP_*"), Set("EDITOR", "nano"), Unset("LANG"), Sets([]string{"NEW=n"})[0], Keep("GITHUB_TOKEN")}
	want := []string{"PATH=/bin", "GITHUB_TOKEN=t-1", "HISTFILE=h", "EDITOR=nano", "MY_CORP_SSO=c", "NEW=n"}
	wantReport := []Dropped{
		{"", "not NAME=value"},
		{"LANG", `Unset("LANG")`},
		{"HISTFILE", "unset by the task: HISTFILE"},
		{"LANG", "a later entry of the same name"},
		{"MY_CORP_SSO", `Drop("MY_CORP_*")`},
	}
	for what, in := range map[string]Input{"Fresh": Fresh(environ), "Given": Given([]string{"X=1"}, environ)} {
		out := Build(in, reportInherit, []string{"TERM=dumb"}, overrides, []Dir{{"/tools"}})
		if what == "Given" {
			assert.Equal(t, "X=1", out[0])
			out = out[1:]
		}
		assert.Equal(t, want, out, what)
		assert.Equal(t, wantReport, got, what)
		got = nil
	}
	inPlace := slices.Clone(environ)
	assert.Equal(t, want, Build(Given(inPlace[:0], inPlace), reportInherit, []string{"TERM=dumb"}, overrides, []Dir{{"/tools"}}), "in place")
	assert.Equal(t, wantReport, got, "in place")

	// This process's environment, as it is.
	t.Setenv("ENVGEN_REPORT_TOKEN", "t-1")
	assert.Equal(t, os.Environ(), Build(OS(), reportInherit, []string{"TERM=dumb"}, []Var{Observe(func(Dropped) {})}, nil), "OS")

	// Names compare as the task compares them.
	got = nil
	assert.Equal(t, []string{"Path=/a"}, BuildFold(nil, []string{"Path=/a", "PATH=/b"}, reportInherit, nil, overrides[:1], nil, true))
	assert.Equal(t, []Dropped{{"PATH", "a later entry of the same name"}}, got)
}

// TestReportAndObserveAreComparableVars: Vars stay comparable (a map key),
// a Report equal only to itself; CheckVars takes both; String shows no
// function.
func TestReportAndObserveAreComparableVars(t *testing.T) {
	fn := func(Dropped) {}
	r := Report(fn)
	seen := map[Var]bool{r: true, Observe(fn): true}
	assert.True(t, seen[r])
	assert.False(t, seen[Report(fn)], "another Report is another Var")
	assert.Equal(t, "Report(func)", r.String())
	assert.Equal(t, "Observe(func)", Observe(fn).String())
	assert.NoError(t, CheckVars(r, Observe(fn)))
}

// TestReportMatchesTheResult gives random calls (names from a small set,
// some spelled twice, malformed entries, overrides of every kind, names
// compared both ways) and holds the report to the result: every entry
// reported is left out (its name absent from the result, or not its
// name's first entry), every entry left out is reported once, in order,
// with a reason that names a rule, never the fallback.
func TestReportMatchesTheResult(t *testing.T) {
	names := []string{"PATH", "HOME", "GITHUB_TOKEN", "NODE_ENV", "NODE_TOKEN", "HISTFILE", "LD_PRELOAD", "EDITOR", "path", "MY_CORP_A", "NEXT_PUBLIC_SECRET_A", "GOFLAGS"}
	values := []string{"v", "", "() { :; }", reportToken, "x\x00y"}
	tasks := []*Task{reportInherit, reportIsolated, {Policy: reportPolicy, PassThrough: []string{"NODE_*", "EDITOR"}}}
	rng := rand.New(rand.NewPCG(39, 1))
	pick := func(s []string) string { return s[rng.IntN(len(s))] }
	for range 3000 {
		var environ []string
		for range rng.IntN(8) {
			if rng.IntN(20) == 0 {
				environ = append(environ, "NOEQUALS")
			} else {
				environ = append(environ, pick(names)+"="+pick(values))
			}
		}
		var overrides []Var
		for range rng.IntN(4) {
			overrides = append(overrides, [...]Var{Set(pick(names), "s"), Unset(pick(names)), Keep(pick(names)), Drop(pick([]string{"NODE_*", "*PATH*", "MY-*"})),
				KeepMatching(pick([]string{"NODE_*", "*"})), Sets([]string{"NOEQUALS"})[0]}[rng.IntN(6)])
		}
		task, fold := tasks[rng.IntN(len(tasks))], rng.IntN(2) == 0
		out, got := reported(t, task, environ, []string{"EDITOR=ed"}, fold, overrides...)
		var want []string // the names left out, in order
		seen := map[string]bool{}
		for _, e := range environ {
			name, ok := Split(e)
			k := name
			if fold {
				k = foldKey(name)
			}
			switch {
			case !ok:
				want = append(want, "?")
			case seen[k]:
				want = append(want, name)
			default:
				seen[k] = true
				if !slices.ContainsFunc(out, func(o string) bool { return glob.Equal(nameOf(o), name, fold) }) {
					want = append(want, name)
				}
			}
		}
		var gotNames []string
		for _, d := range got {
			if d.Name == "" || strings.Contains(d.Reason, "NUL") {
				d.Name = "?"
			}
			gotNames = append(gotNames, d.Name)
			require.True(t, d.Reason != "" && d.Reason != "left out by the call", "%q: %q for %q, %v, fold=%v", d.Name, d.Reason, environ, overrides, fold)
		}
		require.Equal(t, want, gotNames, "environ %q, overrides %v, fold=%v", environ, overrides, fold)
	}
}
