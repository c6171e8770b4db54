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

// Build runs the task as its generated Append…Env does (gen's Run).
func (t *CompiledTask) Build(dst, environ []string, params map[string]string, overrides ...envrt.Var) []string {
	return t.Run(t.Task, dst, environ, params, overrides...)
}
