package gen

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/internal/testkit"
)

// FuzzGenerate feeds the generator any bytes as a policy. Each input must
// give either Diagnostics, every one naming the file with a message and
// a position (a YAML syntax error may carry only a line), or Go source
// that parses and type-checks against runtime/, the same on a second run;
// Compile must agree with Generate on which inputs are good. Never a
// panic. Its seeds are every golden case's policy and the hostile inputs
// of hostile_test.go, small ones written out.
func FuzzGenerate(f *testing.F) {
	dirs, err := filepath.Glob(filepath.Join(testkit.GoldenRoot, "*", "policy.yaml"))
	if err != nil {
		f.Fatal(err)
	}
	for _, file := range dirs {
		src, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	for _, s := range []string{
		"", "\ufeffversion: 1\npackage: p\n", "version: 1\r\npackage: p\r\ntasks: {a: {}}\r\n",
		"version: 1\npackage: p\ntasks:\n\ta: {}\n", "version: 1\nversion: 1\n", "\xff\xfe",
		"version: 1\npackage: p\ntasks: {a: {define: {X: \"\\0\"}}}\n",
		"a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n",
		"version: 1\npackage: p\ntasks: {a: {mode: inherit, dropInjection: true}, b: {dropInjection: yes}}\n",
		"version: 1\npackage: p\ntasks: {a: &t {passThrough: [A]}, b: *t}\n",
		"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		code, err := Generate("policy.yaml", src, "p")
		_, cerr := policy.Load("policy.yaml", src)
		if err != nil {
			checkDiagnostics(t, src, err)
			if cerr == nil {
				t.Fatalf("Compile accepts a policy Generate refuses: %v", err)
			}
			return
		}
		if cerr != nil {
			t.Fatalf("Generate accepts a policy Compile refuses: %v", cerr)
		}
		if err := typecheck(t, code); err != nil {
			t.Fatalf("generated code does not type-check: %v\n%s", err, code)
		}
		if again, err := Generate("policy.yaml", src, "p"); err != nil || !bytes.Equal(again, code) {
			t.Fatalf("a second run differs (err %v)", err)
		}
	})
}

// checkDiagnostics fails t unless err is a sorted, non-empty Diagnostics,
// each entry naming policy.yaml, with a message, and a position inside
// src (only a YAML syntax error may lack one).
func checkDiagnostics(t *testing.T, src []byte, err error) {
	t.Helper()
	var ds policy.Diagnostics
	if !errors.As(err, &ds) {
		t.Fatalf("error is not Diagnostics: %T %v", err, err)
	}
	if len(ds) == 0 {
		t.Fatal("empty Diagnostics")
	}
	lines := len(policy.YAMLLines(src))
	for _, d := range ds {
		switch {
		case d.File != "policy.yaml":
			t.Errorf("diagnostic names file %q: %v", d.File, d)
		case strings.TrimSpace(d.Msg) == "":
			t.Errorf("diagnostic without a message: %#v", d)
		case d.Pos.Line == 0 && !strings.HasPrefix(d.Msg, "YAML syntax: "):
			t.Errorf("diagnostic without a position: %v", d)
		case d.Pos.Line < 0 || d.Pos.Line > lines || d.Pos.Col < 0:
			t.Errorf("diagnostic outside the file's %d lines: %v", lines, d)
		case !utf8.ValidString(d.String()) && utf8.Valid(src):
			t.Errorf("diagnostic is not UTF-8: %q", d.String())
		}
	}
	if !slices.IsSortedFunc(ds, func(a, b policy.Diagnostic) int {
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line - b.Pos.Line
		}
		return a.Pos.Col - b.Pos.Col
	}) {
		t.Errorf("diagnostics are not sorted by position:\n%v", err)
	}
}

// exportImporter type-checks a generated file against the export data
// of the packages it imports (the runtime's envimpl and envrt) and of
// their dependencies, which one go list -export in the repository's
// workspace builds, or finds in the build cache, once per test binary.
// (A source importer type-checks the standard library from source too,
// and runs go list for each import: 5 s of the -short suite.)
var (
	importerOnce   sync.Once
	exportImporter types.Importer
	importerErr    error
)

// typecheck parses a generated file and type-checks it against the
// runtime's packages.
func typecheck(t *testing.T, code []byte) error {
	importerOnce.Do(func() {
		cmd := exec.Command(testkit.GoCommand(t), "list", "-deps", "-export", "-f", "{{.ImportPath}}={{.Export}}",
			"github.com/envgen/envgen/runtime/envimpl", "github.com/envgen/envgen/runtime/envrt")
		out, err := cmd.Output() //envgen:inherit the go command reads this environment's caches and the repository's workspace
		if err != nil {
			importerErr = fmt.Errorf("go list -export: %w", err)
			return
		}
		exports := map[string]string{}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			path, file, _ := strings.Cut(line, "=")
			exports[path] = file
		}
		exportImporter = importer.ForCompiler(token.NewFileSet(), "gc", func(path string) (io.ReadCloser, error) {
			if exports[path] == "" {
				return nil, fmt.Errorf("no export data for %s", path)
			}
			return os.Open(exports[path])
		})
	})
	if importerErr != nil {
		t.Fatal(importerErr)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "gen.go", code, parser.ParseComments)
	if err != nil {
		return err
	}
	conf := types.Config{Importer: exportImporter}
	_, err = conf.Check("p", fset, []*ast.File{f}, nil)
	return err
}
