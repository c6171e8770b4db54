package envgenvet_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/envgen/envgen/passes/envgenvet"
)

// TestSample runs the analyzer over the sample module (testdata/sample,
// with its real dependencies and a tool SDK in a module of its own) as
// envgen vet does, and holds its findings to the sample's "// finding:"
// comments: a finding on each line that has one, and on no other.
func TestSample(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the sample's dependencies (mvdan.cc/sh, the MCP SDK, bubbletea) from source; skipped with -short")
	}
	dir := filepath.Join("testdata", "sample")
	cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: dir, Env: append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the sample does not load")
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{envgenvet.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{} // FILE:LINE: messages
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Fatalf("%s: %v", act.Package.PkgPath, act.Err)
		}
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			key := fmt.Sprintf("%s:%d", p.Filename, p.Line)
			got[key] = append(got[key], d.Message)
		}
	}
	want := sampleExpectations(t, dir)
	if len(want) == 0 {
		t.Fatal("the sample has no // finding: comments")
	}
	for key := range want {
		if len(got[key]) == 0 {
			t.Errorf("%s: no finding, where the sample says %q", key, want[key])
		}
	}
	for key, msgs := range got {
		if _, ok := want[key]; !ok {
			t.Errorf("%s: a finding on a line with no // finding: comment: %s", key, strings.Join(msgs, "; "))
		}
	}
}

// sampleExpectations returns the lines of the sample's Go files that
// carry a "// finding:" comment, by absolute FILE:LINE, with its text.
func sampleExpectations(t *testing.T, dir string) map[string]string {
	t.Helper()
	want := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		abs, err := filepath.Abs(path)
		if err != nil {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		for line := 1; sc.Scan(); line++ {
			if _, text, ok := strings.Cut(sc.Text(), "// finding:"); ok {
				want[fmt.Sprintf("%s:%d", abs, line)] = strings.TrimSpace(text)
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return want
}
