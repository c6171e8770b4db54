package inherit

// Self-checks of an inherit task: secrets and unset names dropped, named
// secrets kept, a literal define. They run only inside the e2e module
// that internal/gen's TestE2E builds.

import (
	"runtime"
	"testing"

	"github.com/envgen/envgen/runtime/envrt"

	"envgen.test/e2e/checks"
)

var environ = []string{
	"PATH=/usr/bin",
	"HOME=/home/u",
	"EDITOR=vim",
	"PAGER=less",                // define overrides it
	"GH_TOKEN=gh",               // a secret the task names: kept
	"GITHUB_TOKEN=github",       // secret
	"AWS_SECRET_ACCESS_KEY=aws", // secret
	"FOO_TOKEN=foo",             // secret by pattern
	"HISTFILE=/home/u/.hist",    // unset
	"npm_config_cache=/npm",     // unset pattern
	"PSQL_HISTORY=/psql",        // unset pattern
	"LD_PRELOAD=/evil.so",       // unset pattern
	"LD_=empty-star",            // unset pattern, empty run
	"OLDPWD=/",
}

var want = []string{
	"PATH=/usr/bin",
	"HOME=/home/u",
	"EDITOR=vim",
	"PAGER=cat",
	"GH_TOKEN=gh",
	"OLDPWD=/",
}

func TestShellEnv(t *testing.T) {
	checks.SameEntries(t, "ShellEnv", ShellEnv(environ), want)
}

func TestCase(t *testing.T) {
	got := ShellEnv([]string{"gh_token=lower", "histfile=lower", "NPM_CONFIG_CACHE=upper", "ld_preload=lower"})
	if runtime.GOOS == "windows" {
		// Names fold: unset and its patterns apply to every spelling.
		checks.SameEntries(t, "ShellEnv on Windows", got, []string{"PAGER=cat"})
		return
	}
	// gh_token is a secret (detection ignores case) but the exemption is
	// for GH_TOKEN exactly; unset names and patterns compare exactly.
	checks.SameEntries(t, "ShellEnv", got, []string{"histfile=lower", "NPM_CONFIG_CACHE=upper", "ld_preload=lower", "PAGER=cat"})
}

func TestOverrides(t *testing.T) {
	got := ShellEnv(environ, envrt.Set("PAGER", "more"), envrt.Set("HISTFILE", "/dev/null"), envrt.Unset("OLDPWD"))
	checks.SameEntries(t, "ShellEnv with overrides", got, []string{
		"PATH=/usr/bin", "HOME=/home/u", "EDITOR=vim", "PAGER=more", "GH_TOKEN=gh", "HISTFILE=/dev/null",
	})
}

func TestIsSecret(t *testing.T) {
	// The task's exemption is the task's: policy-wide, GH_TOKEN is a secret.
	for _, name := range []string{"GH_TOKEN", "GITHUB_TOKEN", "FOO_TOKEN", "gh_token"} {
		if !IsSecret(name) {
			t.Errorf("IsSecret(%q) = false, want true", name)
		}
	}
	for _, name := range []string{"HISTFILE", "PAGER", "LD_PRELOAD"} {
		if IsSecret(name) {
			t.Errorf("IsSecret(%q) = true, want false", name)
		}
	}
}

func TestAllocs(t *testing.T) {
	dst := make([]string, 0, 32)
	if n := testing.AllocsPerRun(100, func() { AppendShellEnv(dst[:0], environ) }); n != 0 {
		t.Errorf("AppendShellEnv with room allocates %v times, want 0 (its only define is literal)", n)
	}
	if n := testing.AllocsPerRun(100, func() { ShellEnv(environ) }); n != 1 {
		t.Errorf("ShellEnv allocates %v times, want 1 (the slice)", n)
	}
}
