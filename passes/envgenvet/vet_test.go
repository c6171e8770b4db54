package envgenvet_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/envgen/envgen/passes/envgenvet"
)

// TestAnalyzer runs the analyzer over testdata/src/a, whose comments say
// what it must report; gen, envhelp and b export the facts a relies on.
func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), envgenvet.Analyzer, "a", "b", "gen", "envhelp", "fakegen", "example.com/sdk", "example.com/tui")
}
