// Package vet provides Analyzer, envgen's check that no spawn site
// bypasses the policy: it reports every place where a child process may
// start with an environment no generated builder built.
//
// It reports, at the call that starts the child:
//
//   - an exec.Cmd run (Run, Start, Output, CombinedOutput) whose Env may
//     be nil, os.Environ() or derived from it on some path the function
//     shows;
//   - os.StartProcess with such an Attr.Env, and syscall.Exec, ForkExec
//     and StartProcess with os.Environ() or derived (their nil is empty);
//   - envrt.Command, CommandContext, Start, Run and LookPath given such an
//     environment;
//   - a builder's result that had a non-constant entry appended after the
//     builder ran, where it reaches one of those calls.
//
// Builders are the functions envgen generates (found by the generated
// file's header); what the analysis learns about a package's functions
// (which return a builder's result, or os.Environ()) reaches the packages
// importing it as analysis facts. A line comment //envgen:inherit REASON
// on the line where the reported call begins accepts the site; one
// without a reason is itself reported. Test files are skipped unless the
// -tests flag is set.
//
// The analyzer ships as "envgen vet", as the go vet -vettool binary
// envgen-vet, and as this package for drivers such as golangci-lint.
package envgenvet

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Analyzer reports spawn sites whose child may get an environment that
// no envgen policy built.
var Analyzer = &analysis.Analyzer{
	Name:      "envgenvet",
	Doc:       "report child processes started with an environment no envgen policy built (nil Env, os.Environ(), or a builder's result extended after it ran)",
	URL:       "https://pkg.go.dev/github.com/envgen/envgen/cmd/envgen/vet",
	Run:       run,
	FactTypes: []analysis.Fact{new(envFuncFact), new(cmdFuncFact), new(startsFuncFact), new(builderTypeFact), new(envPackageFact)},
}

// checkTests is the -tests flag: report in _test.go files too.
var checkTests bool

func init() {
	Analyzer.Flags.BoolVar(&checkTests, "tests", false, "also report spawn sites in _test.go files")
}

// checker is the analysis of one package.
type checker struct {
	pass         *analysis.Pass
	ssaPkg       *ssa.Package
	generated    map[*token.File]bool
	builderTypes map[*types.TypeName]bool
	funcs        map[*ssa.Function]*funcInfo
	flows        map[*ssa.Function]*flow           // each analysed function's, for its closures' free variables
	globals      map[*ssa.Global][]ssa.Instruction // the instructions that use each package-level variable
	calls        map[token.Pos]*ast.CallExpr       // by Lparen
}

// funcInfo is what the analysis of one function found.
type funcInfo struct {
	busy       bool
	dst        int                 // for an Append builder, dst's argument index; else -1
	result     envKind             // what its []string result may be (0 for none)
	index      int                 // which of its results that is
	cmd        envKind             // the Env of the new Cmd or ProcAttr it returns (0 for none)
	cmdAt      int                 // which of its results that is
	effect     map[int]envKind     // per holder parameter: its Env at return (kEntry: as given)
	effectOK   map[int]envKind     // the same at the returns whose error result may be nil
	errAt      int                 // the index of its error result (the last), or -1
	param      paramRef            // its one []string parameter, which paramBits stand for
	paramSites map[envKind]envKind // per set of bad kinds, what sites' environments made from that parameter may be (in paramBits)
	starts     map[int]bool        // holder parameters it starts with the Env as given
	sites      map[siteKey]envKind // what each site's environment may be
	bad        map[siteKey]envKind // which of those kinds are findings
}

// siteKey is a site: a call, under the name its messages use.
type siteKey struct {
	call ssa.CallInstruction
	name string
}

func run(pass *analysis.Pass) (any, error) {
	if !relevant(pass) {
		return nil, nil
	}
	c := &checker{
		pass:         pass,
		generated:    map[*token.File]bool{},
		builderTypes: map[*types.TypeName]bool{},
		funcs:        map[*ssa.Function]*funcInfo{},
		flows:        map[*ssa.Function]*flow{},
		calls:        map[token.Pos]*ast.CallExpr{},
	}
	prog := ssa.NewProgram(pass.Fset, 0)
	for _, imp := range pass.Pkg.Imports() {
		prog.CreatePackage(imp, nil, nil, true)
	}
	c.ssaPkg = prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	c.ssaPkg.Build()

	var fns []*ssa.Function
	for _, f := range pass.Files {
		gen := isGeneratedByEnvgen(f)
		c.generated[pass.Fset.File(f.Pos())] = gen
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				if fn := prog.FuncValue(pass.TypesInfo.Defs[decl.Name].(*types.Func)); fn != nil {
					fns = append(fns, fn)
				}
			case *ast.GenDecl:
				for _, spec := range decl.Specs {
					if ts, ok := spec.(*ast.TypeSpec); ok && gen {
						if tn, ok := pass.TypesInfo.Defs[ts.Name].(*types.TypeName); ok && recogniseBuilderType(tn) {
							c.builderTypes[tn] = true
						}
					}
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if ce, ok := n.(*ast.CallExpr); ok {
				c.calls[ce.Lparen] = ce
			}
			return true
		})
	}
	if init := c.ssaPkg.Func("init"); init != nil {
		// First, with the closures of package-level initializers: what
		// they store to the package's variables is what others read.
		fns = append([]*ssa.Function{init}, fns...)
	}
	c.globals = globalUses(fns)
	var all func(fn *ssa.Function)
	all = func(fn *ssa.Function) {
		c.summary(fn)
		for _, anon := range fn.AnonFuncs {
			all(anon)
		}
	}
	for _, fn := range fns {
		all(fn)
	}
	c.exportFacts(fns)
	c.report()
	return nil, nil
}

