package emptyparam

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// path joins directories as the builders do.
func path(dirs ...string) string { return strings.Join(dirs, string(os.PathListSeparator)) }

// TestEmptyParameterDirectorySkipped: with no projectDir, and no
// TOOLS_HOME, their directories are left out rather than turned into
// /node_modules/.bin and /bin; the others stay, in order.
func TestEmptyParameterDirectorySkipped(t *testing.T) {
	got := BuildEnv([]string{"PATH=/bin", "TOOLS_HOME="}, BuildParams{Workspace: "/w"})
	want := []string{"PATH=" + path("/w/node_modules/.bin", "/usr/local/bin", "/bin"), "TOOLS_HOME="}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("BuildEnv = %q, want %q", got, want)
	}
	got = BuildEnv([]string{"PATH=/bin"}, BuildParams{})
	want = []string{"PATH=" + path("/usr/local/bin", "/bin")}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("BuildEnv with no parameters = %q, want %q", got, want)
	}
}

// TestGivenParametersKept: every directory whose parameters and references
// are given is prepended.
func TestGivenParametersKept(t *testing.T) {
	got := BuildEnv([]string{"PATH=/bin", "TOOLS_HOME=/t"}, BuildParams{ProjectDir: "/p", Workspace: "/w"})
	want := []string{"PATH=" + path("/p/node_modules/.bin", "/t/bin", "/w/node_modules/.bin", "/usr/local/bin", "/bin"), "TOOLS_HOME=/t"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("BuildEnv = %q, want %q", got, want)
	}
}
