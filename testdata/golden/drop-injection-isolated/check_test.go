package dropinjectionisolated

// Self-checks of dropInjection in an isolated task (docs/semantics.md,
// injection variables). They run only inside the e2e module that
// internal/gen's TestE2E builds.

import (
	"slices"
	"testing"

	"github.com/envgen/envgen/runtime/envrt"
)

var environ = []string{
	"NODE_OPTIONS=--require=/tmp/evil.js", // a built-in essential, and an injection variable
	"PATH=/bin",
	"HOME=() { id; }",           // an essential whose value is a bash function
	"PYTHONPATH=/opt/py",        // listed exactly: passes
	"NODE_ENV=() { id; }",       // listed exactly: passes, whatever its value
	"npm_config_cache=/c",       // a pattern match
	"npm_config_x=(){ id; }",    // a pattern match whose value is a bash function
	"LD_PRELOAD=/tmp/evil.so",   // LD_* matches it, and the injection list does
	"LD_LIBRARY_PATH=/tmp/evil", // the same; the define replaces it
	"BASH_ENV=/tmp/evil.sh",     // undeclared
	"GITHUB_TOKEN=t",            // a secret
}

func TestBuildDropsInjection(t *testing.T) {
	got := BuildEnv(environ, envrt.Set("NODE_OPTIONS", "--max-old-space-size=4096"))
	want := []string{"PATH=/bin", "PYTHONPATH=/opt/py", "NODE_ENV=() { id; }", "npm_config_cache=/c",
		"LD_LIBRARY_PATH=/opt/build/lib", "NODE_OPTIONS=--max-old-space-size=4096"}
	if !slices.Equal(got, want) {
		t.Errorf("BuildEnv:\n got  %q\n want %q", got, want)
	}
}

func TestPlainPassesThem(t *testing.T) {
	want := []string{"NODE_OPTIONS=--require=/tmp/evil.js", "PATH=/bin", "HOME=() { id; }", "PYTHONPATH=/opt/py",
		"NODE_ENV=() { id; }", "npm_config_cache=/c", "npm_config_x=(){ id; }", "LD_PRELOAD=/tmp/evil.so", "LD_LIBRARY_PATH=/tmp/evil"}
	if got := PlainEnv(environ); !slices.Equal(got, want) {
		t.Errorf("PlainEnv:\n got  %q\n want %q", got, want)
	}
}
