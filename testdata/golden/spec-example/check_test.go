package envpolicy

// Self-checks of the code generated from the policy reference's example policy. They
// run only inside the e2e module that internal/gen's TestE2E builds.

import (
	"os"
	"runtime"
	"slices"
	"testing"

	"github.com/envgen/envgen/runtime/envrt"

	"envgen.test/e2e/checks"
)

var sep = string(os.PathListSeparator)

// environ is a parent environment with something for every rule the two
// tasks apply.
var environ = []string{
	"PATH=/usr/bin" + sep + "/bin",
	"HOME=/home/u",
	"TERM=xterm",
	"GOFLAGS=-mod=mod",              // essentials.extra
	"NODE_ENV=production",           // build: passThrough name
	"NEXT_PUBLIC_API=https://api",   // build: passThrough pattern
	"NEXT_PUBLIC_=empty-star",       // '*' matches the empty run too
	"NEXT_PUBLIC_SECRET_SALT=salty", // build: negated pattern
	"NEXT_PUBLIC_TOKEN=tok",         // a secret (*_TOKEN): no pattern passes it
	"NPM_TOKEN=npm",                 // built-in secret
	"GITHUB_TOKEN=gh",               // built-in secret
	"github_token=gh-lower",         // secret detection ignores case
	"AWS_SECRET_ACCESS_KEY=aws",     // built-in secret
	"MY_WALLET_KEY=wallet",          // secrets.extra name
	"my_wallet_key=wallet-lower",    // ... in any case
	"DEPLOY_TOKEN=deploy",           // secrets.extra pattern (and built-in)
	"SLEUTH_API_KEY=sleuth",         // secrets.pass: not a secret
	"sleuth_api_key=sleuth-lower",   // pass is exact: still a secret
	"CGO_ENABLED=1",                 // build: define overrides it
	"VX_RUN_TASK=stale",             // build: define overrides it
	"HISTFILE=/home/u/.history",     // shell: unset
	"npm_config_cache=/tmp/npm",     // shell: unset pattern
	"EDITOR=vim",                    // neither essential nor listed
	"A=b=c",                         // the value is everything after the first '='
	"E=",                            // present with an empty value
	"=C:=C:\\x",                     // the Windows drive entry is named "=C:"
	"HOME=/second",                  // a later duplicate is ignored
	"NOEQUALS",                      // no '=': ignored
	"NUL=a\x00b",                    // NUL: ignored
}

var params = BuildParams{Workspace: "/ws", Task: "build", ProjectDir: "/ws/app"}

// wantBuild is task build's environment for environ and params.
var wantBuild = []string{
	"PATH=/ws/app/node_modules/.bin" + sep + "/ws/node_modules/.bin" + sep + "/usr/bin" + sep + "/bin",
	"HOME=/home/u",
	"TERM=xterm",
	"GOFLAGS=-mod=mod",
	"NODE_ENV=production",
	"NEXT_PUBLIC_API=https://api",
	"NEXT_PUBLIC_=empty-star",
	"CGO_ENABLED=0",
	"VX_RUN_WORKSPACE=/ws",
	"VX_RUN_TASK=build",
}

// wantShell is task shell's environment for environ.
var wantShell = []string{
	"PATH=/usr/bin" + sep + "/bin",
	"HOME=/home/u",
	"TERM=xterm",
	"GOFLAGS=-mod=mod",
	"NODE_ENV=production",
	"NEXT_PUBLIC_API=https://api",
	"NEXT_PUBLIC_=empty-star",
	"NEXT_PUBLIC_SECRET_SALT=salty", // only isolated tasks negate
	"SLEUTH_API_KEY=sleuth",
	"CGO_ENABLED=1",
	"VX_RUN_TASK=stale",
	"EDITOR=vim",
	"A=b=c",
	"E=",
	"=C:=C:\\x",
}

func skipOnWindows(t *testing.T) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("names differing only in case are one name on Windows")
	}
}

func TestBuildEnv(t *testing.T) {
	skipOnWindows(t) // environ holds github_token next to GITHUB_TOKEN
	checks.SameEntries(t, "BuildEnv", BuildEnv(environ, params), wantBuild)
}

