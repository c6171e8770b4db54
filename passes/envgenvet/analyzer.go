package envgenvet

import (
	"go/ast"
	"go/build"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Analyzer reports spawn sites whose child may get an environment that
// no envgen policy built.
var Analyzer = &analysis.Analyzer{
	Name: "envgenvet",
	Doc: "report child processes started with an environment no envgen policy built " +
		"(nil Env, os.Environ(), a builder's result extended after it ran, a Cmd that leaves with such an Env, " +
		"a shell given such an environment, a builder given entries appended to os.Environ())",
	URL:       "https://pkg.go.dev/github.com/envgen/envgen/passes/envgenvet",
	Run:       run,
	FactTypes: []analysis.Fact{new(envFuncFact), new(cmdFuncFact), new(startsFuncFact), new(holderParamFact), new(funcValueFact), new(fieldFact), new(spawnFuncFact), new(envPackageFact)},
}

// checkTests is the -tests flag: report in _test.go files too.
var checkTests bool

func init() {
	Analyzer.Flags.BoolVar(&checkTests, "tests", false, "also report spawn sites in _test.go files")
}

// checker is the analysis of one package.
type checker struct {
	pass       *analysis.Pass
	ssaPkg     *ssa.Package
	funcs      map[*ssa.Function]*funcInfo
	flows      map[*ssa.Function]*flow           // each analysed function's, for its closures' free variables
	globals    map[*ssa.Global][]ssa.Instruction // the instructions that use each package-level variable
	seams      map[*ssa.Global]*ssa.Function     // the func variables that always call one function (funcSeams)
	fieldSeams map[*types.Var]*ssa.Function      // the func fields that do (fieldSeams)
	cmdVars    map[*ssa.Global]*cmdVar           // package-level Cmds: what each function stores there
	calls      map[token.Pos]*ast.CallExpr       // by Lparen
	keys       map[token.Pos]token.Pos           // a composite literal's keys, by their colons
	sup        suppressions                      // the //envgen:inherit directives of its files

	sinks      map[*types.Var][]fieldSink // per struct field, the sites its value reaches (from the previous round)
	stored     map[*types.Var]bool        // the fields the package stores an environment to
	fieldFacts map[*types.Var]*fieldFact  // what other packages told of their fields (nil: nothing)
	unfollowed map[token.Pos]string       // where the parent's environment goes where the analysis cannot follow it, and how
}

// funcInfo is what the analysis of one function found.
type funcInfo struct {
	busy         bool
	result       envKind             // what its environment result may be (0 for none)
	resultFields fieldSet            // the struct fields its result's field bits stand for (a getter's)
	index        int                 // which of its results that is
	cmd          envKind             // the Env of the new Cmd or ProcAttr it returns (0 for none)
	cmdAt        int                 // which of its results that is
	effect       map[int]envKind     // per holder parameter: its Env at return (kEntry: as given)
	effectOK     map[int]envKind     // the same at the returns whose error result may be nil
	freeEffect   map[int]envKind     // per holder free variable (a closure's): its Env at return
	errAt        int                 // the index of its error result (the last), or -1
	param        paramRef            // its one []string parameter, which paramBits stand for
	roles        roles               // its parameters that reach a builder
	funcs        *funcValueFact      // what the func values it returns do, if known
	paramSites   map[envKind]envKind // per set of bad kinds, what sites' environments made from that parameter may be (in paramBits)
	starts       map[int]bool        // holder parameters it starts with the Env as given
	handsOn      map[int]bool        // holder parameters it lets leave with the Env as given
	freeSites    map[int]map[siteKey]freeSite
	// freeSites: per holder free variable (a closure's), the sites that
	// start it or let it leave with the Env its function gave: judged
	// where the closure is run or handed on.
	sites map[siteKey]*siteNote // what each site's environment may be
	spawn *spawnFuncFact        // where it starts a child with the parent's environment, whatever its caller passes
}

// freeSite is a site in a closure that starts (or lets leave) a holder
// the closure captured: the kinds that are findings there.
type freeSite struct {
	bad   envKind
	leave bool
}

// siteKey is a site: a call (or a store), under the name its messages use.
type siteKey struct {
	at   ssa.Instruction
	name string
}

// siteNote is what the analysis found at a site.
type siteNote struct {
	kind envKind     // what its environment may be
	bad  envKind     // which of those kinds are findings
	made []token.Pos // where the holders it starts were created, for //envgen:inherit there
	vars []*ssa.Global
	// vars: package-level Cmds it may start, whose Env is known once
	// every function is analysed.
	fields fieldSet       // the struct fields its kind's field bits stand for
	dep    *spawnFuncFact // for a call into a dependency, where that starts a child
	field  *types.Var     // for a store to a struct field, the field
	via    *fieldSink     // and the site its value reaches
}

func run(pass *analysis.Pass) (any, error) {
	if inStd(pass) {
		return nil, nil
	}
	reportObserveSites(pass)
	if !relevant(pass) {
		(&checker{pass: pass, sup: readSuppressions(pass.Fset, pass.Files)}).report() // no site: each //envgen:inherit accepts nothing
		return nil, nil
	}
	c := &checker{
		pass:       pass,
		calls:      map[token.Pos]*ast.CallExpr{},
		keys:       map[token.Pos]token.Pos{},
		sup:        readSuppressions(pass.Fset, pass.Files),
		sinks:      map[*types.Var][]fieldSink{},
		stored:     map[*types.Var]bool{},
		fieldFacts: map[*types.Var]*fieldFact{},
		unfollowed: map[token.Pos]string{},
	}
	prog := ssa.NewProgram(pass.Fset, 0)
	for _, imp := range pass.Pkg.Imports() {
		prog.CreatePackage(imp, nil, nil, true)
	}
	c.ssaPkg = prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	c.ssaPkg.Build()

	var fns []*ssa.Function
	for _, f := range pass.Files {
		for _, decl := range f.Decls {
			if decl, ok := decl.(*ast.FuncDecl); ok {
				if fn := prog.FuncValue(pass.TypesInfo.Defs[decl.Name].(*types.Func)); fn != nil {
					fns = append(fns, fn)
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				c.calls[n.Lparen] = n
			case *ast.KeyValueExpr:
				c.keys[n.Colon] = n.Key.Pos()
			}
			return true
		})
	}
	if init := c.ssaPkg.Func("init"); init != nil {
		// First, with the closures of package-level initializers: what
		// they store to the package's variables is what others read.
		fns = append([]*ssa.Function{init}, fns...)
	}
	all := withClosures(fns)
	c.globals = globalUses(all)
	c.seams = funcSeams(c.globals, c.ssaPkg.Func("init"))
	c.fieldSeams = fieldSeams(all, c.pass.Pkg)
	// A round analyses every function; one that finds a struct field's
	// value reaching a site the previous round did not know, where the
	// package also stores to that field, is followed by another, which
	// judges those stores (a store of one field's value to another may
	// take a third).
	for round := 1; ; round++ {
		c.funcs = map[*ssa.Function]*funcInfo{}
		c.flows = map[*ssa.Function]*flow{}
		c.cmdVars = map[*ssa.Global]*cmdVar{}
		for _, fn := range all {
			c.summary(fn)
		}
		sinks := c.collectSinks()
		again := c.newSinks(sinks)
		c.sinks = sinks
		if !again || round == maxRounds {
			break
		}
	}
	c.exportFacts(fns)
	c.report()
	c.reportNotFollowed()
	return nil, nil
}

// maxRounds bounds the rounds of a package's analysis (see run).
const maxRounds = 3

// withClosures returns fns, each followed by its closures (and theirs).
func withClosures(fns []*ssa.Function) []*ssa.Function {
	var out []*ssa.Function
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		out = append(out, fn)
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
	}
	for _, fn := range fns {
		add(fn)
	}
	return out
}

