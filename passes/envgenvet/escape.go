package envgenvet

// This file decides where the analysis stops following a holder: one
// stored into a struct, a slice, a map or an interface may have its Env
// set by code the function does not show, so its sites after that are
// left alone.

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// escapes returns the instructions where the holder value v, or the
// variable v holding one, goes where the analysis cannot follow it.
// Calls given a holder are followed by blockPass (an unknown callee
// leaves an unknown Env), local variables and closures that only read
// them are followed here; a variable's address that goes anywhere else
// than to a load, a store to it or such a closure escapes.
func (f *flow) escapes(v ssa.Value, seen map[ssa.Value]bool) []ssa.Instruction {
	if seen[v] {
		return nil
	}
	seen[v] = true
	variable := isHolderCell(v.Type())
	var out []ssa.Instruction
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.Phi:
			out = append(out, f.escapes(r, seen)...)
		case *ssa.ChangeType:
			out = append(out, f.escapes(r, seen)...)
		case *ssa.Store:
			if r.Val != v {
				continue // v = …, or *v = … over the holder in place
			}
			if a, ok := r.Addr.(*ssa.Alloc); ok {
				out = append(out, f.escapes(a, seen)...)
			} else {
				out = append(out, r)
			}
		case *ssa.MakeClosure:
			if !calledInPlace(r) && !readsOnly(freeVarFor(r, v), map[ssa.Value]bool{}) {
				out = append(out, r)
			}
		case *ssa.MakeInterface:
			if !printedOnly(r) && !invokedOnly(r) {
				out = append(out, r)
			}
		case *ssa.UnOp:
			if r.Op != token.MUL {
				out = append(out, r)
			} else if variable { // the holder it holds
				out = append(out, f.escapes(r, seen)...)
			} // else *cmd: a copy, which cannot change this one
		case *ssa.FieldAddr, *ssa.BinOp, *ssa.Return, ssa.CallInstruction:
			if variable { // the variable's address goes there
				out = append(out, r)
			}
		case *ssa.DebugRef:
		default:
			out = append(out, r)
		}
	}
	return out
}

// printedOnly reports whether the interface value mi only goes to the
// functions of printing packages (fmt, log, log/slog), as an argument or
// among their variadic arguments: log.Printf("%v", cmd) and
// slog.Any("env", env) print and cannot set an Env.
func printedOnly(mi *ssa.MakeInterface) bool {
	for _, r := range *mi.Referrers() {
		if call, ok := r.(ssa.CallInstruction); ok && !call.Common().IsInvoke() && printingPackages[keyOf(call.Common().StaticCallee()).pkg] {
			continue
		}
		st, ok := r.(*ssa.Store)
		if !ok || st.Val != mi {
			if _, ok := r.(*ssa.DebugRef); ok {
				continue
			}
			return false
		}
		ia, ok := st.Addr.(*ssa.IndexAddr)
		if !ok {
			return false
		}
		args, ok := ia.X.(*ssa.Alloc) // the array of a call's variadic arguments
		if !ok {
			return false
		}
		for _, u := range *args.Referrers() {
			switch u := u.(type) {
			case *ssa.IndexAddr:
			case *ssa.Slice:
				for _, c := range *u.Referrers() {
					call, ok := c.(ssa.CallInstruction)
					if !ok || call.Common().StaticCallee() == nil {
						return false
					}
					if !printingPackages[keyOf(call.Common().StaticCallee()).pkg] {
						return false
					}
				}
			default:
				return false
			}
		}
	}
	return true
}

// escapedBefore reports whether the holder h may have escaped before
// the instruction at runs: an escape is in a block from which at's block
// can be reached, or earlier in at's block with a call between. One
// after the child started (a Cmd stored, or printed in an error, once it
// ran) does not count, nor one just before it.
func (f *flow) escapedBefore(h ssa.Value, at ssa.Instruction) bool {
	for _, e := range f.escaped[h] {
		if e != at && mayPrecede(e, at) && !quietBetween(e, at) {
			return true
		}
	}
	return false
}

