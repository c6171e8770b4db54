package gen

import (
	"github.com/envgen/envgen/internal/policy"
	envrt "github.com/envgen/envgen/runtime"
)

// Compiled is a policy turned into the runtime tables its generated code
// would hold, for running it in process (explain, tests) without
// compiling Go.
type Compiled struct {
	Policy *envrt.Policy
	Tasks  []*CompiledTask // in policy order

	checked *policy.Policy // what the reference interpreter reads (refexport.go)
}

// CompiledTask is one task of a Compiled policy.
type CompiledTask struct {
	Key     string
	GoName  string
	Params  []string // in the order of the generated Params struct
	Task    *envrt.Task
	defines []policy.Define
	dirs    [][]policy.Segment
	refs    *envReferences
}

// Compile checks a policy like Generate and returns its tables.
func Compile(file string, src []byte) (*Compiled, error) {
	p, err := policy.Load(file, src)
	if err != nil {
		return nil, err
	}
	pl := makePlan(p, p.Package, file)
	c := &Compiled{Policy: &envrt.Policy{Seed: pl.Seed, Slots: pl.Slots, Names: pl.Names}}
	c.checked = p
	c.Policy.SecretPatterns = compilePatterns(pl.SecretPatterns)
	for _, t := range pl.Tasks {
		rt := &envrt.Task{Policy: c.Policy, Inherit: t.Inherit, Decide: t.Decide, DecideDrops: t.DecideDrops,
			Pass: compilePatterns(t.Patterns), Negated: compilePatterns(t.NegPatterns), Unset: compilePatterns(t.UnsetPatterns), Lookup: t.Lookup, Heads: t.Heads, DropFunctions: t.DropInjection}
		c.Tasks = append(c.Tasks, &CompiledTask{Key: t.Key, GoName: t.GoName, Params: t.Params, Task: rt, defines: t.Defines, dirs: t.BinPaths,
			refs: newEnvReferences(pl.Names, t.Task)})
	}
	return c, nil
}

// compilePatterns compiles patterns with their filter.
func compilePatterns(pats []string) envrt.Patterns {
	var list []envrt.Pattern
	for _, p := range pats {
		list = append(list, policy.CompilePattern(p))
	}
	return envrt.MakePatterns(list...)
}

// Task returns the task with the given key, or nil.
func (c *Compiled) Task(key string) *CompiledTask {
	for _, t := range c.Tasks {
		if t.Key == key {
			return t
		}
	}
	return nil
}

// Fill returns what the task's generated Append…Env passes envrt.Build:
// its defines, as NAME=value entries, and its binPaths, one envrt.Dir
// piece per segment, with params (by parameter name; a missing one is
// empty) and each ${NAME} read by getenv, which gets the reference as
// the generated code reads it.
func (t *CompiledTask) Fill(params map[string]string, getenv func(EnvReference) string) (defines []string, dirs []envrt.Dir) {
	fill := func(s policy.Segment) string {
		switch {
		case s.Param != "":
			return params[s.Param]
		case s.Env != "":
			return getenv(t.refs.of(s.Env))
		}
		return s.Lit
	}
	for _, d := range t.defines {
		value := ""
		for _, s := range d.Value {
			value += fill(s)
		}
		defines = append(defines, d.Name+"="+value)
	}
	for _, segs := range t.dirs {
		dir := envrt.Dir{}
		for _, s := range segs {
			dir = append(dir, fill(s))
		}
		dirs = append(dirs, dir)
	}
	return defines, dirs
}

// Build runs the task as its generated Append…Env does.
func (t *CompiledTask) Build(dst, environ []string, params map[string]string, overrides ...envrt.Var) []string {
	defines, dirs := t.Fill(params, func(r EnvReference) string {
		if r.Secret {
			return envrt.GetenvExempt(environ, r.Name, r.Exempt...)
		}
		return envrt.Getenv(environ, r.Name)
	})
	return envrt.Build(dst, environ, t.Task, defines, overrides, dirs)
}
