package envgenvet

// This file knows the calls that start a child (or pick its program, or
// give a shell its environment) and the values whose Env the analysis
// follows: exec.Cmd and ProcAttr ("holders").

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A site is a call that starts a child with an environment, resolves
// the program it will run, or gives a shell its environment.
type site struct {
	name   string  // as messages show it
	env    int     // the argument holding the environment, or -1
	holder int     // the argument holding a followed *exec.Cmd or *ProcAttr, or -1
	bad    envKind // the kinds of environment that are findings
}

// spawnSite reports whether a call of fn is a site, and which.
func spawnSite(fn *ssa.Function) (site, bool) {
	k, ok := lookup(fn)
	if !ok {
		return site{}, false
	}
	switch k.does {
	case roleStart:
		return site{name: k.show, env: -1, holder: k.arg, bad: k.bad}, true
	case roleSpawnEnv, roleCommand:
		return site{name: k.show, env: k.arg, holder: -1, bad: k.bad}, true
	}
	return site{}, false
}

// newHolder reports whether v is a new exec.Cmd or ProcAttr whose Env the
// analysis follows, and the Env it starts with: nil for exec.Command
// and for a literal, what envexec.Command was given (with what is a
// finding there already reported at that call, so not again), or what
// a constructor (a function that returns a Cmd it made) leaves.
func (f *flow) newHolder(v ssa.Value) (envKind, bool) {
	switch v := v.(type) {
	case *ssa.Alloc:
		return kNil, isHolderPointer(v.Type())
	case *ssa.Extract: // cmd, err := newCmd()
		if call, ok := v.Tuple.(*ssa.Call); ok && f.c.callee(&call.Call) != nil {
			if fact, ok := f.c.cmdFact(f.c.callee(&call.Call)); ok && fact.Result == v.Index {
				return f.bindArg(envKind(fact.Kind), fact.Param, call.Call.Args), true
			}
		}
	case *ssa.Call:
		callee := f.c.callee(&v.Call)
		if callee == nil {
			if f.c.newCmdMaybe(v.Call.Value) && isHolderPointer(v.Type()) {
				return kNil | kOther, true // nil where it is exec.Command
			}
			return 0, false
		}
		if known, ok := lookup(callee); ok {
			switch known.does {
			case roleNewCmd:
				return kNil, true
			case roleCommand:
				k := f.kindOf(v.Call.Args[known.arg])
				if reported := known.bad | kBuiltParam; k&reported != 0 {
					k = k&^reported | kOther
				}
				if k&kNil != 0 { // envexec.Command sets an empty Env for nil
					k = k&^kNil | kEmpty
				}
				return k, true
			}
		}
		if isHolderPointer(v.Type()) {
			if fact, ok := f.c.cmdFact(callee); ok && fact.Result == 0 {
				return f.bindArg(envKind(fact.Kind), fact.Param, v.Call.Args), true
			}
		}
	}
	return 0, false
}

// holderBad is what kinds of Env are findings for a holder of type t
// (or a pointer to one, or a pointer to that): where nil is the parent's
// environment, nil too.
func holderBad(t types.Type) envKind {
	for range 3 {
		if k, ok := typeKeyOf(t); ok {
			if bad, ok := holderTypes[k]; ok {
				return bad
			}
		}
		p, ok := types.Unalias(t).(*types.Pointer)
		if !ok {
			break
		}
		t = p.Elem()
	}
	return badWhereNilInherits
}

// holderName is how messages name a holder of type t: exec.Cmd,
// os.ProcAttr or syscall.ProcAttr.
func holderName(t types.Type) string {
	for range 3 {
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
			return n.Obj().Pkg().Name() + "." + n.Obj().Name()
		}
		p, ok := types.Unalias(t).(*types.Pointer)
		if !ok {
			break
		}
		t = p.Elem()
	}
	return "exec.Cmd"
}

// isHolderType reports whether t is exec.Cmd, os.ProcAttr or
// syscall.ProcAttr.
func isHolderType(t types.Type) bool {
	k, ok := typeKeyOf(t)
	if !ok {
		return false
	}
	_, ok = holderTypes[k]
	return ok
}

// isHolderPointer reports whether t is a pointer to a holder type.
func isHolderPointer(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && isHolderType(p.Elem())
}

// isEnvField reports whether fa addresses the Env field of a holder.
func isEnvField(fa *ssa.FieldAddr) bool {
	p, ok := types.Unalias(fa.X.Type()).(*types.Pointer)
	if !ok || !isHolderType(p.Elem()) {
		return false
	}
	return p.Elem().Underlying().(*types.Struct).Field(fa.Field).Name() == envField
}

// isRunnerEnv reports whether fa addresses the Env field of the shell's
// Runner, where a store is a site as interp.Env is.
func isRunnerEnv(fa *ssa.FieldAddr) bool {
	p, ok := types.Unalias(fa.X.Type()).(*types.Pointer)
	if !ok {
		return false
	}
	if k, ok := typeKeyOf(p.Elem()); !ok || k != runnerType {
		return false
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	return ok && st.Field(fa.Field).Name() == envField
}

// isExecMethod reports whether fn is a method of exec.Cmd: none of them
// changes Env, lets the Cmd go, or starts it but those spawnSite knows.
func isExecMethod(fn *ssa.Function) bool {
	k := keyOf(fn)
	return typeKey{k.pkg, k.recv} == cmdType
}
