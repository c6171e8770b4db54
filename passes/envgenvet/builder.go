package envgenvet

// This file recognises builders by what they do, not by their names or
// their file's header: a builder's core is a call into the runtime with
// a task (envimpl.Build(in, &task, …)), whose result is policy-built but
// for the dst its Input (envimpl.Given(dst, environ)) carries. Which of a
// function's parameters reach a dst, an environ or an Input (its roles)
// goes up from the core through each function that passes them on:
// AppendShellEnv(dst, environ) through Given, ShellEnv(environ) through
// AppendShellEnv. A "builder" that does not build (return environ) is a
// function like any other, judged by what it returns.

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// roles are the parameters (argument indices, the receiver first) of a
// function that reach a builder, -1 for none: dst, whose entries come
// before the builder's in its result; environ, the environment it
// filters; input, an Input holding both.
type roles struct {
	Dst, Environ, Input int
	core                bool // for the table: its result is a builder's result (given a task)
}

// noRoles is a function none of whose parameters reach a builder.
var noRoles = roles{Dst: -1, Environ: -1, Input: -1}

// any reports whether some parameter has a role.
func (r roles) any() bool { return r.Dst >= 0 || r.Environ >= 0 || r.Input >= 0 }

// String describes the roles, for facts' String.
func (r roles) String() string {
	if !r.any() {
		return ""
	}
	return fmt.Sprintf("[dst %d environ %d input %d]", r.Dst, r.Environ, r.Input)
}

// callRoles returns the roles of the arguments of call: from the table
// for the runtime's builder API, from the summary or fact of its callee,
// or from what the func value it calls may be.
func (f *flow) callRoles(call ssa.CallInstruction) (roles, bool) {
	common := call.Common()
	if callee := f.c.callee(common); callee != nil {
		if r, ok := builderAPI[keyOf(callee)]; ok {
			return r, true
		}
		if fact, ok := f.c.funcFact(callee); ok && fact.Roles.any() {
			return fact.Roles, true
		}
		return noRoles, false
	}
	if fact, ok := f.funcValue(common.Value); ok && fact.Roles.any() {
		return fact.Roles, true
	}
	return noRoles, false
}

// findRoles sets the roles of f's function: its parameters that its
// calls pass, as they are, where a callee's roles say.
func (f *flow) findRoles() {
	r := &f.info.roles
	for _, b := range f.fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			cr, ok := f.callRoles(call)
			if !ok {
				continue
			}
			args := call.Common().Args
			for _, pair := range [...]struct{ from, to *int }{{&cr.Dst, &r.Dst}, {&cr.Environ, &r.Environ}, {&cr.Input, &r.Input}} {
				if *pair.from >= 0 && *pair.from < len(args) && *pair.to < 0 {
					*pair.to = f.ownParam(args[*pair.from])
				}
			}
		}
	}
}

// ownParam returns the index of v among the function's parameters if v
// is one of them (through conversions), or -1.
func (f *flow) ownParam(v ssa.Value) int {
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.Parameter:
			for i, p := range f.fn.Params {
				if p == x {
					return i
				}
			}
		}
		return -1
	}
}

// coreKind is the kind of the result of a call of the builder API's core
// (envimpl.Build, whose signature takes a task: TestTableNamesExist holds
// it to that): a builder's result after its Input's dst.
func (f *flow) coreKind(r roles, args []ssa.Value) envKind {
	if r.Input < 0 || r.Input >= len(args) {
		return kOther
	}
	return f.inputDst(args[r.Input])
}

// inputDst is the kind of a builder's result over the Input v: what its
// dst makes it (see dstOf) when v is made by Given here, else
// policy-built (envimpl.OS() has an empty dst; an Input parameter is the
// caller's to judge, through the input role).
func (f *flow) inputDst(v ssa.Value) envKind {
	if call, ok := v.(*ssa.Call); ok {
		if r, ok := builderAPI[keyOf(call.Call.StaticCallee())]; ok && r.Dst >= 0 && r.Dst < len(call.Call.Args) {
			return f.dstOf(call.Call.Args[r.Dst])
		}
	}
	return kPolicy
}

// dstOf is the kind of a builder's result appended to dst: policy-built
// where dst is one of this function's []string parameters (its callers
// judge what they pass, through the dst role), else as dstKind says
// (for its one []string parameter, a builder's result after it, judged
// at each call and at the sites here).
func (f *flow) dstOf(dst ssa.Value) envKind {
	if p := f.ownParam(dst); p >= 0 && (f.envParam == nil || f.fn.Params[p] != f.envParam) {
		return kPolicy
	}
	return dstKind(f.kindOf(dst))
}

// applyFact is the kind of the result of a call with args of a function
// that fact describes: its []string parameter, then its dst or Input,
// bound to what the call passes.
func (f *flow) applyFact(fact envFuncFact, args []ssa.Value) envKind {
	k := f.bindArg(envKind(fact.Kind), fact.Param, args)
	if k&kPolicy != 0 {
		if r := fact.Roles; r.Dst >= 0 && r.Dst < len(args) {
			k = k&^kPolicy | f.dstOf(args[r.Dst])
		} else if r.Input >= 0 && r.Input < len(args) {
			k = k&^kPolicy | f.inputDst(args[r.Input])
		}
	}
	return k
}

