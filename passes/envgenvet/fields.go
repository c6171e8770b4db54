package envgenvet

// This file follows an environment through struct fields. A load of a
// field that holds an environment (a []string or an expand.Environ, not
// a Cmd's own Env) is a value of kind kField, as a parameter's is
// kParam, and the fields it stands for are named beside it (flow.fields).
// A site given such a value is a sink of those fields: the package
// learns them in one round of its analysis, exports them as a fact on
// each field it declares, and in the next round (or in an importing
// package, from the fact) a store to the field is judged as a site of
// its own, with the stored value in place of the field bits: reported
// at the store, naming the sink. A store the declaring package makes
// with the parent's environment is told to importers too, so that a
// sink there is reported naming the store.

import (
	"go/token"
	"go/types"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// fieldSet is the struct fields a value's field bits stand for.
type fieldSet []*types.Var

// fieldSink is a site that a struct field's value reaches.
type fieldSink struct {
	name  string  // the site's name in messages
	where string  // its file (from the module's root) and line
	kind  envKind // its environment's field bits
	bad   envKind // the kinds that are findings there
}

// fieldStore is a store of an environment to a struct field.
type fieldStore struct {
	field *types.Var
	at    *ssa.Store
	kind  envKind
}

// envFieldOf returns the field that fa addresses if it holds an
// environment the analysis follows through fields, or nil: a holder's
// Env and a Runner's Env are followed as state and as a site.
func envFieldOf(fa *ssa.FieldAddr) *types.Var {
	if isEnvField(fa) || isRunnerEnv(fa) {
		return nil
	}
	p, ok := types.Unalias(fa.X.Type()).(*types.Pointer)
	if !ok {
		return nil
	}
	return envFieldIn(p.Elem(), fa.Field)
}

// envFieldIn returns field i of the struct type t if it holds an
// environment, or nil.
func envFieldIn(t types.Type, i int) *types.Var {
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return nil
	}
	v := st.Field(i)
	if !isEnvType(v.Type()) {
		return nil
	}
	return v.Origin()
}

// fieldName is how messages name field of the struct type t (or of what
// t points to): shell.RunOptions.Env.
func fieldName(t types.Type, field *types.Var) string {
	if field.Pkg() == nil {
		return typeFieldName(t, field)
	}
	return field.Pkg().Name() + "." + typeFieldName(t, field)
}

// typeFieldName is fieldName without the package: RunOptions.Env.
func typeFieldName(t types.Type, field *types.Var) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name() + "." + field.Name()
	}
	return field.Name()
}

// loadedField returns the field whose value v loads (through a pointer
// or from a struct value), or nil.
func loadedField(v ssa.Value) *types.Var {
	switch v := v.(type) {
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			return envFieldOf(fa)
		}
	case *ssa.Field:
		return envFieldIn(v.X.Type(), v.Field)
	}
	return nil
}

// fieldsOf returns the fields v's field bits stand for.
func (f *flow) fieldsOf(v ssa.Value) fieldSet {
	if fv, ok := v.(*ssa.FreeVar); ok {
		return f.freeFields(fv)
	}
	return f.fields[v]
}

// freeFields is fieldsOf for a closure's free variable: what its
// function binds to it.
func (f *flow) freeFields(fv *ssa.FreeVar) fieldSet {
	pf := f.c.flows[f.fn.Parent()]
	i := slices.Index(f.fn.FreeVars, fv)
	if pf == nil || i < 0 {
		return nil
	}
	var out fieldSet
	for _, b := range pf.fn.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == f.fn && i < len(mc.Bindings) {
				out = appendNew(out, pf.fieldsOf(mc.Bindings[i])...)
			}
		}
	}
	return out
}

// holderFieldsOf returns the fields whose values are stored to the Env
// of the holder h (or of those a phi h may be).
func (f *flow) holderFieldsOf(h ssa.Value) fieldSet {
	out := f.holderFields[h]
	for _, a := range f.aliases(h) {
		out = appendNew(out, f.holderFields[a]...)
	}
	return out
}

// addFields adds fs to the fields v stands for.
func (f *flow) addFields(v ssa.Value, fs fieldSet) {
	if len(fs) == 0 {
		return
	}
	old := len(f.fields[v])
	f.fields[v] = appendNew(f.fields[v], fs...)
	if len(f.fields[v]) != old {
		f.changed = true
	}
}

