package policy

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	want := "\n" + injectionMarkdown()
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
	require.Equal(t, want, doc[start:stop], "run go test ./internal/policy -run TestDocInjection -update")
}

func TestBuiltinsMarkdown(t *testing.T) {
	md := builtinsMarkdown()
	require.Equal(t, md, builtinsMarkdown(), "not deterministic")
	require.True(t, strings.HasPrefix(md, "#### Essentials\n\n| Name | Group | Source |\n| --- | --- | --- |\n"), "bad start:\n%s", md)
	require.True(t, strings.HasSuffix(md, " |\n"), "must end with a table row and one newline")

	essentials, secrets, ok := strings.Cut(md, "\n#### Secrets\n\n")
	require.True(t, ok, "no secrets heading")
	require.True(t, strings.HasPrefix(secrets, "| Name | Group | Source |\n| --- | --- | --- |\n"))

	rows := func(section string) []string {
		var out []string
		for _, line := range strings.Split(strings.TrimSuffix(section, "\n"), "\n") {
			if strings.HasPrefix(line, "| `") {
				out = append(out, line)
			}
		}
		return out
	}
	want := func(list []Builtin) []string {
		var out []string
		for _, e := range list {
			out = append(out, "| `"+e.Name+"` | "+e.Group+" | "+e.Source+" |")
		}
		return out
	}
	assert.Equal(t, want(BuiltinEssentials), rows(essentials))
	assert.Equal(t, want(BuiltinSecrets), rows(secrets))
}

// Markers that enclose the generated built-in tables in docs/builtin-lists.md.
const (
	builtinsBegin = "<!-- builtins:begin -->"
	builtinsEnd   = "<!-- builtins:end -->"
)

// TestDocBuiltins keeps the tables of docs/builtin-lists.md equal to the
// built-in lists the generator uses; -update rewrites them.
func TestDocBuiltins(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "builtin-lists.md")
	data, err := os.ReadFile(path)
	require.NoError(t, err, "docs/builtin-lists.md must exist and hold the built-in tables between %s and %s", builtinsBegin, builtinsEnd)
	doc := string(data)
	want := "\n" + builtinsMarkdown()

	if *update {
		out, err := syncMarkedSection(doc, builtinsBegin, builtinsEnd, want)
		require.NoError(t, err, "cannot update %s", path)
		if out != doc {
			require.NoError(t, os.WriteFile(path, []byte(out), 0o644))
		}
		return
	}
	start, stop, err := markedSectionBounds(doc, builtinsBegin, builtinsEnd)
	require.NoError(t, err, "%s must hold the built-in tables", path)
	require.Equal(t, want, doc[start:stop],
		"%s: the built-in tables are out of date; run go test ./internal/policy -run TestDocBuiltins -update", path)
}

// markedSectionBounds finds the lines that are exactly begin and end in doc
// and returns the byte range between them: from just after the begin line's
// newline to the start of the end line. Each marker must occur once, as a
// whole line, begin before end.
func markedSectionBounds(doc, begin, end string) (start, stop int, err error) {
	beginLine, endLine := -1, -1
	off := 0
	for off <= len(doc) {
		next := strings.IndexByte(doc[off:], '\n')
		line, lineEnd := doc[off:], len(doc)
		if next >= 0 {
			line, lineEnd = doc[off:off+next], off+next+1
		}
		switch line {
		case begin:
			if beginLine >= 0 {
				return 0, 0, errors.New("marker " + begin + " occurs twice")
			}
			beginLine, start = off, lineEnd
		case end:
			if endLine >= 0 {
				return 0, 0, errors.New("marker " + end + " occurs twice")
			}
			endLine, stop = off, off
		}
		if next < 0 {
			break
		}
		off = lineEnd
	}
	switch {
	case beginLine < 0:
		return 0, 0, errors.New("no line " + begin)
	case endLine < 0:
		return 0, 0, errors.New("no line " + end)
	case endLine < beginLine:
		return 0, 0, errors.New(end + " comes before " + begin)
	}
	return start, stop, nil
}

// syncMarkedSection returns doc with the text between its marker lines
// begin and end replaced by body, which must be empty or end in a newline
// so that end stays on a line of its own.
func syncMarkedSection(doc, begin, end, body string) (string, error) {
	if body != "" && !strings.HasSuffix(body, "\n") {
		return "", errors.New("section body must end with a newline")
	}
	start, stop, err := markedSectionBounds(doc, begin, end)
	if err != nil {
		return "", err
	}
	return doc[:start] + body + doc[stop:], nil
}

func TestSyncMarkedSection(t *testing.T) {
	const b, e = "<!-- x:begin -->", "<!-- x:end -->"
	doc := "# T\n\n" + b + "\nold\n" + e + "\ntail\n"

	out, err := syncMarkedSection(doc, b, e, "\nnew\n")
	require.NoError(t, err)
	assert.Equal(t, "# T\n\n"+b+"\n\nnew\n"+e+"\ntail\n", out)

	again, err := syncMarkedSection(out, b, e, "\nnew\n")
	require.NoError(t, err)
	assert.Equal(t, out, again, "not idempotent")

	start, stop, err := markedSectionBounds(out, b, e)
	require.NoError(t, err)
	assert.Equal(t, "\nnew\n", out[start:stop])

	empty, err := syncMarkedSection(doc, b, e, "")
	require.NoError(t, err)
	assert.Equal(t, "# T\n\n"+b+"\n"+e+"\ntail\n", empty)

	atEOF, err := syncMarkedSection(b+"\n"+e, b, e, "x\n")
	require.NoError(t, err)
	assert.Equal(t, b+"\nx\n"+e, atEOF, "end marker without a final newline")

	for name, bad := range map[string]string{
		"no begin":        "a\n" + e + "\n",
		"no end":          b + "\na\n",
		"end first":       e + "\n" + b + "\n",
		"begin twice":     b + "\n" + b + "\n" + e + "\n",
		"end twice":       b + "\n" + e + "\n" + e + "\n",
		"begin not alone": "x " + b + "\n" + e + "\n",
		"end not alone":   b + "\n" + e + " x\n",
		"empty doc":       "",
	} {
		_, err := syncMarkedSection(bad, b, e, "\nnew\n")
		assert.Error(t, err, name)
	}
	_, err = syncMarkedSection(doc, b, e, "\nno newline")
	assert.Error(t, err, "body without a final newline")
}

func TestInjectionMarkdown(t *testing.T) {
	md := injectionMarkdown()
	lines := strings.Split(strings.TrimSuffix(md, "\n"), "\n")
	require.Equal(t, "#### Injection variables", lines[0])
	assert.Len(t, lines, 4+len(BuiltinInjection)+1, "a heading, a blank line, the table head, one row per entry and the value rule")
	for _, b := range BuiltinInjection {
		assert.Contains(t, md, "| `"+b.Name+"` | "+b.Group+" | "+b.Source+" |\n")
	}
	assert.Contains(t, lines[len(lines)-1], "value starts with `()` |")
}
