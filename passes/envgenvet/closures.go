package envgenvet

// This file follows closures: a closure is analysed as a function of its
// own whose captured Cmds come with the Env their function gave them
// (like parameters), and what it does with them is judged where it is
// run, deferred or handed on.

import (
	"strings"

	"golang.org/x/tools/go/ssa"
)

// inClosure ends the name of a site in a closure.
const inClosure = " in a closure"

// judgeClosures notes, at a call that runs or takes a closure (a func
// literal, a loop body over a func, or a method value such as cmd.Run),
// the sites where that closure starts a holder it captures, or lets it
// leave, with the Env the closure's function gave it (go func() {
// cmd.Run() }(), retry(cmd.Run)), judged with the holder's Env in st. A
// site is reported where the closure starts the holder, or for a method
// value at this call. What the closure sets itself is judged in the
// closure (go func() { cmd.Env = …; cmd.Run() }()).
func (f *flow) judgeClosures(st state, in ssa.CallInstruction) {
	common := in.Common()
	for _, v := range append([]ssa.Value{common.Value}, common.Args...) {
		mc, ok := v.(*ssa.MakeClosure)
		if !ok {
			continue
		}
		sum := f.c.summary(mc.Fn.(*ssa.Function))
		if sum == nil {
			continue
		}
		for i, b := range mc.Bindings {
			sites := sum.freeSites[i]
			if len(sites) == 0 {
				continue
			}
			h := f.bound(b)
			if h == nil || f.escapedBefore(h, in) {
				continue
			}
			for key, fs := range sites {
				at := key.at
				if !at.Pos().IsValid() { // in a method value's wrapper: no line of its own
					at = in
				}
				name := key.name
				if !strings.HasSuffix(name, inClosure) {
					name += inClosure
				}
				k := f.start(st, h, siteKey{at, name}, fs.bad, fs.leave)
				f.noteSite(at, name, k, fs.bad, f.made(h))
			}
		}
	}
}

// bound returns the holder that a closure's binding b is: the value
// itself, or the value of a variable set once.
func (f *flow) bound(b ssa.Value) ssa.Value {
	if a, ok := b.(*ssa.Alloc); ok { // a variable the closure shares
		if v := storedOnce(a); v != nil {
			return f.primary(v)
		}
		return nil
	}
	return f.primary(b)
}

// closureEffect applies a closure called where it is made (func() {
// cmd.Env = … }()) to the holders it captures.
func (f *flow) closureEffect(st state, in ssa.CallInstruction, mc *ssa.MakeClosure) {
	if _, ok := in.(*ssa.Call); !ok {
		return // go, defer: it runs later
	}
	sum := f.c.summary(mc.Fn.(*ssa.Function))
	if sum == nil {
		return
	}
	for i, b := range mc.Bindings {
		effect, ok := sum.freeEffect[i]
		if !ok || effect == kEntry {
			continue
		}
		if h := f.bound(b); h != nil {
			f.assign(st, h, func(old envKind) envKind { return applyEffect(effect&^paramBits, old) })
		}
	}
}
