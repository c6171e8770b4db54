package envrt

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// This file tests name patterns: the compiled pattern's match against a
// reference matcher written here, and the pattern index that tries a name
// only against the patterns that may match it.

// refByte reports whether pattern byte p matches name byte n, ASCII case
// aside when fold is set.
func refByte(p, n byte, fold bool) bool {
	if p == n {
		return true
	}
	l := p | 0x20
	return fold && 'a' <= l && l <= 'z' && p^0x20 == n
}

// refMatch is a glob matcher written plainly, by dynamic programming over
// the pattern and the name: '*' matches any run of bytes, possibly empty;
// any other byte matches itself (or its other ASCII case, with fold). A
// pattern without '*' is an exact name.
func refMatch(pat, name string, fold bool) bool {
	// at[j]: pat[:i] matches name[:j], for the i of the loop.
	at := make([]bool, len(name)+1)
	at[0] = true
	for i := 0; i < len(pat); i++ {
		next := make([]bool, len(name)+1)
		for j := 0; j <= len(name); j++ {
			if pat[i] == '*' {
				next[j] = at[j] || j > 0 && next[j-1]
			} else {
				next[j] = j > 0 && at[j-1] && refByte(pat[i], name[j-1], fold)
			}
		}
		at = next
	}
	return at[len(name)]
}

func TestPatternMatch(t *testing.T) {
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
	} {
		p := compile(c.pattern)
		assert.Equal(t, c.exact, p.match(c.name, false), "%q matching %q exactly", c.pattern, c.name)
		assert.Equal(t, c.fold, p.match(c.name, true), "%q matching %q folded", c.pattern, c.name)
		assert.Equal(t, c.exact, refMatch(c.pattern, c.name, false), "reference: %q matching %q exactly", c.pattern, c.name)
		assert.Equal(t, c.fold, refMatch(c.pattern, c.name, true), "reference: %q matching %q folded", c.pattern, c.name)
	}
}

// compile makes a pattern as compileTask does.
func compile(s string) *pattern { return &pattern{parts: strings.Split(s, "*")} }

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

// TestPatternMatchExhaustive compares match with refMatch for every
// pattern of up to five bytes over {A, B, *} and every name of up to five
// bytes over {A, B, a, @}.
func TestPatternMatchExhaustive(t *testing.T) {
	names := words("ABa@", 5)
	for _, s := range words("AB*", 5) {
		if !strings.Contains(s, "*") {
			continue
		}
		p := compile(s)
		for _, name := range names {
			for _, fold := range []bool{false, true} {
				if got, want := p.match(name, fold), refMatch(s, name, fold); got != want {
					t.Fatalf("%q matching %q, fold=%v: %v, want %v", s, name, fold, got, want)
				}
			}
		}
	}
}

func TestByteSet(t *testing.T) {
	in := []byte{0, 1, 63, 64, 127, 128, 200, 255}
	var s ByteSet
	for _, c := range in {
		s.Add(c)
	}
	for c := range 256 {
		assert.Equal(t, slices.Contains(in, byte(c)), s.Has(byte(c)), "%d", c)
	}
}

// TestPatternIndex builds a pattern index from random patterns, some
// matching in any case, and wants its match to agree with refMatch over
// the list, exactly and ASCII case aside; may never to rule out a name
// that one of them matches; and may to rule out some names, or it would
// filter nothing.
func TestPatternIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 19))
	alphabet := "ABab_1=\xc3\xa9\x7f@`"
	piece := func(most int) string {
		b := make([]byte, rng.IntN(most+1))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		return string(b)
	}
	randomPattern := func() string {
		switch rng.IntN(6) {
		case 0: // prefix only
			return piece(3) + "*"
		case 1: // a one-byte suffix
			return piece(2) + "*" + piece(1)
		case 2: // no prefix, a short suffix
			return "*" + piece(1)
		default:
			s := piece(2)
			for range 1 + rng.IntN(3) {
				s += "*" + piece(3)
			}
			return s
		}
	}
	matched, ruledOut := 0, 0
	for range 20000 {
		var list []string
		var anyCase []bool
		var x patternIndex
		for range 1 + rng.IntN(3) {
			s := randomPattern()
			list = append(list, s)
			anyCase = append(anyCase, rng.IntN(2) == 0)
			fact := isUnset
			if anyCase[len(anyCase)-1] {
				fact = isSecret // secret patterns match in any case
			}
			x.add(strings.Split(s, "*"), fact)
		}
		for range 8 {
			name := piece(7)
			if rng.IntN(2) == 0 { // from a pattern, so that matches are common
				name = strings.ReplaceAll(list[rng.IntN(len(list))], "*", piece(2))
				switch rng.IntN(3) {
				case 0:
					name = lowerASCII(name)
				case 1:
					name = upperASCII(name)
				}
			}
			if name == "" {
				continue // never a name: Split finds none
			}
			match := slices.ContainsFunc(list, func(s string) bool { return refMatch(s, name, true) || refMatch(s, name, false) })
			if match {
				matched++
			}
			if !x.may(name) {
				ruledOut++
				if match {
					t.Fatalf("patterns %q: the index rules out %q, which one matches", list, name)
				}
			}
			for _, fold := range []bool{false, true} {
				want := false
				for i, s := range list {
					want = want || refMatch(s, name, fold || anyCase[i])
				}
				if got := x.facts(name, fold) != 0; got != want {
					t.Fatalf("patterns %q (any case: %v) matching %q, fold=%v: %v, want %v", list, anyCase, name, fold, got, want)
				}
			}
		}
	}
	assert.Greater(t, matched, 10000, "matches are common enough to test the index")
	assert.Greater(t, ruledOut, 10000, "the index rules names out")
}

// FuzzPattern wants a compiled pattern to match exactly the names that
// refMatch does, with and without ASCII case folding; a pattern without
// '*' is a name, compared as sameName compares.
func FuzzPattern(f *testing.F) {
	for _, c := range [][2]string{
		{"*_TOKEN", "GITHUB_TOKEN"}, {"*_TOKEN", "_token"}, {"NEXT_*", "NEXT_"}, {"A*B*A", "ABA"},
		{"A*A", "A"}, {"**", ""}, {"*", "\xff"}, {"K*", "\u212a"}, {"a*", "Ab"}, {"PATH", "path"}, {"*AB*AB*", "ABA"},
	} {
		f.Add(c[0], c[1])
	}
	f.Fuzz(func(t *testing.T, pat, name string) {
		for _, fold := range []bool{false, true} {
			want := refMatch(pat, name, fold)
			var got bool
			if strings.Contains(pat, "*") {
				got = compile(pat).match(name, fold)
			} else {
				got = sameName(pat, name, fold)
			}
			if got != want {
				t.Fatalf("%q matching %q (fold=%v) = %v, want %v", pat, name, fold, got, want)
			}
		}
	})
}