func TestShellEnv(t *testing.T) {
	skipOnWindows(t)
	got := ShellEnv(environ)
	checks.SameEntries(t, "ShellEnv", got, wantShell)
	for _, e := range got {
		name, _ := envrt.Split(e)
		for _, dropped := range []string{"GITHUB_TOKEN", "github_token", "AWS_SECRET_ACCESS_KEY", "HISTFILE", "npm_config_cache", "NPM_TOKEN"} {
			if name == dropped {
				t.Errorf("ShellEnv passed %s", e)
			}
		}
	}
}

func TestBuildEnvPathOrder(t *testing.T) {
	// With no PATH in environ, PATH is just the directories, first listed
	// first; empty and repeated directories are dropped.
	got := BuildEnv([]string{"HOME=/h"}, BuildParams{ProjectDir: "/p", Workspace: "/w"})
	checks.SameEntries(t, "no PATH", got, []string{
		"HOME=/h",
		"PATH=/p/node_modules/.bin" + sep + "/w/node_modules/.bin",
		"CGO_ENABLED=0", "VX_RUN_WORKSPACE=/w", "VX_RUN_TASK=",
	})
	got = BuildEnv([]string{"PATH="}, BuildParams{ProjectDir: "/same", Workspace: "/same"})
	checks.SameEntries(t, "empty PATH, repeated directory", got, []string{
		"PATH=/same/node_modules/.bin",
		"CGO_ENABLED=0", "VX_RUN_WORKSPACE=/same", "VX_RUN_TASK=",
	})
}

func TestOverrides(t *testing.T) {
	skipOnWindows(t)
	got := BuildEnv(environ, params,
		envrt.Set("NODE_ENV", "test"),   // replaces an inherited value
		envrt.Unset("TERM"),             // removes an essential
		envrt.Set("CGO_ENABLED", "1"),   // beats a define
		envrt.Set("PATH", "/custom"),    // binPaths still extend it
		envrt.Set("NEW", "1"),           // adds a name
		envrt.Set("NEW", "2"),           // the last for a name wins
		envrt.Unset("VX_RUN_TASK"),      // removes a define
		envrt.Set("GONE", "x"),          // set, then...
		envrt.Unset("GONE"),             // ... unset: absent
		envrt.Set("", "empty name"),     // ignored
		envrt.Set("A=B", "holds ="),     // ignored
		envrt.Set("NUL\x00", "in name"), // ignored
		envrt.Set("HOME", "nul\x00"),    // ignored
		envrt.Unset(""),                 // ignored
	)
	checks.SameEntries(t, "BuildEnv with overrides", got, []string{
		"PATH=/ws/app/node_modules/.bin" + sep + "/ws/node_modules/.bin" + sep + "/custom",
		"HOME=/home/u",
		"GOFLAGS=-mod=mod",
		"NODE_ENV=test",
		"NEXT_PUBLIC_API=https://api",
		"NEXT_PUBLIC_=empty-star",
		"CGO_ENABLED=1",
		"VX_RUN_WORKSPACE=/ws",
		"NEW=2",
	})

	got = BuildEnv(environ, params, envrt.Unset("PATH"))
	checks.SameEntries(t, "BuildEnv with PATH unset", got, append([]string{
		"PATH=/ws/app/node_modules/.bin" + sep + "/ws/node_modules/.bin",
	}, wantBuild[1:]...))

	// An override may name a secret: the caller asked for it.
	got = ShellEnv(environ, envrt.Set("GITHUB_TOKEN", "explicit"), envrt.Unset("EDITOR"))
	want := slices.DeleteFunc(slices.Clone(wantShell), func(e string) bool { return e == "EDITOR=vim" })
	checks.SameEntries(t, "ShellEnv with overrides", got, append(want, "GITHUB_TOKEN=explicit"))
}

