package envgenvet

// This file follows one function: what each environment value ([]string
// or expand.Environ) may be (a kind), and, block by block over the
// control flow, what the Env of each exec.Cmd or ProcAttr ("holder") may
// be at each instruction. Both are computed together to a fixed point,
// since a stored Env is a value and a loaded Env a state.

import (
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// A state maps each holder to the kinds its Env may have.
type state map[ssa.Value]envKind

// flow is the analysis of one function.
type flow struct {
	c         *checker
	fn        *ssa.Function
	info      *funcInfo
	kinds     map[ssa.Value]envKind           // what each environment value may be
	holders   map[ssa.Value]bool              // the holders created or received here
	params    map[ssa.Value]int               // holder parameters, by index
	frees     map[ssa.Value]int               // holder free variables (of a closure), by index
	envParam  *ssa.Parameter                  // the one []string parameter, which paramBits stand for, or nil
	deferred  []ssa.CallInstruction           // spawn sites and closures deferred, judged at each RunDefers
	succeeded map[*ssa.Call]state             // per call that may fail: its holders' Envs where it succeeded
	escaped   map[ssa.Value][]ssa.Instruction // where holders go where the analysis cannot follow them
	leaves    map[leaveKey]*leave             // where holders leave the function, with their Env there
	started   map[ssa.Value]bool              // the holders this function starts itself
	out       map[*ssa.BasicBlock]state
	changed   bool

	spawnVia     []*spawnFuncFact       // what the functions it calls start with the parent's environment
	boxes        containers             // what it puts in the containers it makes
	fields       map[ssa.Value]fieldSet // the struct fields each value's field bits stand for
	holderFields map[ssa.Value]fieldSet // and those of what is stored to each holder's Env
}

// run computes the fixed point and leaves in f.info the function's
// sites, result kind and parameter effects.
func (f *flow) run() {
	f.kinds = map[ssa.Value]envKind{}
	f.holders = map[ssa.Value]bool{}
	f.params = map[ssa.Value]int{}
	f.frees = map[ssa.Value]int{}
	f.escaped = map[ssa.Value][]ssa.Instruction{}
	f.leaves = map[leaveKey]*leave{}
	f.started = map[ssa.Value]bool{}
	f.succeeded = map[*ssa.Call]state{}
	f.out = map[*ssa.BasicBlock]state{}
	f.fields = map[ssa.Value]fieldSet{}
	f.holderFields = map[ssa.Value]fieldSet{}
	for i, p := range f.fn.Params {
		if isHolderPointer(p.Type()) {
			f.holders[p], f.params[p] = true, i
		}
	}
	f.envParam, f.info.param.Index = envParamOf(f.fn)
	f.info.param.NilChecked = nilChecked(f.envParam)
	for i, fv := range f.fn.FreeVars {
		// A closure's holder, captured as a value or as a variable
		// the closure does not set, has the Env its function gave it.
		if isHolderPointer(fv.Type()) || isHolderCell(fv.Type()) && !storesTo(fv) {
			f.holders[fv], f.frees[fv] = true, i
		}
	}
	for _, b := range f.fn.Blocks {
		for _, instr := range b.Instrs {
			if v, ok := instr.(ssa.Value); ok {
				if _, ok := f.newHolder(v); ok {
					f.holders[v] = true
				}
			}
		}
	}
	for h := range f.holders {
		f.escaped[h] = f.escapes(h, map[ssa.Value]bool{})
	}
	f.addPhiHolders()
	f.findRoles()
	f.findContainers()
	for round := 0; round == 0 || f.changed && round < 100; round++ {
		f.changed = false
		f.valuePass()
		f.blockPass()
	}
	f.summarise()
	f.checkEnvirons()
	f.judgeLeaves()
	f.findSpawn()
	f.countUnfollowed()
	for key, n := range f.info.sites {
		if f.c.acceptedFor(key.at, n, n.kind&(kParam|kParamExt)) {
			continue // and so are its callers' calls
		}
		if n.kind&(kParam|kParamExt) != 0 { // kBuiltParam is reported here, as extended
			f.info.paramSites[n.bad] |= n.kind & (kParam | kParamExt)
		}
	}
}

// summarise records what callers need: the holders' Envs at return, the
// environment, Cmd and func values the function returns.
func (f *flow) summarise() {
	results := f.fn.Signature.Results()
	f.info.errAt = errorResult(results)
	var rets []*ssa.Return // those that may succeed: callers use the other results of those only
	for _, b := range f.fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		succeeds := f.info.errAt < 0 || !f.c.surelyFails(ret, f.info.errAt)
		if succeeds {
			rets = append(rets, ret)
		}
		for p, i := range f.params {
			f.info.effect[i] |= f.out[b][p]
			if succeeds && f.info.errAt >= 0 {
				f.info.effectOK[i] |= f.out[b][p]
			}
		}
		for fv, i := range f.frees {
			f.info.freeEffect[i] |= f.out[b][fv]
		}
	}
	for _, ret := range rets {
		if i := onlyResult(results, isEnvType); i >= 0 {
			f.info.result |= f.kindOf(ret.Results[i])
			f.info.index = i
			f.info.resultFields = appendNew(f.info.resultFields, f.fieldsOf(ret.Results[i])...)
		}
		if i := onlyResult(results, isHolderPointer); i >= 0 {
			f.info.cmd |= f.returned(ret, i)
			f.info.cmdAt = i
		}
	}
	if i := onlyResult(results, isEnvFuncType); i >= 0 && len(rets) > 0 {
		if fact, ok := f.returnedFuncs(rets, i); ok {
			f.info.funcs = &funcValueFact{Result: i, Fn: fact}
		}
	}
}

