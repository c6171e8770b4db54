package policy

import "testing"

// TestSecretPatternMatches holds the checker's secret-pattern match to
// what docs/semantics.md says a pattern matches: '*' any run of bytes,
// possibly empty, every other byte itself, ASCII case aside.
func TestSecretPatternMatches(t *testing.T) {
	for _, c := range []struct {
		pattern, name string
		want          bool
	}{
		{"*_TOKEN", "GITHUB_TOKEN", true},
		{"*_TOKEN", "github_token", true},
		{"*_TOKEN", "_TOKEN", true},
		{"*_TOKEN", "TOKEN", false},
		{"*_TOKEN", "GITHUB_TOKENS", false},
		{"NEXT_PUBLIC_*", "NEXT_PUBLIC_", true},
		{"NEXT_PUBLIC_*", "next_public_url", true},
		{"NEXT_PUBLIC_*", "NEXT_PUBLI", false},
		{"A*B*C", "ABC", true},
		{"A*B*C", "AxBxC", true},
		{"A*B*C", "ACB", false},
		{"A*BB*B", "ABBB", true},
		{"A*BB*B", "ABB", false},
		{"*AB*AB*", "AB", false},
		{"*AB*AB*", "xABxAB", true},
		{"*", "", true},
		{"**", "X", true},
		{"K*", "\u212a", false}, // the Kelvin sign is not ASCII K
		{"PROGRAM*", "PROGRAMFILES(X86)", true},
	} {
		_, got := SecretMatcher(&Policy{SecretPatterns: []string{c.pattern}}).Caseless(c.name)
		if got != c.want {
			t.Errorf("%q matches %q: %v, want %v", c.pattern, c.name, got, c.want)
		}
	}
}
