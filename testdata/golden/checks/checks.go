// Package checks holds what the golden cases' self-checks share. TestE2E
// (internal/gen) copies it into the e2e module it builds, as
// envgen.test/e2e/checks, where each case's check_test.go imports it.
package checks

import (
	"slices"
	"testing"
)

// SameEntries fails unless got holds exactly want's entries, in any
// order (the semantics do not fix it), each once.
func SameEntries(t *testing.T, what string, got, want []string) {
	t.Helper()
	g, w := slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))
	if !slices.Equal(g, w) {
		t.Errorf("%s:\n got  %q\n want %q", what, g, w)
	}
	if len(slices.Compact(g)) != len(got) {
		t.Errorf("%s holds an entry twice: %q", what, got)
	}
}
