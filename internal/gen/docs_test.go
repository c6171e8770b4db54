package gen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDocsPoliciesGenerate runs every YAML block of docs/recipes.md and
// docs/task-runners.md through the generator: the pages promise that each
// is a whole policy a user can paste.
func TestDocsPoliciesGenerate(t *testing.T) {
	for page, least := range map[string]int{"recipes.md": 5, "task-runners.md": 2} {
		path := filepath.Join("..", "..", "docs", page)
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		blocks := yamlBlocks(string(src))
		require.GreaterOrEqual(t, len(blocks), least, "docs/%s lost its policies", page)
		for i, b := range blocks {
			_, err := Generate(path, []byte(b.text), "recipes")
			require.NoError(t, err, "the YAML block at line %d of %s (block %d)", b.line, path, i+1)
		}
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