// inStd reports whether pass's package is in the standard library (but
// for cmd), which the analysis leaves out.
func inStd(pass *analysis.Pass) bool {
	if len(pass.Files) == 0 {
		return false
	}
	std := filepath.Join(build.Default.GOROOT, "src") + string(filepath.Separator)
	name := pass.Fset.File(pass.Files[0].Pos()).Name()
	return strings.HasPrefix(name, std) && !strings.HasPrefix(name, std+"cmd"+string(filepath.Separator))
}

// relevant reports whether pass's package can start a child or compute
// an environment the analysis knows: it uses a name of a package that
// spawns (of os, syscall and unix, one that matters: Environ,
// StartProcess, …) or one of a package with facts.
func relevant(pass *analysis.Pass) bool {
	withFacts := map[*types.Package]bool{}
	imports := false
	for _, imp := range pass.Pkg.Imports() {
		withFacts[imp] = pass.ImportPackageFact(imp, new(envPackageFact))
		imports = imports || withFacts[imp] || relevantImports[imp.Path()]
	}
	if !imports {
		return false
	}
	// It must also use one of those packages' names that matter: a
	// package that calls os.Getenv alone needs no SSA.
	for _, obj := range pass.TypesInfo.Uses {
		pkg := obj.Pkg()
		if pkg == nil || pkg == pass.Pkg {
			continue
		}
		if withFacts[pkg] {
			return true
		}
		if relevantImports[pkg.Path()] {
			words, some := spawnWords[pkg.Path()]
			if !some || slices.Contains(words, obj.Name()) {
				return true
			}
		}
	}
	return false
}

