package envgenvet

// This file follows an environment kept in a container within one
// function and read back: a map, a slice or an array of environments, a
// channel, an interface (any) asserted back to []string, and an
// iterator over an environment's entries (slices.Values, then
// slices.Collect or slices.Sorted). What is read from a container is
// what was put in it, as long as the container stays in the function;
// one that leaves (passed to a call, stored in a field, returned,
// captured) may be filled elsewhere, so a read from it is not known, and
// the parent's environment put in it is counted as not followed.

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// isCarrier reports whether t carries an environment without being one,
// so that the analysis gives its values a kind: an iterator over strings
// (iter.Seq[string], what slices.Values returns).
func isCarrier(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Params().Len() != 1 || sig.Results().Len() != 0 {
		return false
	}
	yield, ok := sig.Params().At(0).Type().Underlying().(*types.Signature)
	if !ok || yield.Params().Len() != 1 || yield.Results().Len() != 1 {
		return false
	}
	return isStringType(yield.Params().At(0).Type())
}

// isStringType reports whether t's underlying type is string.
func isStringType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

// isEnvContainer reports whether t holds environments: a map whose
// values are, a channel of them, a slice or an array of them, or a
// pointer to such an array.
func isEnvContainer(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch u := t.Underlying().(type) {
	case *types.Map:
		return isEnvType(u.Elem())
	case *types.Chan:
		return isEnvType(u.Elem())
	case *types.Slice:
		return isEnvType(u.Elem())
	case *types.Array:
		return isEnvType(u.Elem())
	}
	return false
}

// containers is what a function puts in the containers it makes: per
// container (a MakeMap, MakeChan, MakeSlice or Alloc), the values
// written to it, where, and whether it leaves the function.
type containers struct {
	writes map[ssa.Value][]ssa.Value
	at     map[ssa.Value][]token.Pos
	leaves map[ssa.Value]bool
	lost   []lostWrite // writes into containers it did not make (a parameter's, a field's)
}

// lostWrite is a value put in a container the function did not make.
type lostWrite struct {
	val ssa.Value
	at  token.Pos
}

// findContainers records what the function puts in its containers.
func (f *flow) findContainers() {
	f.boxes = containers{writes: map[ssa.Value][]ssa.Value{}, at: map[ssa.Value][]token.Pos{}, leaves: map[ssa.Value]bool{}}
	put := func(into, val ssa.Value, pos token.Pos) {
		roots, unknown := f.roots(into, map[ssa.Value]bool{})
		if unknown {
			f.boxes.lost = append(f.boxes.lost, lostWrite{val, pos})
		}
		for _, r := range roots {
			f.boxes.writes[r] = append(f.boxes.writes[r], val)
			f.boxes.at[r] = append(f.boxes.at[r], pos)
		}
	}
	for _, b := range f.fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.MapUpdate:
				if isEnvType(in.Value.Type()) {
					put(in.Map, in.Value, in.Pos())
				}
			case *ssa.Send:
				if isEnvType(in.X.Type()) {
					put(in.Chan, in.X, in.Pos())
				}
			case *ssa.Store:
				if ia, ok := in.Addr.(*ssa.IndexAddr); ok && isEnvType(in.Val.Type()) {
					put(ia.X, in.Val, in.Pos())
				}
			}
			if v, ok := instr.(ssa.Value); ok && isContainerRoot(v) && f.containerLeaves(v, map[ssa.Value]bool{}) {
				f.boxes.leaves[v] = true
			}
		}
	}
}

// isContainerRoot reports whether v makes a container of environments.
func isContainerRoot(v ssa.Value) bool {
	switch v.(type) {
	case *ssa.MakeMap, *ssa.MakeChan, *ssa.MakeSlice, *ssa.Alloc:
		return isEnvContainer(v.Type())
	}
	return false
}

