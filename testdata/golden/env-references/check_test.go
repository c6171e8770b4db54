package envrefs

import (
	"os"
	"reflect"
	"runtime"
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

// TestReferenceReadsNoDroppedSecret: ${NPM_TOKEN} reads the entry of that
// name, the first as the task compares names, only if it is spelled
// NPM_TOKEN, the spelling passThrough exempts. On Windows npm_token is that
// name, a secret the task drops, so the reference is empty; elsewhere it
// is another name, and NPM_TOKEN's value is read.
func TestReferenceReadsNoDroppedSecret(t *testing.T) {
	environ := []string{"npm_token=leak", "NPM_TOKEN=n", "HOME=/h"}
	path := "PATH=/h/bin" + string(os.PathListSeparator) + "/r/bin"
	want := []string{"NPM_TOKEN=n", "HOME=/h", "HOME_COPY=/h/cache", "LITERAL=${HOME} and .", "TOKEN_COPY=n", path}
	if runtime.GOOS == "windows" {
		want = []string{"HOME=/h", "HOME_COPY=/h/cache", "LITERAL=${HOME} and .", "TOKEN_COPY=", path}
	}
	if got := BuildEnv(environ, BuildParams{Root: "/r"}); !reflect.DeepEqual(got, want) {
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
