package envrefs

import (
	"reflect"
	"testing"
)

// TestReferences: ${NAME} is NAME's value in environ at the call (the
// first occurrence), or empty; $${...} is literal text.
func TestReferences(t *testing.T) {
	environ := []string{"HOME=/h", "NPM_TOKEN=n", "HOME=/second", "GITHUB_TOKEN=g"}
	got := BuildEnv(environ, BuildParams{Root: "/r"})
	want := []string{
		"HOME=/h",
		"NPM_TOKEN=n",
		"HOME_COPY=/h/cache",
		"LITERAL=${HOME} and .",
		"TOKEN_COPY=n",
		"PATH=/h/bin:/r/bin",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("BuildEnv = %q, want %q", got, want)
	}
}

// TestReferencesOS: EnvOS reads references from the process environment.
func TestReferencesOS(t *testing.T) {
	t.Setenv("HOME", "/home/os")
	t.Setenv("NPM_TOKEN", "tok")
	got := map[string]bool{}
	for _, e := range BuildEnvOS(BuildParams{Root: "/r"}) {
		got[e] = true
	}
	for _, e := range []string{"HOME_COPY=/home/os/cache", "TOKEN_COPY=tok", "LITERAL=${HOME} and ."} {
		if !got[e] {
			t.Errorf("BuildEnvOS lacks %q", e)
		}
	}
}
