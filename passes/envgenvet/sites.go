package envgenvet

// This file knows the calls that start a child (or pick its program) and
// the values whose Env the analysis follows: exec.Cmd and ProcAttr.

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// runtimePath is the import path of envgen's runtime (envrt).
const runtimePath = "github.com/envgen/envgen/runtime"

// Which kinds of environment are findings where nil means the parent's
// environment (exec.Cmd, os.StartProcess, envrt.Command) and where it
// means an empty one (syscall, envrt.Start, LookPath).
const (
	badWhereNilInherits = kNil | kInherit | kExtended
	badWhereNilIsEmpty  = kInherit | kExtended
)

// A site is a call that starts a child with an environment, or resolves
// the program it will run.
type site struct {
	name   string  // as messages show it
	env    int     // the argument holding the env ([]string), or -1
	holder int     // the argument holding a followed *exec.Cmd or *ProcAttr, or -1
	bad    envKind // the kinds of environment that are findings
}

// spawnSite reports whether a call of fn is a site, and which.
func spawnSite(fn *ssa.Function) (site, bool) {
	pkg, recv, name := funcName(fn)
	switch {
	case pkg == "os/exec" && recv == "Cmd" && (name == "Run" || name == "Start" || name == "Output" || name == "CombinedOutput"):
		return site{"exec.Cmd." + name, -1, 0, badWhereNilInherits}, true
	case pkg == "os" && recv == "" && name == "StartProcess":
		return site{"os.StartProcess", -1, 2, badWhereNilInherits}, true
	case pkg == "syscall" && recv == "" && (name == "ForkExec" || name == "StartProcess"):
		return site{"syscall." + name, -1, 2, badWhereNilIsEmpty}, true
	case (pkg == "syscall" || pkg == "golang.org/x/sys/unix") && recv == "" && name == "Exec":
		return site{pkg[strings.LastIndexByte(pkg, '/')+1:] + ".Exec", 2, -1, badWhereNilIsEmpty}, true // syscall or unix
	case pkg != runtimePath:
		return site{}, false
	case recv == "" && (name == "Start" || name == "Run"):
		return site{"envrt." + name, 3, -1, badWhereNilIsEmpty}, true
	case recv == "" && name == "Command": // its nil is an empty environment
		return site{"envrt.Command", 0, -1, badWhereNilIsEmpty}, true
	case recv == "" && name == "CommandContext":
		return site{"envrt.CommandContext", 1, -1, badWhereNilIsEmpty}, true
	case recv == "" && name == "LookPath":
		return site{"envrt.LookPath", 0, -1, badWhereNilIsEmpty}, true
	case recv == "PathCache" && name == "LookPath":
		return site{"envrt.PathCache.LookPath", 1, -1, badWhereNilIsEmpty}, true
	}
	return site{}, false
}

// newHolder reports whether v is a new exec.Cmd or ProcAttr whose Env the
// analysis follows, and the Env it starts with: nil for exec.Command
// and for a literal, what envrt.Command was given (with what is a
// finding there already reported at that call, so not again), or what
// a constructor (a function that returns a Cmd it made) leaves.
func (f *flow) newHolder(v ssa.Value) (envKind, bool) {
	switch v := v.(type) {
	case *ssa.Alloc:
		return kNil, isHolderType(v.Type().(*types.Pointer).Elem())
	case *ssa.Extract: // cmd, err := newCmd()
		if call, ok := v.Tuple.(*ssa.Call); ok && call.Call.StaticCallee() != nil {
			if fact, ok := f.c.cmdFact(call.Call.StaticCallee()); ok && fact.Result == v.Index {
				return f.bindArg(envKind(fact.Kind), fact.Param, call.Call.Args), true
			}
		}
	case *ssa.Call:
		callee := v.Call.StaticCallee()
		if callee == nil {
			return 0, false
		}
		pkg, recv, name := funcName(callee)
		switch {
		case pkg == "os/exec" && recv == "" && (name == "Command" || name == "CommandContext"):
			return kNil, true
		case pkg == runtimePath && recv == "" && (name == "Command" || name == "CommandContext"):
			s, _ := spawnSite(callee)
			k := f.kindOf(v.Call.Args[s.env])
			if reported := s.bad | kBuiltParam; k&reported != 0 {
				k = k&^reported | kOther
			}
			if k&kNil != 0 { // envrt.Command sets an empty Env for nil
				k = k&^kNil | kEmpty
			}
			return k, true
		case isHolderPointer(v.Type()):
			if fact, ok := f.c.cmdFact(callee); ok && fact.Result == 0 {
				return f.bindArg(envKind(fact.Kind), fact.Param, v.Call.Args), true
			}
		}
	}
	return 0, false
}

// isHolderType reports whether t is exec.Cmd, os.ProcAttr or
// syscall.ProcAttr.
func isHolderType(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	switch n.Obj().Pkg().Path() + "." + n.Obj().Name() {
	case "os/exec.Cmd", "os.ProcAttr", "syscall.ProcAttr":
		return true
	}
	return false
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
	return p.Elem().Underlying().(*types.Struct).Field(fa.Field).Name() == "Env"
}

// isExecMethod reports whether fn is a method of exec.Cmd: none of them
// changes Env.
func isExecMethod(fn *ssa.Function) bool {
	pkg, recv, _ := funcName(fn)
	return pkg == "os/exec" && recv == "Cmd"
}

// funcName returns the import path of fn's package, the name of its
// receiver's type (or ""), and its name; all "" for a function without
// an object (a closure, a wrapper).
func funcName(fn *ssa.Function) (pkg, recv, name string) {
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil {
		return "", "", ""
	}
	if r := obj.Signature().Recv(); r != nil {
		t := r.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			recv = n.Obj().Name()
		}
	}
	return obj.Pkg().Path(), recv, obj.Name()
}

// startsFree returns the calls in the closure fn that start the holder
// its free variable fv holds, and their sites. (A closure that passes the
// holder to a function makes it escape, so only the calls that start it
// themselves are looked for.)
func startsFree(fn *ssa.Function, fv *ssa.FreeVar) map[ssa.CallInstruction]site {
	out := map[ssa.CallInstruction]site{}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || call.Common().StaticCallee() == nil {
				continue
			}
			args := call.Common().Args
			if s, ok := spawnSite(call.Common().StaticCallee()); ok && s.holder >= 0 && s.holder < len(args) && holds(args[s.holder], fv) {
				out[call] = s
			}
		}
	}
	return out
}

// startsParam is the site of a call of fn, a function of this package
// that starts its parameter i.
func startsParam(fn *ssa.Function, i int) site {
	name := fn.Name() + " (which starts it)"
	return site{name: name, env: -1, holder: i, bad: badWhereNilInherits}
}

// holds reports whether v is the holder the free variable fv holds: fv,
// or what it points to.
func holds(v ssa.Value, fv *ssa.FreeVar) bool {
	for range 100 {
		switch x := v.(type) {
		case *ssa.FreeVar:
			return x == fv
		case *ssa.ChangeType:
			v = x.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
			v = x.X
		default:
			return false
		}
	}
	return false
}

// origin returns the generic function fn instantiates, whose body the
// analysis reads, or fn itself.
func origin(fn *ssa.Function) *ssa.Function {
	if o := fn.Origin(); o != nil {
		return o
	}
	return fn
}
