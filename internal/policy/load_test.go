package policy

import (
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
