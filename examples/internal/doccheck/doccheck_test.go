package doccheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/testkit"
)

// pages are the guides checked, with how many of their Go blocks at least
// quote an example, so that a page cannot lose its quotes unnoticed.
var pages = map[string]int{
	"migrating.md":    6,
	"task-runners.md": 2,
	"rollout.md":      2,
}

// sourceLink finds a link to an example's Go file, relative to docs/.
var sourceLink = regexp.MustCompile(`\]\(\.\./(examples/[A-Za-z0-9_/.-]+\.go)\)`)

// TestDocsQuoteTheExamples holds each Go block of the guides to one of two
// promises. A block whose previous line links to an example's Go file
// quotes it: its lines, indentation aside, are consecutive lines of that
// file. Any other block parses as Go (a file, declarations or statements)
// and holds no function with a body: a whole function is quoted from code
// that compiles and is tested, never written for the page alone.
func TestDocsQuoteTheExamples(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	for page, least := range pages {
		src, err := os.ReadFile(filepath.Join(root, "docs", page))
		require.NoError(t, err)
		quoted := 0
		for _, b := range testkit.CodeBlocks(string(src)) {
			if b.Lang != "go" {
				continue
			}
			where := fmt.Sprintf("docs/%s:%d", page, b.Line)
			if m := sourceLink.FindAllStringSubmatch(b.Before, -1); m != nil {
				source := m[len(m)-1][1]
				code, err := os.ReadFile(filepath.Join(root, source))
				require.NoError(t, err, "%s links to %s", where, source)
				require.True(t, containsLines(string(code), b.Text), "%s: the block is not in %s as it stands there", where, source)
				quoted++
				continue
			}
			file, ok := parse(b.Text)
			require.True(t, ok, "%s: the block is not Go", where)
			for _, d := range file.Decls {
				if fn, isFunc := d.(*ast.FuncDecl); isFunc && fn.Body != nil && fn.Name.Name != "_" {
					t.Errorf("%s: func %s is written for the page alone: quote it from an example, and link the file on the line before", where, fn.Name.Name)
				}
			}
		}
		require.GreaterOrEqual(t, quoted, least, "docs/%s quotes fewer examples than it did", page)
	}
}

// containsLines reports whether the lines of block, with their leading
// tabs removed, are consecutive lines of code, with theirs removed.
func containsLines(code, block string) bool {
	trim := func(s string) string {
		lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
		for i, l := range lines {
			lines[i] = strings.TrimLeft(l, "\t")
		}
		return "\n" + strings.Join(lines, "\n") + "\n"
	}
	return strings.Contains(trim(code), trim(block))
}

// parse parses text as a Go file, else as declarations, else as the
// statements of a function named _.
func parse(text string) (*ast.File, bool) {
	for _, wrap := range []string{"%s", "package p\n%s", "package p\nfunc _() {\n%s\n}"} {
		f, err := parser.ParseFile(token.NewFileSet(), "", strings.Replace(wrap, "%s", text, 1), 0)
		if err == nil {
			return f, true
		}
	}
	return nil, false
}