// roots returns the containers v may be (or be a slice of), and whether
// it may be one the function did not make.
func (f *flow) roots(v ssa.Value, seen map[ssa.Value]bool) (out []ssa.Value, unknown bool) {
	if seen[v] {
		return nil, false
	}
	seen[v] = true
	add := func(x ssa.Value) {
		r, u := f.roots(x, seen)
		out = append(out, r...)
		unknown = unknown || u
	}
	switch x := v.(type) {
	case *ssa.MakeMap, *ssa.MakeChan, *ssa.MakeSlice:
		return []ssa.Value{x}, false
	case *ssa.Alloc:
		if _, isArray := x.Type().(*types.Pointer).Elem().Underlying().(*types.Array); isArray {
			return []ssa.Value{x}, false
		}
		// A variable that holds a slice, a map or a channel: what is
		// stored to it.
		for _, r := range *x.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x {
				add(st.Val)
			}
		}
		return out, unknown || !storedFirst(x)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if a, ok := x.X.(*ssa.Alloc); ok {
				add(a)
				return out, unknown
			}
		}
	case *ssa.Slice:
		add(x.X)
		return out, unknown
	case *ssa.ChangeType:
		add(x.X)
		return out, unknown
	case *ssa.Phi:
		for _, e := range x.Edges {
			add(e)
		}
		return out, unknown
	case *ssa.Call:
		if isBuiltin(x, "append") && len(x.Call.Args) == 2 {
			add(x.Call.Args[0])
			add(x.Call.Args[1])
			return out, unknown
		}
	case *ssa.Const:
		return nil, false
	}
	return nil, true
}

// containerLeaves reports whether the container v (or a value derived
// from it) goes where the function cannot see what is put in it.
func (f *flow) containerLeaves(v ssa.Value, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return false
	}
	seen[v] = true
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.IndexAddr, *ssa.Index, *ssa.Lookup, *ssa.Range, *ssa.DebugRef, *ssa.BinOp:
		case *ssa.MapUpdate:
			if r.Value == v || r.Key == v {
				return true
			}
		case *ssa.Send:
			if r.X == v {
				return true
			}
		case *ssa.UnOp:
			if r.Op != token.ARROW && r.Op != token.MUL {
				return true
			}
			if r.Op == token.MUL && isEnvContainer(r.Type()) && f.containerLeaves(r, seen) {
				return true
			}
		case *ssa.Slice, *ssa.ChangeType, *ssa.Phi:
			if f.containerLeaves(r.(ssa.Value), seen) {
				return true
			}
		case *ssa.Store:
			if r.Val != v {
				continue // a store into it
			}
			a, ok := r.Addr.(*ssa.Alloc)
			if !ok || f.containerLeaves(a, seen) {
				return true
			}
		case *ssa.Call:
			switch {
			case isBuiltin(r, "len"), isBuiltin(r, "cap"):
			case isBuiltin(r, "append"):
				if f.containerLeaves(r, seen) {
					return true
				}
			default:
				return true
			}
		default:
			return true
		}
	}
	return false
}

// contentsOf is what the environments in the container v may be: what
// was put in the containers it may be, and not known where one may be
// filled elsewhere.
func (f *flow) contentsOf(v ssa.Value) envKind {
	roots, unknown := f.roots(v, map[ssa.Value]bool{})
	var k envKind
	if unknown {
		k = kOther
	}
	for _, r := range roots {
		if f.boxes.leaves[r] {
			k |= kOther
		}
		for _, w := range f.boxes.writes[r] {
			k |= f.kindOf(w)
		}
	}
	if k == 0 {
		return kNil // nothing put in: a read gives the zero value
	}
	return k
}

