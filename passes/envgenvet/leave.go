package envgenvet

// This file judges a holder that leaves the function before it runs:
// stored in a struct, a slice, a map or a package variable, sent on a
// channel, or passed to a function the analysis does not know (another
// package's, a func value), as a library that starts it later gets it.
// It is reported where it leaves, with the Env it has there, unless
// this function starts it itself (that start is the site) or sets its
// Env again on every path after it leaves.

import "golang.org/x/tools/go/ssa"

// leaveKey is a holder leaving at an instruction.
type leaveKey struct {
	at     ssa.Instruction
	holder ssa.Value
}

// leave is what the analysis saw where a holder leaves.
type leave struct {
	name string  // as messages show it
	env  envKind // the holder's Env there
}

// leaveAt records that the value x, if it is a holder, leaves the
// function at the instruction at, described by how ("in a struct
// field", "passed to tea.ExecProcess").
func (f *flow) leaveAt(st state, at ssa.Instruction, x ssa.Value, how string) {
	f.leaveNamed(st, at, x, holderName(x.Type())+" "+how)
}

// leaveNamed is leaveAt with the name messages give the site.
func (f *flow) leaveNamed(st state, at ssa.Instruction, x ssa.Value, name string) {
	if g := cmdVarOf(x); g != nil {
		n := f.noteSite(at, name, 0, holderBad(x.Type()), nil)
		n.vars = appendNew(n.vars, g)
		return
	}
	h := f.primary(x)
	if h == nil {
		return
	}
	key := leaveKey{at, h}
	l := f.leaves[key]
	if l == nil {
		l = &leave{name: name}
		f.leaves[key] = l
	}
	l.env |= st[h]
}

// leaveCall records that x leaves at the call in, to a function the
// analysis does not know, which may set its Env too.
func (f *flow) leaveCall(st state, in ssa.CallInstruction, x ssa.Value, how string) {
	f.leaveAt(st, in, x, how)
	f.assign(st, x, func(envKind) envKind { return kOther })
}

// judgeLeaves notes, once the fixed point is reached, each leave that
// is a finding: not a holder the function starts itself, nor one whose
// Env it sets again on every path from there to a return. A parameter's
// (or a captured) holder leaving with the Env it came with is its
// caller's to judge.
func (f *flow) judgeLeaves() {
	for key, l := range f.leaves {
		h := key.holder
		if f.startedHere(h) || f.escapedBefore(h, key.at) || f.setAfter(h, key.at) {
			continue
		}
		bad := holderBad(h.Type())
		sk := siteKey{key.at, l.name}
		k := f.start(state{h: l.env}, h, sk, bad, true)
		n := f.noteSite(key.at, l.name, k, bad, f.made(h))
		n.fields = appendNew(n.fields, f.holderFieldsOf(h)...)
	}
}

// startedHere reports whether the function starts the holder h, or one
// of those a phi h may be or that may be h.
func (f *flow) startedHere(h ssa.Value) bool {
	if f.started[h] {
		return true
	}
	for _, a := range f.aliases(h) {
		if f.started[a] {
			return true
		}
	}
	for s := range f.started {
		for _, a := range f.aliases(s) {
			if a == h {
				return true
			}
		}
	}
	return false
}

// setAfter reports whether every path from at to a return sets the Env
// of h again (or of a holder the analysis cannot tell from h).
func (f *flow) setAfter(h ssa.Value, at ssa.Instruction) bool {
	seen := map[*ssa.BasicBlock]bool{}
	var covered func(b *ssa.BasicBlock, from int) bool
	covered = func(b *ssa.BasicBlock, from int) bool {
		for _, in := range b.Instrs[from:] {
			if f.sets(h, in) {
				return true
			}
		}
		if exits(b) {
			return true // no return on this path
		}
		if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			return false
		}
		for _, s := range b.Succs {
			if !seen[s] {
				seen[s] = true
				if !covered(s, 0) {
					return false
				}
			}
		}
		return true
	}
	return covered(at.Block(), index(at)+1)
}

// sets reports whether in sets the Env of h: a store to it, through h,
// a holder a phi h may be, or a holder the analysis does not follow
// (t.Command.Env = … after &T{Command: cmd}); a whole holder copied
// over h; a call that sets it on every return.
func (f *flow) sets(h ssa.Value, in ssa.Instruction) bool {
	same := func(x ssa.Value) bool {
		p := f.primary(x)
		if p == nil || p == h {
			return true
		}
		for _, a := range f.aliases(p) {
			if a == h {
				return true
			}
		}
		return false
	}
	switch in := in.(type) {
	case *ssa.Store:
		if fa, ok := in.Addr.(*ssa.FieldAddr); ok && isEnvField(fa) {
			return same(fa.X)
		}
		return f.holders[in.Addr] && f.primary(in.Addr) == h
	case ssa.CallInstruction:
		_, sum := f.c.local(in.Common().StaticCallee())
		if sum == nil {
			return false
		}
		for i, arg := range in.Common().Args {
			if sum.effectOn(i)&kEntry == 0 && f.primary(arg) != nil && same(arg) {
				return true
			}
		}
	}
	return false
}
