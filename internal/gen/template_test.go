package gen

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/policy"
)

func TestParseValue(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []policy.Segment
	}{
		{"plain", []policy.Segment{{Lit: "plain"}}},
		{"{root}/bin", []policy.Segment{{Param: "root"}, {Lit: "/bin"}}},
		{"${HOME}/x", []policy.Segment{{Env: "HOME"}, {Lit: "/x"}}},
		{"{{a}}", []policy.Segment{{Lit: "{a}"}}},
		{"$${HOME} and ${X}.", []policy.Segment{{Lit: "${HOME} and "}, {Env: "X"}, {Lit: "."}}},
		{"$${a{b}", []policy.Segment{{Lit: "${a{b}"}}},
		{"cost: $${", []policy.Segment{{Lit: "cost: ${"}}},
		{"$$", []policy.Segment{{Lit: "$$"}}},
	} {
		got, err := policy.ParseValue(c.in)
		require.NoError(t, err, c.in)
		assert.Equal(t, c.want, got, c.in)
	}
	for _, bad := range []string{"${HOME", "${1X}", "{Root}", "{root", "}", "a}b", "${}"} {
		_, err := policy.ParseValue(bad)
		assert.Error(t, err, bad)
	}
}

// TestQuoteSegmentsRoundTrips checks that a generated doc comment shows
// every value as a policy would spell it: read back, it is the same value.
func TestQuoteSegmentsRoundTrips(t *testing.T) {
	values := []string{"$${HOME} and ${MISSING}.", "{{x}} $${y{{z}", "a$${", "$$${HOME}", "{root}$${}"}
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "${}ab"
	for range 20000 {
		b := make([]byte, r.IntN(10))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		values = append(values, string(b))
	}
	parsed := 0
	for _, v := range values {
		segs, err := policy.ParseValue(v)
		if err != nil {
			continue
		}
		parsed++
		pieces := make([]Piece, len(segs))
		for i, s := range segs {
			pieces[i] = Piece{Segment: s}
		}
		shown, err := strconv.Unquote(quotePieces(pieces))
		require.NoError(t, err)
		again, err := policy.ParseValue(shown)
		require.NoError(t, err, "%q shown as %q", v, shown)
		require.Equal(t, segs, again, "%q shown as %q", v, shown)
	}
	assert.Greater(t, parsed, 1000, "too few random values parse to test anything")
}