// globalUses returns, for each package-level variable, the instructions
// of fns and their closures that use it.
func globalUses(fns []*ssa.Function) map[*ssa.Global][]ssa.Instruction {
	uses := map[*ssa.Global][]ssa.Instruction{}
	var scan func(fn *ssa.Function)
	scan = func(fn *ssa.Function) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				for _, op := range instr.Operands(nil) {
					if g, ok := (*op).(*ssa.Global); ok {
						uses[g] = append(uses[g], instr)
					}
				}
			}
		}
		for _, anon := range fn.AnonFuncs {
			scan(anon)
		}
	}
	for _, fn := range fns {
		scan(fn)
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
			for _, r := range *u.Referrers() {
				if ia, ok := r.(*ssa.IndexAddr); ok && slices.ContainsFunc(*ia.Referrers(), func(x ssa.Instruction) bool {
					st, ok := x.(*ssa.Store)
					return ok && st.Addr == ia
				}) {
					return kOther // env[0] = ...
				}
			}
		default:
			return kOther
		}
	}
	return k
}

// relevant reports whether pass's package can start a child or compute
// an environment the analysis knows: it imports a package that spawns or
// one with facts. The standard library (but for cmd) is left out.
func relevant(pass *analysis.Pass) bool {
	if len(pass.Files) > 0 {
		std := filepath.Join(build.Default.GOROOT, "src") + string(filepath.Separator)
		name := pass.Fset.File(pass.Files[0].Pos()).Name()
		if strings.HasPrefix(name, std) && !strings.HasPrefix(name, std+"cmd"+string(filepath.Separator)) {
			return false
		}
	}
	for _, imp := range pass.Pkg.Imports() {
		switch imp.Path() {
		case "os", "os/exec", "syscall", "golang.org/x/sys/unix", runtimePath:
			return true
		}
		if pass.ImportPackageFact(imp, new(envPackageFact)) {
			return true
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
		busy: true, dst: -1, param: paramRef{Index: -1}, paramSites: map[envKind]envKind{},
		effect: map[int]envKind{}, effectOK: map[int]envKind{}, errAt: -1, starts: map[int]bool{},
		sites: map[siteKey]envKind{}, bad: map[siteKey]envKind{},
	}
	c.funcs[fn] = info
	if c.generated[c.pass.Fset.File(fn.Pos())] {
		if obj, ok := fn.Object().(*types.Func); ok {
			if dst, ok := recogniseBuilder(obj.Name(), obj.Signature()); ok {
				info.result, info.dst = kPolicy, dst
			}
		}
	} else if len(fn.Blocks) > 0 {
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
	}
	info.busy = false
	return info
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
			!maps.Equal(now.paramSites, old.paramSites)
	}
	return changed
}