// envParamOf returns fn's []string parameter that its summary's param
// bits stand for, and its index, or nil and -1: its one []string
// parameter; of several, the one whose name says env, else the one that
// is not variadic (NewClient(command string, env []string, args
// ...string)); none where that does not pick one.
func envParamOf(fn *ssa.Function) (*ssa.Parameter, int) {
	var all []int
	for j, q := range fn.Params {
		if isStringSlice(q.Type()) {
			all = append(all, j)
		}
	}
	pick := func(keep func(j int) bool) []int {
		var out []int
		for _, j := range all {
			if keep(j) {
				out = append(out, j)
			}
		}
		return out
	}
	variadic := fn.Signature.Variadic()
	for _, c := range [][]int{
		all,
		pick(func(j int) bool { return strings.Contains(strings.ToLower(fn.Params[j].Name()), "env") }),
		pick(func(j int) bool { return !variadic || j != len(fn.Params)-1 }),
	} {
		if len(c) == 1 {
			return fn.Params[c[0]], c[0]
		}
	}
	return nil, -1
}

// isHolderCell reports whether t is a pointer to a pointer to a holder:
// a variable holding a *exec.Cmd that a closure captures.
func isHolderCell(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && isHolderPointer(p.Elem())
}

// errorResult returns the index of the last of results if it is an
// error, or -1.
func errorResult(results *types.Tuple) int {
	if n := results.Len(); n > 0 && types.Identical(results.At(n-1).Type(), types.Universe.Lookup("error").Type()) {
		return n - 1
	}
	return -1
}

// surelyFails reports whether ret's error result, its result i, cannot
// be nil: an error made there (errors.New, fmt.Errorf, a value converted
// to error), a sentinel (see sentinel), or one that a branch taken only
// when it is not nil leads to.
func (c *checker) surelyFails(ret *ssa.Return, i int) bool {
	v := ret.Results[i]
	if madeError(v) {
		return true
	}
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if g, ok := ld.X.(*ssa.Global); ok && c.sentinel(g) {
			return true
		}
	}
	for b := ret.Block().Idom(); b != nil; b = b.Idom() {
		if succ := nonNilSucc(b, v); succ != nil && succ.Dominates(ret.Block()) {
			return true
		}
	}
	return false
}

// nonNilSucc returns the successor of b that b's last instruction, an if
// on v != nil (or v == nil), takes when v is not nil; nil for any other
// block.
func nonNilSucc(b *ssa.BasicBlock, v ssa.Value) *ssa.BasicBlock {
	iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return nil
	}
	cmp, ok := iff.Cond.(*ssa.BinOp)
	if !ok || cmp.Op != token.NEQ && cmp.Op != token.EQL {
		return nil
	}
	if c, ok := cmp.Y.(*ssa.Const); !ok || !c.IsNil() || cmp.X != v {
		return nil
	}
	if cmp.Op == token.NEQ {
		return b.Succs[0]
	}
	return b.Succs[1]
}

// addPhiHolders makes holders of the phis of holders, so that a Cmd
// chosen on two branches and then given its Env is followed as one; such
// a phi escapes if a holder it may be does.
func (f *flow) addPhiHolders() {
	var phis []*ssa.Phi
	for changed := true; changed; {
		changed = false
		for _, b := range f.fn.Blocks {
			for _, instr := range b.Instrs {
				phi, ok := instr.(*ssa.Phi)
				if !ok || f.holders[phi] || !isHolderPointer(phi.Type()) {
					continue
				}
				for _, e := range phi.Edges {
					if f.primary(e) != nil {
						f.holders[phi], changed = true, true
						phis = append(phis, phi)
						break
					}
				}
			}
		}
	}
	for _, phi := range phis {
		for _, a := range f.aliases(phi) {
			f.escaped[phi] = append(f.escaped[phi], f.escaped[a]...)
		}
	}
}

// phiEnv is the Env of the phi of holders phi on entry to its block:
// each predecessor's Env of the holder it brings (none for a nil).
func (f *flow) phiEnv(phi *ssa.Phi) envKind {
	var k envKind
	for i, e := range phi.Edges {
		if c, ok := e.(*ssa.Const); ok && c.IsNil() {
			continue
		}
		if h := f.primary(e); h != nil {
			k |= f.out[phi.Block().Preds[i]][h]
		} else {
			k |= kOther
		}
	}
	return k
}

// add unions k into v's kind.
func (f *flow) add(v ssa.Value, k envKind) {
	if f.kinds[v]|k != f.kinds[v] {
		f.kinds[v] |= k
		f.changed = true
	}
}

// kindOf is what v may be.
func (f *flow) kindOf(v ssa.Value) envKind {
	switch v := v.(type) {
	case *ssa.Const:
		if v.IsNil() {
			return kNil
		}
		return kOther
	case *ssa.FreeVar:
		return f.freeKind(v)
	case *ssa.Parameter:
		if v == f.envParam {
			return kParam
		}
		return kOther
	case *ssa.Global, *ssa.Function:
		return kOther
	}
	return f.kinds[v]
}

