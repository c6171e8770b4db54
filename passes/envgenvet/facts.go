package envgenvet

// This file declares the facts that carry what the analysis learnt about
// a package's functions to the packages that import it.

import (
	"fmt"
	"strings"
)

// envFuncFact marks a function whose one environment result (a []string,
// or the shell's expand.Environ; maybe beside others, such as an error)
// the analysis knows something about, or whose parameters reach a
// builder: a generated builder (policy), a helper that returns a
// builder's result, os.Environ() (inherit) or an extended builder's
// result.
type envFuncFact struct {
	Kind   uint16   // an envKind: what the result may be
	Result int      // the index of that result among the function's results
	Param  paramRef // the one []string parameter that Kind's param bits stand for
	Roles  roles    // its parameters that reach a builder
}

// paramRef is the one []string parameter of a function that the param
// bits of its summary stand for.
type paramRef struct {
	Index      int  // among the call's arguments (the receiver first); -1 for none
	NilChecked bool // the function compares it with nil: it handles a nil argument itself
}

// AFact marks envFuncFact as an analysis fact.
func (*envFuncFact) AFact() {}

// String describes the fact, for analysistest.
func (f *envFuncFact) String() string {
	return "envFunc(" + envKind(f.Kind).String() + ")" + f.Roles.String()
}

// cmdFuncFact marks a function that returns a new exec.Cmd or ProcAttr
// (as one of its results) made in it, with the Env it may have there:
// a constructor such as func gitCmd(args ...string) *exec.Cmd.
type cmdFuncFact struct {
	Kind   uint16   // an envKind: what the Env may be
	Result int      // the index of the Cmd among the function's results
	Param  paramRef // as in envFuncFact
}

// AFact marks cmdFuncFact as an analysis fact.
func (*cmdFuncFact) AFact() {}

// String describes the fact, for analysistest.
func (f *cmdFuncFact) String() string { return "cmdFunc(" + envKind(f.Kind).String() + ")" }

// startsFuncFact marks a function that starts a child with an
// environment made from its one []string parameter: os.Environ() given
// there is reported at the call.
type startsFuncFact struct {
	Param paramRef // that parameter
	Bad   []uint16 // per kind of site, the kinds of environment that are findings there
	Kind  []uint16 // and the kinds its environment may be there, in param bits
}

// AFact marks startsFuncFact as an analysis fact.
func (*startsFuncFact) AFact() {}

// String describes the fact, for analysistest.
func (f *startsFuncFact) String() string {
	var parts []string
	for i := range f.Bad {
		parts = append(parts, envKind(f.Kind[i]).String())
	}
	return "startsFunc(" + strings.Join(parts, ";") + ")"
}

// holderParamFact marks a function with exec.Cmd or ProcAttr
// parameters: which it starts or lets leave with the Env its caller
// gave (judged at each call), and what Env each has when it returns.
// A function of a package the analysis read that has no such fact
// neither starts nor keeps the Cmd it is given.
type holderParamFact struct {
	Starts  []int    // parameters it starts
	HandsOn []int    // parameters it lets leave (stores, passes on)
	Params  []int    // the holder parameters, and per each
	Effect  []uint16 // its Env at return (kEntry: as given)
	Param   paramRef // as in envFuncFact, for Effect's param bits
}

// AFact marks holderParamFact as an analysis fact.
func (*holderParamFact) AFact() {}

// String describes the fact, for analysistest.
func (f *holderParamFact) String() string {
	return fmt.Sprintf("holderParams(starts %v, hands on %v)", f.Starts, f.HandsOn)
}

// funcValueFact marks a function that returns func values (such as
// Lookup's EnvFunc) of which the analysis knows what calling them
// returns: Fn is what it knows of them all.
type funcValueFact struct {
	Result int // the index of that result among the function's results
	Fn     envFuncFact
}

// AFact marks funcValueFact as an analysis fact.
func (*funcValueFact) AFact() {}

// String describes the fact, for analysistest.
func (f *funcValueFact) String() string { return "funcValue(" + f.Fn.String() + ")" }

// fieldFact marks a struct field that holds an environment: the sites
// its value reaches in the package that declares it, by which a store to
// it elsewhere is judged.
type fieldFact struct {
	Sinks []fieldSinkFact
}

// fieldSinkFact is a site a field's value reaches.
type fieldSinkFact struct {
	Name  string // the site's name in messages
	Where string // its file (from the module's root) and line
	Kind  uint16 // an envKind: its environment, in field bits for the field's value
	Bad   uint16 // the kinds that are findings there
}

// AFact marks fieldFact as an analysis fact.
func (*fieldFact) AFact() {}

// String describes the fact, for analysistest.
func (f *fieldFact) String() string {
	var parts []string
	for _, s := range f.Sinks {
		parts = append(parts, "sink "+s.Name+" at "+s.Where+" "+envKind(s.Kind).String())
	}
	return "field(" + strings.Join(parts, "; ") + ")"
}

// envPackageFact marks a package that exports facts, so that the
// packages importing it are analysed even when they import no package
// that spawns.
type envPackageFact struct{}

// AFact marks envPackageFact as an analysis fact.
func (*envPackageFact) AFact() {}

// String describes the fact, for analysistest.
func (*envPackageFact) String() string { return "envPackage" }
