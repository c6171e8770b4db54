package essentials

// Self-checks of essentials.extra next to the built-in list, which already
// holds one of its names. They run only inside the e2e module that
// internal/gen's TestE2E builds.

import (
	"slices"
	"testing"
)

// sameEntries fails unless got holds exactly want's entries, in any
// order (SPEC does not fix the order), each once.
func sameEntries(t *testing.T, what string, got, want []string) {
	t.Helper()
	g, w := slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))
	if !slices.Equal(g, w) {
		t.Errorf("%s:\n got  %q\n want %q", what, g, w)
	}
	if len(slices.Compact(g)) != len(got) {
		t.Errorf("%s holds an entry twice: %q", what, got)
	}
}

func TestBuildEnv(t *testing.T) {
	environ := []string{"HOME=/h", "GOFLAGS=-v", "GOPATH=/go", "GOROOT=/goroot", "HOME=/dup", "TERM=xterm"}
	sameEntries(t, "BuildEnv", BuildEnv(environ), []string{"HOME=/h", "GOFLAGS=-v", "GOPATH=/go", "TERM=xterm"})
}
