package gen

import (
	"runtime"

	envrt "github.com/envgen/envgen/runtime"
)

// Compiled is a policy turned into the runtime tables its generated code
// would hold, for running it in process (explain, tests) without
// compiling Go.
type Compiled struct {
	Policy *envrt.Policy
	Tasks  []*CompiledTask // in policy order

	checked *policy // what the reference interpreter reads (refexport.go)
}

// CompiledTask is one task of a Compiled policy.
type CompiledTask struct {
	Key     string
	GoName  string
	Params  []string // in the order of the generated Params struct
	Task    *envrt.Task
	defines []definePlan
	dirs    [][]segment
}

// Compile checks a policy like Generate and returns its tables.
func Compile(file string, src []byte) (*Compiled, error) {
	d := &diagnoser{file: file}
	f := load(d, src)
	if f == nil {
		return nil, d.err()
	}
	p := check(d, f)
	if err := d.err(); err != nil {
		return nil, err
	}
	pl := makePlan(p, p.Package, file)
	c := &Compiled{Policy: &envrt.Policy{Seed: pl.Seed, Slots: pl.Slots, Names: pl.Names}}
	c.checked = p
	c.Policy.SecretPatterns = compilePatterns(pl.SecretPatterns)
	for _, t := range pl.Tasks {
		rt := &envrt.Task{Policy: c.Policy, Inherit: t.Inherit, Decide: t.Decide, DecideDrops: t.DecideDrops,
			Pass: compilePatterns(t.Patterns), Negated: compilePatterns(t.NegPatterns), Unset: compilePatterns(t.UnsetPatterns), Lookup: t.Lookup, Heads: t.Heads, DropFunctions: t.DropInjection}
		c.Tasks = append(c.Tasks, &CompiledTask{Key: t.Key, GoName: t.GoName, Params: t.Params, Task: rt, defines: t.Defines, dirs: t.BinPaths})
	}
	return c, nil
}

// compilePatterns compiles patterns with their filter.
func compilePatterns(pats []string) envrt.Patterns {
	var list []envrt.Pattern
	for _, p := range pats {
		list = append(list, compilePattern(p))
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

// Defines returns the task's defines as NAME=value entries, with params
// (by parameter name; a missing one is empty) and ${NAME} references (the
// value of NAME's first valid entry in environ, names compared
// ASCII case-insensitively when fold is set) filled in.
func (t *CompiledTask) Defines(environ []string, params map[string]string, fold bool) []string {
	var out []string
	for _, d := range t.defines {
		out = append(out, d.Name+"="+refFill(d.Value, params, environ, fold))
	}
	return out
}

// Dirs returns the task's binPaths, filled in as Defines fills values.
func (t *CompiledTask) Dirs(environ []string, params map[string]string, fold bool) []envrt.Dir {
	var out []envrt.Dir
	for _, d := range t.dirs {
		out = append(out, envrt.Dir{refFill(d, params, environ, fold)})
	}
	return out
}

// Build runs the task as its generated AppendEnv would on this OS.
func (t *CompiledTask) Build(dst, environ []string, params map[string]string, overrides ...envrt.Var) []string {
	fold := runtime.GOOS == "windows"
	return envrt.Build(dst, environ, t.Task, t.Defines(environ, params, fold), overrides, t.Dirs(environ, params, fold))
}
