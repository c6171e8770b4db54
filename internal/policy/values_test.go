package policy

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSecretValuesDefault: without the keys, value detection is on with
// no prefixes of one's own.
func TestSecretValuesDefault(t *testing.T) {
	p, err := Load("policy.yaml", []byte("version: 1\n"))
	require.NoError(t, err)
	assert.True(t, p.Values)
	assert.Empty(t, p.ValuePrefixes)
}

// TestSecretValuesLoad: secrets.values and secrets.valuePrefixes as
// loaded, prefixes sorted bytewise.
func TestSecretValuesLoad(t *testing.T) {
	p, err := Load("policy.yaml", []byte("version: 1\nsecrets:\n  values: true\n  valuePrefixes: [zeta_, acme_live_, \"Acme-\", \"~x!y\"]\n"))
	require.NoError(t, err)
	assert.True(t, p.Values)
	assert.Equal(t, []string{"Acme-", "acme_live_", "zeta_", "~x!y"}, p.ValuePrefixes)

	p, err = Load("policy.yaml", []byte("version: 1\nsecrets: {values: false}\n"))
	require.NoError(t, err)
	assert.False(t, p.Values)
	assert.Empty(t, p.ValuePrefixes)
}

// TestSecretValuesErrors: every problem of the two keys, positioned.
func TestSecretValuesErrors(t *testing.T) {
	for src, want := range map[string]string{
		"version: 1\nsecrets: {values: yes please}\n":                       `policy.yaml:2:19: secrets.values must be true or false; got "yes please"`,
		"version: 1\nsecrets: {values: [true]}\n":                           `policy.yaml:2:19: secrets.values must be true or false; got a list`,
		"version: 1\nsecrets: {valuePrefixes: acme_}\n":                     `policy.yaml:2:26: secrets.valuePrefixes must be a list; got "acme_"`,
		"version: 1\nsecrets: {valuePrefixes: [[acme_]]}\n":                 `policy.yaml:2:27: an entry of secrets.valuePrefixes must be a scalar; got a list`,
		"version: 1\nsecrets: {valuePrefixes: [\"\"]}\n":                    `policy.yaml:2:27: secrets.valuePrefixes: an empty prefix would mark every value a secret`,
		"version: 1\nsecrets: {valuePrefixes: [abc]}\n":                     `policy.yaml:2:27: secrets.valuePrefixes: "abc" is too short to mark a credential: a prefix takes at least 4 bytes`,
		"version: 1\nsecrets: {valuePrefixes: [\"ab\\0cd\"]}\n":             `policy.yaml:2:27: secrets.valuePrefixes: "ab\x00cd" holds a NUL byte, which no environment value can carry`,
		"version: 1\nsecrets: {valuePrefixes: [\"ab cd\"]}\n":               `policy.yaml:2:27: secrets.valuePrefixes: "ab cd" holds " " (at byte 2): a prefix is printable ASCII without spaces`,
		"version: 1\nsecrets: {valuePrefixes: [\"\\xe4\\xe4\"]}\n":          `policy.yaml:2:27: secrets.valuePrefixes: "ää" holds "\xc3" (at byte 0): a prefix is printable ASCII without spaces`,
		"version: 1\nsecrets: {valuePrefixes: [acme_, acme_]}\n":            `policy.yaml:2:34: secrets.valuePrefixes: "acme_" is listed twice (first at line 2)`,
		"version: 1\nsecrets:\n  values: false\n  valuePrefixes: [acme_]\n": `policy.yaml:4:3: secrets.valuePrefixes does nothing with secrets.values: false (line 3); turn values on, or drop the prefixes`,
		"version: 1\nsecrets: {valuePrefix: [acme_]}\n":                     `policy.yaml:2:11: unknown key "valuePrefix" in secrets: did you mean valuePrefixes? (known: builtin, extra, pass, values, valuePrefixes)`,
	} {
		_, err := Load("policy.yaml", []byte(src))
		if assert.Error(t, err, src) {
			assert.Contains(t, err.Error(), want, src)
		}
	}
	// Four bytes are enough.
	_, err := Load("policy.yaml", []byte("version: 1\nsecrets: {valuePrefixes: [abcd]}\n"))
	assert.NoError(t, err)
}
