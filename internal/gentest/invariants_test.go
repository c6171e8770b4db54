package gentest

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/internal/reference"
)

// The invariants below are what envgen promises whatever the policy and
// the call (SECURITY.md lists them). They are checked here without the
// reference interpreter's help: secret detection and pattern matching are
// written again, with regular expressions, so that a shared mistake would
// have to be made twice.
//
//  1. A name that is a secret of the task (rule 4 of docs/semantics.md) never reaches the
//     child from environ unless exempted exactly: its entry must come from
//     the task's define, the call's Set, or (for PATH) binPaths.
//  2. An isolated task passes nothing undeclared: every name is an
//     essential, matches passThrough, or comes from a define, a Set or
//     binPaths.
//  3. An inherit task passes nothing it unsets, from environ.
//  4. No output holds a name twice, an entry without '=', or a NUL.
//  5. Append…Env never writes into dst[:len(dst)] (the generated side
//     only: TestDifferential's driver checks it for every call).
//  6. No secret's value reaches the child under any name: the value of an
//     environ entry that is a secret of the task appears nowhere in the
//     output, not even inside a define's, a Set's or PATH's value, unless
//     something the task may pass holds it too (see invSecretValues).
//     Invariant 1 looks at names only, and skips those a define, a Set or
//     binPaths gives; a ${NAME} could copy a secret under one of them.

// invMatch reports whether name matches pattern, ASCII case aside when
// fold is set: the reference interpreter's matcher.
func invMatch(pattern, name string, fold bool) bool { return reference.Match(pattern, name, fold) }

// invSecret reports whether name is a secret of task t of p: it matches a
// secret name or pattern ignoring ASCII case, and neither secrets.pass nor
// t's exact passThrough names list it in this exact spelling.
func invSecret(p *policy.Policy, t *policy.Task, name string) bool {
	for _, exempt := range [][]string{p.Pass, t.Exact} {
		for _, e := range exempt {
			if e == name {
				return false
			}
		}
	}
	for _, s := range append(append([]string(nil), p.SecretNames...), p.SecretPatterns...) {
		if invMatch(s, name, true) {
			return true
		}
	}
	return false
}

// invExplicit reports whether name was set by the policy or the caller
// rather than inherited: a define of t, a valid Set or a Keep of the
// call, or PATH when t has binPaths.
func invExplicit(t *policy.Task, name string, overrides []reference.Override, fold bool) bool {
	same := func(a string) bool { return a == name || fold && policy.FoldKey(a) == policy.FoldKey(name) }
	for _, d := range t.Defines {
		if same(d.Name) {
			return true
		}
	}
	for _, o := range overrides {
		if o.Op == 0 && !o.Unset && o.Name != "" && !strings.ContainsAny(o.Name, "=\x00") && !strings.Contains(o.Value, "\x00") && same(o.Name) {
			return true
		}
		if o.Op == reference.Keep && o.Name == name { // exactly so
			return true
		}
	}
	return len(t.BinPaths) > 0 && same("PATH")
}

// invValidPattern is what a run-time pattern may hold: [A-Za-z0-9_*]+,
// not starting with a digit.
var invValidPattern = regexp.MustCompile(`^[A-Za-z_*][A-Za-z0-9_*]*$`)

// invMinSecret is the shortest secret value invariant 6 looks for. A
// shorter one ("", "1", "v") is in the output by chance as often as not:
// a part of a define's literal text, of a parameter, of a PATH.
const invMinSecret = 3

// invDistinctive reports whether invariant 6 looks for a secret value v
// in the output: a word (ASCII letters, digits, '_') of invMinSecret bytes
// or more. A value of other bytes may be formed where the pieces the task
// joins meet ("/bin" + ":" + "/usr/bin", a binPaths directory in front of
// PATH), which no source holds whole; the random calls' words, "e" and the
// entry's index, are formed by no join of their other pieces, which start
// with no digit.
func invDistinctive(v string) bool {
	if len(v) < invMinSecret {
		return false
	}
	for i := range len(v) {
		if !policy.IsWordByte(v[i]) {
			return false
		}
	}
	return true
}

