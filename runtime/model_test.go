package envrt

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

// This file holds a model of Build written from docs/semantics.md's rules with maps and
// loops, sharing nothing with the runtime but the Policy, Task, Var and
// Dir values it reads (its splitting, case folding and matching are
// refSplit, upperASCII and refMatch, written in the tests), and the test
// that holds build to it on random tasks and calls.

// sep is the PATH list separator, as a string.
var sep = string(os.PathListSeparator)

// join joins PATH directories with sep.
func join(dirs ...string) string { return strings.Join(dirs, sep) }

// modelKey is the key under which the model de-duplicates a name.
func modelKey(name string, fold bool) string {
	if fold {
		return upperASCII(name)
	}
	return name
}

// modelMatches reports whether an entry of list names name: a pattern
// (with '*') by refMatch, a name by the comparison fold chooses.
func modelMatches(list []string, name string, fold bool) bool {
	for _, s := range list {
		if strings.Contains(s, "*") && refMatch(s, name, fold) || !strings.Contains(s, "*") && modelKey(s, fold) == modelKey(name, fold) {
			return true
		}
	}
	return false
}

// modelPassThrough splits an isolated task's passThrough into its exact
// names, its patterns and its negations (names and patterns).
func modelPassThrough(t *Task) (exact, pats, negated []string) {
	for _, s := range t.PassThrough {
		switch {
		case strings.HasPrefix(s, "!"):
			negated = append(negated, s[1:])
		case strings.Contains(s, "*"):
			pats = append(pats, s)
		default:
			exact = append(exact, s)
		}
	}
	return exact, pats, negated
}

// modelIsSecret is rule 4 without a task: a secret name or pattern
// matches name ASCII case-insensitively and secrets.pass does not list it
// exactly.
func modelIsSecret(p *Policy, name string) bool {
	return modelMatches(p.Secrets, name, true) && !slices.Contains(p.Pass, name)
}

// modelKeep is rules 3 to 6 and dropInjection for an inherited entry
// NAME=value: whether task t passes it, names compared as fold chooses.
func modelKeep(t *Task, name, value string, fold bool) bool {
	p := t.Policy
	exact, pats, negated := modelPassThrough(t)
	// Rules 3 and 4: detection ignores case, exemptions are exact.
	if modelIsSecret(p, name) && !slices.Contains(exact, name) {
		return false
	}
	injection := t.DropInjection && (modelMatches(p.Injection, name, fold) || strings.HasPrefix(value, "()"))
	if t.Inherit { // rule 6
		return !injection && !modelMatches(t.Unset, name, fold)
	}
	// Rule 5: a negation wins; essentials, exact names and patterns
	// declare; dropInjection beats all but this exact spelling.
	if modelMatches(negated, name, fold) {
		return false
	}
	if injection && !slices.Contains(exact, name) {
		return false
	}
	return modelMatches(p.Essentials, name, fold) || modelMatches(exact, name, fold) || modelMatches(pats, name, fold)
}

// modelBuild is Build written plainly: the first entry of a name decides
// for it; defines and Sets replace in place, in their own spelling, or
// append; an Unset keeps the place for a later Set; binPaths go in front
// of PATH, which keeps its spelling.
func modelBuild(t *Task, environ, defines []string, overrides []Var, dirs []Dir, fold bool) []string {
	type slot struct {
		entry   string
		present bool
	}
	var out []slot
	at := map[string]int{} // key → index in out
	seen := map[string]bool{}
	put := func(name, entry string) {
		if i, ok := at[modelKey(name, fold)]; ok {
			out[i] = slot{entry, true}
			return
		}
		at[modelKey(name, fold)] = len(out)
		out = append(out, slot{entry, true})
	}
	for _, e := range environ {
		name, value, ok := refSplit(e)
		if !ok || seen[modelKey(name, fold)] {
			continue
		}
		seen[modelKey(name, fold)] = true
		if modelKeep(t, name, value, fold) {
			put(name, e)
		}
	}
	for _, d := range defines {
		if !strings.Contains(d, "\x00") {
			put(d[:strings.Index(d, "=")], d)
		}
	}
	for _, v := range overrides {
		switch {
		case v.name == "" || strings.ContainsAny(v.name, "=\x00") || strings.Contains(v.value, "\x00"):
		case v.op == opUnset:
			if i, ok := at[modelKey(v.name, fold)]; ok {
				out[i].present = false
			}
		default:
			put(v.name, v.name+"="+v.value)
		}
	}
	var list []string
	for _, d := range dirs {
		s := strings.Join(d, "")
		if len(d) > 0 && !slices.Contains(d, "") && !strings.Contains(s, "\x00") && !slices.Contains(list, s) {
			list = append(list, s)
		}
	}
	if len(list) > 0 {
		name, value := "PATH", join(list...)
		if i, ok := at[modelKey(name, fold)]; ok && out[i].present {
			name, old, _ := refSplit(out[i].entry)
			if old != "" {
				value += sep + old
			}
			put(name, name+"="+value)
		} else {
			put(name, name+"="+value)
		}
	}
	result := []string{}
	for _, s := range out {
		if s.present {
			result = append(result, s.entry)
		}
	}
	return result
}

