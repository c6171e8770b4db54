package envrt

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"

	"github.com/envgen/envgen/runtime/internal/assert"
	"github.com/envgen/envgen/runtime/internal/require"
)

// TestGeneratedOnlyMarked checks that what only generated code may call
// says so in its own doc, as protoimpl's identifiers do, so that go doc on
// one of them warns a program off it, and that the package doc lists it.
func TestGeneratedOnlyMarked(t *testing.T) {
	generatedOnly := []string{
		"Policy", "Task", "Input", "Given", "Fresh", "OS", "Build", "Dir", "LayoutV4",
		"Task.Getenv", "Task.GetenvExempt",
		"Policy.IsSecret", "Policy.IsSecretValue", "Policy.SecretList",
	}
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	entries, err := os.ReadDir(".")
	require.NoError(t, err)
	for _, e := range entries {
		if name := e.Name(); strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
			require.NoError(t, err)
			files[name] = f
		}
	}
	var list []*ast.File
	for _, f := range files {
		list = append(list, f)
	}
	pkg, err := doc.NewFromFiles(fset, list, "github.com/envgen/envgen/runtime")
	require.NoError(t, err)

	docs := map[string]string{}
	for _, v := range append(pkg.Consts, pkg.Vars...) {
		for _, n := range v.Names {
			docs[n] = v.Doc
		}
	}
	for _, f := range pkg.Funcs {
		docs[f.Name] = f.Doc
	}
	for _, ty := range pkg.Types {
		docs[ty.Name] = ty.Doc
		for _, f := range ty.Funcs {
			docs[f.Name] = f.Doc
		}
		for _, m := range ty.Methods {
			docs[ty.Name+"."+m.Name] = m.Doc
		}
	}
	pkgDoc := strings.Join(strings.Fields(pkg.Doc), " ")
	for _, name := range generatedOnly {
		d, ok := docs[name]
		if !assert.True(t, ok, "%s is not exported by the package", name) {
			continue
		}
		assert.Contains(t, strings.Join(strings.Fields(d), " "), "For generated code", "%s's doc", name)
		if !strings.Contains(name, ".") || strings.HasPrefix(name, "Task.") {
			assert.Contains(t, pkgDoc, name, "the package doc's list of what is for generated code")
		}
	}
}
