package gen

import (
	"strings"

	envrt "github.com/envgen/envgen/runtime"
)

// Tables returns the runtime tables the generated code for pl holds: the
// policy's, and each task's in the order of pl.Tasks. They let a policy
// run in process, without compiling Go (see package gentest).
func (pl *Plan) Tables() (*envrt.Policy, []*envrt.Task) {
	rp := &envrt.Policy{Seed: pl.Seed, Slots: pl.Slots, Names: pl.Names, SecretPatterns: compilePatterns(pl.SecretPatterns)}
	var tasks []*envrt.Task
	for _, t := range pl.Tasks {
		tasks = append(tasks, &envrt.Task{Policy: rp, Inherit: t.Inherit, Decide: t.Decide, DecideDrops: t.DecideDrops,
			Pass: compilePatterns(t.Patterns), Negated: compilePatterns(t.NegPatterns), Unset: compilePatterns(t.UnsetPatterns),
			Lookup: t.Lookup, Heads: t.Heads, DropFunctions: t.DropInjection})
	}
	return rp, tasks
}

// compilePatterns compiles patterns with their filter.
func compilePatterns(pats []string) envrt.Patterns {
	var list []envrt.Pattern
	for _, p := range pats {
		list = append(list, compilePattern(p))
	}
	return envrt.MakePatterns(list...)
}

// compilePattern splits a pattern around its '*'s.
func compilePattern(p string) envrt.Pattern { return strings.Split(p, "*") }
