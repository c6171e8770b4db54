package envrt_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/gentest"
	envrt "github.com/envgen/envgen/runtime"
)

// This file holds the runtime to internal/reference's interpreter
// under both name comparisons: a differential test over random policies
// and calls (Windows' rules run here, where BuildFold reaches them), and
// native fuzz targets for Build, Split and Pattern.Match. Their seed
// corpora under testdata/fuzz run as ordinary tests.

// foldCalls is how many random calls TestDifferentialFold makes per
// policy, under each of the two name comparisons.
const (
	foldPolicies = 40
	foldCalls    = 250
)

// overrides turns the reference's overrides into the runtime's.
func overrides(list []gentest.RefOverride) []envrt.Var {
	var out []envrt.Var
	for _, o := range list {
		if o.Unset {
			out = append(out, envrt.Unset(o.Name))
		} else {
			out = append(out, envrt.Set(o.Name, o.Value))
		}
	}
	return out
}

// fill returns the defines and binPaths directories that the generated
// Append…Env of ct passes envrt.Build for a call with environ and params,
// reading each ${NAME} with the runtime's own functions, as the generated
// code does, under the comparison fold chooses. It never asks the
// reference interpreter, so that the differential tests hold the
// runtime's reading of environ to it.
func fill(ct *gentest.CompiledTask, environ []string, params map[string]string, fold bool) ([]string, []envrt.Dir) {
	return ct.Fill(params, func(r gentest.EnvReference) string {
		if r.Secret {
			return envrt.GetenvExemptFold(environ, r.Name, r.Exempt, fold)
		}
		return envrt.GetenvFold(environ, r.Name, fold)
	})
}

// buildFold runs task key of c through the runtime with the comparison
// fold chooses, appending to dst, as the generated Append…Env does.
func buildFold(c *gentest.Compiled, key string, dst []string, call gentest.RandomCall, fold bool) []string {
	ct := c.Task(key)
	defines, dirs := fill(ct, call.Environ, call.Params, fold)
	return envrt.BuildFold(dst, call.Environ, ct.Task, defines, overrides(call.Overrides), dirs, fold)
}

// foldCase is a call whose answer is written by hand, under Windows' rules
// (Fold) and under exact names (Exact).
type foldCase struct {
	name, policy, task string
	environ            []string
	fold, exact        []string
}

// foldCases are the calls TestDifferentialFold checks by hand before its
// random ones: where the reference interpreter and the runtime could
// share a mistake, a differential alone cannot tell.
var foldCases = []foldCase{{
	// ${github_token} finds GITHUB_TOKEN first under Windows' rules; that
	// spelling is a secret the task does not exempt (the exemption is
	// exact), so the task drops it, and the reference reads nothing.
	name: "a reference to an exempt secret finds an unexempt spelling",
	policy: `version: 1
package: p
essentials: {builtin: false}
tasks:
  t:
    mode: inherit
    passThrough: [github_token]
    define: {COPY: "${github_token}"}
    binPaths: ["/${github_token}"]
`,
	task:    "t",
	environ: []string{"GITHUB_TOKEN=ghp_x", "A=1"},
	fold:    []string{"A=1", "COPY="},
	exact:   []string{"A=1", "COPY="},
}, {
	name: "the same, with the exempt spelling later",
	policy: `version: 1
package: p
tasks:
  t:
    mode: inherit
    passThrough: [github_token]
    define: {COPY: "${github_token}"}
`,
	task:    "t",
	environ: []string{"GITHUB_TOKEN=ghp_x", "github_token=ghp_y"},
	fold:    []string{"COPY="},
	exact:   []string{"github_token=ghp_y", "COPY=ghp_y"},
}, {
	// secrets.pass exempts SLEUTH_API_KEY only: sleuth_api_key is a secret
	// by the built-in *_API_KEY pattern.
	name: "a reference to a name secrets.pass exempts finds an unexempt spelling",
	policy: `version: 1
package: p
secrets: {pass: [SLEUTH_API_KEY]}
tasks:
  t:
    define: {KEY: "${SLEUTH_API_KEY}"}
    binPaths: ["/k/${SLEUTH_API_KEY}"]
`,
	task:    "t",
	environ: []string{"sleuth_api_key=sk_x", "PATH=/bin"},
	fold:    []string{"PATH=/bin", "KEY="},
	exact:   []string{"PATH=/bin", "KEY="},
}, {
	name: "the exempt spelling itself is read",
	policy: `version: 1
package: p
secrets: {pass: [SLEUTH_API_KEY]}
tasks:
  t:
    define: {KEY: "${SLEUTH_API_KEY}"}
`,
	task:    "t",
	environ: []string{"SLEUTH_API_KEY=sk_y", "sleuth_api_key=sk_x"},
	fold:    []string{"KEY=sk_y"},
	exact:   []string{"KEY=sk_y"},
}, {
	// Only secrets are never read: a name the task leaves out for another
	// reason (undeclared, unset, an injection variable) is read, as the
	// policy's author named it.
	name: "a reference reads what the task drops for other reasons",
	policy: `version: 1
package: p
tasks:
  t:
    mode: inherit
    unset: [OLD]
    dropInjection: true
    define: {NEW: "${old}", PRE: "${LD_PRELOAD}"}
`,
	task:    "t",
	environ: []string{"OLD=o", "LD_PRELOAD=/x.so", "old=p"},
	fold:    []string{"NEW=o", "PRE=/x.so"},
	exact:   []string{"old=p", "NEW=p", "PRE=/x.so"},
}, {
	name: "an isolated task's reference reads a name it does not declare",
	policy: `version: 1
package: p
essentials: {builtin: false}
tasks:
  t:
    define: {U: "${UNDECLARED}"}
`,
	task:    "t",
	environ: []string{"undeclared=u", "UNDECLARED=U"},
	fold:    []string{"U=u"},
	exact:   []string{"U=U"},
}}

