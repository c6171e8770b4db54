package gen

import "github.com/envgen/envgen/runtime/envimpl"

// This file runs a planned task in process, as the builder generated
// for it would run: for explain -config, which previews a user's
// settings with the runtime itself, and for the tests that hold the
// runtime to the reference without compiling Go.

// Fill returns what the task's generated Append…Env passes envimpl.Build,
// worked out from the plan's pieces as the generated expressions work
// them out: its defines, as NAME=value entries, and its binPaths, one
// envimpl.Dir piece per piece, with params (by parameter name; a missing
// one is empty) and each ${NAME} read by getenv, which gets the
// reference as the generated code reads it.
func (t *TaskPlan) Fill(params map[string]string, getenv func(EnvReference) string) (defines []string, dirs []envimpl.Dir) {
	fill := func(s Piece) string {
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

// Run builds the task's environment as its generated Append…Env does,
// with task, its lists as Plan.Tables makes them.
func (t *TaskPlan) Run(task *envimpl.Task, dst, environ []string, params map[string]string, overrides ...envimpl.Var) []string {
	in := envimpl.Given(dst, environ)
	defines, dirs := t.Fill(params, func(r EnvReference) string {
		if r.Secret {
			return task.GetenvExempt(in, r.Name, r.Exempt...)
		}
		return task.Getenv(in, r.Name)
	})
	return envimpl.Build(in, task, defines, overrides, dirs)
}
