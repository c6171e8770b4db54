package envgenvet_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
	"testing"
)

// TestRuntimeStub holds the stand-in runtime in testdata to the real
// one: each function the stand-in declares has the real one's parameter
// and result types, so the analyzer's tests look at the real API.
func TestRuntimeStub(t *testing.T) {
	real := funcTypes(t, filepath.Join("..", "..", "runtime"))
	stub := funcTypes(t, filepath.Join("testdata", "src", "github.com", "envgen", "envgen", "runtime"))
	for name, sig := range stub {
		if name == "Build" {
			continue // the stand-in's own builder, for its generated package
		}
		if got, ok := real[name]; !ok {
			t.Errorf("the runtime has no %s, which the stand-in declares", name)
		} else if got != sig {
			t.Errorf("%s: the runtime's is %s, the stand-in's %s", name, got, sig)
		}
	}
	if len(stub) < 8 {
		t.Errorf("the stand-in declares %d functions; want the runtime's spawn helpers", len(stub))
	}
}

// funcTypes returns the exported functions and methods declared in the
// non-test files of dir, each as its parameter and result types.
func funcTypes(t *testing.T, dir string) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files in %s: %v", dir, err)
	}
	out := map[string]string{}
	fset := token.NewFileSet()
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !fd.Name.IsExported() {
				continue
			}
			name := fd.Name.Name
			if fd.Recv != nil {
				name = types.ExprString(fd.Recv.List[0].Type) + "." + name
			}
			out[name] = fieldTypes(fd.Type.Params) + " " + fieldTypes(fd.Type.Results)
		}
	}
	return out
}

// fieldTypes lists the types of a field list, one per parameter.
func fieldTypes(fl *ast.FieldList) string {
	if fl == nil {
		return "()"
	}
	var ts []string
	for _, f := range fl.List {
		for range max(1, len(f.Names)) {
			ts = append(ts, types.ExprString(f.Type))
		}
	}
	return "(" + strings.Join(ts, ", ") + ")"
}
