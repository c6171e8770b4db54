package envgenvet

// This file follows package-level variables: a []string that only the
// package's initializers set, and a Cmd (var c = exec.Command(…)) that
// functions of the package start.

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// globalUses returns, for each package-level variable, the instructions
// of fns that use it.
func globalUses(fns []*ssa.Function) map[*ssa.Global][]ssa.Instruction {
	uses := map[*ssa.Global][]ssa.Instruction{}
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				for _, op := range instr.Operands(nil) {
					if g, ok := (*op).(*ssa.Global); ok {
						uses[g] = append(uses[g], instr)
					}
				}
			}
		}
	}
	return uses
}

// globalKind is what the package-level variable g may hold where it is
// read. Only for an unexported []string that no other package can set:
// what the package's initializers store to it (else its zero value,
// nil), and kOther if any other function stores to it, stores to one of
// its elements, or lets its address go.
func (c *checker) globalKind(g *ssa.Global) envKind {
	if g.Object() == nil || g.Object().Exported() || !isStringSlice(g.Type().(*types.Pointer).Elem()) {
		return kOther
	}
	init := c.flows[c.ssaPkg.Func("init")]
	k := kNil
	for _, use := range c.globals[g] {
		switch u := use.(type) {
		case *ssa.Store:
			if u.Addr != g || init == nil || u.Parent() != init.fn {
				return kOther
			}
			k = k&^kNil | init.kindOf(u.Val)
		case *ssa.UnOp:
			if len(elemStores(u)) > 0 {
				return kOther // env[0] = ...
			}
		default:
			return kOther
		}
	}
	return k
}

// cmdVar is what the package's functions do with a package-level Cmd
// (or ProcAttr) variable: var c = exec.Command(…), or var c exec.Cmd.
type cmdVar struct {
	stored envKind     // the Env of each Cmd stored to it (kOther for one not followed)
	set    envKind     // what is stored to its Env field, or what a call leaves there
	made   []token.Pos // where the Cmds stored to it were created
}

// cmdVarOf returns the package-level variable x is (a Cmd value) or
// holds (a pointer to a Cmd), or nil.
func cmdVarOf(x ssa.Value) *ssa.Global {
	for {
		switch v := x.(type) {
		case *ssa.ChangeType:
			x = v.X
			continue
		case *ssa.Global:
			if isHolderPointer(v.Type()) { // var c exec.Cmd: c's address
				return v
			}
		case *ssa.UnOp:
			if g, ok := v.X.(*ssa.Global); ok && v.Op == token.MUL && isHolderCell(g.Type()) {
				return g // var c *exec.Cmd: its value
			}
		}
		return nil
	}
}

// cmdVar returns the record of the package-level Cmd g.
func (c *checker) cmdVar(g *ssa.Global) *cmdVar {
	v := c.cmdVars[g]
	if v == nil {
		v = &cmdVar{}
		c.cmdVars[g] = v
	}
	return v
}

// cmdVarKind is what the Env of the package-level Cmd g may be where a
// function of the package starts it: the Env of each Cmd stored to it
// (nil for a var c exec.Cmd) and each stored to its Env, when all of
// them are findings; kOther when one is not (in some order the analysis
// does not see, it may be set before the start), when another package
// may set it (g is exported) or its address goes elsewhere.
func (c *checker) cmdVarKind(g *ssa.Global) envKind {
	if g.Object() == nil || g.Object().Exported() {
		return kOther
	}
	for _, use := range c.globals[g] {
		switch u := use.(type) {
		case *ssa.Store:
			if u.Addr != g {
				return kOther // stored elsewhere
			}
		case *ssa.UnOp, *ssa.FieldAddr, *ssa.DebugRef, ssa.CallInstruction:
		default:
			return kOther
		}
	}
	v := c.cmdVar(g)
	k := v.stored | v.set
	if isHolderPointer(g.Type()) {
		k |= kNil // var c exec.Cmd
	}
	if k&^badWhereNilInherits != 0 {
		return kOther
	}
	return k
}

