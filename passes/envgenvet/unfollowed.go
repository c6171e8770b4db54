package envgenvet

// This file counts the places where the parent's environment goes where
// the analysis cannot follow it (a func value, a field no site is known
// to read, a container that leaves the function), so that a run with no
// findings does not hide them. They are reported as diagnostics of
// their own category when the -unfollowed flag is set (envgen vet sets
// it and counts them), and are otherwise silent.

import (
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// UnfollowedCategory is the category of the diagnostics that mark where
// an environment derived from the parent's goes where the analysis
// cannot follow it: not findings, a count for the driver to give.
const UnfollowedCategory = "unfollowed"

// reportUnfollowed is the -unfollowed flag.
var reportUnfollowed bool

func init() {
	Analyzer.Flags.BoolVar(&reportUnfollowed, "unfollowed", false, "also report, as diagnostics of category \""+UnfollowedCategory+"\", where an environment derived from os.Environ() goes where the analysis cannot follow it")
}

// notFollowed notes that the parent's environment goes at pos where the
// analysis cannot follow it, as why says.
func (c *checker) notFollowed(pos token.Pos, why string) {
	if pos.IsValid() {
		if _, ok := c.unfollowed[pos]; !ok {
			c.unfollowed[pos] = why
		}
	}
}

// reportNotFollowed reports what notFollowed noted, when asked to.
func (c *checker) reportNotFollowed() {
	if !reportUnfollowed {
		return
	}
	for pos, why := range c.unfollowed {
		c.pass.Report(analysis.Diagnostic{Pos: pos, Category: UnfollowedCategory, Message: "the environment, derived from os.Environ(), is " + why})
	}
}

// countUnfollowed notes, once the fixed point is reached, where the
// function lets the parent's environment go where the analysis cannot
// follow it: into a container that leaves the function, an interface
// value that does (but to be printed), a package-level variable whose
// readers it does not know, a func value or an interface's method, a
// []string parameter of a function that is not judged per call, or a
// result among several []string results (callers know one only).
func (f *flow) countUnfollowed() {
	parent := func(v ssa.Value) bool { return isEnvType(v.Type()) && f.kindOf(v)&kParent != 0 }
	for r, vals := range f.boxes.writes {
		if !f.boxes.leaves[r] {
			continue
		}
		for i, v := range vals {
			if parent(v) {
				f.c.notFollowed(f.boxes.at[r][i], "put in a map, a slice or a channel that leaves the function")
			}
		}
	}
	for _, w := range f.boxes.lost {
		if parent(w.val) {
			f.c.notFollowed(w.at, "put in a map, a slice or a channel that leaves the function")
		}
	}
	several := onlyResult(f.fn.Signature.Results(), isEnvType) < 0
	for _, b := range f.fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Return:
				for _, v := range in.Results {
					if several && parent(v) {
						f.c.notFollowed(in.Pos(), "returned as one of several environment results, which the analysis does not follow")
					}
				}
			case *ssa.MakeInterface:
				if parent(in.X) && !printedOnly(in) && !assertedOnly(in) {
					f.c.notFollowed(conversionPos(in), "made an interface value that leaves the function")
				}
			case *ssa.Store:
				if g, ok := in.Addr.(*ssa.Global); ok && parent(in.Val) && f.c.globalKind(g) == kOther {
					f.c.notFollowed(in.Pos(), "stored to the package-level variable "+g.Name()+", which the analysis does not follow")
				}
			case ssa.CallInstruction:
				f.countUnfollowedCall(in, parent)
			}
		}
	}
}

// countUnfollowedCall is countUnfollowed for a call.
func (f *flow) countUnfollowedCall(in ssa.CallInstruction, parent func(ssa.Value) bool) {
	common := in.Common()
	if _, ok := common.Value.(*ssa.Builtin); ok {
		return
	}
	callee := f.c.callee(common)
	if callee == nil {
		if _, ok := f.funcValue(common.Value); ok && !common.IsInvoke() {
			return
		}
		for _, arg := range common.Args {
			if parent(arg) {
				f.c.notFollowed(in.Pos(), "passed to a func value or an interface's method")
			}
		}
		return
	}
	o, _ := f.c.local(callee)
	if o == nil {
		return // another package's: its facts say what it does with it
	}
	p, _ := envParamOf(o)
	for i, arg := range common.Args {
		if parent(arg) && isStringSlice(arg.Type()) && i < len(o.Params) && o.Params[i] != p {
			f.c.notFollowed(in.Pos(), "passed to "+o.Name()+" as a []string parameter it is not judged by")
		}
	}
}

// conversionPos returns where mi converts its value: the T(e) of an
// explicit conversion, else (an implicit one, which SSA gives no
// position: a []string passed where an any goes) the first place that
// uses it, else the value's own.
func conversionPos(mi *ssa.MakeInterface) token.Pos {
	if mi.Pos().IsValid() {
		return mi.Pos()
	}
	for _, r := range *mi.Referrers() {
		if r.Pos().IsValid() {
			return r.Pos()
		}
	}
	return mi.X.Pos()
}

// assertedOnly reports whether the interface value mi is only asserted
// back to what it holds (or compared) in the function.
func assertedOnly(mi *ssa.MakeInterface) bool {
	for _, r := range *mi.Referrers() {
		switch r.(type) {
		case *ssa.TypeAssert, *ssa.DebugRef, *ssa.BinOp:
		default:
			return false
		}
	}
	return true
}
