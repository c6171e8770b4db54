package glob

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/envgen/envgen/runtime/internal/assert"
)

// The matcher itself is held to the reference interpreter's in the root
// module (internal/runtimetest/glob_test.go); here are its own rules: the
// syntax, and the shortcut MayMatch against Match.

func TestValid(t *testing.T) {
	for s, want := range map[string]bool{
		"A": true, "_": true, "a_1": true, "*": true, "NEXT_*": true, "*_TOKEN": true, "A**B": true,
		"": false, "1A": false, "1*": false, "A-B": false, "A B": false, "A=B": false, "A\x00": false, "É": false,
		"!A": false, "PROGRAMFILES(X86)": false,
	} {
		assert.Equal(t, want, Valid(s), "%q", s)
	}
}

// TestMayMatch wants MayMatch never to rule out a name that Match
// matches, whatever its first byte, exactly and ASCII case aside; and to
// rule out some, or it would be no shortcut.
func TestMayMatch(t *testing.T) {
	ruledOut := 0
	for _, pattern := range []string{"*", "**", "A*", "a*B", "*_TOKEN", "AB", "_*", "@*", "`*", "K*B*"} {
		p := Compile(pattern)
		for first := range 256 {
			for _, rest := range []string{"", "B", "b", "_TOKEN", "xB", "AB"} {
				name := string([]byte{byte(first)}) + rest
				for _, fold := range []bool{false, true} {
					may := MayMatch(pattern, name[0], fold)
					if p.Match(name, fold) && !may {
						t.Fatalf("MayMatch(%q, %q, %v) rules out %q, which matches", pattern, name[0], fold, name)
					}
					if !may {
						ruledOut++
					}
				}
			}
		}
	}
	assert.Positive(t, ruledOut, "MayMatch rules out no name")
}

// TestIndex holds index, and twoWay alone, to trying each place in turn,
// over short strings of few letters, where runs are periodic and repeat,
// and longer runs of repeats with near misses; and over the long run of
// one letter that made the old search quadratic.
func TestIndex(t *testing.T) {
	naive := func(s, run string, fold bool) int {
		for at := 0; at+len(run) <= len(s); at++ {
			if Equal(run, s[at:at+len(run)], fold) {
				return at
			}
		}
		return -1
	}
	rng := rand.New(rand.NewPCG(3, 5))
	word := func(alphabet string, most int) string {
		b := make([]byte, rng.IntN(most+1))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		return string(b)
	}
	found := 0
	for range 200_000 {
		alphabet := []string{"ab", "aA", "abc", "aAbB_", "a\xe1A\xc1"}[rng.IntN(5)]
		run, s := word(alphabet, 6), word(alphabet, 14)
		if rng.IntN(2) == 0 && run != "" { // long runs and near misses, for twoWay
			run = strings.Repeat(run, 1+rng.IntN(8)) + word(alphabet, 8)
			var b strings.Builder // pieces of the run, for near misses
			for range 1 + rng.IntN(6) {
				i := rng.IntN(len(run))
				b.WriteString(run[i:min(len(run), i+1+rng.IntN(len(run)))])
				b.WriteString(word(alphabet, 2))
			}
			s = b.String()
		}
		if run == "" {
			continue // a run ends at a '*' and has a byte at least
		}
		for _, fold := range []bool{false, true} {
			want := naive(s, run, fold)
			if got := index(s, run, fold); got != want {
				t.Fatalf("index(%q, %q, %v) = %d, want %d", s, run, fold, got, want)
			}
			if got := twoWay(s, run, fold); run != "" && got != want {
				t.Fatalf("twoWay(%q, %q, %v) = %d, want %d", s, run, fold, got, want)
			}
			if want >= 0 {
				found++
			}
		}
	}
	assert.Greater(t, found, 50_000, "runs are found often enough to test the search")
	long := strings.Repeat("A", 2000)
	for _, run := range []string{strings.Repeat("a", 1000) + "Z", strings.Repeat("A", 1000), "Z" + strings.Repeat("A", 999)} {
		assert.Equal(t, naive(long, run, true), index(long, run, true), "%d bytes", len(run))
	}
}