// readKind is the kind of an environment read from a container (a map
// lookup, an element, a receive, a range over a map) or asserted from an
// interface; ok is false for any other value.
func (f *flow) readKind(v ssa.Value) (k envKind, ok bool) {
	switch x := v.(type) {
	case *ssa.Lookup:
		return f.contentsOf(x.X), true
	case *ssa.Index:
		return f.contentsOf(x.X), true
	case *ssa.UnOp:
		switch x.Op {
		case token.ARROW:
			return f.contentsOf(x.X), true
		case token.MUL:
			if ia, ok := x.X.(*ssa.IndexAddr); ok && isEnvContainer(ia.X.Type()) {
				return f.contentsOf(ia.X), true
			}
		}
	case *ssa.TypeAssert:
		return f.assertedKind(x.X, map[ssa.Value]bool{}), true
	case *ssa.Extract: // v, ok := m[k]; v, ok := <-ch; v, ok := x.([]string); range over a map
		switch t := x.Tuple.(type) {
		case *ssa.Lookup:
			if x.Index == 0 {
				return f.contentsOf(t.X), true
			}
		case *ssa.UnOp:
			if t.Op == token.ARROW && x.Index == 0 {
				return f.contentsOf(t.X), true
			}
		case *ssa.TypeAssert:
			if x.Index == 0 {
				return f.assertedKind(t.X, map[ssa.Value]bool{}), true
			}
		case *ssa.Next:
			if x.Index == 2 {
				if rg, ok := t.Iter.(*ssa.Range); ok {
					return f.contentsOf(rg.X), true
				}
			}
		}
	}
	return 0, false
}

// assertedKind is the kind of the environment the interface v holds: the
// value made into it here, or not known.
func (f *flow) assertedKind(v ssa.Value, seen map[ssa.Value]bool) envKind {
	if seen[v] {
		return 0
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.MakeInterface:
		if isEnvType(x.X.Type()) {
			return f.kindOf(x.X)
		}
	case *ssa.ChangeInterface:
		return f.assertedKind(x.X, seen)
	case *ssa.Phi:
		var k envKind
		for _, e := range x.Edges {
			k |= f.assertedKind(e, seen)
		}
		return k
	}
	return kOther
}

// stringKind is the kind of the environment the string v holds, where it
// is one joined from an environment (strings.Join, and what is added to
// it), or 0 where it is not.
func (f *flow) stringKind(v ssa.Value) envKind {
	known := func(x ssa.Value) envKind {
		if _, ok := x.(*ssa.Const); ok {
			return kConst
		}
		if k := f.kinds[x]; k != 0 {
			return k
		}
		return kOther
	}
	switch x := v.(type) {
	case *ssa.Call:
		if k, ok := lookup(x.Call.StaticCallee()); ok && k.does == roleJoin {
			return f.kindOf(x.Call.Args[k.arg])
		}
	case *ssa.BinOp:
		if x.Op == token.ADD && (f.kinds[x.X] != 0 || f.kinds[x.Y] != 0) {
			return appendKind(known(x.X), known(x.Y))
		}
	case *ssa.Phi:
		var k envKind
		joined := false
		for _, e := range x.Edges {
			if f.kinds[e] != 0 {
				joined = true
			}
			k |= known(e)
		}
		if joined {
			return k
		}
	}
	return 0
}

// splitKind is the kind of an environment split from the string s: the
// one it was joined from, or not known.
func (f *flow) splitKind(s ssa.Value) envKind {
	if k := f.kinds[s]; k != 0 {
		return k
	}
	return kOther
}

// invokedHolder returns the holder an interface method call in calls a
// method of (an exec.Cmd made into an interface here), or nil.
func (f *flow) invokedHolder(in ssa.CallInstruction) ssa.Value {
	common := in.Common()
	if !common.IsInvoke() {
		return nil
	}
	mi, ok := common.Value.(*ssa.MakeInterface)
	if !ok || !isHolderPointer(mi.X.Type()) {
		return nil
	}
	return f.primary(mi.X)
}

// invokedOnly reports whether the interface value mi only has its
// methods called: a Cmd behind an interface, started through it.
func invokedOnly(mi *ssa.MakeInterface) bool {
	for _, r := range *mi.Referrers() {
		switch r := r.(type) {
		case ssa.CallInstruction:
			if !r.Common().IsInvoke() || r.Common().Value != ssa.Value(mi) || slices.Contains(r.Common().Args, ssa.Value(mi)) {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}
