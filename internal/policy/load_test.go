package policy

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestUnknownKeyHint: an unknown key that is a typo of exactly one known
// key says which; a key like none, or like two, says nothing more.
func TestUnknownKeyHint(t *testing.T) {
	for src, want := range map[string]string{
		"version: 1\ntasks: {t: {Mode: inherit}}\n":        `policy.yaml:2:13: unknown key "Mode" in task "t": did you mean mode? (known: `,
		"version: 1\ntasks: {t: {dropInjections: true}}\n": `policy.yaml:2:13: unknown key "dropInjections" in task "t": did you mean dropInjection? (known: `,
		"version: 1\ntasks: {t: {extend: [a]}}\n":          `policy.yaml:2:13: unknown key "extend" in task "t": did you mean extends? (known: `,
		"version: 1\ntasks: {t: {colour: red}}\n":          `policy.yaml:2:13: unknown key "colour" in task "t" (known: `,
		"version: 1\ntasks: {t: {mod: x}}\n":               `policy.yaml:2:13: unknown key "mod" in task "t": did you mean mode? (known: `,
		"version: 1\ntasks: {t: {xy: x}}\n":                `policy.yaml:2:13: unknown key "xy" in task "t" (known: `,
	} {
		_, err := Load("policy.yaml", []byte(src))
		if assert.Error(t, err, src) {
			assert.Contains(t, err.Error(), want, src)
		}
	}
	assert.Equal(t, "", nearestKey("pas", []string{"pass", "past"}), "two keys one edit away: no guess")
}

// TestAliasedTextBounded: one large value named by many aliases is
// refused at the alias whose copy passes maxScalarBytes, before the
// value is read into a task; the same text without the alias is not.
func TestAliasedTextBounded(t *testing.T) {
	value := strings.Repeat("x", 1<<20)
	var b strings.Builder
	b.WriteString("version: 1\npackage: p\ntasks:\n  t:\n    define:\n")
	b.WriteString("      D0: &v \"" + value + "\"\n")
	for i := 1; i <= 300; i++ {
		fmt.Fprintf(&b, "      D%d: *v\n", i)
	}
	_, err := Load("policy.yaml", []byte(b.String()))
	if assert.Error(t, err) {
		// D0 and D1 to D15 are 16 copies of 1 MiB, past 16,000,000
		// bytes; D15 stands on line 21.
		assert.Equal(t, "policy.yaml:21:12: policy too large: over 16000000 bytes of keys, names and values, counting each alias as a copy of what it names", err.Error())
	}

	// A name list anchored in one task and aliased in the others counts
	// once per alias too.
	b.Reset()
	b.WriteString("version: 1\npackage: p\ntasks:\n  t0: {passThrough: &names [" + strings.Repeat("N", 1<<20) + "]}\n")
	for i := 1; i <= 300; i++ {
		fmt.Fprintf(&b, "  t%d: {passThrough: *names}\n", i)
	}
	_, err = Load("policy.yaml", []byte(b.String()))
	if assert.Error(t, err) {
		assert.Equal(t, "policy.yaml:19:22: policy too large: over 16000000 bytes of keys, names and values, counting each alias as a copy of what it names", err.Error())
	}

	// Under the bound: 15 copies.
	b.Reset()
	b.WriteString("version: 1\npackage: p\ntasks:\n  t:\n    define:\n")
	b.WriteString("      D0: &v \"" + value + "\"\n")
	for i := 1; i < 15; i++ {
		fmt.Fprintf(&b, "      D%d: *v\n", i)
	}
	_, err = Load("policy.yaml", []byte(b.String()))
	assert.NoError(t, err)
}
