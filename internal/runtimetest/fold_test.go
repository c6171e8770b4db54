package runtimetest

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/gentest"
	"github.com/envgen/envgen/internal/reference"
	"github.com/envgen/envgen/runtime/envimpl"
	"github.com/envgen/envgen/runtime/envrt"
)

// This file holds the runtime to internal/reference's interpreter
// under both name comparisons, in process: a differential test over
// random policies and calls, where envimpl.BuildFold runs Windows' rules
// on any OS.

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
		switch {
		case o.Op == reference.Keep:
			out = append(out, envrt.Keep(o.Name))
		case o.Op == reference.DropMatching:
			out = append(out, envrt.Drop(o.Name))
		case o.Op == reference.KeepMatching:
			out = append(out, envrt.KeepMatching(o.Name))
		case o.Unset:
			out = append(out, envrt.Unset(o.Name))
		default:
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
func fill(ct *gentest.CompiledTask, environ []string, params map[string]string, fold bool) ([]string, []envimpl.Dir) {
	return ct.Fill(params, func(r gentest.EnvReference) string {
		return envimpl.TaskGetenvFold(ct.Task, environ, r.Name, r.Exempt, r.Secret, fold)
	})
}

// buildFold runs task key of c through the runtime with the comparison
// fold chooses, appending to dst, as the generated Append…Env does.
func buildFold(c *gentest.Compiled, key string, dst []string, call gentest.RandomCall, fold bool) []string {
	ct := c.Task(key)
	defines, dirs := fill(ct, call.Environ, call.Params, fold)
	return envimpl.BuildFold(dst, call.Environ, ct.Task, defines, overrides(call.Overrides), dirs, fold)
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
// share a mistake, a differential alone cannot tell; and the layers of
// rules 5 and 6 of docs/semantics.md, which internal/reference's own
// tests give the reference by hand too.
var foldCases = []foldCase{{
	name: "an isolated task's layers",
	policy: `version: 1
package: p
essentials: {builtin: false, extra: [HOME, PATH, LANG]}
secrets: {builtin: false, extra: ["*_TOKEN"]}
tasks:
  build:
    passThrough: [NODE_ENV, MISSING, "NEXT_PUBLIC_*", "!NEXT_PUBLIC_SECRET_*", "!LANG", NPM_TOKEN]
    define: {CGO_ENABLED: 0, NODE_ENV: production}
`,
	task: "build",
	environ: []string{"HOME=/h", "LANG=C", "SHELL=/bin/sh", "NODE_ENV=dev", "NEXT_PUBLIC_URL=u",
		"NEXT_PUBLIC_SECRET_X=s", "NEXT_PUBLIC_TOKEN=t", "NPM_TOKEN=n", "GH_TOKEN=g", "CGO_ENABLED=1"},
	fold:  []string{"HOME=/h", "NODE_ENV=production", "NEXT_PUBLIC_URL=u", "NPM_TOKEN=n", "CGO_ENABLED=0"},
	exact: []string{"HOME=/h", "NODE_ENV=production", "NEXT_PUBLIC_URL=u", "NPM_TOKEN=n", "CGO_ENABLED=0"},
}, {
	// On Windows Path is PATH; npm_token is a spelling of an exempt name
	// but a secret all the same; patterns and negations ignore case.
	name: "an isolated task's layers under Windows' rules",
	policy: `version: 1
package: p
essentials: {builtin: false, extra: [PATH]}
secrets: {builtin: false, extra: [NPM_TOKEN]}
tasks:
  build: {passThrough: [NPM_TOKEN, "NEXT_*", "!NEXT_NO"]}
`,
	task:    "build",
	environ: []string{"Path=/bin", "npm_token=x", "next_a=1", "NEXT_no=2", "NEXT_B=3"},
	fold:    []string{"Path=/bin", "next_a=1", "NEXT_B=3"},
	exact:   []string{"NEXT_no=2", "NEXT_B=3"},
}, {
	name: "an inherit task's layers",
	policy: `version: 1
package: p
essentials: {builtin: false}
secrets: {builtin: false, extra: [MY_WALLET_KEY, "*_TOKEN"], pass: [SLEUTH_TOKEN]}
tasks:
  sh:
    mode: inherit
    passThrough: [GH_TOKEN]
    unset: [HISTFILE, "npm_config_*"]
`,
	task:    "sh",
	environ: []string{"HOME=/h", "my_wallet_key=k", "NPM_TOKEN=n", "GH_TOKEN=g", "SLEUTH_TOKEN=s", "HISTFILE=x", "npm_config_cache=c", "histfile=y"},
	fold:    []string{"HOME=/h", "GH_TOKEN=g", "SLEUTH_TOKEN=s"},
	exact:   []string{"HOME=/h", "GH_TOKEN=g", "SLEUTH_TOKEN=s", "histfile=y"},
}, {
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
	return envimpl.BuildFold(env[:0], env, ct.Task, defines, overrides(call.Overrides), dirs, fold)
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
	policies := foldPolicies
	if testing.Short() {
		policies /= 4 // the inner loop's share of -short
	}
	for i := range policies {
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
	t.Logf("%d random calls of %d random policies (seed %d), half with Windows' names", cases, policies, seed)
}
