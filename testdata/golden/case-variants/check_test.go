package variants

// Self-checks of spellings of one name across lists (rule 3: names compare
// exactly except on Windows; secret detection ignores case everywhere;
// exemptions are exact). They run only inside the e2e module that
// internal/gen's TestE2E builds.

import (
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"envgen.test/e2e/checks"
)

var sep = string(os.PathListSeparator)

func TestBuildEnv(t *testing.T) {
	environ := []string{
		"PATH=/usr/bin",      // essential; binPaths extend it
		"Path=/x",            // passThrough Path
		"HOME=/h",            // essential
		"home=/lower",        // passThrough home
		"Github_Token=gt",    // passThrough: this spelling is exempt
		"GITHUB_TOKEN=GT",    // a secret, not listed
		"github_token=lower", // a secret, not listed
		"GoFlags=-v",         // essentials.extra GoFlags
		"GOFLAGS=-x",         // not listed
	}
	got := BuildEnv(environ)
	if runtime.GOOS == "windows" {
		// One name each: the first spelling wins and keeps its spelling,
		// also when binPaths extend it.
		checks.SameEntries(t, "BuildEnv on Windows", got, []string{
			"PATH=/opt/tools/bin" + sep + "/usr/bin", "HOME=/h", "Github_Token=gt", "GoFlags=-v",
		})
		return
	}
	checks.SameEntries(t, "BuildEnv", got, []string{
		"PATH=/opt/tools/bin" + sep + "/usr/bin", "Path=/x", "HOME=/h", "home=/lower", "Github_Token=gt", "GoFlags=-v",
	})
}

func TestInheritedPathKeepsSpelling(t *testing.T) {
	got := BuildEnv([]string{"Path=/x"})
	if runtime.GOOS == "windows" {
		checks.SameEntries(t, "BuildEnv on Windows", got, []string{"Path=/opt/tools/bin" + sep + "/x"})
		return
	}
	// Path is not PATH here: PATH is just the directories.
	checks.SameEntries(t, "BuildEnv", got, []string{"Path=/x", "PATH=/opt/tools/bin"})
}

func TestShellEnv(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the spellings below are one name on Windows")
	}
	environ := []string{
		"github_token=kept", // passThrough github_token: exempt
		"GITHUB_TOKEN=GT",   // a secret
		"Github_Token=gt",   // a secret (the build task's exemption is its own)
		"Histfile=/h",       // unset
		"HISTFILE=/H",       // another name
		"deploy_key=pass",   // secrets.pass deploy_key
		"Deploy_Key=extra",  // secrets.extra
		"DEPLOY_KEY=upper",  // a secret, ASCII case aside
		"EDITOR=vim",
	}
	checks.SameEntries(t, "ShellEnv", ShellEnv(environ), []string{"github_token=kept", "HISTFILE=/H", "deploy_key=pass", "EDITOR=vim"})
}

func TestIsSecret(t *testing.T) {
	for name, want := range map[string]bool{
		"Deploy_Key":   true,
		"DEPLOY_KEY":   true,
		"deploy_KEY":   true,
		"deploy_key":   false, // secrets.pass, exactly
		"GITHUB_TOKEN": true,
		"Github_Token": true, // a task's exemption is not policy-wide
		"github_token": true,
		"Path":         false,
		"GoFlags":      false,
	} {
		if got := IsSecret(name); got != want {
			t.Errorf("IsSecret(%q) = %v, want %v", name, got, want)
		}
	}
	if s := Secrets(); !slices.Contains(s, "Deploy_Key") || slices.Contains(s, "deploy_key") {
		t.Errorf("Secrets() = %q, want Deploy_Key (as written) and not deploy_key", s)
	}
}

// TestBuildEnvAllocatesOnce checks the capacity BuildEnv asks for (at most
// one entry per name the task can pass, in any spelling): with every such
// name in three spellings and many others, it allocates the slice it
// returns and the PATH binPaths extend, nothing more.
func TestBuildEnvAllocatesOnce(t *testing.T) {
	var environ []string
	for _, name := range append(slices.Clone(envgenPolicy.Essentials), envgenBuildTask.PassThrough...) {
		if strings.ContainsAny(name, "*!") {
			continue
		}
		for _, spelling := range []string{name, strings.ToUpper(name), strings.ToLower(name)} {
			environ = append(environ, spelling+"=v")
		}
	}
	for i := range 200 {
		environ = append(environ, "OTHER_"+strconv.Itoa(i)+"=v")
	}
	if n := testing.AllocsPerRun(20, func() { BuildEnv(environ) }); n != 2 {
		t.Errorf("BuildEnv allocates %v times, want 2 (the slice, PATH)", n)
	}
}

// min shadows the builtin in this package, as code from before Go 1.21
// often does: the generated file must not need the builtin.
func min(a, b float64) float64 {
	if a < b {
		return a
	}
	return b
}

var _ = min(1, 2)