// modelPools are what random tasks and calls are made of: spellings of a
// few names, so that repeats and case variants are common (three
// spellings of Ab and PATH, so that a task may list all but one), and
// patterns that match some of them.
var (
	modelListNames = []string{"A", "a", "B", "PATH", "Path", "path", "HOME", "home", "GITHUB_TOKEN", "github_token",
		"Github_Token", "NPM_TOKEN", "NEXT_A", "next_a", "NEXT_SECRET_X", "LD_PRELOAD", "ld_preload", "BASH_ENV",
		"X_KEY", "x_key", "Ab", "AB", "aB", "LONG_NAME_OF_TWO_WORDS", "long_name_of_two_words", "V1", "v1", "V12", "@"}
	modelEnvNames = append(slices.Clip(modelListNames), "ab", "pATH", "b", "Home", "=C:", "=c:", "=", "`", "\u212a",
		"NEXT_B", "next_secret_x", "BASH_FUNC_f%%", "Z", "LONG_NAME_OF_TWO_WORDs")
	modelPatterns = []string{"*_TOKEN", "NEXT_*", "next_*", "NEXT_SECRET_*", "*A", "A*", "a*", "*", "P*H", "*_*",
		"V1*", "v*", "*1", "*ONG*", "LD_*", "BASH_FUNC_*", "*_KEY", "G*N", "*en", "*@"}
	modelValues = []string{"", "1", "b=c", "/bin", "/a" + sep + "/bin", "x\x00y", "() { :; }", "()", "(", " ()"}
)

// randomTask returns a task of a random policy, in one of the shapes a
// policy file gives: an isolated task's passThrough holds names, patterns
// and negations; an inherit task's holds names, and it alone has unset.
func randomTask(rng *rand.Rand) *Task {
	pick := func(s []string) string { return s[rng.IntN(len(s))] }
	list := func(most int, patterns bool) []string {
		var out []string
		for range rng.IntN(most + 1) {
			if patterns && rng.IntN(2) == 0 {
				out = append(out, pick(modelPatterns))
			} else {
				out = append(out, pick(modelListNames))
			}
		}
		return out
	}
	p := &Policy{Essentials: list(3, false), Secrets: list(3, true), Pass: list(2, false), Injection: list(3, true)}
	t := &Task{Policy: p, Inherit: rng.IntN(2) == 0, DropInjection: rng.IntN(2) == 0}
	if t.Inherit {
		t.PassThrough = list(2, false)
		t.Unset = list(3, true)
	} else {
		for _, s := range list(5, true) {
			if rng.IntN(3) == 0 {
				s = "!" + s
			}
			t.PassThrough = append(t.PassThrough, s)
		}
	}
	return t
}

// modelCall is one random call's arguments.
type modelCall struct {
	environ, defines []string
	overrides        []Var
	dirs             []Dir
}