func TestAppendLeavesDst(t *testing.T) {
	skipOnWindows(t)
	dst := make([]string, 3, 64)
	copy(dst, []string{"PATH=/dst", "NODE_ENV=dst", "GITHUB_TOKEN=dst"})
	got := AppendBuildEnv(dst, environ, params)
	if !slices.Equal(got[:3], []string{"PATH=/dst", "NODE_ENV=dst", "GITHUB_TOKEN=dst"}) {
		t.Errorf("AppendBuildEnv changed dst[:len(dst)]: %q", got[:3])
	}
	if &got[0] != &dst[0] {
		t.Errorf("AppendBuildEnv reallocated although dst had room")
	}
	checks.SameEntries(t, "AppendBuildEnv after dst", got[3:], wantBuild)

	got = AppendShellEnv(dst, environ)
	if !slices.Equal(got[:3], []string{"PATH=/dst", "NODE_ENV=dst", "GITHUB_TOKEN=dst"}) {
		t.Errorf("AppendShellEnv changed dst[:len(dst)]: %q", got[:3])
	}
	checks.SameEntries(t, "AppendShellEnv after dst", got[3:], wantShell)
}

func TestAllocs(t *testing.T) {
	dst := make([]string, 0, 64)
	// build: two templated defines and PATH are built by the call.
	if n := testing.AllocsPerRun(100, func() { AppendBuildEnv(dst[:0], environ, params) }); n != 3 {
		t.Errorf("AppendBuildEnv with room allocates %v times, want 3 (2 templated defines, PATH)", n)
	}
	if n := testing.AllocsPerRun(100, func() { BuildEnv(environ, params) }); n != 4 {
		t.Errorf("BuildEnv allocates %v times, want 4 (the slice, 2 templated defines, PATH)", n)
	}
	// shell: nothing to build.
	if n := testing.AllocsPerRun(100, func() { AppendShellEnv(dst[:0], environ) }); n != 0 {
		t.Errorf("AppendShellEnv with room allocates %v times, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { ShellEnv(environ) }); n != 1 {
		t.Errorf("ShellEnv allocates %v times, want 1 (the slice)", n)
	}
}

func TestIsSecret(t *testing.T) {
	for name, want := range map[string]bool{
		"GITHUB_TOKEN":          true,
		"github_token":          true,
		"Github_Token":          true,
		"NPM_TOKEN":             true,
		"AWS_SECRET_ACCESS_KEY": true,
		"SSH_AUTH_SOCK":         true,
		"MY_WALLET_KEY":         true, // secrets.extra
		"my_wallet_key":         true,
		"DEPLOY_TOKEN":          true, // *_TOKEN
		"deploy_token":          true,
		"ANY_API_KEY":           true,  // built-in *_API_KEY
		"SLEUTH_API_KEY":        false, // secrets.pass
		"sleuth_api_key":        true,  // pass is exact
		"Sleuth_Api_Key":        true,
		"HOME":                  false,
		"PATH":                  false,
		"NODE_ENV":              false,
		"NEXT_PUBLIC_API":       false,
		"":                      false,
	} {
		if got := IsSecret(name); got != want {
			t.Errorf("IsSecret(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestSecrets(t *testing.T) {
	s := Secrets()
	if !slices.IsSorted(s) {
		t.Errorf("Secrets() is not sorted: %q", s)
	}
	if len(slices.Compact(slices.Clone(s))) != len(s) {
		t.Errorf("Secrets() lists an entry twice: %q", s)
	}
	for _, want := range []string{"MY_WALLET_KEY", "*_TOKEN", "GITHUB_TOKEN", "NPM_TOKEN", "*_API_KEY"} {
		if !slices.Contains(s, want) {
			t.Errorf("Secrets() lacks %q", want)
		}
	}
	if slices.Contains(s, "SLEUTH_API_KEY") {
		t.Errorf("Secrets() lists SLEUTH_API_KEY, which secrets.pass exempts")
	}
	first := s[0]
	s[0] = "MUTATED"
	_ = append(s[:1], "APPENDED")
	if again := Secrets(); again[0] != first || slices.Contains(again, "MUTATED") || slices.Contains(again, "APPENDED") {
		t.Errorf("Secrets() shares its backing array: %q", again)
	}
}