// bindArg is k, from a callee's summary whose param bits stand for its
// parameter param, for a call with args. A callee that compares that
// parameter with nil (if env == nil { env = Build…() }) is taken to
// handle a nil argument itself.
func (f *flow) bindArg(k envKind, param paramRef, args []ssa.Value) envKind {
	if k&paramBits == 0 {
		return k
	}
	if param.Index < 0 || param.Index >= len(args) {
		return k&^paramBits | kOther
	}
	arg := f.kindOf(args[param.Index])
	if param.NilChecked {
		if arg &^= kNil; arg == 0 {
			return k &^ paramBits // only nil, which the callee replaces
		}
	}
	return bind(k, arg)
}

// nilChecked reports whether a function compares its parameter p with
// nil, or its length with 0.
func nilChecked(p *ssa.Parameter) bool {
	if p == nil {
		return false
	}
	for _, r := range *p.Referrers() {
		var v ssa.Value = p
		if call, ok := r.(*ssa.Call); ok {
			if b, ok := call.Call.Value.(*ssa.Builtin); !ok || b.Name() != "len" {
				continue
			}
			v = call // len(env) == 0
		}
		for _, u := range *v.Referrers() {
			if cmp, ok := u.(*ssa.BinOp); ok && (cmp.Op == token.EQL || cmp.Op == token.NEQ || cmp.Op == token.GTR || cmp.Op == token.LSS) && (isNilOrZero(cmp.X) || isNilOrZero(cmp.Y)) {
				return true
			}
		}
	}
	return false
}

// isNilOrZero reports whether v is the constant nil or 0.
func isNilOrZero(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && (c.IsNil() || isZero(c))
}

// freeKind is what the free variable fv of this closure may be: what its
// function binds to it, by what that function's analysis knows so far
// (a closure is analysed while its function is); kOther where that is
// not known. For a variable the closure shares, what is stored to it.
func (f *flow) freeKind(fv *ssa.FreeVar) envKind {
	pf := f.c.flows[f.fn.Parent()]
	i := slices.Index(f.fn.FreeVars, fv)
	if pf == nil || i < 0 {
		return kOther
	}
	var k envKind
	for _, b := range pf.fn.Blocks {
		for _, instr := range b.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok || mc.Fn != f.fn || i >= len(mc.Bindings) {
				continue
			}
			if a, ok := mc.Bindings[i].(*ssa.Alloc); ok {
				k |= pf.storedKind(a)
			} else {
				k |= pf.kindOf(mc.Bindings[i])
			}
		}
	}
	if k&paramBits != 0 && f.envParam != nil { // the function's parameter, not this closure's
		k = k&^paramBits | kOther
	}
	if k == 0 {
		return kOther
	}
	return k
}

// valuePass recomputes the kind of each environment value from its
// operands.
func (f *flow) valuePass() {
	for _, b := range f.fn.Blocks {
		for _, instr := range b.Instrs {
			v, ok := instr.(ssa.Value)
			if !ok {
				continue
			}
			switch t := v.Type(); {
			case isEnvType(t):
				f.add(v, writeKind(f.transfer(v), f.writtenInto(v)))
				f.addFields(v, f.fieldsFrom(v))
			case isCarrier(t):
				f.add(v, f.transfer(v))
			case isStringType(t):
				if k := f.stringKind(v); k != 0 {
					f.add(v, k)
				}
			}
		}
	}
}

// transfer is the kind of v given its operands' kinds. The kinds that
// depend on a holder's state (a loaded Env, Cmd.Environ) come from
// blockPass.
func (f *flow) transfer(v ssa.Value) envKind {
	if k, ok := f.readKind(v); ok {
		return k
	}
	switch v := v.(type) {
	case *ssa.Phi:
		var k envKind
		for _, e := range v.Edges {
			k |= f.kindOf(e)
		}
		return k
	case *ssa.ChangeType:
		return f.kindOf(v.X)
	case *ssa.Slice:
		if isZero(v.High) {
			return kEmpty
		}
		if a, ok := v.X.(*ssa.Alloc); ok {
			return f.arrayKind(a)
		}
		return f.kindOf(v.X)
	case *ssa.MakeSlice:
		if isZero(v.Len) {
			return kEmpty
		}
		return f.copiedInto(v)
	case *ssa.UnOp:
		if v.Op != token.MUL {
			return kOther
		}
		switch x := v.X.(type) {
		case *ssa.Alloc:
			return f.storedKind(x)
		case *ssa.FreeVar: // a variable this closure shares with its function
			return f.freeKind(x)
		case *ssa.Global:
			return f.c.globalKind(x)
		case *ssa.FieldAddr:
			if isEnvField(x) && f.primary(x.X) != nil {
				return 0
			}
			if envFieldOf(x) != nil {
				return kField
			}
		}
		return kOther
	case *ssa.Field:
		if envFieldIn(v.X.Type(), v.Field) != nil {
			return kField
		}
		return kOther
	case *ssa.Call:
		return f.callKind(v)
	case *ssa.Extract: // env, err := helper()
		if call, ok := v.Tuple.(*ssa.Call); ok && call.Call.StaticCallee() != nil {
			if fact, ok := f.c.funcFact(call.Call.StaticCallee()); ok && fact.Result == v.Index {
				return f.applyFact(fact, call.Call.Args)
			}
		}
	}
	return kOther
}

