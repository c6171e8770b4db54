package envgenvet_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/envgen/envgen/passes/envgenvet"
)

// TestAnalyzer runs the analyzer over testdata/src/a, whose comments say
// what it must report; gen, envhelp and b export the facts a relies on.
// notests's site is in a test file, which is not checked by default.
func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), envgenvet.Analyzer, "a", "b", "gen", "shellopts", "envhelp", "fakegen", "example.com/sdk", "example.com/tui", "notests")
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

// TestDependencies runs the analyzer over testdata/deps, a module that
// calls into another (sdk, joined by a go.work) whose functions start
// children: the calls are reported in app.
func TestDependencies(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "deps"), envgenvet.Analyzer, "example.test/app/...", "example.test/sdk/...")
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