// fieldsFrom is what fields the environment value v may stand for: the
// field it loads, or those of what it is made from.
func (f *flow) fieldsFrom(v ssa.Value) fieldSet {
	if field := loadedField(v); field != nil {
		return fieldSet{field}
	}
	var out fieldSet
	add := func(x ssa.Value) { out = appendNew(out, f.fieldsOf(x)...) }
	switch v := v.(type) {
	case *ssa.UnOp:
		if a, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL {
			for _, r := range *a.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == a {
					add(st.Val)
				}
			}
		}
		add(v.X)
	case *ssa.Slice:
		if a, ok := v.X.(*ssa.Alloc); ok {
			for _, st := range elemStores(a) {
				add(entryOf(st.Val))
			}
		}
		add(v.X)
	case *ssa.MakeSlice:
		for _, r := range *v.Referrers() {
			if c, ok := r.(*ssa.Call); ok && isBuiltin(c, "copy") && c.Call.Args[0] == v {
				add(c.Call.Args[1])
			}
		}
	case *ssa.Extract:
		add(v.Tuple)
	case *ssa.Call: // a getter of this package: the fields it returns
		if _, info := f.c.local(f.c.callee(&v.Call)); info != nil && info.result&fieldBits != 0 {
			out = appendNew(out, info.resultFields...)
		}
		for _, arg := range v.Call.Args {
			if isEnvType(arg.Type()) || isCarrier(arg.Type()) {
				add(arg)
			}
		}
	default:
		var ops []*ssa.Value
		for _, op := range v.(ssa.Instruction).Operands(ops) {
			if *op != nil && (isEnvType((*op).Type()) || isCarrier((*op).Type())) {
				add(*op)
			}
		}
	}
	return out
}

// entryOf returns the environment an entry v was read from (env[i]), or
// v.
func entryOf(v ssa.Value) ssa.Value {
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if ia, ok := ld.X.(*ssa.IndexAddr); ok && isStringSlice(ia.X.Type()) {
			return ia.X
		}
	}
	return v
}

// isBuiltin reports whether call calls the builtin name.
func isBuiltin(call ssa.CallInstruction, name string) bool {
	b, ok := call.Common().Value.(*ssa.Builtin)
	return ok && b.Name() == name
}

// storeField applies a store of an environment to field (of the struct
// that name's type is): for each sink the field's value reaches, the
// store is a site, with what is stored in place of the field.
//
// Sinks with the same findings make one site, named after the first of
// them.
func (f *flow) storeField(in *ssa.Store, field *types.Var, name string) {
	f.c.stored[field] = true
	x := f.kindOf(in.Val) &^ kNil // a nil field is judged where it is read
	first := map[envKind]int{}    // per set of findings, the site's index in the notes
	var notes []*siteNote
	for _, s := range f.c.sinksOf(field) {
		i, ok := first[s.bad]
		if !ok {
			i = len(notes)
			first[s.bad] = i
			more := ""
			if n := countBad(f.c.sinksOf(field), s.bad); n > 1 {
				more = " (and " + strconv.Itoa(n-1) + " more)"
			}
			n := f.noteSite(in, name+", which reaches "+s.name+" at "+s.where+more, 0, s.bad, nil)
			n.fields = appendNew(n.fields, f.fieldsOf(in.Val)...)
			n.field = field
			n.via = &fieldSink{s.name, s.where, 0, s.bad}
			notes = append(notes, n)
		}
		n := notes[i]
		if k := bindField(s.kind, x); n.kind|k != n.kind {
			n.kind |= k
			f.changed = true
		}
	}
}

// countBad returns how many of sinks have the findings bad.
func countBad(sinks []fieldSink, bad envKind) int {
	n := 0
	for _, s := range sinks {
		if s.bad == bad {
			n++
		}
	}
	return n
}

// fieldStores returns the function's stores of an environment to a
// struct field, with what each stores, once the fixed point is reached.
func (f *flow) fieldStores() []fieldStore {
	var out []fieldStore
	for _, b := range f.fn.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			if fa, ok := st.Addr.(*ssa.FieldAddr); ok {
				if field := envFieldOf(fa); field != nil {
					out = append(out, fieldStore{field, st, f.kindOf(st.Val)})
				}
			}
		}
	}
	return out
}

