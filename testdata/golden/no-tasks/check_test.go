package notasks

// Self-checks of a policy with no tasks: only IsSecret and Secrets. They
// run only inside the e2e module that internal/gen's TestE2E builds.

import (
	"slices"
	"testing"
)

func TestIsSecret(t *testing.T) {
	for name, want := range map[string]bool{
		"MY_KEY": true, "my_key": true, "X_SECRET": true, "x_secret": true, "_SECRET": true,
		"NOT_A_SECRET": false, // secrets.pass, although *_SECRET matches
		"not_a_secret": true,
		"GITHUB_TOKEN": false, // the built-in list is off
		"SECRET":       false,
		"HOME":         false,
	} {
		if got := IsSecret(name); got != want {
			t.Errorf("IsSecret(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestSecrets(t *testing.T) {
	want := []string{"*_SECRET", "MY_KEY"}
	s := Secrets()
	if !slices.Equal(s, want) {
		t.Errorf("Secrets() = %q, want %q", s, want)
	}
	s[0], s[1] = "CHANGED", "CHANGED"
	if again := Secrets(); !slices.Equal(again, want) {
		t.Errorf("after changing one result, Secrets() = %q, want %q", again, want)
	}
}