// writtenInto is the kind of the entries written into v's array: an
// element stored (env[i] = …), copied (copy(env[i:], …)) or replaced
// (slices.Replace(env, …)), through v and the slices of it.
func (f *flow) writtenInto(v ssa.Value) envKind {
	var w envKind
	seen := map[ssa.Value]bool{}
	var walk func(x ssa.Value)
	walk = func(x ssa.Value) {
		if seen[x] || x.Referrers() == nil {
			return
		}
		seen[x] = true
		for _, st := range elemStores(x) {
			w |= f.entryKind(st.Val)
		}
		for _, r := range *x.Referrers() {
			switch r := r.(type) {
			case *ssa.Slice, *ssa.ChangeType:
				walk(r.(ssa.Value))
			case *ssa.Call:
				args := r.Call.Args
				if b, ok := r.Call.Value.(*ssa.Builtin); ok && b.Name() == "copy" && len(args) == 2 && args[0] == x {
					w |= f.kindOf(args[1])
				} else if k, ok := lookup(r.Call.StaticCallee()); ok && k.does == roleInsert && len(args) > 0 && args[0] == x {
					w |= f.kindOf(args[len(args)-1])
				}
			}
		}
	}
	walk(v)
	return w
}

// entryKind is the kind of a one-entry slice holding the string v: a
// constant, an entry of another environment (env[i] = env[j]), or not.
func (f *flow) entryKind(v ssa.Value) envKind {
	switch x := v.(type) {
	case *ssa.Const:
		return kConst
	case *ssa.UnOp:
		if ia, ok := x.X.(*ssa.IndexAddr); ok && x.Op == token.MUL && isStringSlice(ia.X.Type()) {
			return f.kindOf(ia.X)
		}
	}
	return kOther
}

// returned is the Env of the Cmd or ProcAttr that ret returns as its
// result i: as this function left it, for one made here and not let
// escape; kOther for any other (0 for a nil one).
func (f *flow) returned(ret *ssa.Return, i int) envKind {
	v := ret.Results[i]
	if c, ok := v.(*ssa.Const); ok && c.IsNil() {
		return 0
	}
	h := f.primary(v)
	if h == nil || f.isEntry(h) || f.escapedBefore(h, ret) {
		return kOther
	}
	if k := f.out[ret.Block()][h]; k != 0 {
		return k
	}
	return kOther
}

// isEntry reports whether the holder h came from outside: a parameter
// or a closure's free variable.
func (f *flow) isEntry(h ssa.Value) bool {
	_, isParam := f.params[h]
	_, isFree := f.frees[h]
	return isParam || isFree
}

// onlyResult returns the index of the one result of results whose type
// is, or -1 if there is none or more than one: the environment
// (isEnvType) or the Cmd (isHolderPointer) that a summary describes.
func onlyResult(results *types.Tuple, is func(types.Type) bool) int {
	i := -1
	for j := range results.Len() {
		if is(results.At(j).Type()) {
			if i >= 0 {
				return -1
			}
			i = j
		}
	}
	return i
}

// callKind is the kind of a call's environment result.
func (f *flow) callKind(call *ssa.Call) envKind {
	common := call.Common()
	args := common.Args
	if b, ok := common.Value.(*ssa.Builtin); ok {
		if b.Name() == "append" && len(args) == 2 {
			return appendKind(f.kindOf(args[0]), f.kindOf(args[1]))
		}
		return kOther
	}
	callee := f.c.callee(common)
	if callee == nil {
		if fact, ok := f.funcValue(common.Value); ok && !common.IsInvoke() {
			return f.applyFact(fact, args)
		}
		return kOther
	}
	if r, ok := builderAPI[keyOf(callee)]; ok {
		if r.core {
			return f.coreKind(r, args)
		}
		return kOther
	}
	if k, ok := lookup(callee); ok {
		switch k.does {
		case roleEnviron:
			return kInherit
		case roleClone:
			return f.kindOf(args[k.arg])
		case roleConcat:
			return f.concatKind(args[k.arg])
		case roleInsert:
			return appendKind(f.kindOf(args[k.arg]), f.kindOf(args[len(args)-1]))
		case roleSplit:
			return f.splitKind(args[k.arg])
		case roleListEnviron:
			if k := f.kindOf(args[k.arg]); k&kNil != 0 {
				return k&^kNil | kEmpty // ListEnviron() of nothing is empty
			} else {
				return k
			}
		case roleCmdEnviron:
			return 0 // from blockPass
		}
		return kOther
	}
	if fact, ok := f.c.funcFact(callee); ok {
		return f.applyFact(fact, args)
	}
	return kOther
}

// arrayKind is the kind of a slice of the array a, a composite literal
// or variadic arguments: constants only, entries of other environments
// (append(out, e) in a loop over env: a copy of env, filtered or not, is
// env as far as the analysis can tell), or not.
func (f *flow) arrayKind(a *ssa.Alloc) envKind {
	if arr, ok := a.Type().(*types.Pointer).Elem().Underlying().(*types.Array); ok && arr.Len() == 0 {
		return kEmpty // []string{}
	}
	k := kConst
	for _, st := range elemStores(a) {
		if _, isConst := st.Val.(*ssa.Const); !isConst {
			k = k&^kConst | f.entryKind(st.Val)
		}
	}
	return k
}

