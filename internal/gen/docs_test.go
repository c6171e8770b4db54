package gen

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/testkit"
)

// TestDocsPoliciesGenerate runs every YAML block of docs/recipes.md and
// docs/task-runners.md through the generator: the pages promise that each
// is a whole policy a user can paste.
func TestDocsPoliciesGenerate(t *testing.T) {
	for page, least := range map[string]int{"recipes.md": 5, "task-runners.md": 2} {
		path := filepath.Join("..", "..", "docs", page)
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		blocks := slices.DeleteFunc(testkit.CodeBlocks(string(src)), func(b testkit.CodeBlock) bool { return b.Lang != "yaml" })
		require.GreaterOrEqual(t, len(blocks), least, "docs/%s lost its policies", page)
		for i, b := range blocks {
			_, err := Generate(path, []byte(b.Text), "recipes")
			require.NoError(t, err, "the YAML block at line %d of %s (block %d)", b.Line, path, i+1)
		}
	}
}

// TestDocsCiteNoOutsideContract holds the repository to its own words: its
// semantics are docs/semantics.md's, so no file may cite a contract that
// the repository does not hold: the upper-case word for a specification,
// spelled out below in two pieces so that this file does not cite it.
func TestDocsCiteNoOutsideContract(t *testing.T) {
	root := filepath.Join("..", "..")
	cite := regexp.MustCompile(`\b` + "SP" + "EC" + `\b`)
	var found []string
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".go", ".md", ".yaml", ".golden", ".txt", ".json":
		default:
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(src), "\n") {
			if cite.MatchString(line) {
				found = append(found, fmt.Sprintf("%s:%d: %s", path, i+1, strings.TrimSpace(line)))
			}
		}
		return nil
	})
	require.NoError(t, err)
	require.Empty(t, found, "cite docs/semantics.md (or say it in the file's own words) instead")
}

// TestPackageDocsSayWhatTheyImport holds every package of the module to
// a doc that says what it is for and what it may import.
func TestPackageDocsSayWhatTheyImport(t *testing.T) {
	root := filepath.Join("..", "..")
	docs := map[string]string{} // directory → package doc
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		if _, ok := docs[filepath.Dir(path)]; !ok {
			docs[filepath.Dir(path)] = ""
		}
		if f.Doc != nil {
			docs[filepath.Dir(path)] += f.Doc.Text()
		}
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, len(docs), 20, "the walk found too few packages")
	for dir, doc := range docs {
		if doc == "" {
			t.Errorf("%s: no package doc", dir)
		} else if !strings.Contains(doc, "import") {
			t.Errorf("%s: the package doc does not say what it may import", dir)
		}
	}
}

// TestSecurityCitesTestsThatExist holds SECURITY.md's table, and
// docs/testing.md's, to the code: every test, fuzz target and benchmark
// they cite is defined somewhere in the repository, so a renamed or
// removed test cannot leave a guarantee vouched for by nothing.
func TestSecurityCitesTestsThatExist(t *testing.T) {
	root := filepath.Join("..", "..")
	doc, err := os.ReadFile(filepath.Join(root, "SECURITY.md"))
	require.NoError(t, err)
	defined := map[string]bool{}
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		for _, m := range regexp.MustCompile(`(?m)^func ((?:Test|Fuzz|Benchmark)\w*)\(`).FindAllSubmatch(src, -1) {
			defined[string(m[1])] = true
		}
		return err
	})
	require.NoError(t, err)
	cite := regexp.MustCompile("`((?:Test|Fuzz|Benchmark)[A-Z]\\w*)`")
	cited := cite.FindAllSubmatch(doc, -1)
	require.Greater(t, len(cited), 50, "SECURITY.md cites too few tests to be read right")
	testingDoc, err := os.ReadFile(filepath.Join(root, "docs", "testing.md"))
	require.NoError(t, err)
	for page, cited := range map[string][][][]byte{"SECURITY.md": cited, "docs/testing.md": cite.FindAllSubmatch(testingDoc, -1)} {
		for _, m := range cited {
			assert.True(t, defined[string(m[1])], "%s cites %s, which no _test.go file defines", page, m[1])
		}
	}
}