// buildInPlace runs task key of c as buildFold does, but filtering a copy
// of the call's environ in place, Append…Env(environ[:0], environ, …), the
// copy with spare more entries of room: the defines and directories are
// worked out from it first, as the generated code's arguments are.
func buildInPlace(c *gentest.Compiled, key string, call gentest.RandomCall, fold bool, spare int) []string {
	ct := c.Task(key)
	env := append(make([]string, 0, len(call.Environ)+spare), call.Environ...)
	defines, dirs := fill(ct, env, call.Params, fold)
	return envrt.BuildFold(env[:0], env, ct.Task, defines, overrides(call.Overrides), dirs, fold)
}

// TestDifferentialFold compares the runtime, given the tables gentest.Compile
// builds, with the reference interpreter on random policies and calls,
// with Windows' ASCII-case-insensitive names and with exact names, into a
// separate dst and filtering in place; first on foldCases, with the
// answers written by hand.
func TestDifferentialFold(t *testing.T) {
	for _, fc := range foldCases {
		c, err := gentest.Compile("policy.yaml", []byte(fc.policy))
		require.NoError(t, err, fc.name)
		call := gentest.RandomCall{Task: fc.task, Environ: fc.environ}
		for _, fold := range []bool{true, false} {
			want := fc.exact
			if fold {
				want = fc.fold
			}
			assert.Equal(t, want, buildFold(c, fc.task, nil, call, fold), "%s: runtime, fold=%v", fc.name, fold)
			assert.Equal(t, want, gentest.Reference(c, fc.task, fc.environ, nil, nil, fold), "%s: reference, fold=%v", fc.name, fold)
		}
	}

	var seed uint64 = 5 // fixed, so that a failure repeats; ENVGEN_DIFF_SEED picks another
	if s := os.Getenv("ENVGEN_DIFF_SEED"); s != "" {
		if _, err := fmt.Sscan(s, &seed); err != nil {
			t.Fatalf("ENVGEN_DIFF_SEED: %v", err)
		}
	}
	r := rand.New(rand.NewPCG(seed, 0x666f6c64))
	cases, failures := 0, 0
	for i := range foldPolicies {
		src, c := gentest.RandomPolicy(r, fmt.Sprintf("p%d", i))
		for range foldCalls {
			call := gentest.RandomCallFor(r, c)
			for _, fold := range []bool{true, false} {
				cases++
				dst := []string{"DST=1"}
				got := buildFold(c, call.Task, dst, call, fold)
				want := gentest.Reference(c, call.Task, call.Environ, call.Params, call.Overrides, fold)
				inPlace := buildInPlace(c, call.Task, call, fold, cases%3*4)
				if slices.Equal(got[1:], want) && got[0] == "DST=1" && dst[0] == "DST=1" && slices.Equal(inPlace, want) {
					continue
				}
				failures++
				if failures <= 5 {
					t.Errorf("fold=%v: policy:\n%s\ntask %s, environ %q, params %q, overrides %+v\n got  %q\n in place %q\n want %q",
						fold, src, call.Task, call.Environ, call.Params, call.Overrides, got[1:], inPlace, want)
				}
			}
			for _, n := range call.Names {
				if got, want := c.Policy.IsSecret(n), gentest.ReferenceIsSecret(c, n); got != want {
					t.Errorf("policy:\n%s\nIsSecret(%q) = %v, want %v", src, n, got, want)
				}
			}
		}
	}
	if failures > 5 {
		t.Errorf("... %d failing cases in all", failures)
	}
	t.Logf("%d random calls of %d random policies (seed %d), half with Windows' names", cases, foldPolicies, seed)
}

