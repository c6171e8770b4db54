// Package golangci registers envgen vet's analyzer with golangci-lint v2
// as a module plugin named envgenvet: a custom golangci-lint built with
// this package (golangci-lint custom, from a .custom-gcl.yml naming it)
// runs the analyzer of github.com/envgen/envgen/passes/envgenvet when
// .golangci.yml enables envgenvet as a custom linter of type module.
//
// It imports the analyzer, x/tools' analysis and golangci-lint's plugin
// registry (github.com/golangci/plugin-module-register), and only these;
// it is a module of its own so that neither envgen nor its runtime
// depends on that registry.
package golangci

import (
	"strconv"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/envgen/envgen/passes/envgenvet"
)

func init() { register.Plugin("envgenvet", New) }

// Settings are the plugin's settings, under
// linters.settings.custom.envgenvet.settings in .golangci.yml.
type Settings struct {
	// Tests reports spawn sites in _test.go files too, as envgen vet
	// -tests does (golangci-lint loads test files unless run.tests is
	// false; the analyzer skips them unless this is set).
	Tests bool `json:"tests"`
}

// New returns the plugin for golangci-lint's settings of it (nil when
// there are none); a setting it does not know is an error.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](settings)
	if err != nil {
		return nil, err
	}
	if err := envgenvet.Analyzer.Flags.Set("tests", strconv.FormatBool(s.Tests)); err != nil {
		return nil, err
	}
	return plugin{}, nil
}

// plugin is the registered linter: the one analyzer, on typed syntax.
type plugin struct{}

// BuildAnalyzers returns envgen vet's analyzer.
func (plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{envgenvet.Analyzer}, nil
}

// GetLoadMode asks for type information: the analyzer reads typed
// syntax, builds its own SSA form, and passes facts between packages.
func (plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
