package minimal

// Self-checks of a task with nothing but the built-in essentials: the
// essentials list, environ parsing, overrides and the built-in secrets.
// They run only inside the e2e module that internal/gen's TestE2E builds.

import (
	"slices"
	"strings"
	"testing"

	"github.com/envgen/envgen/runtime/envrt"

	"envgen.test/e2e/checks"
)

// essentials is the built-in essentials list, written out by hand,, POSIX then Windows.
var essentials = []string{
	"PATH", "HOME", "SHELL", "USER", "LOGNAME", "TMPDIR", "TEMP", "TMP", "LANG",
	"LC_ALL", "LC_CTYPE", "TERM", "COLORTERM", "FORCE_COLOR", "NO_COLOR", "CI", "NODE_OPTIONS",
	"SYSTEMROOT", "APPDATA", "LOCALAPPDATA", "PROGRAMDATA", "PROGRAMFILES",
	"PROGRAMFILES(X86)", "COMSPEC", "PATHEXT", "SYSTEMDRIVE", "WINDIR", "USERPROFILE", "HOMEDRIVE",
	"HOMEPATH", "NUMBER_OF_PROCESSORS", "PROCESSOR_ARCHITECTURE",
}

// requiredSecrets are the names the built-in secrets promise to cover (Nomad's env.denylist and the README's).
var requiredSecrets = []string{
	// Nomad's env.denylist
	"CONSUL_TOKEN", "CONSUL_HTTP_TOKEN", "CONSUL_HTTP_TOKEN_FILE", "NOMAD_TOKEN", "VAULT_TOKEN",
	"CONSUL_LICENSE", "NOMAD_LICENSE", "VAULT_LICENSE", "CONSUL_LICENSE_PATH", "NOMAD_LICENSE_PATH",
	"VAULT_LICENSE_PATH", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN",
	"AWS_METADATA_URL", "GOOGLE_APPLICATION_CREDENTIALS", "GOOGLE_OAUTH_ACCESS_TOKEN",
	// and
	"GITHUB_TOKEN", "GH_TOKEN", "NPM_TOKEN", "NODE_AUTH_TOKEN", "OPENAI_API_KEY",
	"ANTHROPIC_API_KEY", "SSH_AUTH_SOCK",
}

func TestEssentialsOnly(t *testing.T) {
	var environ, want []string
	for i, name := range essentials {
		e := name + "=v" + strings.Repeat("x", i)
		environ = append(environ, e, "NOT_"+name+"=no")
		want = append(want, e)
	}
	environ = append(environ, "EDITOR=vim", "GOPATH=/go", "GITHUB_TOKEN=gh", "SSH_AUTH_SOCK=/tmp/agent")
	checks.SameEntries(t, "BuildEnv", BuildEnv(environ), want)
}

func TestMissingEssentialsAreAbsent(t *testing.T) {
	checks.SameEntries(t, "BuildEnv", BuildEnv([]string{"HOME=/h", "EDITOR=vim"}), []string{"HOME=/h"})
	if got := BuildEnv(nil); len(got) != 0 {
		t.Errorf("BuildEnv(nil) = %q, want nothing", got)
	}
}

func TestParsing(t *testing.T) {
	environ := []string{
		"HOME=/a=b",      // value is everything after the first '='
		"TERM=",          // present with an empty value
		"PATH",           // no '=': ignored
		"LANG=en\x00",    // NUL: ignored, and so not the first LANG
		"LANG=C",         // the first LANG that counts
		"HOME=/second",   // later duplicate: ignored
		"SHELL=/bin/sh",  //
		"SHELL=/bin/zsh", // later duplicate: ignored
		"=C:=C:\\x",      // named "=C:": no essential
		"",               // nothing: ignored
		"=",              // no name: ignored
	}
	checks.SameEntries(t, "BuildEnv", BuildEnv(environ), []string{"HOME=/a=b", "TERM=", "LANG=C", "SHELL=/bin/sh"})
}

func TestOverrides(t *testing.T) {
	environ := []string{"HOME=/h", "TERM=xterm", "PATH=/bin"}
	got := BuildEnv(environ,
		envrt.Set("HOME", "/override"),
		envrt.Unset("TERM"),
		envrt.Set("EXTRA", "1"),
		envrt.Set("K", "1"), envrt.Set("K", "2"), envrt.Unset("K"), // last wins: absent
		envrt.Unset("L"), envrt.Set("L", "back"), // last wins: present
		envrt.Set("EMPTY", ""),
		envrt.Set("", "x"),        // ignored: empty name
		envrt.Set("A=B", "x"),     // ignored: '=' in the name
		envrt.Set("N\x00", "x"),   // ignored: NUL in the name
		envrt.Set("PATH", "\x00"), // ignored: NUL in the value
	)
	checks.SameEntries(t, "BuildEnv with overrides", got, []string{"HOME=/override", "PATH=/bin", "EXTRA=1", "L=back", "EMPTY="})
}

func TestAppendLeavesDst(t *testing.T) {
	dst := []string{"HOME=/dst", "TERM=dst"}
	got := AppendBuildEnv(dst, []string{"HOME=/h", "EDITOR=vim"})
	if !slices.Equal(got[:2], []string{"HOME=/dst", "TERM=dst"}) {
		t.Errorf("AppendBuildEnv changed dst[:len(dst)]: %q", got[:2])
	}
	checks.SameEntries(t, "AppendBuildEnv after dst", got[2:], []string{"HOME=/h"})
}

func TestAllocs(t *testing.T) {
	environ := []string{"HOME=/h", "TERM=xterm", "PATH=/bin", "EDITOR=vim", "GITHUB_TOKEN=gh"}
	dst := make([]string, 0, 16)
	if n := testing.AllocsPerRun(100, func() { AppendBuildEnv(dst[:0], environ) }); n != 0 {
		t.Errorf("AppendBuildEnv with room allocates %v times, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { BuildEnv(environ) }); n != 1 {
		t.Errorf("BuildEnv allocates %v times, want 1 (the slice)", n)
	}
}

func TestBuiltinSecrets(t *testing.T) {
	for _, name := range requiredSecrets {
		if !IsSecret(name) {
			t.Errorf("IsSecret(%q) = false, want true (the list promises it)", name)
		}
		if lower := strings.ToLower(name); !IsSecret(lower) {
			t.Errorf("IsSecret(%q) = false, want true (detection ignores case)", lower)
		}
	}
	// The README's example suffix patterns.
	for _, name := range []string{"MY_TOKEN", "APP_SECRET", "DB_PASSWORD", "STRIPE_API_KEY", "my_token"} {
		if !IsSecret(name) {
			t.Errorf("IsSecret(%q) = false, want true (built-in pattern)", name)
		}
	}
	for _, name := range essentials {
		if IsSecret(name) {
			t.Errorf("IsSecret(%q) = true for an essential", name)
		}
	}
	s := Secrets()
	if !slices.IsSorted(s) {
		t.Errorf("Secrets() is not sorted: %q", s)
	}
	for _, want := range append([]string{"*_TOKEN", "*_SECRET", "*_PASSWORD", "*_API_KEY"}, requiredSecrets...) {
		if !slices.Contains(s, want) {
			t.Errorf("Secrets() lacks %q", want)
		}
	}
}
