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

// TestBuiltinPresetsExemptNoValue: a name that only a built-in preset
// lists passes, but not when its value holds a credential; the task's own
// passThrough exempts the value, for that spelling only.
func TestBuiltinPresetsExemptNoValue(t *testing.T) {
	environ := []string{
		"PATH=/bin",
		"HTTPS_PROXY=http://alice:pw@proxy:3128",
		"https_proxy=http://alice:pw@proxy:3128",
		"NO_PROXY=localhost",
		"GOPROXY=https://user:ghp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa@goproxy.corp/",
		"GOSUMDB=off",
		"PIP_INDEX_URL=https://__token__:pypi-secret@pypi.corp/simple",
		"PIP_CERT=/etc/ssl/ca.pem",
	}
	if got, want := BuildEnv(environ), []string{"PATH=/bin", "NO_PROXY=localhost", "GOSUMDB=off", "CGO_ENABLED=0"}; !reflect.DeepEqual(got, want) {
		t.Errorf("BuildEnv = %q, want %q", got, want)
	}
	if got, want := PyEnv(environ), []string{"PATH=/bin", "PIP_CERT=/etc/ssl/ca.pem"}; !reflect.DeepEqual(got, want) {
		t.Errorf("PyEnv = %q, want %q", got, want)
	}
	if got, want := ProxiedEnv(environ), []string{"PATH=/bin", "HTTPS_PROXY=http://alice:pw@proxy:3128", "NO_PROXY=localhost"}; !reflect.DeepEqual(got, want) {
		t.Errorf("ProxiedEnv = %q, want %q", got, want)
	}
}