// funcFact returns what the analysis knows of callee's []string result:
// from its own summary in this package, or from a fact.
func (c *checker) funcFact(callee *ssa.Function) (envFuncFact, bool) {
	if o := origin(callee); o.Pkg == c.ssaPkg {
		info := c.summary(o)
		if info == nil || info.result == 0 {
			return envFuncFact{}, false
		}
		return envFuncFact{Kind: uint16(info.result), Dst: info.dst, Result: info.index, Param: info.param}, true
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok {
		return envFuncFact{}, false
	}
	var fact envFuncFact
	return fact, c.pass.ImportObjectFact(obj.Origin(), &fact)
}

// cmdFact returns what the analysis knows of the new Cmd or ProcAttr
// that callee returns: its Env, which result it is, and which parameter
// the Env's param bits stand for.
func (c *checker) cmdFact(callee *ssa.Function) (cmdFuncFact, bool) {
	if o := origin(callee); o.Pkg == c.ssaPkg {
		if info := c.summary(o); info != nil && info.cmd != 0 {
			return cmdFuncFact{Kind: uint16(info.cmd), Result: info.cmdAt, Param: info.param}, true
		}
		return cmdFuncFact{}, false
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok {
		return cmdFuncFact{}, false
	}
	var fact cmdFuncFact
	return fact, c.pass.ImportObjectFact(obj.Origin(), &fact)
}

// startsFact returns, for a function that starts a child with an
// environment made from its []string parameter, that parameter's index
// and per set of bad kinds what the environment may be (in paramBits).
func (c *checker) startsFact(callee *ssa.Function) (paramRef, map[envKind]envKind) {
	if o := origin(callee); o.Pkg == c.ssaPkg {
		if info := c.summary(o); info != nil && len(info.paramSites) > 0 {
			return info.param, info.paramSites
		}
		return paramRef{}, nil
	}
	obj, ok := callee.Object().(*types.Func)
	var fact startsFuncFact
	if !ok || !c.pass.ImportObjectFact(obj.Origin(), &fact) {
		return paramRef{}, nil
	}
	sites := map[envKind]envKind{}
	for i := range fact.Bad {
		sites[envKind(fact.Bad[i])] |= envKind(fact.Kind[i])
	}
	return fact.Param, sites
}

// isBuilderType reports whether t is a builder's func type that
// generated code declares (EnvFunc).
func (c *checker) isBuilderType(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	if n.Obj().Pkg() == c.pass.Pkg {
		return c.builderTypes[n.Obj()]
	}
	return c.pass.ImportObjectFact(n.Obj(), new(builderTypeFact))
}

// exportFacts exports what callers in other packages need: the
// functions whose result the analysis knows, and builder types.
func (c *checker) exportFacts(fns []*ssa.Function) {
	exported := false
	for _, fn := range fns {
		info := c.funcs[fn]
		obj, ok := fn.Object().(*types.Func)
		if !ok || info == nil {
			continue
		}
		if info.result&(kPolicy|kInherit|kExtended|paramBits) != 0 {
			c.pass.ExportObjectFact(obj, &envFuncFact{Kind: uint16(info.result), Dst: info.dst, Result: info.index, Param: info.param})
			exported = true
		}
		if info.cmd != 0 {
			c.pass.ExportObjectFact(obj, &cmdFuncFact{Kind: uint16(info.cmd), Result: info.cmdAt, Param: info.param})
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
	}
	for tn := range c.builderTypes {
		c.pass.ExportObjectFact(tn, new(builderTypeFact))
		exported = true
	}
	if exported {
		c.pass.ExportPackageFact(new(envPackageFact))
	}
}

// report reports the sites whose environment may be one of their bad
// kinds, and directives without a reason, in position order.
func (c *checker) report() {
	sup := readSuppressions(c.pass.Fset, c.pass.Files)
	type finding struct {
		pos token.Pos
		msg string
	}
	var found []finding
	for _, info := range c.funcs {
		for key, k := range info.sites {
			if k&kBuiltParam != 0 { // a builder's result with whatever the parameter holds
				k = k&^kBuiltParam | kExtended
			}
			bad := k & info.bad[key]
			if bad == 0 {
				continue
			}
			pos := key.call.Pos()
			if ce := c.calls[pos]; ce != nil {
				pos = ce.Pos()
			}
			found = append(found, finding{pos, message(key.name, k, bad)})
		}
	}
	for _, pos := range sup.noReason {
		found = append(found, finding{pos, inheritDirective + " needs a reason: say why this child may have this process's environment"})
	}
	sort.Slice(found, func(i, j int) bool {
		if found[i].pos != found[j].pos {
			return found[i].pos < found[j].pos
		}
		return found[i].msg < found[j].msg
	})
	for i, f := range found {
		p := c.pass.Fset.Position(f.pos)
		switch {
		case i > 0 && found[i-1] == f:
		case !checkTests && strings.HasSuffix(p.Filename, "_test.go"):
		case !strings.HasPrefix(f.msg, inheritDirective) && sup.accepts(p):
		default:
			c.pass.Reportf(f.pos, "%s", f.msg)
		}
	}
}

// message says what is wrong with a site whose environment may be k, of
// which bad is a finding.
func message(name string, k, bad envKind) string {
	some := ""
	if k&^bad != 0 {
		some = " on some paths"
	}
	accept := "; build it with a policy builder, or accept the line with " + inheritDirective + " REASON"
	switch {
	case bad&kInherit != 0:
		return fmt.Sprintf("%s: the environment is os.Environ() or derived from it%s, so the child gets every secret of this process%s", name, some, accept)
	case bad&kNil != 0:
		return fmt.Sprintf("%s: the environment is nil%s, which gives the child this process's whole environment%s", name, some, accept)
	}
	return fmt.Sprintf("%s: the environment is a builder's result with a non-constant entry appended after it ran%s, which bypasses the policy; pass the value to the builder as envrt.Set(NAME, value)", name, some)
}