// sinksOf returns the sinks that field's value reaches: those the
// previous round of this package's analysis found, and for a field of
// another package, those its fact names.
func (c *checker) sinksOf(field *types.Var) []fieldSink {
	out := c.sinks[field]
	if field.Pkg() != c.pass.Pkg {
		if fact := c.fieldFact(field); fact != nil {
			for _, s := range fact.Sinks {
				out = append(out, fieldSink{s.Name, s.Where, envKind(s.Kind), envKind(s.Bad)})
			}
		}
	}
	return out
}

// fieldFact returns the fact of field, a field of another package, or
// nil.
func (c *checker) fieldFact(field *types.Var) *fieldFact {
	if fact, ok := c.fieldFacts[field]; ok {
		return fact
	}
	fact := new(fieldFact)
	if !c.pass.ImportObjectFact(field, fact) {
		fact = nil
	}
	c.fieldFacts[field] = fact
	return fact
}

// collectSinks returns, per field, the sites its value reaches, once a
// round of the analysis is done; sites a directive accepts are left out.
func (c *checker) collectSinks() map[*types.Var][]fieldSink {
	out := map[*types.Var][]fieldSink{}
	for _, info := range c.funcs {
		for key, n := range info.sites {
			fk := n.kind & fieldBits
			if fk == 0 || len(n.fields) == 0 {
				continue
			}
			if c.acceptedFor(key.at, n, fk) {
				continue
			}
			pos := c.sitePos(key.at)
			sink := fieldSink{key.name, c.where(pos), fk, n.bad}
			if n.via != nil { // a store to another field: what that reaches
				sink.name, sink.where = n.via.name, n.via.where
			}
			for _, field := range n.fields {
				if field != n.field { // a field's value stored back to it
					out[field] = addSink(out[field], sink)
				}
			}
		}
	}
	for _, sinks := range out {
		slices.SortFunc(sinks, func(a, b fieldSink) int {
			return strings.Compare(a.where+a.name, b.where+b.name)
		})
	}
	return out
}

// addSink adds s to sinks, or its kinds to the sink of the same name,
// place and findings.
func addSink(sinks []fieldSink, s fieldSink) []fieldSink {
	for i, t := range sinks {
		if t.name == s.name && t.where == s.where && t.bad == s.bad {
			sinks[i].kind |= s.kind
			return sinks
		}
	}
	return append(sinks, s)
}

// newSinks reports whether sinks names a sink that the round just done
// did not know, of a field this package stores to: another round then
// judges those stores.
func (c *checker) newSinks(sinks map[*types.Var][]fieldSink) bool {
	for field, ss := range sinks {
		if c.stored[field] && !slices.Equal(ss, c.sinks[field]) {
			return true
		}
	}
	return false
}

// exportFieldFacts tells importers, for each field this package
// declares, the sites its value reaches here, and counts as not followed
// each store of the parent's environment to a field whose value reaches
// no site known here, where another package may read it: a field of
// another package, or an exported one.
func (c *checker) exportFieldFacts(stores []fieldStore) bool {
	exported := false
	for field, sinks := range c.sinks {
		if field.Pkg() != c.pass.Pkg || len(sinks) == 0 {
			continue
		}
		fact := new(fieldFact)
		for _, s := range sinks {
			fact.Sinks = append(fact.Sinks, fieldSinkFact{s.name, s.where, uint16(s.kind), uint16(s.bad)})
		}
		c.pass.ExportObjectFact(field, fact)
		exported = true
	}
	for _, s := range stores {
		if s.kind&kParent != 0 && len(c.sinksOf(s.field)) == 0 && (s.field.Pkg() != c.pass.Pkg || s.field.Exported()) {
			c.notFollowed(s.at.Pos(), "stored to "+fieldName(s.at.Addr.(*ssa.FieldAddr).X.Type(), s.field)+", whose value reaches no site this package or its dependencies show")
		}
	}
	return exported
}

// where names the position pos for a message read in another package:
// its file, from the module's root (or the package's path where there
// is no module), and its line.
func (c *checker) where(pos token.Pos) string {
	p := c.pass.Fset.Position(pos)
	dir := c.pass.Pkg.Path()
	if m := c.pass.Module; m != nil && m.Path != "" {
		if rest, ok := strings.CutPrefix(dir, m.Path); ok && (rest == "" || rest[0] == '/') {
			dir = strings.TrimPrefix(rest, "/")
		}
	}
	return path.Join(dir, filepath.Base(p.Filename)) + ":" + strconv.Itoa(p.Line)
}
