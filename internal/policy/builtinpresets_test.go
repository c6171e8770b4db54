package policy

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/runtime/envimpl"
)

// Markers that enclose the generated tables in docs/builtin-presets.md.
const (
	presetsBegin = "<!-- presets:begin -->"
	presetsEnd   = "<!-- presets:end -->"
)

// TestDocBuiltinPresets keeps docs/builtin-presets.md equal to
// BuiltinPresets; -update rewrites it.
func TestDocBuiltinPresets(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "builtin-presets.md")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	doc := string(data)
	want := "\n" + builtinPresetsMarkdown()
	if *update {
		out, err := syncMarkedSection(doc, presetsBegin, presetsEnd, want)
		require.NoError(t, err)
		if out != doc {
			require.NoError(t, os.WriteFile(path, []byte(out), 0o644))
		}
		return
	}
	start, stop, err := markedSectionBounds(doc, presetsBegin, presetsEnd)
	require.NoError(t, err)
	require.Equal(t, want, doc[start:stop], "run go test ./internal/policy -run TestDocBuiltinPresets -update")
}

// matches reports whether name matches pattern, ASCII case aside, by
// the runtime's matcher.
func matches(pattern, name string) bool {
	g := envimpl.CompileGlob(pattern)
	return g.Match(name, true)
}

// TestBuiltinPresetsAreSound: every built-in preset is sorted by key, has a
// doc and, for each name, what it is for and a source; holds each name
// once; and passes no built-in secret (in any ASCII case) and no injection
// variable.
func TestBuiltinPresetsAreSound(t *testing.T) {
	var keys []string
	for _, p := range BuiltinPresets {
		keys = append(keys, p.Key)
		assert.True(t, IsTaskKey(p.Key), "key %q", p.Key)
		assert.NotEmpty(t, p.Doc, p.Key)
		seen := map[string]bool{}
		for _, e := range p.Pass {
			assert.True(t, IsName(e.Name), "%s: %q", p.Key, e.Name)
			assert.False(t, seen[e.Name], "%s: %s twice", p.Key, e.Name)
			seen[e.Name] = true
			assert.NotEmpty(t, e.Group, "%s: %s", p.Key, e.Name)
			assert.True(t, strings.HasPrefix(e.Source, "[") && strings.Contains(e.Source, "](https://"), "%s: %s source %q", p.Key, e.Name, e.Source)
			for _, s := range BuiltinSecrets {
				if IsPattern(s.Name) {
					assert.False(t, matches(s.Name, e.Name), "%s passes %s, a secret by %s", p.Key, e.Name, s.Name)
				} else {
					assert.NotEqual(t, strings.ToUpper(s.Name), strings.ToUpper(e.Name), "%s passes a built-in secret", p.Key)
				}
			}
			for _, inj := range BuiltinInjection {
				if IsPattern(inj.Name) {
					assert.False(t, matches(inj.Name, e.Name), "%s passes %s, an injection variable by %s", p.Key, e.Name, inj.Name)
				} else {
					assert.NotEqual(t, inj.Name, e.Name, "%s passes an injection variable", p.Key)
				}
			}
		}
		for _, d := range p.Define {
			assert.True(t, IsName(d.Name), "%s: define %q", p.Key, d.Name)
			assert.NotEmpty(t, d.Why, "%s: define %s", p.Key, d.Name)
			assert.NotEmpty(t, d.Source, "%s: define %s", p.Key, d.Name)
		}
	}
	assert.True(t, slices.IsSorted(keys), "BuiltinPresets not sorted by key: %v", keys)
	for _, want := range []string{"git", "go", "network", "node", "python", "rust", "xdg"} {
		assert.Contains(t, keys, want)
	}
}

// TestBuiltinPresetsExtend: each built-in preset, taken by an isolated and
// by an inherit task with both built-in lists on, passes its names and
// defines; a user preset of the same short key is another preset.
func TestBuiltinPresetsExtend(t *testing.T) {
	for _, b := range BuiltinPresets {
		src := "version: 1\npackage: p\ntasks:\n  iso: {extends: [builtin:" + b.Key + "]}\n  inh: {mode: inherit, extends: [builtin:" + b.Key + "]}\n"
		p, err := Load("policy.yaml", []byte(src))
		require.NoError(t, err, b.Key)
		for _, task := range p.Tasks {
			var names []string
			for _, e := range b.Pass {
				names = append(names, e.Name)
			}
			assert.Equal(t, names, task.Exact, "%s in %s", b.Key, task.Key)
			var defines []string
			for _, d := range task.Defines {
				defines = append(defines, d.Name)
			}
			var want []string
			for _, d := range b.Define {
				want = append(want, d.Name)
			}
			assert.Equal(t, want, defines, "%s in %s", b.Key, task.Key)
		}
	}

	p, err := Load("policy.yaml", []byte(`version: 1
package: p
presets:
  go: {passThrough: [MY_GO]}
tasks:
  build: {extends: [go, builtin:go], passThrough: [GOFLAGS, EXTRA]}
  mine: {extends: [go]}
`))
	require.NoError(t, err)
	build := p.Tasks[0]
	assert.Equal(t, "MY_GO", build.Exact[0], "the user's preset first")
	assert.Contains(t, build.Exact, "GOCACHE")
	assert.Equal(t, "EXTRA", build.Exact[len(build.Exact)-1], "GOFLAGS once, where the built-in put it")
	assert.Equal(t, []string{"MY_GO"}, p.Tasks[1].Exact, "extends: [go] is the user's preset only")
}

// TestSchemaKnowsBuiltinPresets: the schema's enum of built-in presets in
// extends is BuiltinPresets' keys.
func TestSchemaKnowsBuiltinPresets(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("schema", "policy.schema.json"))
	require.NoError(t, err)
	var quoted []string
	for _, k := range builtinPresetKeys() {
		quoted = append(quoted, `"`+k+`"`)
	}
	assert.Contains(t, string(data), `"enum": [`+strings.Join(quoted, ", ")+`]`)
}