// quietBetween reports whether a and b are in one block, a first, with
// no call from a (included) to b but quiet ones: nothing can reach the
// Cmd through where a let it go before b runs (s.cmd = cmd; s.out =
// bufio.NewReader(out); return cmd.Start()).
func quietBetween(a, b ssa.Instruction) bool {
	if a.Block() != b.Block() || index(a) > index(b) { // b first: a reaches it round a loop
		return false
	}
	for _, in := range a.Block().Instrs[index(a):index(b)] {
		if call, ok := in.(ssa.CallInstruction); ok && !quietCall(call) {
			return false
		}
	}
	return true
}

// quietCall reports whether the analysis takes call not to set the Env
// of a Cmd that went where it does not follow it: a call, given no func
// value, of a function or method of a standard-library package in
// quietPackages, not one of noisyFuncs. Those know none of the program's
// types and cannot make a []string or a Cmd through reflection; they
// could reach such a Cmd only through code the program gave them before
// (a func value or an interface value they keep: a Scanner's split
// func, log's writer, another Cmd's Cancel) or another goroutine, and
// the analysis takes none of these to change a Cmd stored elsewhere, as
// it takes no other goroutine to between two instructions.
func quietCall(call ssa.CallInstruction) bool {
	common := call.Common()
	key := keyOf(common.StaticCallee())
	if common.IsInvoke() || !quietPackages[key.pkg] || noisyFuncs[key] {
		return false
	}
	for _, arg := range common.Args {
		if _, ok := arg.Type().Underlying().(*types.Signature); ok {
			return false
		}
	}
	return true
}

// quietPackages are the standard-library packages whose calls quietCall
// lets through: not encoding/… or reflect (which write into an any), not
// sync (which waits for other goroutines), not text/template or flag
// (which run the funcs their values hold).
var quietPackages = map[string]bool{
	"bufio": true, "bytes": true, "context": true, "errors": true, "fmt": true,
	"io": true, "log": true, "log/slog": true, "maps": true, "math": true,
	"os": true, "os/exec": true, "path": true, "path/filepath": true,
	"slices": true, "sort": true, "strconv": true, "strings": true,
	"testing": true, "time": true, "unicode": true, "unicode/utf8": true,
}

// noisyFuncs are the functions of quietPackages that wait: for time to
// pass, another goroutine, or a child.
var noisyFuncs = map[funcKey]bool{
	{"time", "", "Sleep"}: true, {"time", "", "After"}: true, {"time", "", "Tick"}: true,
	{"os/exec", "Cmd", "Wait"}: true, {"os/exec", "Cmd", "Run"}: true,
	{"os/exec", "Cmd", "Output"}: true, {"os/exec", "Cmd", "CombinedOutput"}: true,
	{"io", "PipeReader", "Read"}: true, {"io", "PipeWriter", "Write"}: true,
	{"testing", "T", "Parallel"}: true,
}

// mayPrecede reports whether a may run before b: earlier in b's block,
// or in a block from which b's can be reached.
func mayPrecede(a, b ssa.Instruction) bool {
	return a.Block() == b.Block() && index(a) < index(b) || reaches(a.Block(), b.Block())
}

// index returns the position of in in its block.
func index(in ssa.Instruction) int {
	for i, x := range in.Block().Instrs {
		if x == in {
			return i
		}
	}
	return -1
}

// reaches reports whether a path of one edge or more leads from a to b.
func reaches(a, b *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := append([]*ssa.BasicBlock(nil), a.Succs...)
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == b {
			return true
		}
		if !seen[x] {
			seen[x] = true
			work = append(work, x.Succs...)
		}
	}
	return false
}

// calledInPlace reports whether the closure mc is only called where it
// is made (func() { … }()): what it does to the holders it captures is
// applied there (closureEffect), and its sites judged (closures).
func calledInPlace(mc *ssa.MakeClosure) bool {
	for _, r := range *mc.Referrers() {
		call, ok := r.(*ssa.Call)
		if !ok || call.Call.Value != mc || slices.Contains(call.Call.Args, ssa.Value(mc)) {
			if _, ok := r.(*ssa.DebugRef); !ok {
				return false
			}
		}
	}
	return true
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
