package impl

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/envgen/envgen/runtime/internal/assert"

	"github.com/envgen/envgen/runtime/internal/glob"
)

// This file tests the pattern index, which tries a name only against the
// patterns that may match it, against the matcher it uses (held to the
// reference interpreter's in internal/glob).

// globMatch reports whether name matches pattern, by the matcher the
// index uses.
func globMatch(pattern, name string, fold bool) bool {
	p := glob.Compile(pattern)
	return p.Match(name, fold)
}

// TestPatternIndex builds a pattern index from random patterns, some
// matching in any case, short and long, few and many (so that anchors
// at the start, at the end and within share buckets), and wants its
// match to agree with the matcher over
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
		if rng.IntN(4) == 0 { // long pieces, which the index anchors on 2 to 8 bytes, and within
			return piece(rng.IntN(10)) + "*" + piece(12) + "*" + piece(rng.IntN(10))
		}
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
		count := 1 + rng.IntN(3)
		if rng.IntN(8) == 0 { // enough to share anchors and buckets
			count = 1 + rng.IntN(60)
		}
		for range count {
			s := randomPattern()
			list = append(list, s)
			anyCase = append(anyCase, rng.IntN(2) == 0)
			fact := isUnset
			if anyCase[len(anyCase)-1] {
				fact = isSecret // secret patterns match in any case
			}
			x.add(s, fact)
		}
		x.index()
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
			match := slices.ContainsFunc(list, func(s string) bool { return globMatch(s, name, true) || globMatch(s, name, false) })
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
					want = want || globMatch(s, name, fold || anyCase[i])
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