// funcSeams returns the package-level func variables whose every call is
// a call of one known function: an unexported variable that only the
// package's initializers set, once, to a function (var execCommand =
// exec.Command, var environ = os.Environ: a seam tests replace) or to
// sync.OnceValue of one (var baseEnv = sync.OnceValue(func() []string
// {…})). A test that replaces one stores to it outside the initializers:
// it is then no seam in that build.
func funcSeams(globals map[*ssa.Global][]ssa.Instruction, init *ssa.Function) map[*ssa.Global]*ssa.Function {
	seams := map[*ssa.Global]*ssa.Function{}
	for g, uses := range globals {
		if fn := seamOf(g, uses, init); fn != nil {
			seams[g] = fn
		}
	}
	return seams
}

// seamOf returns the function the package-level variable g, used by
// uses, always holds, or nil (see funcSeams).
func seamOf(g *ssa.Global, uses []ssa.Instruction, init *ssa.Function) *ssa.Function {
	if g.Object() == nil || g.Object().Exported() || init == nil {
		return nil
	}
	if _, ok := g.Type().(*types.Pointer).Elem().Underlying().(*types.Signature); !ok {
		return nil
	}
	if v, ok := setOnce(g, uses, init); ok {
		return funcOf(v)
	}
	return nil
}

// setOnce returns the value the package-level variable g, used by uses,
// always holds: one store to it, made by the package's initializers
// init, and otherwise only loads. false if it is stored twice or
// elsewhere, or its address goes anywhere.
func setOnce(g *ssa.Global, uses []ssa.Instruction, init *ssa.Function) (ssa.Value, bool) {
	var val ssa.Value
	for _, use := range uses {
		switch u := use.(type) {
		case *ssa.Store:
			if u.Addr != g || u.Parent() != init || val != nil {
				return nil, false
			}
			val = u.Val
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return nil, false
		}
	}
	return val, val != nil
}

// sentinel reports whether the package-level variable g holds an error
// that is never nil: one of this package that its initializers set once
// to errors.New, fmt.Errorf or a value made an error (var errNoDir =
// errors.New("…"), var errSkip error = skipErr{}) and nothing else
// stores to, or another package's exported Err… (io.EOF aside, how Go
// names its sentinels: os.ErrNotExist).
func (c *checker) sentinel(g *ssa.Global) bool {
	if g.Pkg != c.ssaPkg {
		return g.Object() != nil && g.Object().Exported() && strings.HasPrefix(g.Name(), "Err")
	}
	v, ok := setOnce(g, c.globals[g], c.ssaPkg.Func("init"))
	return ok && madeError(v)
}

// madeError reports whether v is an error made where it is: by
// errors.New or fmt.Errorf, or a value converted to error.
func madeError(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.MakeInterface:
		return true
	case *ssa.Call:
		k, ok := lookup(v.Call.StaticCallee())
		return ok && k.does == roleFails
	}
	return false
}

// fieldSeams returns the struct fields of func type, declared
// unexported in the package, whose every store in fns stores one
// function (newCommand: exec.Command in a constructor's literal): a call
// of such a field's value is a call of that function. A store of the
// field's own value (a copy of the struct) changes nothing; a field
// whose address goes anywhere else, or of a struct type that a value is
// converted to (whose field another type's stores may have set), is no
// seam. A generic struct's fields are keyed by their origin, so that the
// stores of each instance count.
func fieldSeams(fns []*ssa.Function, pkg *types.Package) map[*types.Var]*ssa.Function {
	seams := map[*types.Var]*ssa.Function{}
	broken := map[*types.Var]bool{}
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if ct, ok := instr.(*ssa.ChangeType); ok {
					breakFields(ct.Type(), broken, map[types.Type]bool{})
				}
				fa, ok := instr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				field := fieldOf(fa)
				if field == nil || field.Exported() || field.Pkg() != pkg {
					continue
				}
				if _, ok := field.Type().Underlying().(*types.Signature); !ok {
					continue
				}
				for _, r := range *fa.Referrers() {
					switch r := r.(type) {
					case *ssa.UnOp, *ssa.DebugRef:
					case *ssa.Store:
						if r.Addr != fa {
							broken[field] = true
						} else if ld, ok := r.Val.(*ssa.UnOp); ok && loadedFuncField(ld) == field {
							// c.f = other.f: the field's own value
						} else if f := funcOf(r.Val); f == nil || seams[field] != nil && seams[field] != f {
							broken[field] = true
						} else {
							seams[field] = f
						}
					default:
						broken[field] = true
					}
				}
			}
		}
	}
	for field := range broken {
		delete(seams, field)
	}
	return seams
}

