package envgenvet_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/envgen/envgen/passes/envgenvet"
)

// TestAnalyzer runs the analyzer over testdata/src/a, whose comments say
// what it must report; gen, envhelp and b export the facts a relies on.
// notests's site is in a test file, which is not checked by default;
// stale imports nothing that starts a child, yet its directives are
// judged. Each diagnostic carries the category its message names, and
// every category of envgenvet.Rules is seen.
func TestAnalyzer(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), envgenvet.Analyzer, "a", "b", "gen", "envhelp", "fakegen", "example.com/sdk", "example.com/tui", "notests", "stale")
	byMessage := []struct{ text, category string }{
		{"the environment is nil", envgenvet.CategoryNilEnv},
		{"the environment is os.Environ() or derived", envgenvet.CategoryParentEnv},
		{"the environment is a builder's result with a non-constant entry", envgenvet.CategoryExtendedBuilder},
		{"its environ is os.Environ() with entries appended", envgenvet.CategoryFirstWins},
		{"//envgen:inherit needs a reason", envgenvet.CategoryDirectiveNoReason},
		{"//envgen:inherit accepts nothing here", envgenvet.CategoryDirectiveUnused},
	}
	seen := map[string]bool{}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			want := ""
			for _, m := range byMessage {
				if strings.Contains(d.Message, m.text) {
					want = m.category
				}
			}
			if d.Category != want {
				t.Errorf("%s: category %q, want %q for %q", r.Pass.Fset.Position(d.Pos), d.Category, want, d.Message)
			}
			seen[d.Category] = true
		}
	}
	for _, rule := range envgenvet.Rules {
		if !seen[rule.Category] {
			t.Errorf("no diagnostic of category %s", rule.Category)
		}
	}
}

// TestAnalyzerTestsFlag runs the analyzer with -tests over withtests,
// whose site is in a test file.
func TestAnalyzerTestsFlag(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the testing package's dependencies from source; skipped with -short")
	}
	if err := envgenvet.Analyzer.Flags.Set("tests", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = envgenvet.Analyzer.Flags.Set("tests", "false") })
	analysistest.Run(t, analysistest.TestData(), envgenvet.Analyzer, "withtests")
}