// checkEnvirons reports each call that gives a builder an environ with
// entries appended to os.Environ(): a builder keeps a name's first
// entry, so those lose to the parent's.
func (f *flow) checkEnvirons() {
	for _, b := range f.fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			r, ok := f.callRoles(call)
			args := call.Common().Args
			if !ok || r.Environ < 0 || r.Environ >= len(args) || f.ownParam(args[r.Environ]) >= 0 {
				continue
			}
			if k := f.kindOf(args[r.Environ]); k&badFirstWins != 0 {
				f.noteSite(call, calleeName(call), k, badFirstWins, nil)
			}
		}
	}
}

// calleeName is how messages name the function call calls.
func calleeName(call ssa.CallInstruction) string {
	if callee := call.Common().StaticCallee(); callee != nil {
		return callee.Name()
	}
	return "a builder given as a func value"
}

// funcValue returns what the analysis knows of calling the func value v:
// a function, a closure, a phi of them, or what a function returns that
// has a funcValueFact (Lookup's EnvFunc). A func value of unknown origin
// is not known, whatever its type.
func (f *flow) funcValue(v ssa.Value) (envFuncFact, bool) {
	var j joined
	ok := f.eachFuncValue(v, map[ssa.Value]bool{}, j.add)
	return j.fact, ok && j.n > 0
}

// joined is what the analysis knows of a call of a func value that may
// be any of n functions: their facts joined.
type joined struct {
	fact envFuncFact
	n    int
}

// add joins what the analysis knows of one more function.
func (j *joined) add(fact envFuncFact) {
	if j.n == 0 {
		j.fact = fact
	} else {
		j.fact = joinFacts(j.fact, fact)
	}
	j.n++
}

// eachFuncValue calls yield with what the analysis knows of each func v
// may be; false if some of them it does not know.
func (f *flow) eachFuncValue(v ssa.Value, seen map[ssa.Value]bool, yield func(envFuncFact)) bool {
	if seen[v] {
		return true
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Function:
		fact, ok := f.c.funcFact(x)
		if ok {
			yield(fact)
		}
		return ok
	case *ssa.MakeClosure:
		return f.eachFuncValue(x.Fn, seen, yield)
	case *ssa.ChangeType:
		return f.eachFuncValue(x.X, seen, yield)
	case *ssa.Const:
		return x.IsNil()
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !f.eachFuncValue(e, seen, yield) {
				return false
			}
		}
		return true
	case *ssa.Call:
		if fv, ok := f.c.funcValueFact(x.Call.StaticCallee()); ok && fv.Result == 0 {
			yield(fv.Fn)
			return true
		}
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			if fv, ok := f.c.funcValueFact(call.Call.StaticCallee()); ok && fv.Result == x.Index {
				yield(fv.Fn)
				return true
			}
		}
	}
	return false
}

// joinFacts is what the analysis knows of a call of a func value that
// may be a function described by a or one described by b: either kind,
// and the roles and parameter both agree on.
func joinFacts(a, b envFuncFact) envFuncFact {
	out := envFuncFact{Kind: a.Kind | b.Kind, Result: a.Result, Param: a.Param, Roles: a.Roles}
	if a.Result != b.Result {
		out.Result = -1
	}
	if a.Param != b.Param {
		out.Param = paramRef{Index: -1}
	}
	if a.Roles.Dst != b.Roles.Dst {
		out.Roles.Dst = -1
	}
	if a.Roles.Environ != b.Roles.Environ {
		out.Roles.Environ = -1
	}
	if a.Roles.Input != b.Roles.Input {
		out.Roles.Input = -1
	}
	return out
}

// returnedFuncs is what the analysis knows of the func values (whose
// only result is an environment) the function returns as its result i,
// at the returns rets that may succeed.
func (f *flow) returnedFuncs(rets []*ssa.Return, i int) (envFuncFact, bool) {
	var j joined
	for _, ret := range rets {
		if !f.eachFuncValue(ret.Results[i], map[ssa.Value]bool{}, j.add) {
			return envFuncFact{}, false
		}
	}
	return j.fact, j.n > 0
}

// isEnvFuncType reports whether t is a func type whose only result is
// an environment (a builder's type, such as EnvFunc).
func isEnvFuncType(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	return ok && sig.Results().Len() == 1 && isEnvType(sig.Results().At(0).Type())
}

// isEnvType reports whether t is an environment: a []string in
// os.Environ form, or the shell's expand.Environ.
func isEnvType(t types.Type) bool {
	if isStringSlice(t) {
		return true
	}
	k, ok := typeKeyOf(t)
	return ok && k == environType
}

// isStringSlice reports whether t's underlying type is []string.
func isStringSlice(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}