// summary analyses fn once and returns what it found, or nil while fn
// is being analysed (recursion).
func (c *checker) summary(fn *ssa.Function) *funcInfo {
	if info, ok := c.funcs[fn]; ok {
		if info.busy {
			return nil
		}
		return info
	}
	info := &funcInfo{
		busy: true, param: paramRef{Index: -1}, roles: noRoles, paramSites: map[envKind]envKind{},
		effect: map[int]envKind{}, effectOK: map[int]envKind{}, freeEffect: map[int]envKind{}, errAt: -1,
		starts: map[int]bool{}, handsOn: map[int]bool{}, freeSites: map[int]map[siteKey]freeSite{},
		sites: map[siteKey]*siteNote{},
	}
	c.funcs[fn] = info
	if len(fn.Blocks) > 0 {
		// A closure called while fn is analysed was summarised with
		// what fn's analysis knew then of its variables; once fn's is
		// done, summarise its closures again, and if one changed,
		// analyse fn again with it (a few rounds at most).
		for range 3 {
			f := &flow{c: c, fn: fn, info: info}
			c.flows[fn] = f
			f.run()
			if !c.resummarise(fn.AnonFuncs) {
				break
			}
		}
		c.absorbClosures(fn, info)
	}
	info.busy = false
	return info
}

// absorbClosures adds to info, fn's summary, what fn's closures start:
// a child with the parent's environment, where fn has none of its own,
// and a child with fn's []string parameter (a closure with none of its
// own sees its function's: go func() { run(opts{Env: env}) }()).
func (c *checker) absorbClosures(fn *ssa.Function, info *funcInfo) {
	for _, anon := range fn.AnonFuncs {
		if sum := c.summary(anon); sum != nil {
			if info.spawn == nil {
				info.spawn = sum.spawn
			}
			if p, _ := envParamOf(anon); p != nil || info.param.Index < 0 && fn.Parent() == nil {
				continue
			}
			for bad, k := range sum.paramSites {
				info.paramSites[bad] |= k
			}
		}
	}
}

