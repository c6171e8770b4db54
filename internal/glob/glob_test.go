package glob_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/envgen/envgen/internal/glob"
	"github.com/envgen/envgen/internal/reference"
)

// The matcher is held to the reference interpreter's, which is written
// apart, by dynamic programming, as the oracle.

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
		assert.Equal(t, c.exact, glob.Match(c.pattern, c.name, false), "%q matching %q exactly", c.pattern, c.name)
		assert.Equal(t, c.fold, glob.Match(c.pattern, c.name, true), "%q matching %q folded", c.pattern, c.name)
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

// TestMatchExhaustive compares Match with the reference's for every
// pattern of up to five bytes over {A, B, *} and every name of up to five
// bytes over {A, B, a, @}, and MayMatch with Match.
func TestMatchExhaustive(t *testing.T) {
	names := words("ABa@", 5)
	for _, s := range words("AB*", 5) {
		for _, name := range names {
			for _, fold := range []bool{false, true} {
				got, want := glob.Match(s, name, fold), reference.Match(s, name, fold)
				if got != want {
					t.Fatalf("%q matching %q, fold=%v: %v, want %v", s, name, fold, got, want)
				}
				if got && name != "" && !glob.MayMatch(s, name[0], fold) {
					t.Fatalf("MayMatch(%q, %q, %v) rules out a name that matches", s, name[0], fold)
				}
			}
		}
	}
}

func TestValid(t *testing.T) {
	for s, want := range map[string]bool{
		"A": true, "_": true, "a_1": true, "*": true, "NEXT_*": true, "*_TOKEN": true, "A**B": true,
		"": false, "1A": false, "1*": false, "A-B": false, "A B": false, "A=B": false, "A\x00": false, "É": false,
		"!A": false, "PROGRAMFILES(X86)": false,
	} {
		assert.Equal(t, want, glob.Valid(s), "%q", s)
	}
}

// FuzzMatch wants Match to agree with the reference's matcher, with and
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
			if got, want := glob.Match(pat, name, fold), reference.Match(pat, name, fold); got != want {
				t.Fatalf("%q matching %q (fold=%v) = %v, want %v", pat, name, fold, got, want)
			}
		}
	})
}