// fuzzPolicies are the policies FuzzBuild draws its task from: between
// them every layer, both modes, patterns, negations, unset, injection
// variables, parameters and binPaths.
var fuzzPolicies = []string{
	`version: 1
package: p
tasks:
  build:
    passThrough: [NODE_ENV, GITHUB_TOKEN, "NEXT_PUBLIC_*", "!NEXT_PUBLIC_SECRET_*", "!LANG"]
    define: {CGO_ENABLED: "0", RUN: "{task}", NODE_ENV: production}
    binPaths: ["{projectDir}/bin", "{workspace}/bin", "/usr/x{{y}}"]
  shell:
    mode: inherit
    passThrough: [GH_TOKEN]
    unset: [HISTFILE, "npm_config_*"]
    dropInjection: true
    define: {TERM: dumb}
`,
	`version: 1
package: p
essentials: {builtin: false, extra: [PATH, Path, home]}
secrets: {builtin: false, extra: [Deploy_Key, "*_TOKEN", "A*B*A", "**"], pass: [deploy_key, PATH, Path, home]}
tasks:
  iso:
    passThrough: [a_token, "x*", "!xy*", Deploy_Key]
    binPaths: ["{a}", "{b}", "{a}/"]
  inh:
    mode: inherit
    passThrough: [Deploy_Key, a_token]
    unset: [X, "y*"]
    define: {PATH: "{a}", X: "{b}"}
`,
	`version: 1
package: p
essentials: {builtin: false}
secrets: {builtin: false}
tasks:
  all: {mode: inherit}
  none: {}
`,
}

var (
	fuzzOnce     sync.Once
	fuzzCompiled []*gentest.Compiled
)

// compiledFuzzPolicies compiles fuzzPolicies once.
func compiledFuzzPolicies(t *testing.T) []*gentest.Compiled {
	fuzzOnce.Do(func() {
		for _, src := range fuzzPolicies {
			c, err := gentest.Compile("policy.yaml", []byte(src))
			if err != nil {
				panic(err)
			}
			fuzzCompiled = append(fuzzCompiled, c)
		}
	})
	return fuzzCompiled
}

// decodeCall turns fuzz input into a call: environ entries are the lines
// of environ; each line of ovs is an override, "-NAME" an Unset, else
// NAME<TAB>value a Set; params holds the parameter values in the order
// a, b, task, projectDir, workspace, separated by TABs.
func decodeCall(environ, ovs, params string) gentest.RandomCall {
	var call gentest.RandomCall
	if environ != "" {
		call.Environ = strings.Split(environ, "\n")
	}
	if ovs != "" {
		for _, line := range strings.Split(ovs, "\n") {
			if name, ok := strings.CutPrefix(line, "-"); ok {
				call.Overrides = append(call.Overrides, gentest.RefOverride{Name: name, Unset: true})
				continue
			}
			name, value, _ := strings.Cut(line, "\t")
			call.Overrides = append(call.Overrides, gentest.RefOverride{Name: name, Value: value})
		}
	}
	call.Params = map[string]string{}
	for i, v := range strings.SplitN(params, "\t", 5) {
		call.Params[[]string{"a", "b", "task", "projectDir", "workspace"}[i]] = v
	}
	return call
}

