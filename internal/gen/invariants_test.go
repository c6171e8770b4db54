package gen

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// The invariants below are what envgen promises whatever the policy and
// the call (SECURITY.md lists them). They are checked here without the
// reference interpreter's help: secret detection and pattern matching are
// written again, with regular expressions, so that a shared mistake would
// have to be made twice.
//
//  1. A name that is a secret of the task (SPEC rule 4) never reaches the
//     child from environ unless exempted exactly: its entry must come from
//     the task's define, the call's Set, or (for PATH) binPaths.
//  2. An isolated task passes nothing undeclared: every name is an
//     essential, matches passThrough, or comes from a define, a Set or
//     binPaths.
//  3. An inherit task passes nothing it unsets, from environ.
//  4. No output holds a name twice, an entry without '=', or a NUL.
//  5. Append…Env never writes into dst[:len(dst)] (the generated side
//     only: TestDifferential's driver checks it for every call).

// invMatch reports whether name matches pattern, ASCII case aside when
// fold is set: a regular expression over upper-cased text.
func invMatch(pattern, name string, fold bool) bool {
	if fold {
		pattern, name = foldKey(pattern), foldKey(name)
	}
	re, ok := invRegexps[pattern]
	if !ok {
		parts := strings.Split(pattern, "*")
		for i, p := range parts {
			parts[i] = regexp.QuoteMeta(p)
		}
		re = regexp.MustCompile(`(?s)\A` + strings.Join(parts, ".*") + `\z`)
		invRegexps[pattern] = re
	}
	return re.MatchString(name)
}

// invRegexps caches invMatch's compiled patterns (tests using it do not
// run in parallel).
var invRegexps = map[string]*regexp.Regexp{}

// invSecret reports whether name is a secret of task t of p: it matches a
// secret name or pattern ignoring ASCII case, and neither secrets.pass nor
// t's exact passThrough names list it in this exact spelling.
func invSecret(p *policy, t *task, name string) bool {
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
// rather than inherited: a define of t, a valid Set of the call, or PATH
// when t has binPaths.
func invExplicit(t *task, name string, overrides []refOverride, fold bool) bool {
	same := func(a string) bool { return a == name || fold && foldKey(a) == foldKey(name) }
	for _, d := range t.Defines {
		if same(d.Name) {
			return true
		}
	}
	for _, o := range overrides {
		if !o.Unset && o.Name != "" && !strings.ContainsAny(o.Name, "=\x00") && !strings.Contains(o.Value, "\x00") && same(o.Name) {
			return true
		}
	}
	return len(t.BinPaths) > 0 && same("PATH")
}

// invariantProblems lists how out, what task t of p built for a call with
// overrides, breaks invariants 1 to 4.
func invariantProblems(p *policy, t *task, overrides []refOverride, out []string, fold bool) []string {
	var problems []string
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
			key = foldKey(name)
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
	failures := 0
	for i, c := range b.cases {
		p := b.policies[c.Policy].checked
		res := b.results[i]
		problems := invariantProblems(p, refTask(t, p, c.Task), c.Overrides, res.Env, fold)
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
	t.Logf("%d generated answers checked", len(b.cases))
}

// TestInvariantsReference checks the invariants on the reference
// interpreter's answers, with both name comparisons: the oracle the
// generated code and the runtime are held to must hold them too.
func TestInvariantsReference(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 0x696e76))
	n := 0
	for i := range 40 {
		src, c := RandomPolicy(r, fmt.Sprintf("p%d", i))
		for range 150 {
			call := RandomCallFor(r, c)
			task := refTask(t, c.checked, call.Task)
			for _, fold := range []bool{false, true} {
				n++
				out := reference(c.checked, task, call.Environ, call.Params, call.Overrides, fold).Environ()
				if problems := invariantProblems(c.checked, task, call.Overrides, out, fold); len(problems) > 0 {
					t.Fatalf("fold=%v: %s\npolicy:\n%s\ntask %s, environ %q, overrides %+v\n got %q",
						fold, strings.Join(problems, "; "), src, call.Task, call.Environ, call.Overrides, out)
				}
			}
		}
	}
	t.Logf("%d reference answers checked", n)
}