// invSecretValues returns the values that invariant 6 wants nowhere in
// the output of task t of p for a call with environ, params and
// overrides: those of environ's entries whose names are secrets of the
// task (invSecret: by this spelling, exemptions exact) that no Keep of
// the call names exactly, distinctive
// (invDistinctive), and that no innocent source holds. An innocent
// source is anything that may reach the output rightly: the value of an
// entry whose name is no secret of the task (exempt ones included), an
// override's value, a parameter, a literal of a define or a binPaths
// directory. A secret value that one of them holds could be in the output
// by right, so it is not looked for.
func invSecretValues(p *policy.Policy, t *policy.Task, environ []string, params map[string]string, overrides []reference.Override) []string {
	var innocent, secret []string
	for _, e := range environ {
		i := strings.IndexByte(e[min(1, len(e)):], '=')
		if i < 0 || strings.IndexByte(e, 0) >= 0 {
			continue
		}
		kept := func(o reference.Override) bool { return o.Op == reference.Keep && o.Name == e[:i+1] }
		if name, value := e[:i+1], e[i+2:]; invSecret(p, t, name) && !slices.ContainsFunc(overrides, kept) {
			secret = append(secret, value)
		} else {
			innocent = append(innocent, value)
		}
	}
	for _, o := range overrides {
		innocent = append(innocent, o.Value)
	}
	for _, v := range params {
		innocent = append(innocent, v)
	}
	values := slices.Clone(t.BinPaths)
	for _, d := range t.Defines {
		values = append(values, d.Value)
	}
	for _, v := range values {
		for _, seg := range v {
			innocent = append(innocent, seg.Lit)
		}
	}
	var out []string
	for _, v := range secret {
		if invDistinctive(v) && !slices.ContainsFunc(innocent, func(s string) bool { return strings.Contains(s, v) }) {
			out = append(out, v)
		}
	}
	return out
}

// invariantProblems lists how out, what task t of p built for a call with
// environ, params and overrides, breaks invariants 1 to 4 and 6.
func invariantProblems(p *policy.Policy, t *policy.Task, environ []string, params map[string]string, overrides []reference.Override, out []string, fold bool) []string {
	var problems []string
	secretValues := invSecretValues(p, t, environ, params, overrides)
	for _, e := range out {
		value := e[strings.IndexByte(e[min(1, len(e)):], '=')+2:]
		for _, v := range secretValues {
			if strings.Contains(value, v) {
				problems = append(problems, fmt.Sprintf("entry %q holds the value of a secret, %q", e, v))
			}
		}
	}
	seen := map[string]bool{}
	for _, e := range out {
		i := strings.IndexByte(e[min(1, len(e)):], '=')
		if i < 0 || strings.IndexByte(e, 0) >= 0 {
			problems = append(problems, fmt.Sprintf("entry %q has no '=' or holds NUL", e))
			continue
		}
		name := e[:i+1]
		key := name
		if fold {
			key = policy.FoldKey(name)
		}
		if seen[key] {
			problems = append(problems, fmt.Sprintf("name %q twice", name))
		}
		seen[key] = true
		if invExplicit(t, name, overrides, fold) {
			continue
		}
		if invSecret(p, t, name) {
			problems = append(problems, fmt.Sprintf("secret %q inherited", name))
		}
		if t.Inherit {
			for _, u := range append(append([]string(nil), t.UnsetExact...), t.UnsetPatterns...) {
				if invMatch(u, name, fold) {
					problems = append(problems, fmt.Sprintf("%q inherited though unset by %q", name, u))
				}
			}
			continue
		}
		declared := false
		for _, d := range append(append(append([]string(nil), p.Essentials...), t.Exact...), t.Patterns...) {
			declared = declared || invMatch(d, name, fold)
		}
		for _, o := range overrides { // the call's KeepMatching widens passThrough
			declared = declared || o.Op == reference.KeepMatching && invValidPattern.MatchString(o.Name) && invMatch(o.Name, name, fold)
		}
		for _, n := range append(append([]string(nil), t.NegExact...), t.NegPatterns...) {
			if invMatch(n, name, fold) {
				problems = append(problems, fmt.Sprintf("%q passed though negated by !%s", name, n))
			}
		}
		if !declared {
			problems = append(problems, fmt.Sprintf("%q passed though undeclared", name))
		}
	}
	return problems
}