// concatKind is the kind of slices.Concat(v...): the kinds of the slices
// v holds appended in turn to nil, where v is the call's own list of
// arguments; kOther for a list made elsewhere.
func (f *flow) concatKind(v ssa.Value) envKind {
	parts, ok := variadicArgs(v)
	if !ok {
		return kOther
	}
	k := kNil // Concat of nothing, or of empty slices only, is nil
	for _, p := range parts {
		k = appendKind(k, f.kindOf(p))
	}
	return k
}

// variadicArgs returns, in order, the values in v where v is a call's
// own list of variadic arguments (none for nil), and false for a list
// made elsewhere.
func variadicArgs(v ssa.Value) ([]ssa.Value, bool) {
	if c, ok := v.(*ssa.Const); ok && c.IsNil() {
		return nil, true
	}
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil, false
	}
	a, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	parts := map[int64]ssa.Value{}
	for _, st := range elemStores(a) {
		i, ok := st.Addr.(*ssa.IndexAddr).Index.(*ssa.Const)
		if !ok {
			return nil, false
		}
		parts[i.Int64()] = st.Val
	}
	out := make([]ssa.Value, len(parts))
	for i := range out {
		if out[i], ok = parts[int64(i)]; !ok {
			return nil, false
		}
	}
	return out, true
}

// copiedInto is the kind of make([]string, n) from what is copied into
// it: copy(dst, os.Environ()) makes dst the parent's environment.
func (f *flow) copiedInto(ms *ssa.MakeSlice) envKind {
	var k envKind
	for _, r := range *ms.Referrers() {
		if c, ok := r.(*ssa.Call); ok {
			if b, ok := c.Call.Value.(*ssa.Builtin); ok && b.Name() == "copy" && c.Call.Args[0] == ms {
				k |= f.kindOf(c.Call.Args[1])
				continue
			}
		}
		if _, ok := r.(*ssa.DebugRef); !ok {
			k |= kOther
		}
	}
	if k == 0 {
		return kOther
	}
	return k
}

// storedKind is the kind of a variable that lives in memory (one a
// closure captures): whatever is stored to it, and its zero value unless
// a store comes before every use.
func (f *flow) storedKind(a *ssa.Alloc) envKind {
	var k envKind
	if !storedFirst(a) {
		k = kNil
	}
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr == a {
				k |= f.kindOf(r.Val)
			}
		case *ssa.MakeClosure:
			if fv := freeVarFor(r, a); fv == nil || storesTo(fv) {
				k |= kOther // set in the closure
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			k |= kOther // its address goes somewhere
		}
	}
	return k
}

// blockPass walks the control flow, following each holder's Env.
func (f *flow) blockPass() {
	for _, b := range f.fn.Blocks {
		st := state{}
		if b.Index == 0 {
			for p := range f.params {
				st[p] = kEntry
			}
			for fv := range f.frees {
				st[fv] = kEntry
			}
		}
		for _, pred := range b.Preds {
			nonNil := f.nonNilEnv(pred, b)
			for h, k := range f.out[pred] {
				if nonNil[h] {
					k &^= kNil // if cmd.Env == nil { … } not taken: not nil here
				}
				st[h] |= k
			}
		}
		f.successEntry(st, b)
		for _, instr := range b.Instrs {
			f.step(st, instr)
		}
		if exits(b) {
			st = state{} // no path goes on from here
		}
		if !maps.Equal(st, f.out[b]) {
			f.out[b] = st
			f.changed = true
		}
	}
}

// overwritten reports whether the store st to the Env field fa is
// overwritten before anything may read it: a later store in its block to
// the Env of the same place (the same chain of fields and loads from
// one value), with no other store and only quiet calls between, so that
// the chain reads the same Cmd (h.cmd.Env = nil; h.cmd.Env =
// append(h.cmd.Env, "PATH=/bin")).
func overwritten(st *ssa.Store, fa *ssa.FieldAddr) bool {
	for _, in := range st.Block().Instrs[index(st)+1:] {
		if later, ok := in.(*ssa.Store); ok && !localStore(later) {
			fa2, ok := later.Addr.(*ssa.FieldAddr)
			return ok && isEnvField(fa2) && samePlace(fa2.X, fa.X)
		}
		if !quietStep(in) {
			return false
		}
	}
	return false
}

// quietStep reports whether the instruction in, between a read or a
// store of a Cmd's Env and a use of it in the same block, changes no
// Env: no call but a builtin or a quiet one (quietCall), and no store
// but into an array the function made (append's variadic arguments).
func quietStep(in ssa.Instruction) bool {
	switch in := in.(type) {
	case *ssa.Store:
		return localStore(in)
	case ssa.CallInstruction:
		_, builtin := in.Common().Value.(*ssa.Builtin)
		return builtin || quietCall(in)
	}
	return true
}

// localStore reports whether st stores into an element of an array the
// function allocated (a literal's or variadic arguments').
func localStore(st *ssa.Store) bool {
	ia, ok := st.Addr.(*ssa.IndexAddr)
	if !ok {
		return false
	}
	_, ok = ia.X.(*ssa.Alloc)
	return ok
}

// samePlace reports whether a and b read the same place: one value, or
// the same field of the same place, or a load from it (no store to it
// between, as overwritten makes sure).
func samePlace(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	switch x := a.(type) {
	case *ssa.FieldAddr:
		y, ok := b.(*ssa.FieldAddr)
		return ok && x.Field == y.Field && samePlace(x.X, y.X)
	case *ssa.UnOp:
		y, ok := b.(*ssa.UnOp)
		return ok && x.Op == token.MUL && y.Op == token.MUL && samePlace(x.X, y.X)
	}
	return false
}

