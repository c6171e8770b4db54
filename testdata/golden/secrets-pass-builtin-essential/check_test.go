package passessential

// Self-checks of secrets.pass exempting built-in essentials that a secret
// pattern matches, PROGRAMFILES(X86) among them. They run only inside the
// e2e module that internal/gen's TestE2E builds, where names compare
// exactly (not Windows).

import (
	"slices"
	"testing"
)

var environ = []string{
	"PROGRAMFILES(X86)=C:\\Program Files (x86)", // essential, exempted
	"ProgramFiles(x86)=C:\\Program Files (x86)", // exempted in this spelling too
	"programfiles(x86)=C:\\x",                   // a spelling no one exempts: a secret by PROGRAM*
	"PROGRAMFILES=C:\\Program Files",
	"PROGRAMDATA=C:\\ProgramData",
	"PROGRAM_KEY=k", // a secret by PROGRAM*
	"PATH=/bin",
}

func TestIsolatedPassesTheExemptEssentials(t *testing.T) {
	want := []string{"PROGRAMFILES(X86)=C:\\Program Files (x86)", "PROGRAMFILES=C:\\Program Files", "PROGRAMDATA=C:\\ProgramData", "PATH=/bin"}
	if got := BuildEnv(environ); !slices.Equal(got, want) {
		t.Errorf("BuildEnv:\n got  %q\n want %q", got, want)
	}
}

func TestInheritDropsOnlyTheSecrets(t *testing.T) {
	want := []string{"PROGRAMFILES(X86)=C:\\Program Files (x86)", "ProgramFiles(x86)=C:\\Program Files (x86)",
		"PROGRAMFILES=C:\\Program Files", "PROGRAMDATA=C:\\ProgramData", "PATH=/bin"}
	if got := ShellEnv(environ); !slices.Equal(got, want) {
		t.Errorf("ShellEnv:\n got  %q\n want %q", got, want)
	}
}

func TestIsSecret(t *testing.T) {
	for name, want := range map[string]bool{
		"PROGRAMFILES(X86)": false, "ProgramFiles(x86)": false, "programfiles(x86)": true,
		"PROGRAMFILES": false, "ProgramFiles": true, "PROGRAM_KEY": true, "PATH": false,
	} {
		if got := IsSecret(name); got != want {
			t.Errorf("IsSecret(%q) = %v, want %v", name, got, want)
		}
	}
}
