package params

// Self-checks of parameters: the Params structs, templated defines and
// binPaths, PATH building. They run only inside the e2e module that
// internal/gen's TestE2E builds.

import (
	"os"
	"reflect"
	"slices"
	"testing"

	"github.com/envgen/envgen/runtime/envrt"

	"envgen.test/e2e/checks"
)

var sep = string(os.PathListSeparator)

// fields returns the names of a struct type's fields, in order.
func fields(typ reflect.Type) []string {
	var out []string
	for i := range typ.NumField() {
		f := typ.Field(i)
		if f.Type.Kind() != reflect.String {
			out = append(out, f.Name+" (not a string)")
			continue
		}
		out = append(out, f.Name)
	}
	return out
}

func TestParamsStructs(t *testing.T) {
	// Order of first use: defines, then binPaths; each parameter once.
	if got, want := fields(reflect.TypeFor[DeployParams]()), []string{"Env", "Region", "Host", "Port", "ToolDir", "Home"}; !slices.Equal(got, want) {
		t.Errorf("DeployParams fields = %q, want %q", got, want)
	}
	if got, want := fields(reflect.TypeFor[ToolsParams]()), []string{"Root", "Cache"}; !slices.Equal(got, want) {
		t.Errorf("ToolsParams fields = %q, want %q", got, want)
	}
}

var deploy = DeployParams{Env: "prod", Region: "eu-1", Host: "example.com", Port: "443", ToolDir: "/opt/t", Home: "/home/u"}

func TestDeployEnv(t *testing.T) {
	got := DeployEnv([]string{"PATH=/usr/bin", "HOME=/home/u", "TARGET=old"}, deploy)
	checks.SameEntries(t, "DeployEnv", got, []string{
		"PATH=/opt/t/bin" + sep + "/home/u/.local/bin" + sep + "/usr/local/bin" + sep + "/usr/bin",
		"HOME=/home/u",
		"TARGET=prod-eu-1",
		"URL=https://example.com:443/prod",
		"STATIC=plain",
	})

	// No PATH in environ: PATH is just the directories. A directory
	// built from an empty parameter ("{toolDir}/bin") is skipped, not
	// turned into "/bin"; an empty parameter in a define leaves the rest.
	got = DeployEnv(nil, DeployParams{Home: "/h"})
	checks.SameEntries(t, "DeployEnv with empty params", got, []string{
		"PATH=/h/.local/bin" + sep + "/usr/local/bin",
		"TARGET=-",
		"URL=https://:/",
		"STATIC=plain",
	})
}

func TestToolsEnv(t *testing.T) {
	environ := []string{"PATH=/env/bin", "HOME=/h"}
	// binPaths extend the defined PATH, not environ's.
	got := ToolsEnv(environ, ToolsParams{Root: "/r", Cache: "/c"})
	checks.SameEntries(t, "ToolsEnv", got, []string{
		"PATH=/r/bin" + sep + "/r/sbin" + sep + "/c" + sep + "/usr/bin:/bin",
		"HOME=/h",
	})
	// An empty directory is skipped, a repeated one dropped.
	got = ToolsEnv(environ, ToolsParams{Root: "/r"})
	checks.SameEntries(t, "ToolsEnv, empty cache", got, []string{"PATH=/r/bin" + sep + "/r/sbin" + sep + "/usr/bin:/bin", "HOME=/h"})
	got = ToolsEnv(environ, ToolsParams{Root: "/r", Cache: "/r/sbin"})
	checks.SameEntries(t, "ToolsEnv, repeated dir", got, []string{"PATH=/r/bin" + sep + "/r/sbin" + sep + "/usr/bin:/bin", "HOME=/h"})
	// Overrides come before binPaths: an unset or empty PATH leaves just
	// the directories.
	got = ToolsEnv(environ, ToolsParams{Root: "/r"}, envrt.Unset("PATH"))
	checks.SameEntries(t, "ToolsEnv, PATH unset", got, []string{"PATH=/r/bin" + sep + "/r/sbin", "HOME=/h"})
	got = ToolsEnv(environ, ToolsParams{Root: "/r"}, envrt.Set("PATH", ""))
	checks.SameEntries(t, "ToolsEnv, PATH empty", got, []string{"PATH=/r/bin" + sep + "/r/sbin", "HOME=/h"})
	got = ToolsEnv(environ, ToolsParams{Root: "/r"}, envrt.Set("PATH", "/o"))
	checks.SameEntries(t, "ToolsEnv, PATH set", got, []string{"PATH=/r/bin" + sep + "/r/sbin" + sep + "/o", "HOME=/h"})
}

func TestAppendLeavesDst(t *testing.T) {
	dst := make([]string, 1, 16)
	dst[0] = "PATH=/dst"
	got := AppendToolsEnv(dst, []string{"HOME=/h"}, ToolsParams{Root: "/r"})
	if got[0] != "PATH=/dst" {
		t.Errorf("AppendToolsEnv changed dst[0] to %q", got[0])
	}
	checks.SameEntries(t, "AppendToolsEnv after dst", got[1:], []string{"PATH=/r/bin" + sep + "/r/sbin" + sep + "/usr/bin:/bin", "HOME=/h"})
}

func TestAllocs(t *testing.T) {
	environ := []string{"PATH=/usr/bin", "HOME=/home/u", "EDITOR=vim"}
	dst := make([]string, 0, 16)
	// deploy: two templated defines (TARGET, URL), a literal one, PATH.
	if n := testing.AllocsPerRun(100, func() { AppendDeployEnv(dst[:0], environ, deploy) }); n != 3 {
		t.Errorf("AppendDeployEnv with room allocates %v times, want 3 (2 templated defines, PATH)", n)
	}
	if n := testing.AllocsPerRun(100, func() { DeployEnv(environ, deploy) }); n != 4 {
		t.Errorf("DeployEnv allocates %v times, want 4 (the slice, 2 templated defines, PATH)", n)
	}
	// tools: a literal define and PATH.
	tools := ToolsParams{Root: "/r", Cache: "/c"}
	if n := testing.AllocsPerRun(100, func() { AppendToolsEnv(dst[:0], environ, tools) }); n != 1 {
		t.Errorf("AppendToolsEnv with room allocates %v times, want 1 (PATH)", n)
	}
	if n := testing.AllocsPerRun(100, func() { ToolsEnv(environ, tools) }); n != 2 {
		t.Errorf("ToolsEnv allocates %v times, want 2 (the slice, PATH)", n)
	}
}
