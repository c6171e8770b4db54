package golangci

import (
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/envgen/envgen/passes/envgenvet"
)

// TestRegistered looks the plugin up by the name .golangci.yml enables,
// as golangci-lint does: it gives envgen vet's analyzer, with type
// information loaded.
func TestRegistered(t *testing.T) {
	newPlugin, err := register.GetPlugin("envgenvet")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(nil)
	if err != nil {
		t.Fatal(err)
	}
	analyzers, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	if len(analyzers) != 1 || analyzers[0] != envgenvet.Analyzer {
		t.Errorf("BuildAnalyzers() = %v, want [envgenvet.Analyzer]", names(analyzers))
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode() = %q, want %q", got, register.LoadModeTypesInfo)
	}
}

// TestSettings checks the plugin's one setting, tests, which sets the
// analyzer's -tests flag, and that a setting it does not know is an
// error rather than ignored.
func TestSettings(t *testing.T) {
	t.Cleanup(func() { _ = envgenvet.Analyzer.Flags.Set("tests", "false") })
	testsFlag := func() string { return envgenvet.Analyzer.Flags.Lookup("tests").Value.String() }

	if _, err := New(map[string]any{"tests": true}); err != nil {
		t.Fatal(err)
	}
	if got := testsFlag(); got != "true" {
		t.Errorf("after tests: true, the analyzer's -tests is %s", got)
	}
	if _, err := New(map[string]any{}); err != nil {
		t.Fatal(err)
	}
	if got := testsFlag(); got != "false" {
		t.Errorf("without tests, the analyzer's -tests is %s", got)
	}
	if _, err := New(map[string]any{"test": true}); err == nil {
		t.Error("New accepted an unknown setting, test")
	}
}

// names lists the analyzers' names.
func names(analyzers []*analysis.Analyzer) []string {
	var out []string
	for _, a := range analyzers {
		out = append(out, a.Name)
	}
	return out
}
