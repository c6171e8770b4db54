// This file compiling at all checks the case: -pkg override won over the
// policy's package frompolicy. It runs only inside the e2e module that
// internal/gen's TestE2E builds.
package override

import (
	"slices"
	"testing"
)

func TestBuildEnv(t *testing.T) {
	got := BuildEnv([]string{"HOME=/h", "CGO_ENABLED=1"})
	slices.Sort(got)
	if want := []string{"CGO_ENABLED=0", "HOME=/h"}; !slices.Equal(got, want) {
		t.Errorf("BuildEnv = %q, want %q", got, want)
	}
}
