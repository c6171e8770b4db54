package cmd

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/policy"
)

// TestList: envgen list prints every entry of a built-in list on its own
// line, starting with its name, with each URL its source links to.
func TestList(t *testing.T) {
	url := regexp.MustCompile(`\]\((https://[^ ]*)\)`) // the source's last link is at its end
	for name, list := range map[string][]policy.Builtin{
		"essentials": policy.BuiltinEssentials,
		"secrets":    policy.BuiltinSecrets,
		"injection":  policy.BuiltinInjection,
	} {
		code, stdout, stderr := runCLI(t, t.TempDir(), "", "list", name)
		require.Equal(t, 0, code, stderr)
		lines := strings.Split(stdout, "\n")
		require.Regexp(t, `^NAME +GROUP +SOURCE$`, lines[0], name)
		for i, b := range list {
			line := lines[1+i]
			assert.True(t, strings.HasPrefix(line, b.Name+"  "), "%s: line %d %q, want %s", name, i+1, line, b.Name)
			assert.Contains(t, line, " "+b.Group+"  ", name)
			assert.NotContains(t, line, "](", "%s: Markdown left in %q", name, line)
			for _, m := range url.FindAllStringSubmatch(b.Source, -1) {
				assert.Contains(t, line, "<"+m[1]+">", "%s %s", name, b.Name)
			}
		}
	}
}

// TestListPresets prints every built-in preset with each name it passes
// and each value it defines, and their sources as plain links.
func TestListPresets(t *testing.T) {
	code, stdout, stderr := runCLI(t, t.TempDir(), "", "list", "presets")
	require.Equal(t, 0, code, stderr)
	require.NotEmpty(t, policy.BuiltinPresets)
	assert.NotContains(t, stdout, "](")
	for _, p := range policy.BuiltinPresets {
		assert.Contains(t, stdout, "builtin:"+p.Key+": "+p.Doc+"\n")
		for _, b := range p.Pass {
			assert.Regexp(t, `(?m)^  passThrough `+regexp.QuoteMeta(b.Name)+` +`+regexp.QuoteMeta(b.Group)+`  `, stdout, "%s %s", p.Key, b.Name)
		}
		for _, d := range p.Define {
			assert.Regexp(t, `(?m)^  define `+regexp.QuoteMeta(d.Name+"="+d.Value)+` `, stdout, "%s %s", p.Key, d.Name)
		}
	}
	assert.Contains(t, stdout, "extends: [builtin:KEY]")
}

func TestListUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"list"}, "envgen list: which list? one of essentials, secrets, injection, presets\nrun envgen list -h for usage\n"},
		{[]string{"list", "nope"}, "envgen list: no built-in list \"nope\"; the lists: essentials, secrets, injection, presets\nrun envgen list -h for usage\n"},
		{[]string{"list", "secrets", "essentials"}, "envgen list: one list at a time; got 2\nrun envgen list -h for usage\n"},
	} {
		code, stdout, stderr := runCLI(t, t.TempDir(), "", tc.args...)
		assert.Equal(t, 2, code, "%v", tc.args)
		assert.Empty(t, stdout)
		assert.Equal(t, tc.msg, stderr, "%v", tc.args)
	}
	code, stdout, _ := runCLI(t, t.TempDir(), "", "list", "-h")
	assert.Equal(t, 0, code)
	assert.Contains(t, stdout, "usage: envgen list")
}
