package envgenvet

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
	"testing"
)

// The real packages the stand-ins in testdata stand for (the runtime's
// envimpl and envrt, and envexec), and the stand-ins.
var (
	realRuntime  = filepath.Join("..", "..", "runtime")
	realEnvimpl  = filepath.Join(realRuntime, "envimpl")
	realEnvexec  = filepath.Join(realRuntime, "envexec")
	stubRuntime  = filepath.Join("testdata", "src", "github.com", "envgen", "envgen", "runtime")
	stubEnvexec  = filepath.Join(stubRuntime, "envexec")
	realPackages = map[string]string{envimplPath: realEnvimpl, envexecPath: realEnvexec}
)

// TestRuntimeStub holds the stand-ins for the runtime's packages to the
// real ones: each function a stand-in declares has, in the real package,
// the real one's parameter and result types, so the analyzer's tests
// look at the real API.
func TestRuntimeStub(t *testing.T) {
	for _, pkg := range []string{"envimpl", "envrt", "envexec"} {
		dir := filepath.Join(stubRuntime, pkg)
		real, stub := funcTypes(t, filepath.Join(realRuntime, pkg)), funcTypes(t, dir)
		for name, sig := range stub {
			if got, ok := real[name]; !ok {
				t.Errorf("the runtime's %s has no %s, which %s declares", pkg, name, dir)
			} else if got != sig {
				t.Errorf("%s: the real one's is %s, %s's %s", name, got, dir, sig)
			}
		}
	}
	if stub := funcTypes(t, stubEnvexec); len(stub) < len(spawnHelpers) {
		t.Errorf("%s declares %d functions; want at least the %d spawning helpers", stubEnvexec, len(stub), len(spawnHelpers))
	}
}

// TestTableNamesExist holds the table (names.go) to the real runtime: each
// function it knows in the runtime or envexec is declared in one of
// them, the builder API's core takes a task (what makes a function that
// calls it a builder), and the task type is the runtime's. When the API moves or is
// renamed, this says which entry of the table to change.
func TestTableNamesExist(t *testing.T) {
	real := map[string]map[string]string{}
	for path, dir := range realPackages {
		real[path] = funcTypes(t, dir)
	}
	has := func(k funcKey) bool {
		name := k.name
		if k.recv != "" {
			name = "*" + k.recv + "." + k.name
		}
		_, ok := real[k.pkg][name]
		return ok
	}
	for k, r := range builderAPI {
		if !has(k) {
			t.Errorf("builderAPI: %s has no %s", k.pkg, k.name)
		} else if task := "*" + taskType.name; r.core && !strings.Contains(real[k.pkg][k.name], task) {
			t.Errorf("builderAPI: %s.%s takes no %s: %s", k.pkg, k.name, task, real[k.pkg][k.name])
		}
	}
	for k := range spawnHelpers {
		if !has(funcKey{envexecPath, k.recv, k.name}) {
			t.Errorf("spawnHelpers: envexec has no %s %s", k.recv, k.name)
		}
	}
	if !declaresType(t, realEnvimpl, taskType.name) {
		t.Errorf("taskType: envimpl declares no type %s", taskType.name)
	}
}

// funcTypes returns the exported functions and methods declared in the
// non-test files of dir, each as its parameter and result types.
func funcTypes(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	fset := token.NewFileSet()
	for _, f := range parseDir(t, fset, dir) {
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

// declaresType reports whether the non-test files of dir declare a type
// named name.
func declaresType(t *testing.T, dir, name string) bool {
	for _, f := range parseDir(t, token.NewFileSet(), dir) {
		if obj := f.Scope.Lookup(name); obj != nil && obj.Kind == ast.Typ {
			return true
		}
	}
	return false
}

// parseDir parses the non-test Go files of dir.
func parseDir(t *testing.T, fset *token.FileSet, dir string) []*ast.File {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no Go files in %s: %v", dir, err)
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
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
