package impl

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

// This file holds the shortcuts of the hot loop to the rules: filterRun,
// and the decisions made when a task is compiled that it reads, must
// decide every entry as filterOne does, which decides by rules alone
// (taskTables.rulesOnly); the reference interpreter holds rules to the
// semantics (in the root module: internal/gentest's differential and
// fold tests).

// sep is the PATH list separator, as a string.
var sep = string(os.PathListSeparator)

// join joins PATH directories with sep.
func join(dirs ...string) string { return strings.Join(dirs, sep) }

// The model lists are what random tasks and calls are made of: spellings of a
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
// Half the time the policy lists its tasks' names, as a generated file
// does, so that the task reads the policy's table; else the task makes
// a table of its own.
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
	if rng.IntN(2) == 0 { // as generated: the policy's table holds its tasks' names, this one's and others'
		t.BuiltinPassThrough = list(1, false)
		for _, s := range slices.Concat(t.PassThrough, t.BuiltinPassThrough, t.Unset, list(3, false)) {
			if s = strings.TrimPrefix(s, "!"); !strings.Contains(s, "*") {
				p.TaskNames = append(p.TaskNames, s)
			}
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
	return fmt.Sprintf("inherit=%v dropInjection=%v passThrough=%q builtin=%q unset=%q; essentials=%q secrets=%q pass=%q injection=%q taskNames=%q",
		t.Inherit, t.DropInjection, t.PassThrough, t.BuiltinPassThrough, t.Unset, p.Essentials, p.Secrets, p.Pass, p.Injection, p.TaskNames)
}

// rulesOnly returns a task with t's lists whose tables send every entry
// to filterOne.
func rulesOnly(t *Task, fold bool) *Task {
	u := &Task{Policy: t.Policy, Inherit: t.Inherit, PassThrough: t.PassThrough, BuiltinPassThrough: t.BuiltinPassThrough,
		Unset: t.Unset, DropInjection: t.DropInjection}
	u.tables(fold).rulesOnly = true
	return u
}

// TestShortcutsDecideAsRules runs build with its shortcuts and by rules
// alone on random tasks and calls, with names compared exactly and
// folded, into nil, after a dst entry, and filtering in place; and holds
// each decision made at compile time to decide.
func TestShortcutsDecideAsRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	rounds := 4000
	if testing.Short() {
		rounds = 1000
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
			want := build(Given(nil, call.environ), rulesOnly(task, fold), call.defines, call.overrides, call.dirs, fold)
			got := build(Given(nil, call.environ), task, call.defines, call.overrides, call.dirs, fold)
			dst := []string{"DST=1"}
			after := build(Given(dst, call.environ), task, call.defines, call.overrides, call.dirs, fold)
			env := slices.Clone(call.environ)
			inPlace := build(Given(env[:0], env), task, call.defines, call.overrides, call.dirs, fold)
			if !slices.Equal(got, want) || !slices.Equal(after[1:], want) || after[0] != "DST=1" || !slices.Equal(inPlace, want) {
				t.Fatalf("fold=%v\ntask      %s\nenviron   %q\ndefines   %q\noverrides %v\ndirs      %q\ngot       %q\nafter dst %q\nin place  %q\nwant      %q",
					fold, describe(task), call.environ, call.defines, call.overrides, call.dirs, got, after, inPlace, want)
			}
			c := task.tables(fold)
			for i, s := range c.names {
				if got, want := c.keep[i/64]>>(i%64)&1 != 0, c.decide(s.name, hashName(s.name)); got != want {
					t.Fatalf("task %s, fold=%v: compiled decision for %q = %v, decide %v", describe(task), fold, s.name, got, want)
				}
			}
		}
	}
}
