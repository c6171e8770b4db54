package runtimetest

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/envgen/envgen/internal/reference"
	"github.com/envgen/envgen/runtime/envimpl"
)

// The runtime's pattern matcher (through envimpl's generator-only entry)
// is held to the reference interpreter's, which is written apart, by
// dynamic programming, as the oracle.

// globMatch reports whether name matches pattern by the runtime's
// matcher, ASCII case aside with fold.
func globMatch(pattern, name string, fold bool) bool {
	p := envimpl.CompileGlob(pattern)
	return p.Match(name, fold)
}

func TestMatch(t *testing.T) {
	for _, c := range []struct {
		pattern, name string
		exact, fold   bool // want without and with folding
	}{
		{"*", "", true, true},
		{"*", "anything=at all", true, true},
		{"**", "", true, true},
		{"NEXT_*", "NEXT_", true, true},
		{"NEXT_*", "NEXT", false, false},
		{"NEXT_*", "XNEXT_A", false, false},
		{"NEXT_*", "next_a", false, true},
		{"*_TOKEN", "_TOKEN", true, true},
		{"*_TOKEN", "gh_token", false, true},
		{"*_TOKEN", "GH_TOKEN_X", false, false},
		{"*A*B*", "xAyBz", true, true},
		{"*A*B*", "BxA", false, false},
		{"*A*B*", "ab", false, true},
		{"A**B", "AxyB", true, true},
		{"A**B", "ABA", false, false},
		{"A*A", "A", false, false}, // prefix and suffix may not overlap
		{"A*A", "AA", true, true},
		{"AB*BA", "ABA", false, false},
		{"*AB*AB*", "ABAB", true, true},
		{"*AB*AB*", "ABA", false, false},
		{"*AB*AB*", "AABB", false, false},
		{"*A*A*", "A", false, false}, // middles may not overlap either
		{"*ab*cd*", "xCDxABx", false, false},
		{"K*", "\u212aX", false, false},
		{"*é*", "É", false, false},
		{"*@", "`", false, false}, // no letters: never folded
		{"_*", "\x7fX", false, false},
		{"PATH", "path", false, true}, // no '*': a name
	} {
		assert.Equal(t, c.exact, globMatch(c.pattern, c.name, false), "%q matching %q exactly", c.pattern, c.name)
		assert.Equal(t, c.fold, globMatch(c.pattern, c.name, true), "%q matching %q folded", c.pattern, c.name)
		assert.Equal(t, c.exact, reference.Match(c.pattern, c.name, false), "reference: %q matching %q exactly", c.pattern, c.name)
		assert.Equal(t, c.fold, reference.Match(c.pattern, c.name, true), "reference: %q matching %q folded", c.pattern, c.name)
	}
}

// words returns every string of up to n bytes over alphabet.
func words(alphabet string, n int) []string {
	out := []string{""}
	for prev := out; n > 0; n-- {
		var next []string
		for _, w := range prev {
			for _, c := range []byte(alphabet) {
				next = append(next, w+string(c))
			}
		}
		out, prev = append(out, next...), next
	}
	return out
}

// TestMatchExhaustive compares the matcher with the reference's for
// every pattern of up to five bytes over {A, B, *} and every name of up
// to five bytes over {A, B, a, @}.
func TestMatchExhaustive(t *testing.T) {
	names := words("ABa@", 5)
	for _, s := range words("AB*", 5) {
		for _, name := range names {
			for _, fold := range []bool{false, true} {
				got, want := globMatch(s, name, fold), reference.Match(s, name, fold)
				if got != want {
					t.Fatalf("%q matching %q, fold=%v: %v, want %v", s, name, fold, got, want)
				}
			}
		}
	}
}

// FuzzMatch wants the matcher to agree with the reference's matcher, with and
// without ASCII case folding.
func FuzzMatch(f *testing.F) {
	for _, c := range [][2]string{
		{"*_TOKEN", "GITHUB_TOKEN"}, {"*_TOKEN", "_token"}, {"NEXT_*", "NEXT_"}, {"A*B*A", "ABA"},
		{"A*A", "A"}, {"**", ""}, {"*", "\xff"}, {"K*", "\u212a"}, {"a*", "Ab"}, {"PATH", "path"}, {"*AB*AB*", "ABA"},
	} {
		f.Add(c[0], c[1])
	}
	f.Fuzz(func(t *testing.T, pat, name string) {
		if len(pat)*len(name) > 1<<16 {
			return // the reference's table is len(pat)×len(name)
		}
		for _, fold := range []bool{false, true} {
			if got, want := globMatch(pat, name, fold), reference.Match(pat, name, fold); got != want {
				t.Fatalf("%q matching %q (fold=%v) = %v, want %v", pat, name, fold, got, want)
			}
		}
	})
}
