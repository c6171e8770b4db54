package gen

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	envrt "github.com/envgen/envgen/runtime"
)

// TestPlanValues: the three shapes of value detection a policy can ask
// for, and the detector precomputed for prefixes of its own.
func TestPlanValues(t *testing.T) {
	assert.Equal(t, ValuePlan{}, PlanValues(mustLoad(t, "version: 1\n")), "the default: built-in rules only")
	assert.Equal(t, ValuePlan{Off: true}, PlanValues(mustLoad(t, "version: 1\nsecrets: {values: false}\n")))
	vp := PlanValues(mustLoad(t, "version: 1\nsecrets: {valuePrefixes: [zz_live_, acme_live_]}\n"))
	assert.Equal(t, []string{"acme_live_", "zz_live_"}, vp.Prefixes)
	assert.Equal(t, envrt.NewValueDetector("acme_live_", "zz_live_"), vp.Detector)
}

// TestEmitValuesNamesEveryRuleField: every charset and shape a rule can
// have has a constant name to print, so no policy makes emit panic.
func TestEmitValuesNamesEveryRuleField(t *testing.T) {
	for c := envrt.CharsetAny; c <= envrt.CharsetBase32Upper; c++ {
		assert.True(t, strings.HasPrefix(charsetName(c), "Charset"), c)
	}
	for s := envrt.ShapeBody; s <= envrt.ShapeJWT; s++ {
		assert.True(t, strings.HasPrefix(shapeName(s), "Shape"), s)
	}
	for _, r := range envrt.BuiltinValueRules() {
		charsetName(r.Body)
		shapeName(r.Shape)
	}
	src, err := Generate("policy.yaml", []byte("version: 1\npackage: p\nsecrets: {valuePrefixes: [acme_live_]}\n"), "")
	require.NoError(t, err)
	assert.Regexp(t, `\{Prefix: "acme_live_", Kind: "value with a secret prefix", Body: envrt.CharsetAny, Min: 1\}, +// secrets.valuePrefixes\n`, string(src))
}
