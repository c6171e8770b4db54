package gen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDocsPoliciesGenerate runs every YAML block of docs/recipes.md
// through the generator: the page promises that each is a whole policy a
// user can paste.
func TestDocsPoliciesGenerate(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "recipes.md")
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	blocks := yamlBlocks(string(src))
	require.GreaterOrEqual(t, len(blocks), 5, "docs/recipes.md lost its policies")
	for i, b := range blocks {
		_, err := Generate(path, []byte(b.text), "recipes")
		require.NoError(t, err, "the YAML block at line %d of %s (block %d)", b.line, path, i+1)
	}
}

// yamlBlock is one fenced ```yaml block of a Markdown page.
type yamlBlock struct {
	line int // of the block's first line of YAML
	text string
}

// yamlBlocks returns the fenced ```yaml blocks of a Markdown page.
func yamlBlocks(md string) []yamlBlock {
	var out []yamlBlock
	var cur *yamlBlock
	for i, l := range strings.Split(md, "\n") {
		switch {
		case cur == nil && strings.TrimSpace(l) == "```yaml":
			cur = &yamlBlock{line: i + 2}
		case cur != nil && strings.TrimSpace(l) == "```":
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.text += l + "\n"
		}
	}
	return out
}
