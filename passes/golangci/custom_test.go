package golangci

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestCustomGolangciLint runs a golangci-lint built with this plugin
// (.ci/golangci-custom builds one; ENVGEN_CUSTOM_GCL names it, and the
// test is skipped without it) on testdata/sample, whose three children
// get this process's environment: one is reported, one is accepted by
// //envgen:inherit, one left out by //nolint:envgenvet. It exits 1 with
// that one finding of envgenvet, where envgen vet puts it.
func TestCustomGolangciLint(t *testing.T) {
	bin := os.Getenv("ENVGEN_CUSTOM_GCL")
	if bin == "" {
		t.Skip("ENVGEN_CUSTOM_GCL names no custom golangci-lint (bash .ci/golangci-custom VERSION OUTPUT builds one)")
	}
	cmd := exec.Command(bin, "run", "--output.json.path=stdout", "--show-stats=false", "./...") //envgen:inherit the go command it runs needs this environment's Go settings
	cmd.Dir = filepath.Join("testdata", "sample")
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+t.TempDir(), "GOWORK=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("%s run: %v, want exit 1 (issues found)\n%s%s", bin, err, out, stderr.String())
	}
	var report struct {
		Issues []struct {
			FromLinter string
			Text       string
			Pos        struct {
				Filename     string
				Line, Column int
			}
		}
	}
	if err := json.Unmarshal(out, &report); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(report.Issues) != 1 {
		t.Fatalf("%d issues, want 1:\n%s", len(report.Issues), out)
	}
	got := report.Issues[0]
	want := "exec.Cmd.Run: the environment is nil, which gives the child this process's whole environment; " +
		"build it with a policy builder, or accept the line with //envgen:inherit REASON"
	if got.FromLinter != "envgenvet" || got.Pos.Filename != "main.go" || got.Pos.Line != 9 || got.Pos.Column != 6 || got.Text != want {
		t.Errorf("issue %+v, want envgenvet's at main.go:9:6: %s", got, want)
	}
}