// resummarise summarises again the closures in fns that have a summary,
// and reports whether any of them changed.
func (c *checker) resummarise(fns []*ssa.Function) bool {
	changed := false
	for _, fn := range fns {
		old, ok := c.funcs[fn]
		if !ok || old.busy {
			continue
		}
		delete(c.funcs, fn)
		now := c.summary(fn)
		changed = changed || now.result != old.result || now.cmd != old.cmd ||
			!maps.Equal(now.effect, old.effect) || !maps.Equal(now.starts, old.starts) ||
			!maps.Equal(now.paramSites, old.paramSites) || !maps.Equal(now.freeEffect, old.freeEffect) ||
			len(now.freeSites) != len(old.freeSites)
	}
	return changed
}

// local returns the summary of callee if it is a function of this
// package with a body (the generic function, for an instance), or nil.
func (c *checker) local(callee *ssa.Function) (*ssa.Function, *funcInfo) {
	if callee == nil {
		return nil, nil
	}
	if o := origin(callee); o.Pkg == c.ssaPkg && len(o.Blocks) > 0 {
		return o, c.summary(o)
	}
	return nil, nil
}

// funcFact returns what the analysis knows of callee's environment
// result and of its parameters' roles: from its own summary in this
// package, or from a fact.
func (c *checker) funcFact(callee *ssa.Function) (envFuncFact, bool) {
	if o, info := c.local(callee); o != nil {
		if info == nil || info.result == 0 && !info.roles.any() {
			return envFuncFact{}, false
		}
		return info.envFact(), true
	}
	var fact envFuncFact
	return fact, c.importFact(callee, &fact)
}

// cmdFact returns what the analysis knows of the new Cmd or ProcAttr
// that callee returns: its Env, which result it is, and which parameter
// the Env's param bits stand for.
func (c *checker) cmdFact(callee *ssa.Function) (cmdFuncFact, bool) {
	if o, info := c.local(callee); o != nil {
		if info == nil || info.cmd == 0 {
			return cmdFuncFact{}, false
		}
		return info.cmdFact(), true
	}
	var fact cmdFuncFact
	return fact, c.importFact(callee, &fact)
}

// startsFact returns, for a function that starts a child with an
// environment made from its []string parameter, that parameter's index
// and per set of bad kinds what the environment may be (in paramBits).
func (c *checker) startsFact(callee *ssa.Function) (paramRef, map[envKind]envKind) {
	if o, info := c.local(callee); o != nil {
		if info == nil || len(info.paramSites) == 0 {
			return paramRef{}, nil
		}
		return info.param, info.paramSites
	}
	var fact startsFuncFact
	if !c.importFact(callee, &fact) {
		return paramRef{}, nil
	}
	sites := map[envKind]envKind{}
	for i := range fact.Bad {
		sites[envKind(fact.Bad[i])] |= envKind(fact.Kind[i])
	}
	return fact.Param, sites
}

// funcValueFact returns what the analysis knows of the func values that
// callee returns.
func (c *checker) funcValueFact(callee *ssa.Function) (funcValueFact, bool) {
	if o, info := c.local(callee); o != nil {
		if info == nil || info.funcs == nil {
			return funcValueFact{}, false
		}
		return *info.funcs, true
	}
	var fact funcValueFact
	return fact, c.importFact(callee, &fact)
}

// importFact reads into fact what the package of callee, a function of
// another package, told of it (of the generic function, for an
// instance), and reports whether it told that.
func (c *checker) importFact(callee *ssa.Function, fact analysis.Fact) bool {
	if callee == nil {
		return false
	}
	obj, ok := callee.Object().(*types.Func)
	return ok && c.pass.ImportObjectFact(obj.Origin(), fact)
}

// effectOn is the Env the function leaves its holder parameter i at
// return (kEntry: as given).
func (info *funcInfo) effectOn(i int) envKind {
	if effect, ok := info.effect[i]; ok {
		return effect
	}
	return kEntry
}