// nonNilEnv returns the holder whose Env the edge from pred to b finds
// not nil: pred ends in an if on cmd.Env == nil (or != nil), read in
// pred with no store and no call after it, and b is where it is not.
// Only that holder: a phi the Cmd is may be another Cmd on this edge.
func (f *flow) nonNilEnv(pred, b *ssa.BasicBlock) map[ssa.Value]bool {
	iff, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If)
	if !ok || pred.Succs[0] == pred.Succs[1] {
		return nil
	}
	cmp, ok := iff.Cond.(*ssa.BinOp)
	if !ok || cmp.Op != token.NEQ && cmp.Op != token.EQL {
		return nil
	}
	ld, ok := cmp.X.(*ssa.UnOp)
	if c, isConst := cmp.Y.(*ssa.Const); !ok || !isConst || !c.IsNil() || ld.Op != token.MUL {
		return nil
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	if !ok || !isEnvField(fa) || ld.Block() != pred {
		return nil
	}
	for _, in := range pred.Instrs[index(ld):] {
		if !quietStep(in) {
			return nil // the Env read may not be the Env now
		}
	}
	if (b == pred.Succs[0]) != (cmp.Op == token.NEQ) {
		return nil
	}
	if h := f.primary(fa.X); h != nil {
		return map[ssa.Value]bool{h: true}
	}
	return nil
}

// step applies one instruction to the holders' state.
func (f *flow) step(st state, instr ssa.Instruction) {
	switch in := instr.(type) {
	case *ssa.Store:
		f.store(st, in)
	case *ssa.MapUpdate:
		f.leaveAt(st, in, in.Value, "in a map")
		f.leaveAt(st, in, in.Key, "in a map")
	case *ssa.Send:
		f.leaveAt(st, in, in.X, "sent on a channel")
	case *ssa.UnOp:
		if fa, ok := in.X.(*ssa.FieldAddr); ok && in.Op == token.MUL && isEnvField(fa) {
			f.add(in, f.envOf(st, fa.X, false))
		}
	case *ssa.FieldAddr:
		if isEnvField(in) && addressGoes(in, true) {
			// &cmd.Env passed to a function (json.Unmarshal(data,
			// &cmd.Env), fill(&cmd.Env)) or stored: it may be set there.
			f.assign(st, in.X, func(envKind) envKind { return kOther })
		}
	case ssa.CallInstruction:
		f.call(st, in)
	case *ssa.RunDefers, *ssa.Panic: // defer cmd.Run() reads Env here, at return or panic
		for _, d := range f.deferred {
			if !mayPrecede(d, in) {
				continue
			}
			if s, ok := spawnSite(f.c.callee(d.Common())); ok {
				f.record(st, d, s)
			}
			f.judgeClosures(st, d)
		}
	}
	if v, ok := instr.(ssa.Value); ok && f.holders[v] {
		if phi, ok := v.(*ssa.Phi); ok {
			st[v] = f.phiEnv(phi)
		} else if !f.isEntry(v) {
			st[v], _ = f.newHolder(v)
		}
	}
}

// store applies a store: to a holder's Env, of a whole holder (c :=
// tmpl), of a holder somewhere it leaves the function, to a package-level
// Cmd or its Env, and to a shell Runner's Env (a site).
func (f *flow) store(st state, in *ssa.Store) {
	if fa, ok := in.Addr.(*ssa.FieldAddr); ok {
		switch {
		case isEnvField(fa):
			g := cmdVarOf(fa.X)
			if g != nil {
				f.c.cmdVar(g).set |= f.kindOf(in.Val)
			} else if f.primary(fa.X) == nil && !overwritten(in, fa) {
				// A Cmd the function neither made nor was given (read
				// from a field, a map, a dependency's constructor): where
				// it starts, vet does not know its Env; the store is where
				// the Env is decided.
				n := f.noteSite(in, holderName(fa.X.Type())+".Env (of one started elsewhere)", f.kindOf(in.Val), holderBad(fa.X.Type()), nil)
				n.fields = appendNew(n.fields, f.fieldsOf(in.Val)...)
			}
			f.assign(st, fa.X, func(envKind) envKind { return f.kindOf(in.Val) })
			if fs := f.fieldsOf(in.Val); len(fs) > 0 {
				if h := f.primary(fa.X); h != nil {
					for _, a := range append(f.aliases(h), h) {
						f.holderFields[a] = appendNew(f.holderFields[a], fs...)
					}
				}
			}
			return
		case isRunnerEnv(fa):
			n := f.noteSite(in, "interp.Runner.Env", f.kindOf(in.Val), badWhereNilInherits, nil)
			n.fields = appendNew(n.fields, f.fieldsOf(in.Val)...)
			return
		}
		if field := envFieldOf(fa); field != nil {
			f.storeField(in, field, fieldName(fa.X.Type(), field))
			return
		}
	}
	if f.holders[in.Addr] { // c := tmpl: a whole Cmd copied in
		k := kOther
		if ld, ok := in.Val.(*ssa.UnOp); ok && ld.Op == token.MUL {
			if src := f.primary(ld.X); src != nil && !f.escapedBefore(src, in) {
				k = f.envOf(st, ld.X, false)
			}
		}
		f.assign(st, in.Addr, func(envKind) envKind { return k })
		return
	}
	if g, ok := in.Addr.(*ssa.Global); ok && isHolderPointer(in.Val.Type()) {
		v := f.c.cmdVar(g)
		if h := f.primary(in.Val); h != nil {
			v.stored |= f.envOf(st, in.Val, false)
			v.made = append(v.made, f.made(h)...)
		} else {
			v.stored |= kOther
		}
		if !g.Object().Exported() {
			return // its starts are judged where the package's functions start it
		}
	}
	if a, ok := in.Addr.(*ssa.Alloc); ok && isHolderCell(a.Type()) {
		return // a local variable, followed through its loads
	}
	switch in.Addr.(type) {
	case *ssa.Global:
		f.leaveAt(st, in, in.Val, "in a package variable")
	case *ssa.IndexAddr:
		f.leaveAt(st, in, in.Val, "in a slice or array")
	default:
		f.leaveAt(st, in, in.Val, "in a struct field")
	}
}

