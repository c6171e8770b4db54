package gentest

import (
	"github.com/envgen/envgen/internal/gen"
	"github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/runtime/envimpl"
	"github.com/envgen/envgen/runtime/envrt"
)

// Compiled is a policy turned into the runtime tables its generated code
// would hold, for running it in process in tests without
// compiling Go.
type Compiled struct {
	Policy *envimpl.Policy
	Tasks  []*CompiledTask // in policy order

	checked *policy.Policy // what the reference interpreter reads (reference.go)
}

// CompiledTask is one task of a Compiled policy: its plan (gen.TaskPlan,
// what emit prints) and the runtime table it holds.
type CompiledTask struct {
	gen.TaskPlan
	Task *envimpl.Task
}

// Compile checks a policy like Generate and returns its tables.
func Compile(file string, src []byte) (*Compiled, error) {
	p, err := policy.Load(file, src)
	if err != nil {
		return nil, err
	}
	pl := gen.MakePlan(p, p.Package, file)
	rp, tasks := pl.Tables()
	c := &Compiled{Policy: rp, checked: p}
	for i, t := range pl.Tasks {
		c.Tasks = append(c.Tasks, &CompiledTask{TaskPlan: t, Task: tasks[i]})
	}
	return c, nil
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

// Fill returns what the task's generated Append…Env passes envimpl.Build,
// worked out from the plan's pieces as the generated expressions work
// them out: its defines, as NAME=value entries, and its binPaths, one
// envimpl.Dir piece per piece, with params (by parameter name; a missing
// one is empty) and each ${NAME} read by getenv, which gets the
// reference as the generated code reads it.
func (t *CompiledTask) Fill(params map[string]string, getenv func(gen.EnvReference) string) (defines []string, dirs []envimpl.Dir) {
	fill := func(s gen.Piece) string {
		switch {
		case s.Param != "":
			return params[s.Param]
		case s.Env != "":
			return getenv(s.Ref)
		}
		return s.Lit
	}
	for _, d := range t.Defines {
		value := ""
		for _, s := range d.Value {
			value += fill(s)
		}
		defines = append(defines, d.Name+"="+value)
	}
	for _, pieces := range t.BinPaths {
		dir := envimpl.Dir{}
		for _, s := range pieces {
			dir = append(dir, fill(s))
		}
		dirs = append(dirs, dir)
	}
	return defines, dirs
}

// Build runs the task as its generated Append…Env does.
func (t *CompiledTask) Build(dst, environ []string, params map[string]string, overrides ...envrt.Var) []string {
	in := envimpl.Given(dst, environ)
	defines, dirs := t.Fill(params, func(r gen.EnvReference) string {
		if r.Secret {
			return t.Task.GetenvExempt(in, r.Name, r.Exempt...)
		}
		return t.Task.Getenv(in, r.Name)
	})
	return envimpl.Build(in, t.Task, defines, overrides, dirs)
}
