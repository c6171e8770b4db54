package envgenvet_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/envgen/envgen/passes/envgenvet"
)

// TestAnalyzer runs the analyzer over testdata/src/a, whose comments say
// what it must report; gen, envhelp and b export the facts a relies on.
// notests's site is in a test file, which is not checked by default;
// stale imports nothing that starts a child, yet its directives are
// judged; and testdata/deps (runDependencies). Each diagnostic carries
// the category its message names, and every category of envgenvet.Rules
// is seen.
func TestAnalyzer(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), envgenvet.Analyzer, "a", "b", "gen", "shellopts", "envhelp", "fakegen", "example.com/sdk", "example.com/tui", "notests", "stale")
	results = append(results, runDependencies(t)...)
	byMessage := []struct{ text, category string }{
		{"the environment is nil", envgenvet.CategoryNilEnv},
		{"the environment is os.Environ() or derived", envgenvet.CategoryParentEnv},
		{"the environment is a builder's result with a non-constant entry", envgenvet.CategoryExtendedBuilder},
		{"its environ is os.Environ() with entries appended", envgenvet.CategoryFirstWins},
		{"Sets passes each as given", envgenvet.CategoryForwardedSets},
		{"so the child gets every secret of this process; give it a builder's result", envgenvet.CategoryDependency},
		{", which reaches ", envgenvet.CategoryFieldStore},
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

// runDependencies runs the analyzer over testdata/deps, a module that
// calls into another (sdk, joined by a go.work) whose functions start
// children: the calls are reported in app. TestAnalyzer runs it, so that
// its findings' categories are checked with the rest.
func runDependencies(t *testing.T) []*analysistest.Result {
	return analysistest.Run(t, filepath.Join(analysistest.TestData(), "deps"), envgenvet.Analyzer, "example.test/app/...", "example.test/sdk/...")
}

// TestUnfollowed runs the analyzer with -unfollowed over notfollowed,
// whose comments say where the parent's environment goes where the
// analysis cannot follow it.
func TestUnfollowed(t *testing.T) {
	if err := envgenvet.Analyzer.Flags.Set("unfollowed", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = envgenvet.Analyzer.Flags.Set("unfollowed", "false") })
	analysistest.Run(t, analysistest.TestData(), envgenvet.Analyzer, "notfollowed")
}

// TestObserve runs the analyzer with -observe over observing, whose
// comments say where a builder is switched to observe mode; without the
// flag (TestAnalyzer) those places are silent.
func TestObserve(t *testing.T) {
	if err := envgenvet.Analyzer.Flags.Set("observe", "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = envgenvet.Analyzer.Flags.Set("observe", "false") })
	analysistest.Run(t, analysistest.TestData(), envgenvet.Analyzer, "observing")
}
