package gen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlanValues: the three shapes of value detection a policy can ask
// for.
func TestPlanValues(t *testing.T) {
	assert.Equal(t, ValuePlan{}, PlanValues(mustLoad(t, "version: 1\n")), "the default: built-in rules only")
	assert.Equal(t, ValuePlan{Off: true}, PlanValues(mustLoad(t, "version: 1\nsecrets: {values: false}\n")))
	vp := PlanValues(mustLoad(t, "version: 1\nsecrets: {valuePrefixes: [zz_live_, acme_live_]}\n"))
	assert.Equal(t, []string{"acme_live_", "zz_live_"}, vp.Prefixes)
}

// TestEmitValuesFields: the policy's prefixes are printed once, as its
// file gives them, and IsSecretValue asks the policy.
func TestEmitValuesFields(t *testing.T) {
	src, err := Generate("policy.yaml", []byte("version: 1\npackage: p\nsecrets: {valuePrefixes: [acme_live_]}\n"), "")
	require.NoError(t, err)
	assert.Regexp(t, `SecretValues: +true,\n\tValuePrefixes: \[\]string\{\n\t\t"acme_live_",\n\t\},`, string(src))
	assert.Contains(t, string(src), "return envgenPolicy.IsSecretValue(value)")
	off, err := Generate("policy.yaml", []byte("version: 1\npackage: p\nsecrets: {values: false}\n"), "")
	require.NoError(t, err)
	assert.NotContains(t, string(off), "SecretValues")
}
