package gen

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/envgen/envgen/internal/policy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// funcDoc returns the doc comment go doc shows for function name of the
// package generated from src.
func funcDoc(t *testing.T, src, name string) string {
	t.Helper()
	code, err := Generate("policy.yaml", []byte(src), "p")
	require.NoError(t, err)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "policy_gen.go", code, parser.ParseComments)
	require.NoError(t, err)
	pkg, err := doc.NewFromFiles(fset, []*ast.File{f}, "example.com/p")
	require.NoError(t, err)
	for _, fn := range pkg.Funcs {
		if fn.Name == name {
			return fn.Doc
		}
	}
	t.Fatalf("no func %s in the generated package", name)
	return ""
}

// TestIsolatedDocSaysWhatTheEssentialsAre: go doc on an isolated task's
// builder lists every name "the essentials" stands for, the built-in ones
// and essentials.extra's, so a reader learns what the task passes in full.
func TestIsolatedDocSaysWhatTheEssentialsAre(t *testing.T) {
	got := funcDoc(t, "version: 1\npackage: p\nessentials: {extra: [GOFLAGS, GOPATH]}\ntasks: {build: {passThrough: [NODE_ENV]}}\n", "BuildEnv")
	words := strings.Fields(strings.NewReplacer(",", " ", "(", " ", ")", " ", ".", " ").Replace(got))
	for _, b := range policy.BuiltinEssentials {
		if b.Name == "PROGRAMFILES(X86)" {
			assert.Contains(t, got, b.Name)
			continue
		}
		assert.Contains(t, words, b.Name, "built-in essential %s in\n%s", b.Name, got)
	}
	assert.Contains(t, got, "from essentials.extra GOFLAGS, GOPATH.")
	assert.Contains(t, got, "NODE_ENV")

	got = funcDoc(t, "version: 1\npackage: p\nessentials: {builtin: false, extra: [GOFLAGS]}\ntasks: {build: {}}\n", "BuildEnv")
	assert.Contains(t, got, "The essentials are essentials.extra's GOFLAGS (the built-in list is off).")
	assert.NotContains(t, got, "SHELL")

	got = funcDoc(t, "version: 1\npackage: p\nessentials: {builtin: false}\ntasks: {build: {}}\n", "BuildEnv")
	assert.Contains(t, got, "There are no essentials")

	// An inherit task passes every name but the secrets: no essentials note.
	got = funcDoc(t, "version: 1\npackage: p\ntasks: {sh: {mode: inherit}}\n", "ShEnv")
	assert.NotContains(t, got, "essentials")
}

// TestBinPathsDocSaysEmptyParameterSkips: a builder whose binPaths read a
// parameter or ${NAME} says that an empty one skips its directory; one with
// literal directories only does not.
func TestBinPathsDocSaysEmptyParameterSkips(t *testing.T) {
	got := funcDoc(t, "version: 1\npackage: p\ntasks: {b: {binPaths: [\"{projectDir}/node_modules/.bin\"]}}\n", "BEnv")
	assert.Contains(t, got, "A directory whose {param} or ${NAME} is empty is skipped")
	got = funcDoc(t, "version: 1\npackage: p\ntasks: {b: {binPaths: [/usr/local/bin]}}\n", "BEnv")
	assert.NotContains(t, got, "is skipped")
}

// TestIsolatedDocBoundsTheExtraList: past maxListedExtra names the comment
// gives their number and the first few, so that it does not grow with
// tasks × names (hostile case 24000-spellings-1000-tasks-alike).
func TestIsolatedDocBoundsTheExtraList(t *testing.T) {
	var names []string
	for i := range 40 {
		names = append(names, "EXTRA_"+strings.Repeat("X", i%3)+string(rune('A'+i%26))+strings.Repeat("0", i/26))
	}
	lines := EssentialsNote{Builtin: false, Extra: names}.Lines()
	text := strings.Join(lines, " ")
	assert.Contains(t, text, "40 names, "+strings.Join(names[:maxListedExtra], ", ")+", … (the policy lists them all)")
	assert.NotContains(t, text, names[maxListedExtra])
	assert.Less(t, len(text), 600)
}
