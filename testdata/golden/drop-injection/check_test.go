package dropinjection

// Self-checks of dropInjection (docs/semantics.md, "Injection variables").
// They run only inside the e2e module that internal/gen's TestE2E builds.

import (
	"slices"
	"testing"

	"github.com/envgen/envgen/runtime/envrt"
)

// environ holds injection variables of every kind next to ordinary names.
var environ = []string{
	"LD_PRELOAD=/tmp/evil.so",
	"DYLD_INSERT_LIBRARIES=/tmp/evil.dylib",
	"BASH_ENV=/tmp/evil.sh",
	"BASH_FUNC_ls%%=() { id; }", // bash 4.3 patch 27 and later
	"ls=() { id; }",             // older bash: any name, the value says it
	"cat=(){ id; }",             // bash reads it without the space too
	"PYTHONPATH=/tmp/evil",      // listed in passThrough too: unset wins
	"NODE_OPTIONS=--require=/tmp/evil.js",
	"HISTFILE=/tmp/h",   // the task's own unset
	"GREETING=() hello", // starts with "()": dropped, as sudo drops it
	"SMILEY=( )",        // does not: kept
	"HOME=/h",
	"PATH=/bin",
	"GITHUB_TOKEN=t", // a secret, as in every inherit task
}

func TestShellDropsInjection(t *testing.T) {
	want := []string{"SMILEY=( )", "HOME=/h", "PATH=/bin"}
	if got := ShellEnv(environ); !slices.Equal(got, want) {
		t.Errorf("ShellEnv:\n got  %q\n want %q", got, want)
	}
}

func TestDefineAndSetAreKept(t *testing.T) {
	got := PluginEnv(environ, envrt.Set("BASH_ENV", "/opt/plugin/env.sh"))
	want := []string{"HISTFILE=/tmp/h", "SMILEY=( )", "HOME=/h", "PATH=/bin", "LD_LIBRARY_PATH=/opt/plugin/lib", "BASH_ENV=/opt/plugin/env.sh"}
	if !slices.Equal(got, want) {
		t.Errorf("PluginEnv:\n got  %q\n want %q", got, want)
	}
}

func TestPlainKeepsThem(t *testing.T) {
	want := slices.DeleteFunc(slices.Clone(environ), func(e string) bool { return e == "GITHUB_TOKEN=t" })
	if got := PlainEnv(environ); !slices.Equal(got, want) {
		t.Errorf("PlainEnv:\n got  %q\n want %q", got, want)
	}
}
