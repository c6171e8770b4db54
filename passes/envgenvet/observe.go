package envgenvet

// This file finds where a program switches a builder to observe mode
// (envrt.Observe), whose child then gets the parent's whole environment
// while the builder only reports what it would leave out: not a finding
// (the program chose it, to roll a policy out), but not clean either, so
// that a driver counts these places apart. They are reported as
// diagnostics of their own category when the -observe flag is set
// (envgen vet sets it and counts them), and are otherwise silent.

import (
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"
)

// ObserveCategory is the category of the diagnostics that mark a use of
// envrt.Observe: not findings, a count for the driver to give.
const ObserveCategory = "observe"

// reportObserve is the -observe flag.
var reportObserve bool

func init() {
	Analyzer.Flags.BoolVar(&reportObserve, "observe", false, "also report, as diagnostics of category \""+ObserveCategory+"\", each use of envrt.Observe, whose builder gives its child this process's whole environment")
}

// reportObserveSites reports each use of envrt.Observe in pass's files
// (but test files, unless -tests), when asked to.
func reportObserveSites(pass *analysis.Pass) {
	if !reportObserve {
		return
	}
	var found []analysis.Diagnostic
	for id, obj := range pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Pkg().Path() != envrtPath || fn.Name() != "Observe" || skippedFile(pass.Fset.Position(id.Pos()).Filename) {
			continue
		}
		found = append(found, analysis.Diagnostic{Pos: id.Pos(), Category: ObserveCategory,
			Message: "envrt.Observe: the builder given it returns this process's whole environment, and only reports what the policy would leave out"})
	}
	sort.Slice(found, func(i, j int) bool { return found[i].Pos < found[j].Pos })
	for _, d := range found {
		pass.Report(d)
	}
}