// randomCall returns a call of n environ entries; with many, most names
// are V0…V399 in either case, so that the pooled table is used.
func randomCall(rng *rand.Rand, n int, many bool) modelCall {
	pick := func(s []string) string { return s[rng.IntN(len(s))] }
	name := func() string {
		if many && rng.IntN(4) > 0 {
			return fmt.Sprintf("%s%d", pick([]string{"V", "v"}), rng.IntN(400))
		}
		return pick(modelEnvNames)
	}
	var c modelCall
	for range n {
		switch rng.IntN(12) {
		case 0:
			c.environ = append(c.environ, name()) // no '='
		case 1:
			c.environ = append(c.environ, pick([]string{"", "=", "=x", "A\x00=1", "LONG\x00NAME_OF_TWO=1"}))
		default:
			c.environ = append(c.environ, name()+"="+pick(modelValues))
		}
	}
	for range rng.IntN(4) { // a define's name is a policy name
		c.defines = append(c.defines, pick(modelListNames)+"="+pick(modelValues))
	}
	for range rng.IntN(6) {
		switch rng.IntN(4) {
		case 0:
			c.overrides = append(c.overrides, Unset(pick([]string{name(), name(), "", "A=1"})))
		default:
			c.overrides = append(c.overrides, Set(pick([]string{name(), name(), name(), "", "A=B", "N\x00"}), pick(modelValues)))
		}
	}
	for range rng.IntN(5) {
		var d Dir // at least one piece, as envgen emits for a non-empty value
		for range 1 + rng.IntN(2) {
			d = append(d, pick([]string{"", "/a", "/b", "x", "/a\x00", "/bin"}))
		}
		c.dirs = append(c.dirs, d)
	}
	return c
}

// describe prints a task's lists and its policy's, for a failure.
func describe(t *Task) string {
	p := t.Policy
	return fmt.Sprintf("inherit=%v dropInjection=%v passThrough=%q unset=%q; essentials=%q secrets=%q pass=%q injection=%q",
		t.Inherit, t.DropInjection, t.PassThrough, t.Unset, p.Essentials, p.Secrets, p.Pass, p.Injection)
}

// checkTaskAgainstModel holds the compiled task's decisions to modelKeep
// and the policy's IsSecret to modelIsSecret on every name of environ.
func checkTaskAgainstModel(t *testing.T, task *Task, environ []string, fold bool) {
	t.Helper()
	c := task.compiled(fold)
	for _, e := range environ {
		name, _, ok := refSplit(e)
		if !ok {
			continue
		}
		want := modelKeep(task, name, "", fold)
		if got := c.decide(name, hashName(name)); got != want {
			t.Fatalf("task %s, fold=%v: decide(%q) = %v, want %v", describe(task), fold, name, got, want)
		}
		if got := listedKeep(c, name, want); got != want {
			t.Fatalf("task %s, fold=%v: keeps(%q) = %v, want %v", describe(task), fold, name, got, want)
		}
		if got, want := task.Policy.IsSecret(name), modelIsSecret(task.Policy, name); got != want {
			t.Fatalf("task %s: IsSecret(%q) = %v, want %v", describe(task), name, got, want)
		}
	}
}

// listedKeep returns what c decided at compile time for the spelling
// name, which the fast loop reads, or otherwise if the lists do not
// name it.
func listedKeep(c *compiled, name string, otherwise bool) bool {
	for _, s := range c.names {
		if s.name == name {
			return s.keep
		}
	}
	return otherwise
}

// TestBuildMatchesModel runs build and modelBuild on random tasks and
// calls, with names compared exactly and folded, into nil, after a dst
// entry, and filtering in place; and the compiled task's decisions
// against modelKeep.
func TestBuildMatchesModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	rounds := 6000
	if testing.Short() {
		rounds = 1500
	}
	for i := range rounds {
		task := randomTask(rng)
		many := i%20 == 0
		n := rng.IntN(12)
		if many {
			n = 200 + rng.IntN(600)
		}
		call := randomCall(rng, n, many)
		for _, fold := range []bool{false, true} {
			want := modelBuild(task, call.environ, call.defines, call.overrides, call.dirs, fold)
			got := build(Given(nil, call.environ), task, call.defines, call.overrides, call.dirs, fold)
			dst := []string{"DST=1"}
			after := build(Given(dst, call.environ), task, call.defines, call.overrides, call.dirs, fold)
			env := slices.Clone(call.environ)
			inPlace := build(Given(env[:0], env), task, call.defines, call.overrides, call.dirs, fold)
			if !slices.Equal(got, want) || !slices.Equal(after[1:], want) || after[0] != "DST=1" || !slices.Equal(inPlace, want) {
				t.Fatalf("fold=%v\ntask      %s\nenviron   %q\ndefines   %q\noverrides %v\ndirs      %q\ngot       %q\nafter dst %q\nin place  %q\nwant      %q",
					fold, describe(task), call.environ, call.defines, call.overrides, call.dirs, got, after, inPlace, want)
			}
			checkTaskAgainstModel(t, task, call.environ, fold)
		}
	}
}