// fieldOf returns the struct field fa addresses (its origin, for a
// generic struct's).
func fieldOf(fa *ssa.FieldAddr) *types.Var {
	if p, ok := types.Unalias(fa.X.Type()).(*types.Pointer); ok {
		if st, ok := p.Elem().Underlying().(*types.Struct); ok {
			return st.Field(fa.Field).Origin()
		}
	}
	return nil
}

// breakFields marks every field of the structs t holds by value (t
// itself, or what it points to, and their struct fields and arrays'
// elements) as no seam: a conversion to t may copy them from fields of
// another type, whose stores fieldSeams does not count for them.
func breakFields(t types.Type, broken map[*types.Var]bool, seen map[types.Type]bool) {
	if p, ok := types.Unalias(t).Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	for {
		a, ok := t.Underlying().(*types.Array)
		if !ok {
			break
		}
		t = a.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || seen[t] {
		return
	}
	seen[t] = true
	for i := range st.NumFields() {
		broken[st.Field(i).Origin()] = true
		if _, isPtr := st.Field(i).Type().Underlying().(*types.Pointer); !isPtr {
			breakFields(st.Field(i).Type(), broken, seen)
		}
	}
}

// loadedFuncField returns the field that the load ld reads, or nil.
func loadedFuncField(ld *ssa.UnOp) *types.Var {
	if fa, ok := ld.X.(*ssa.FieldAddr); ok && ld.Op == token.MUL {
		return fieldOf(fa)
	}
	return nil
}

// funcOf returns the one function the func value v calls: v itself, a
// closure's function, or the function sync.OnceValue (or OnceValues)
// calls once; nil for any other value.
func funcOf(v ssa.Value) *ssa.Function {
	switch v := v.(type) {
	case *ssa.Function:
		return v
	case *ssa.MakeClosure:
		if fn, ok := v.Fn.(*ssa.Function); ok && fn.Synthetic != "" {
			return nil // a method value (x.M): its calls lack the receiver the method's role reads
		}
		return funcOf(v.Fn)
	case *ssa.ChangeType:
		return funcOf(v.X)
	case *ssa.Call:
		if k := keyOf(v.Call.StaticCallee()); k.pkg == "sync" && (k.name == "OnceValue" || k.name == "OnceValues") && len(v.Call.Args) == 1 {
			return funcOf(v.Call.Args[0])
		}
	}
	return nil
}

// callee returns the function common calls when the analysis knows it:
// its static callee, else the function of a seam (see funcSeams) or of
// a sync.OnceValue the call reads; nil for any other func value, and for
// a method called through an interface.
func (c *checker) callee(common *ssa.CallCommon) *ssa.Function {
	if fn := common.StaticCallee(); fn != nil || common.IsInvoke() {
		return fn
	}
	return c.funcIn(common.Value)
}

// funcIn returns the one function the func value v holds, as callee
// finds it (a seam, a field seam, sync.OnceValue), or nil.
func (c *checker) funcIn(v ssa.Value) *ssa.Function {
	switch v := v.(type) {
	case *ssa.UnOp:
		if g, ok := v.X.(*ssa.Global); ok && v.Op == token.MUL {
			return c.seams[g]
		}
		if field := loadedFuncField(v); field != nil {
			return c.fieldSeams[field]
		}
	case *ssa.Field:
		if st, ok := v.X.Type().Underlying().(*types.Struct); ok {
			return c.fieldSeams[st.Field(v.Field).Origin()]
		}
	case *ssa.Function, *ssa.MakeClosure, *ssa.ChangeType, *ssa.Call:
		return funcOf(v)
	}
	return nil
}

// newCmdMaybe reports whether the func value v may be a function that
// makes a Cmd with a nil Env (exec.Command or CommandContext), held with
// others: a phi of it and a func the program may set (commandContext :=
// exec.CommandContext; if c.commandContext != nil { commandContext =
// c.commandContext }).
func (c *checker) newCmdMaybe(v ssa.Value) bool {
	phi, ok := v.(*ssa.Phi)
	if !ok {
		return false
	}
	for _, e := range phi.Edges {
		if k, ok := lookup(c.funcIn(e)); ok && k.does == roleNewCmd {
			return true
		}
	}
	return false
}