// assign updates the Env of the holder x is: it becomes what set returns
// for the old Env. Where x is a phi, each holder it may be keeps its old
// Env as a possibility.
func (f *flow) assign(st state, x ssa.Value, set func(old envKind) envKind) {
	h := f.primary(x)
	if h == nil {
		return
	}
	st[h] = set(st[h])
	for _, a := range f.aliases(h) {
		st[a] |= set(st[a])
	}
}

// envOf is what the Env of x may be in st; with environ, what
// Cmd.Environ returns (the parent's environment for a nil Env).
func (f *flow) envOf(st state, x ssa.Value, environ bool) envKind {
	h := f.primary(x)
	if h == nil {
		return kOther
	}
	k := st[h]
	if k&kEntry != 0 {
		k = k&^kEntry | kOther
	}
	if environ && k&kNil != 0 {
		k = k&^kNil | kInherit
	}
	return k
}

// addressGoes reports whether the address v is used otherwise than to
// load what it points to, or to store there if stores are allowed.
func addressGoes(v ssa.Value, stores bool) bool {
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return true
			}
		case *ssa.Store:
			if !stores || r.Addr != v {
				return true
			}
		case *ssa.DebugRef:
		default:
			return true
		}
	}
	return false
}

// hasRunDefers reports whether the function runs its deferred calls
// itself: a closure for a loop body over a func does not.
func (f *flow) hasRunDefers() bool {
	for _, b := range f.fn.Blocks {
		for _, in := range b.Instrs {
			if _, ok := in.(*ssa.RunDefers); ok {
				return true
			}
		}
	}
	return false
}

// record adds to a site's findings what its environment may be now.
func (f *flow) record(st state, in ssa.CallInstruction, s site) {
	args := in.Common().Args
	key := siteKey{in, s.name}
	var k envKind
	var made []token.Pos
	var vars []*ssa.Global
	var fields fieldSet
	if s.env >= 0 && s.env < len(args) {
		k |= f.kindOf(args[s.env])
		fields = f.fieldsOf(args[s.env])
	}
	if s.holder >= 0 && s.holder < len(args) {
		if g := cmdVarOf(args[s.holder]); g != nil {
			vars = append(vars, g)
		} else if h := f.primary(args[s.holder]); h != nil {
			f.started[h] = true
			if !f.escapedBefore(h, in) {
				k |= f.start(st, h, key, s.bad, false)
				made = f.made(h)
				fields = f.holderFieldsOf(h)
			} else if st[h]&kParent != 0 {
				f.c.notFollowed(in.Pos(), "the Env of a Cmd that "+s.name+" starts after the Cmd went where code the analysis does not follow may set its Env")
			}
		}
	}
	n := f.noteSite(in, s.name, k, s.bad, made)
	n.vars = appendNew(n.vars, vars...)
	n.fields = appendNew(n.fields, fields...)
}

// recordHolder adds to the site (in, name), which starts the holder h
// (a Cmd reached otherwise than as an argument: through an interface),
// what h's Env may be now.
func (f *flow) recordHolder(st state, in ssa.CallInstruction, name string, h ssa.Value, bad envKind) {
	f.started[h] = true
	if f.escapedBefore(h, in) {
		return
	}
	key := siteKey{in, name}
	k := f.start(st, h, key, bad, false)
	n := f.noteSite(in, name, k, bad, f.made(h))
	n.fields = appendNew(n.fields, f.holderFieldsOf(h)...)
}

// start is what the Env of the holder h may be where the site key
// starts it (or, with leave, lets it leave the function), and marks the
// parameters and free variables it may be as started (or handed on) by
// this function.
func (f *flow) start(st state, h ssa.Value, key siteKey, bad envKind, leave bool) envKind {
	if !leave {
		f.started[h] = true
	}
	k := st[h]
	if k&kEntry != 0 {
		for _, p := range append(f.aliases(h), h) {
			if i, ok := f.params[p]; ok {
				if leave {
					f.info.handsOn[i] = true
				} else {
					f.info.starts[i] = true
				}
			}
			if i, ok := f.frees[p]; ok {
				if f.info.freeSites[i] == nil {
					f.info.freeSites[i] = map[siteKey]freeSite{}
				}
				f.info.freeSites[i][key] = freeSite{bad, leave}
			}
		}
		k &^= kEntry
	}
	return k
}

