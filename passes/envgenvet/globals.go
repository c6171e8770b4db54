package envgenvet

// This file follows package-level variables: a []string that only the
// package's initializers set, and a Cmd (var c = exec.Command(…)) that
// functions of the package start.

import (
	"go/token"
	"go/types"

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