// FuzzBuild runs a task of fuzzPolicies on fuzzed environ, overrides and
// parameters, with either name comparison, into a separate dst and in
// place, and wants the reference's answer.
func FuzzBuild(f *testing.F) {
	f.Add(uint8(0), false, "HOME=/h\nGITHUB_TOKEN=x\nNEXT_PUBLIC_A=1\nNEXT_PUBLIC_SECRET_B=2\nLANG=C\nPATH=/bin", "NODE_ENV\tdev\n-HOME", "\t\tbuild\t/p\t/w")
	f.Add(uint8(1), true, "github_token=x\nGH_TOKEN=y\nLD_PRELOAD=/x\nf=() { :; }\nBASH_FUNC_g%%=() { :; }\nnpm_config_x=1", "-TERM", "")
	f.Add(uint8(2), true, "Path=/x\nPATH=/y\nhome=h\nDeploy_Key=k\ndeploy_key=k2\nxy=1\nXz=2", "PATH\t/o", "/a\t/b")
	f.Add(uint8(3), false, "Path=/x\nPATH=/y\nA_TOKEN=t\na_token=u\nABA=1\nX=1\ny1=2", "A=B\tx\n\tx\n-\nN\x00\tv", "\x00\t/b\x00")
	f.Add(uint8(4), true, "=C:=C:\\x\n==x\nA=b=c\nE=\nNOEQUALS\n\nX\x00=1\nA=again", "a\tlower\nA\tupper", "")
	f.Add(uint8(5), false, "A=1\nB=2\nA=3", "-A\nA\tback\nC\tnew\n-C", "")
	f.Add(uint8(0), true, "github_token=S1\nNODE_ENV=1\nGITHUB_TOKEN=S2", "", "") // in place: a dropped first spelling
	f.Add(uint8(1), false, "F=() { :; }\nA=1\nF=plain\nB=2", "", "")              // in place: a function value
	f.Fuzz(func(t *testing.T, which uint8, fold bool, environ, ovs, params string) {
		policies := compiledFuzzPolicies(t)
		var tasks []struct {
			c   *gentest.Compiled
			key string
		}
		for _, c := range policies {
			for _, ct := range c.Tasks {
				tasks = append(tasks, struct {
					c   *gentest.Compiled
					key string
				}{c, ct.Key})
			}
		}
		task := tasks[int(which)%len(tasks)]
		call := decodeCall(environ, ovs, params)
		got := buildFold(task.c, task.key, nil, call, fold)
		want := gentest.Reference(task.c, task.key, call.Environ, call.Params, call.Overrides, fold)
		if !slices.Equal(got, want) {
			t.Errorf("task %s, fold=%v, environ %q, overrides %+v, params %q\n got  %q\n want %q",
				task.key, fold, call.Environ, call.Overrides, call.Params, got, want)
		}
		if got := buildInPlace(task.c, task.key, call, fold, 0); !slices.Equal(got, want) {
			t.Errorf("in place: task %s, fold=%v, environ %q, overrides %+v, params %q\n got  %q\n want %q",
				task.key, fold, call.Environ, call.Overrides, call.Params, got, want)
		}
	})
}

// FuzzSplit wants envrt.Split to agree with the reference's parsing of an
// os.Environ entry (SPEC rule 1).
func FuzzSplit(f *testing.F) {
	for _, s := range []string{"A=1", "=C:=C:\\x", "==", "=", "", "A", "A\x00=1", "A=\x00", "a==", "\xff=\xfe", "=A"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, entry string) {
		name, ok := envrt.Split(entry)
		wantName, wantValue, wantOK := gentest.ReferenceSplit(entry)
		if ok != wantOK || ok && name != wantName {
			t.Fatalf("Split(%q) = %q, %v; want %q, %v", entry, name, ok, wantName, wantOK)
		}
		if ok && entry != wantName+"="+wantValue {
			t.Fatalf("reference split %q into %q and %q", entry, wantName, wantValue)
		}
	})
}

// FuzzPattern wants a compiled pattern (the literal runs around its '*'s,
// as envgen compiles it) to match exactly the names the reference's glob
// matcher does, with and without ASCII case folding; a name without '*'
// compares with EqualFold or ==.
func FuzzPattern(f *testing.F) {
	for _, c := range [][2]string{
		{"*_TOKEN", "GITHUB_TOKEN"}, {"*_TOKEN", "_token"}, {"NEXT_*", "NEXT_"}, {"A*B*A", "ABA"},
		{"A*B*A", "ABBBA"}, {"A*A", "A"}, {"**", ""}, {"*", "\xff"}, {"K*", "\u212a"}, {"a*", "Ab"},
		{"PATH", "path"}, {"X**Y*", "XYY"}, {"*AB*AB*", "ABAB"}, {"*AB*AB*", "ABA"},
	} {
		f.Add(c[0], c[1])
	}
	f.Fuzz(func(t *testing.T, pattern, name string) {
		for _, fold := range []bool{false, true} {
			want := gentest.ReferenceMatch(pattern, name, fold)
			var got bool
			if strings.Contains(pattern, "*") {
				got = envrt.Pattern(strings.Split(pattern, "*")).Match(name, fold)
			} else if fold {
				got = envrt.EqualFold(pattern, name)
			} else {
				got = pattern == name
			}
			if got != want {
				t.Fatalf("%q matching %q (fold=%v) = %v, want %v", pattern, name, fold, got, want)
			}
		}
	})
}
