package builtinpresets

import (
	"reflect"
	"testing"
)

// TestBuiltinPresets: the built-in presets' names pass, the user's own
// preset "go" too, and git's define is set; undeclared names and secrets
// stay behind.
func TestBuiltinPresets(t *testing.T) {
	environ := []string{"PATH=/bin", "GOCACHE=/c", "https_proxy=http://p:3128", "MY_GO_SETTING=1", "GITHUB_TOKEN=ghp_x", "UNDECLARED=1", "GIT_AUTHOR_NAME=A"}
	if got, want := BuildEnv(environ), []string{"PATH=/bin", "GOCACHE=/c", "https_proxy=http://p:3128", "MY_GO_SETTING=1", "CGO_ENABLED=0"}; !reflect.DeepEqual(got, want) {
		t.Errorf("BuildEnv = %q, want %q", got, want)
	}
	if got, want := CloneEnv(environ), []string{"PATH=/bin", "GIT_AUTHOR_NAME=A", "GIT_TERMINAL_PROMPT=0"}; !reflect.DeepEqual(got, want) {
		t.Errorf("CloneEnv = %q, want %q", got, want)
	}
}
