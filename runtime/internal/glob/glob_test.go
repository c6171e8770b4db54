package glob

import (
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
