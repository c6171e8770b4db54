package envgenvet

// This file applies a call to the holders' state: a site records what
// it starts with, a holder given to a function of the package takes the
// Env that function leaves (on success, where its error is tested), one
// given to another package's is what its facts say, or leaves there.

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// call applies a call to the state: a site records what it starts with,
// a holder passed to a function takes the Env that function leaves, and
// one passed to a function the analysis does not know leaves there.
func (f *flow) call(st state, in ssa.CallInstruction) {
	common := in.Common()
	here := f.judgedHere(in)
	if here {
		f.judgeClosures(st, in)
	}
	if mc, ok := common.Value.(*ssa.MakeClosure); ok {
		f.closureEffect(st, in, mc)
	}
	callee := f.c.callee(common)
	if h := f.invokedHolder(in); h != nil && startMethods[common.Method.Name()] && here {
		f.recordHolder(st, in, "exec.Cmd."+common.Method.Name()+" (through an interface)", h, holderBad(h.Type()))
	}
	if callee == nil {
		how := "passed to a func value"
		if common.IsInvoke() {
			how = "passed to an interface's " + common.Method.Name() + " method"
		}
		for _, arg := range common.Args {
			f.leaveCall(st, in, arg, how)
		}
		return
	}
	if s, ok := spawnSite(callee); ok {
		if here {
			f.record(st, in, s)
		}
	} else if param, sites := f.c.startsFact(callee); sites != nil {
		for bad, k := range sites {
			name := callee.Name() + " (which starts a child with it)"
			switch bad {
			case badWhereNilIsEmpty:
				name = callee.Name() + " (which execs with it)"
			case badForwarded:
				name = callee.Name() + " (which passes it to envrt.Sets)"
			}
			n := f.noteSite(in, name, f.bindArg(k, param, common.Args), bad, nil)
			if param.Index >= 0 && param.Index < len(common.Args) {
				n.fields = appendNew(n.fields, f.fieldsOf(common.Args[param.Index])...)
			}
		}
	}
	f.callSpawner(in, callee)
	if known, ok := lookup(callee); ok {
		switch known.does {
		case roleShellNew:
			f.shellNew(in, known)
		case roleCmdEnviron:
			if v := in.Value(); v != nil && len(common.Args) > 0 {
				f.add(v, f.envOf(st, common.Args[0], true))
			} else if v != nil {
				f.add(v, kOther) // a method value's call (e := cmd.Environ; e()): its receiver is bound
			}
		}
	}
	if isExecMethod(callee) {
		return
	}
	if _, ok := in.(*ssa.Defer); ok {
		return // it runs at return, after every site of this function
	}
	o, sum := f.c.local(callee)
	if o == nil {
		f.foreignCall(st, in, callee)
		return
	}
	if sum == nil {
		for _, arg := range common.Args {
			f.assign(st, arg, func(envKind) envKind { return kOther })
		}
		return
	}
	for i, arg := range common.Args {
		if f.primary(arg) == nil && cmdVarOf(arg) == nil {
			continue
		}
		if h := f.primary(arg); h != nil && sum.errAt >= 0 {
			if effect, ok := sum.effectOK[i]; ok {
				f.onSuccess(in)[h] = applyEffect(f.bindArg(effect, sum.param, common.Args), st[h])
			}
		}
		f.passHolder(st, in, o.Name(), i, sum.starts[i], sum.handsOn[i], f.bindArg(sum.effectOn(i), sum.param, common.Args))
	}
}

// judgedHere reports whether the call in, its spawn site or the closures
// it runs, is judged where it is made. A deferred call is judged where
// the deferred calls run (it is noted in f.deferred for that), and also
// here when it is in a loop, or in a loop body over a func (which has no
// return of its own): each turn's Cmd is judged here, not only the last
// one's.
func (f *flow) judgedHere(in ssa.CallInstruction) bool {
	d, ok := in.(*ssa.Defer)
	if !ok {
		return true
	}
	if !slices.Contains(f.deferred, in) {
		f.deferred = append(f.deferred, d)
	}
	return reaches(d.Block(), d.Block()) || !f.hasRunDefers()
}

// foreignCall applies a call of a function of another package: one the
// analysis read says what it does with each holder it is given; any
// other may start it or keep it, so the holder leaves there.
func (f *flow) foreignCall(st state, in ssa.CallInstruction, callee *ssa.Function) {
	common := in.Common()
	var fact holderParamFact
	known := f.c.importFact(callee, &fact)
	for i, arg := range common.Args {
		if f.primary(arg) == nil && cmdVarOf(arg) == nil {
			continue
		}
		j := slices.Index(fact.Params, i)
		if !known || j < 0 {
			f.leaveCall(st, in, arg, "passed to "+qualifiedName(callee))
			continue
		}
		effect := f.bindArg(envKind(fact.Effect[j]), fact.Param, common.Args)
		f.passHolder(st, in, qualifiedName(callee), i, slices.Contains(fact.Starts, i), slices.Contains(fact.HandsOn, i), effect)
	}
}