// made returns where the holder h (or those a phi h may be) was created.
func (f *flow) made(h ssa.Value) []token.Pos {
	var out []token.Pos
	for _, a := range append(f.aliases(h), h) {
		if f.isEntry(a) {
			continue
		}
		pos := a.Pos()
		switch a := a.(type) {
		case *ssa.Phi:
			continue
		case *ssa.Extract: // cmd, err := newCmd()
			pos = a.Tuple.Pos()
		}
		if pos.IsValid() {
			out = append(out, pos)
		}
	}
	return out
}

// noteSite adds k to the site (at, name), whose findings are the kinds
// bad, and returns its record.
func (f *flow) noteSite(at ssa.Instruction, name string, k, bad envKind, made []token.Pos) *siteNote {
	key := siteKey{at, name}
	n := f.info.sites[key]
	if n == nil {
		n = &siteNote{bad: bad}
		f.info.sites[key] = n
	}
	if n.kind|k != n.kind {
		n.kind |= k
		f.changed = true
	}
	n.bad = bad
	n.made = appendNew(n.made, made...)
	return n
}

// appendNew appends to s the elements of add it does not hold yet.
func appendNew[T comparable](s []T, add ...T) []T {
	for _, x := range add {
		if !slices.Contains(s, x) {
			s = append(s, x)
		}
	}
	return s
}

// primary returns the holder x is, or nil if the analysis cannot tell:
// x itself (a new holder, a parameter, a free variable or a phi of
// holders), through conversions and variables that closures capture and
// that are set once.
func (f *flow) primary(x ssa.Value) ssa.Value {
	for range 100 {
		if f.holders[x] {
			return x
		}
		switch v := x.(type) {
		case *ssa.ChangeType:
			x = v.X
		case *ssa.UnOp:
			if v.Op != token.MUL {
				return nil
			}
			switch a := v.X.(type) {
			case *ssa.Alloc:
				if x = storedOnce(a); x == nil {
					return nil
				}
			case *ssa.FreeVar: // a variable of the function, which this closure does not set
				if f.holders[a] {
					return a
				}
				return nil
			default:
				return nil
			}
		default:
			return nil
		}
	}
	return nil
}

// aliases returns the holders a phi of holders may be, all the way
// down: setting the phi's Env may set theirs.
func (f *flow) aliases(h ssa.Value) []ssa.Value {
	var out []ssa.Value
	seen := map[ssa.Value]bool{h: true}
	var walk func(v ssa.Value)
	walk = func(v ssa.Value) {
		phi, ok := v.(*ssa.Phi)
		if !ok {
			return
		}
		for _, e := range phi.Edges {
			if p := f.primary(e); p != nil && !seen[p] {
				seen[p] = true
				out = append(out, p)
				walk(p)
			}
		}
	}
	walk(h)
	return out
}

// storesTo reports whether the closure whose free variable fv is may set
// the variable: it stores to it, or lets its address go.
func storesTo(fv ssa.Value) bool { return addressGoes(fv, false) }

// storedFirst reports whether a store to the variable a dominates each
// other use of it (a load, a closure that captures it), so that no use
// sees its zero value: env := x, then a closure that reads env.
func storedFirst(a *ssa.Alloc) bool {
	var stores []*ssa.Store
	for _, r := range *a.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			stores = append(stores, st)
		}
	}
	for _, r := range *a.Referrers() {
		if _, ok := r.(*ssa.DebugRef); ok {
			continue
		}
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			continue
		}
		if !slices.ContainsFunc(stores, func(st *ssa.Store) bool { return before(st, r) }) {
			return false
		}
	}
	return true
}

// before reports whether the instruction a runs before b on every path
// to b: a's block dominates b's, and in one block a comes first.
func before(a, b ssa.Instruction) bool {
	if a.Block() != b.Block() {
		return a.Block().Dominates(b.Block())
	}
	for _, in := range a.Block().Instrs {
		switch in {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}

// storedOnce returns the one value stored to the variable a, or nil.
func storedOnce(a *ssa.Alloc) ssa.Value {
	var val ssa.Value
	for _, r := range *a.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			if val != nil {
				return nil
			}
			val = st.Val
		}
	}
	return val
}

// elemStores returns the stores into elements of the array or slice v
// (v[i] = x): a composite literal's entries, a call's variadic
// arguments, a write into an environment.
func elemStores(v ssa.Value) []*ssa.Store {
	var out []*ssa.Store
	for _, r := range *v.Referrers() {
		if ia, ok := r.(*ssa.IndexAddr); ok {
			for _, u := range *ia.Referrers() {
				if st, ok := u.(*ssa.Store); ok && st.Addr == ia {
					out = append(out, st)
				}
			}
		}
	}
	return out
}

// exits reports whether b calls a function that never returns, as panic
// does: os.Exit, runtime.Goexit, log's Fatal and Panic functions and
// methods, and testing's FailNow, Fatal and Skip methods.
func exits(b *ssa.BasicBlock) bool {
	for _, instr := range b.Instrs {
		call, ok := instr.(*ssa.Call)
		if !ok {
			continue
		}
		if k, ok := lookup(call.Call.StaticCallee()); ok && k.does == roleExits {
			return true
		}
	}
	return false
}

// isZero reports whether v is the constant 0.
func isZero(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.String() == "0"
}
