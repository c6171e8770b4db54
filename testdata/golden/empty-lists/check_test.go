package empty

// Self-checks of a policy that mentions no name at all. They run only
// inside the e2e module that internal/gen's TestE2E builds.

import (
	"slices"
	"testing"
)

var environ = []string{"PATH=/bin", "HOME=/h", "GITHUB_TOKEN=gh", "ONLY=environ", "E="}

func TestIsolatedEnv(t *testing.T) {
	// No essentials, nothing listed: only the define.
	if got, want := IsolatedEnv(environ), []string{"ONLY=this"}; !slices.Equal(got, want) {
		t.Errorf("IsolatedEnv = %q, want %q", got, want)
	}
}

func TestInheritEnv(t *testing.T) {
	// No secrets: everything.
	got := InheritEnv(environ)
	slices.Sort(got)
	if want := []string{"E=", "GITHUB_TOKEN=gh", "HOME=/h", "ONLY=environ", "PATH=/bin"}; !slices.Equal(got, want) {
		t.Errorf("InheritEnv = %q, want %q", got, want)
	}
}

func TestNoSecrets(t *testing.T) {
	for _, name := range []string{"GITHUB_TOKEN", "X_TOKEN", "", "PATH"} {
		if IsSecret(name) {
			t.Errorf("IsSecret(%q) = true with no secrets", name)
		}
	}
	if s := Secrets(); s == nil || len(s) != 0 {
		t.Errorf("Secrets() = %#v, want a fresh empty slice", s)
	}
}
