package gen

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/policy"
)

// Markers that enclose the generated injection table in docs/builtin-lists.md.
const (
	injectionBegin = "<!-- injection:begin -->"
	injectionEnd   = "<!-- injection:end -->"
)

// TestDocInjection keeps the injection table of docs/builtin-lists.md equal to
// builtinInjection; -update rewrites it.
func TestDocInjection(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "builtin-lists.md")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	doc := string(data)
	want := "\n" + policy.InjectionMarkdown()
	if *update {
		out, err := syncMarkedSection(doc, injectionBegin, injectionEnd, want)
		require.NoError(t, err)
		if out != doc {
			require.NoError(t, os.WriteFile(path, []byte(out), 0o644))
		}
		return
	}
	start, stop, err := markedSectionBounds(doc, injectionBegin, injectionEnd)
	require.NoError(t, err)
	require.Equal(t, want, doc[start:stop], "run go test ./internal/gen -run TestDocInjection -update")
}
