package envgenvet

// This file follows children started inside the functions a program
// calls in its dependencies: a function that starts a child with the
// parent's environment (os.Environ() or derived, a builder's result
// extended), itself or through the functions it calls, whatever its
// caller passes, carries that as a fact; a call to it from a package
// of another module is a site, reported at the call and naming where the
// dependency starts the child. (A call from its own module is not: the
// site inside is reported there.) A function that starts a child with
// the environment it is given is judged at each call by what it is
// given instead (startsFuncFact), as in the program's own packages.

import (
	"cmp"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// spawnFuncFact marks a function that starts a child with the parent's
// environment whatever its caller passes: the first such site, by
// position, that it or a function it calls has.
type spawnFuncFact struct {
	Site   string // the site's name: exec.Cmd.Start
	Where  string // the site's file, from its module's root, and line
	Kind   uint16 // an envKind: the findings there
	Module string // the module of the function's package ("" where the driver gives none)
}

// AFact marks spawnFuncFact as an analysis fact.
func (*spawnFuncFact) AFact() {}

// String describes the fact, for analysistest.
func (f *spawnFuncFact) String() string {
	return "spawns(" + f.Site + " at " + f.Where + " " + envKind(f.Kind).String() + ")"
}

// spawnOf returns what the analysis knows of a child that callee starts
// with the parent's environment: from its summary in this package, or
// from a fact; nil for none, and for the packages the table models
// (their sites are the table's).
func (c *checker) spawnOf(callee *ssa.Function) *spawnFuncFact {
	if callee == nil || modelled(callee) {
		return nil
	}
	if o, info := c.local(callee); o != nil {
		if info == nil {
			return nil
		}
		return info.spawn
	}
	fact := new(spawnFuncFact)
	if !c.importFact(callee, fact) {
		return nil
	}
	return fact
}

// modelled reports whether fn belongs to a package whose behaviour the
// table (names.go) models.
func modelled(fn *ssa.Function) bool {
	obj, ok := origin(fn).Object().(*types.Func)
	return ok && obj.Pkg() != nil && modelledPaths[obj.Pkg().Path()]
}

// module is the path of the module of the package analysed, or "".
func (c *checker) module() string {
	if m := c.pass.Module; m != nil {
		return m.Path
	}
	return ""
}

// callSpawner notes a call of a function that starts a child with the
// parent's environment: a site when the function is another module's.
func (f *flow) callSpawner(in ssa.CallInstruction, callee *ssa.Function) {
	sp := f.c.spawnOf(callee)
	if sp == nil {
		return
	}
	f.spawnVia = append(f.spawnVia, sp)
	if sp.Module != "" && sp.Module != f.c.module() {
		n := f.noteSite(in, qualifiedName(callee), envKind(sp.Kind), envKind(sp.Kind), nil)
		n.dep = sp
	}
}

// findSpawn sets the function's spawn: the first of its own sites, by
// position, whose findings do not depend on what its caller passes, or
// else the first of those of the functions it calls. Sites accepted by
// a directive are left out, and so are those whose finding is a nil Env
// alone: a library that runs a helper program of its own that way (a
// terminal query, a browser) would make every call that may reach it a
// finding, where the program's own sites are what it chose to start.
func (f *flow) findSpawn() {
	var own, via *spawnFuncFact
	for key, n := range f.info.sites {
		bad := n.kind & n.bad & (kParent | kExtended) // not a nil Env: a helper program of its own (tmux, xdg-open)
		if bad == 0 || n.dep != nil {
			continue
		}
		pos := f.c.sitePos(key.at)
		p := f.c.pass.Fset.Position(pos)
		if strings.HasSuffix(p.Filename, "_test.go") || f.c.sup.accepts(p) || f.c.sup.acceptsAll(f.c.pass.Fset, n.made) {
			continue
		}
		own = firstSpawn(own, &spawnFuncFact{Site: key.name, Where: f.c.where(pos), Kind: uint16(bad)})
	}
	for _, sp := range f.spawnVia {
		via = firstSpawn(via, sp)
	}
	if own == nil {
		own = via
	}
	if own != nil {
		sp := *own
		sp.Module = f.c.module()
		f.info.spawn = &sp
	}
}

// firstSpawn returns whichever of a and b comes first by position (a
// file name, then a line), a if b is nil.
func firstSpawn(a, b *spawnFuncFact) *spawnFuncFact {
	if a == nil || b != nil && cmp.Or(cmp.Compare(b.Where, a.Where), cmp.Compare(b.Site, a.Site)) < 0 {
		return b
	}
	return a
}