// TestInvariantsGenerated checks the invariants on every answer of the
// generated builders in TestDifferential's batch.
func TestInvariantsGenerated(t *testing.T) {
	b := diffRun(t)
	fold := runtimeFold()
	failures, looked := 0, 0
	for i, c := range b.cases {
		p := b.policies[c.Policy].checked
		res := b.results[i]
		looked += len(invSecretValues(p, p.Task(c.Task), c.Environ, c.Params, c.Overrides))
		problems := invariantProblems(p, p.Task(c.Task), c.Environ, c.Params, c.Overrides, res.Env, fold)
		if !res.DstIntact {
			problems = append(problems, "Append…Env wrote into dst[:len(dst)]")
		}
		if len(problems) > 0 {
			failures++
			if failures <= 5 {
				t.Errorf("case %d: %s\npolicy:\n%s\ntask %s, environ %q, overrides %+v\n got %q",
					i, strings.Join(problems, "; "), b.srcs[c.Policy], c.Task, c.Environ, c.Overrides, res.Env)
			}
		}
	}
	if failures > 5 {
		t.Errorf("... %d failing cases in all", failures)
	}
	t.Logf("%d generated answers checked, for %d secret values in all", len(b.cases), looked)
}

// TestInvariantsReference checks the invariants on the reference
// interpreter's answers, with both name comparisons: the oracle the
// generated code and the runtime are held to must hold them too.
func TestInvariantsReference(t *testing.T) {
	if testing.Short() {
		t.Skip("tests the oracle, not the product (18 s); skipped with -short")
	}
	r := rand.New(rand.NewPCG(6, 0x696e76))
	n, looked := 0, 0
	for i := range 40 {
		src, c := RandomPolicy(r, fmt.Sprintf("p%d", i))
		for range 150 {
			call := RandomCallFor(r, c)
			task := c.checked.Task(call.Task)
			looked += len(invSecretValues(c.checked, task, call.Environ, call.Params, call.Overrides))
			for _, fold := range []bool{false, true} {
				n++
				out := reference.Build(c.checked, task, call.Environ, call.Params, call.Overrides, fold).Environ()
				if problems := invariantProblems(c.checked, task, call.Environ, call.Params, call.Overrides, out, fold); len(problems) > 0 {
					t.Fatalf("fold=%v: %s\npolicy:\n%s\ntask %s, environ %q, overrides %+v\n got %q",
						fold, strings.Join(problems, "; "), src, call.Task, call.Environ, call.Overrides, out)
				}
			}
		}
	}
	t.Logf("%d reference answers checked, for %d secret values in all", n, looked)
}

// TestInvariantsSeeCopies: invariant 6 sees a secret's value copied under
// a define's name, and inside PATH, as a builder that let a ${NAME} read
// an unexempt spelling gave it, and only then.
func TestInvariantsSeeCopies(t *testing.T) {
	c, err := Compile("policy.yaml", []byte(`version: 1
package: p
essentials: {builtin: false}
tasks:
  t:
    mode: inherit
    passThrough: [github_token]
    define: {COPY: "${github_token}", LIT: "v=ghp_lit"}
    binPaths: ["/${github_token}"]
`))
	require.NoError(t, err)
	p := c.checked
	task := p.Task("t")
	environ := []string{"GITHUB_TOKEN=ghp_x", "A=1", "GH_TOKEN=1", "NPM_TOKEN=ghp_lit", "github_token=ghp_ok"}
	leaky := []string{"A=1", "COPY=ghp_x", "LIT=v=ghp_lit", "PATH=/ghp_x"}
	problems := invariantProblems(p, task, environ, nil, nil, leaky, true)
	assert.Equal(t, []string{
		`entry "COPY=ghp_x" holds the value of a secret, "ghp_x"`,
		`entry "PATH=/ghp_x" holds the value of a secret, "ghp_x"`,
	}, problems)
	// The right answer: the reference is empty, and the directory built
	// from it skipped. GH_TOKEN's value is too short to look for;
	// NPM_TOKEN's the policy's own text holds; the exempt spelling's may
	// be copied.
	assert.Empty(t, invariantProblems(p, task, environ, nil, nil, []string{"A=1", "COPY=", "LIT=v=ghp_lit"}, true))
	assert.Empty(t, invariantProblems(p, task, environ, nil, nil, []string{"A=1", "COPY=ghp_ok", "X=1"}, true))
	assert.Equal(t, []string{"A=1", "COPY=", "LIT=v=ghp_lit"}, reference.Build(p, task, environ, nil, nil, true).Environ())
}