// passHolder applies a call of the function named fn to the holder (or
// package-level Cmd) that is its argument i: the function starts it or
// keeps it, and leaves it the Env effect says (kEntry: as it was).
func (f *flow) passHolder(st state, in ssa.CallInstruction, fn string, i int, starts, keeps bool, effect envKind) {
	f.startsOrKeeps(st, in, fn, i, starts, keeps)
	arg := in.Common().Args[i]
	if g := cmdVarOf(arg); g != nil {
		if effect != kEntry {
			f.c.cmdVar(g).set |= effect &^ kEntry
		}
		return
	}
	f.assign(st, arg, func(old envKind) envKind { return applyEffect(effect, old) })
}

// startsOrKeeps notes a call of the function named fn that starts the
// holder it is given as its argument i (a site, whose findings are those
// of the holder's type), or keeps it (it leaves there).
func (f *flow) startsOrKeeps(st state, in ssa.CallInstruction, fn string, i int, starts, keeps bool) {
	arg := in.Common().Args[i]
	switch {
	case starts:
		f.record(st, in, site{name: fn + " (which starts it)", env: -1, holder: i, bad: holderBad(arg.Type())})
	case keeps:
		f.leaveNamed(st, in, arg, fn+" (which hands it on)")
	}
}

// qualifiedName is how messages name a function of another package:
// its package's name and its own (tea.ExecProcess).
func qualifiedName(fn *ssa.Function) string {
	if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() != nil {
		return obj.Pkg().Name() + "." + obj.Name()
	}
	return fn.Name()
}

// shellNew notes interp.New given options that are all the shell
// package's own and none of them interp.Env: the shell takes this
// process's environment. Options it cannot see (a slice built
// elsewhere, a func of the program's) are given the benefit of the
// doubt.
func (f *flow) shellNew(in ssa.CallInstruction, known known) {
	args := in.Common().Args
	if known.arg >= len(args) {
		return
	}
	opts, ok := variadicArgs(args[known.arg])
	if !ok {
		return
	}
	for _, opt := range opts {
		call, ok := opt.(*ssa.Call)
		if !ok {
			return
		}
		k := keyOf(call.Call.StaticCallee())
		if k.pkg != interpPath || k.recv != "" {
			return
		}
		if r, ok := knownFuncs[k]; ok && r.does == roleSpawnEnv {
			return // interp.Env: a site of its own
		}
	}
	f.noteSite(in, "interp.New without interp.Env", kNil, known.bad, nil)
}

// applyEffect is the Env a holder whose Env was old has after a call
// whose effect on it is effect (kEntry: as it was).
func applyEffect(effect, old envKind) envKind {
	if effect&kEntry != 0 {
		return effect&^kEntry | old
	}
	return effect
}

// onSuccess returns the Envs the holders given to the call in have after
// it where its error result is nil, for the branch that tests it.
func (f *flow) onSuccess(in ssa.CallInstruction) state {
	call, ok := in.(*ssa.Call)
	if !ok {
		return state{} // go or defer: no result to test
	}
	if f.succeeded[call] == nil {
		f.succeeded[call] = state{}
	}
	return f.succeeded[call]
}

// successEntry narrows st, on entry to b, to what the holders' Envs are
// where the error result of a call just tested is nil: b is the branch
// of if err != nil (or err == nil) that the call's success takes, and
// nothing between the call and the test may change an Env.
func (f *flow) successEntry(st state, b *ssa.BasicBlock) {
	if len(b.Preds) != 1 {
		return
	}
	pred := b.Preds[0]
	for call, envs := range f.succeeded {
		if call.Block() != pred {
			continue
		}
		_, sum := f.c.local(call.Call.StaticCallee())
		if sum == nil || sum.errAt < 0 {
			continue
		}
		var errv ssa.Value = call
		if sum.errAt > 0 || call.Call.Signature().Results().Len() > 1 {
			errv = nil
			for _, r := range *call.Referrers() {
				if e, ok := r.(*ssa.Extract); ok && e.Index == sum.errAt {
					errv = e
				}
			}
		}
		if errv == nil || nonNilSucc(pred, errv) == nil || nonNilSucc(pred, errv) == b || !quietAfter(call) {
			continue
		}
		for h, k := range envs {
			st[h] = k
		}
	}
}

// quietAfter reports whether no instruction after call in its block may
// change an Env: no store, no other call.
func quietAfter(call *ssa.Call) bool {
	after := false
	for _, in := range call.Block().Instrs {
		switch in.(type) {
		case *ssa.Store, ssa.CallInstruction:
			if after {
				return false
			}
		}
		if in == ssa.Instruction(call) {
			after = true
		}
	}
	return true
}
