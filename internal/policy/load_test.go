package policy

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/envgen/envgen/internal/testkit"
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
	_, err := Load("policy.yaml", testkit.AliasedValue(300))
	if assert.Error(t, err) {
		// D0 and D1 to D15 are 16 copies of 1 MiB, past 16,000,000
		// bytes; D15 stands on line 21.
		assert.Equal(t, "policy.yaml:21:12: policy too large: over 16000000 bytes of keys, names and values, counting each alias as a copy of what it names", err.Error())
	}

	// A name list anchored in one task and aliased in the others counts
	// once per alias too.
	_, err = Load("policy.yaml", testkit.AliasedName(300))
	if assert.Error(t, err) {
		assert.Equal(t, "policy.yaml:19:22: policy too large: over 16000000 bytes of keys, names and values, counting each alias as a copy of what it names", err.Error())
	}

	// Under the bound: 15 copies.
	_, err = Load("policy.yaml", testkit.AliasedValue(14))
	assert.NoError(t, err)
}

// TestPresetTextBounded: a preset's text counts toward maxScalarBytes in
// each task that extends it, and a task's own text counts as it is
// merged: past the bound, check stops at the task that passes it.
func TestPresetTextBounded(t *testing.T) {
	// t0 to t14 take 15 copies of the preset's 1 MiB; t15, on line 21,
	// passes 16,000,000 bytes.
	_, err := Load("policy.yaml", testkit.PresetValueFanOut(300))
	if assert.Error(t, err) {
		assert.Equal(t, "policy.yaml:21:3: policy too large: over 16000000 bytes of names and values in all, counting each use of a preset anew", err.Error())
	}
	_, err = Load("policy.yaml", testkit.PresetValueFanOut(15))
	assert.NoError(t, err)

	// After those 15 copies, a task of its own 300,000 bytes, no preset,
	// passes the bound too.
	src := string(testkit.PresetValueFanOut(15)) + "  own: {define: {D: \"" + strings.Repeat("y", 300_000) + "\"}}\n"
	_, err = Load("policy.yaml", []byte(src))
	if assert.Error(t, err) {
		assert.Equal(t, "policy.yaml:21:3: policy too large: over 16000000 bytes of names and values in all, counting each use of a preset anew", err.Error())
	}
}
