package vet

// This file decides which holders the analysis cannot follow: one stored
// into a struct, a slice, a map or an interface may have its Env set by
// code the function does not show, so its sites are left alone.

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// escapes reports whether the holder value v goes where the analysis
// cannot follow it. Calls are followed by blockPass (an unknown callee
// leaves an unknown Env), local variables and closures that only read
// them are followed here.
func (f *flow) escapes(v ssa.Value, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return false
	}
	seen[v] = true
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.Phi:
			if f.escapes(r, seen) {
				return true
			}
		case *ssa.ChangeType:
			if f.escapes(r, seen) {
				return true
			}
		case *ssa.Store:
			if r.Val != v {
				continue // *v = ...: overwrites the holder in place
			}
			a, ok := r.Addr.(*ssa.Alloc)
			if !ok || f.variableEscapes(a, seen) {
				return true
			}
		case *ssa.MakeClosure:
			if !readsOnly(freeVarFor(r, v), map[ssa.Value]bool{}) {
				return true
			}
		case *ssa.FieldAddr, *ssa.DebugRef, *ssa.BinOp, *ssa.Return, ssa.CallInstruction:
		default:
			return true
		}
	}
	return false
}

// variableEscapes reports whether the variable a, holding a holder, is
// used in a way the analysis cannot follow: loads are followed, and a
// closure that captures it may only read it.
func (f *flow) variableEscapes(a *ssa.Alloc, seen map[ssa.Value]bool) bool {
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.UnOp:
			if r.Op != token.MUL || f.escapes(r, seen) {
				return true
			}
		case *ssa.Store:
			if r.Addr != a {
				return true
			}
		case *ssa.MakeClosure:
			if !readsOnly(freeVarFor(r, a), map[ssa.Value]bool{}) {
				return true
			}
		case *ssa.DebugRef:
		default:
			return true
		}
	}
	return false
}

// freeVarFor returns the free variable of mc's function that binding v
// becomes, or nil.
func freeVarFor(mc *ssa.MakeClosure, v ssa.Value) ssa.Value {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return nil
	}
	for i, b := range mc.Bindings {
		if b == v && i < len(fn.FreeVars) {
			return fn.FreeVars[i]
		}
	}
	return nil
}

// readsOnly reports whether v, a holder or a variable holding one inside
// a closure, is only read there: its Env never set, the holder never
// passed on, only exec.Cmd's methods called.
func readsOnly(v ssa.Value, seen map[ssa.Value]bool) bool {
	if v == nil {
		return false
	}
	if seen[v] {
		return true
	}
	seen[v] = true
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.UnOp:
			if !readsOnly(r, seen) {
				return false
			}
		case *ssa.Phi:
			if !readsOnly(r, seen) {
				return false
			}
		case *ssa.ChangeType:
			if !readsOnly(r, seen) {
				return false
			}
		case *ssa.FieldAddr:
			if isEnvField(r) {
				for _, u := range *r.Referrers() {
					if st, ok := u.(*ssa.Store); ok && st.Addr == r {
						return false
					}
				}
			}
		case ssa.CallInstruction:
			callee := r.Common().StaticCallee()
			if callee == nil || !isExecMethod(callee) {
				return false
			}
		case *ssa.DebugRef, *ssa.BinOp:
		default:
			return false
		}
	}
	return true
}