// exportsEnv reports whether the function's envFact goes to the
// packages importing it (which are then analysed): its result may be a
// builder's result, the parent's environment, an extended builder's
// result, its parameter or constants (which, appended to a builder's
// result, keep it policy-built), or its parameters reach a builder. A
// result only nil or not known is told to callers in the package alone.
func (info *funcInfo) exportsEnv() bool {
	return info.result&(kPolicy|kParent|kExtended|paramBits|kConst|kEmpty) != 0 || info.roles.any()
}

// envFact is what the summary tells callers of the function's
// environment result and of its parameters' roles.
func (info *funcInfo) envFact() envFuncFact {
	return envFuncFact{Kind: uint16(info.result), Result: info.index, Param: info.param, Roles: info.roles}
}

// cmdFact is what the summary tells callers of the new Cmd or ProcAttr
// the function returns.
func (info *funcInfo) cmdFact() cmdFuncFact {
	return cmdFuncFact{Kind: uint16(info.cmd), Result: info.cmdAt, Param: info.param}
}

// exportFacts exports what callers in other packages need: the
// functions whose result the analysis knows, the constructors, the
// functions that start a child with their parameter, and what each
// function does with the Cmds it is given.
func (c *checker) exportFacts(fns []*ssa.Function) {
	exported := false
	for _, fn := range fns {
		info := c.funcs[fn]
		obj, ok := fn.Object().(*types.Func)
		if !ok || info == nil {
			continue
		}
		if info.exportsEnv() {
			fact := info.envFact()
			c.pass.ExportObjectFact(obj, &fact)
			exported = true
		}
		if info.cmd != 0 {
			fact := info.cmdFact()
			c.pass.ExportObjectFact(obj, &fact)
			exported = true
		}
		if len(info.paramSites) > 0 {
			fact := &startsFuncFact{Param: info.param}
			for _, bad := range slices.Sorted(maps.Keys(info.paramSites)) {
				fact.Bad = append(fact.Bad, uint16(bad))
				fact.Kind = append(fact.Kind, uint16(info.paramSites[bad]))
			}
			c.pass.ExportObjectFact(obj, fact)
			exported = true
		}
		if info.funcs != nil {
			c.pass.ExportObjectFact(obj, info.funcs)
			exported = true
		}
		if info.spawn != nil && obj.Exported() { // what another package can call
			c.pass.ExportObjectFact(obj, info.spawn)
			exported = true
		}
		if fact := holderFact(fn, info); fact != nil {
			c.pass.ExportObjectFact(obj, fact)
			exported = true
		}
	}
	var stores []fieldStore
	for _, fn := range withClosures(fns) {
		if f := c.flows[fn]; f != nil {
			stores = append(stores, f.fieldStores()...)
		}
	}
	if c.exportFieldFacts(stores) {
		exported = true
	}
	if exported {
		c.pass.ExportPackageFact(new(envPackageFact))
	}
}

// holderFact is the holderParamFact of fn, or nil if it has no holder
// parameter.
func holderFact(fn *ssa.Function, info *funcInfo) *holderParamFact {
	fact := &holderParamFact{Param: info.param}
	for i, p := range fn.Params {
		if !isHolderPointer(p.Type()) {
			continue
		}
		fact.Params = append(fact.Params, i)
		fact.Effect = append(fact.Effect, uint16(info.effectOn(i)))
		if info.starts[i] {
			fact.Starts = append(fact.Starts, i)
		}
		if info.handsOn[i] {
			fact.HandsOn = append(fact.HandsOn, i)
		}
	}
	if len(fact.Params) == 0 {
		return nil
	}
	return fact
}

// origin returns the generic function fn instantiates, whose body the
// analysis reads, or fn itself.
func origin(fn *ssa.Function) *ssa.Function {
	if o := fn.Origin(); o != nil {
		return o
	}
	return fn
}
