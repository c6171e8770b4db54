package gen

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/testkit"
)

// TestLayoutGuard builds, against this runtime, a generated file written
// for another layout: one naming another layout guard, with a Task field
// this runtime lacks. It must fail to compile, and the first error the
// compiler lists must be the guard's, whose name says to regenerate.
func TestLayoutGuard(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module; skipped with -short")
	}
	code, err := Generate("policy.yaml", []byte("version: 1\ntasks: {shell: {mode: inherit}}\n"), "main")
	require.NoError(t, err)
	src := string(code)
	require.Contains(t, src, "envimpl."+layoutGuard, "the generated file names the guard")
	stale := strings.Replace(src, "envimpl."+layoutGuard, "envimpl.LayoutV4_RegenerateIfUndefined", 1)
	stale = strings.Replace(stale, "\tInherit: true,\n", "\tInherit: true,\n\tLayoutV4Field: 1,\n", 1)
	require.NotEqual(t, src, stale)

	goTool := testkit.GoCommand(t)
	mod := t.TempDir()
	testkit.HostModule(t, mod, "envgen.test/guard")
	require.NoError(t, os.WriteFile(filepath.Join(mod, "gen.go"), []byte(stale), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(mod, "main.go"), []byte("package main\n\nfunc main() { _ = ShellEnvOS() }\n"), 0o644))
	cmd := exec.Command(goTool, "build", "-o", os.DevNull, ".")
	cmd.Dir, cmd.Env = mod, testkit.GoEnv(t, goTool)
	out, err := cmd.CombinedOutput()
	require.Error(t, err, "a file of another layout compiled:\n%s", out)
	var first string
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(line, "./gen.go:") {
			first = line
			break
		}
	}
	assert.Contains(t, first, "undefined: envimpl.LayoutV4_RegenerateIfUndefined", "the compiler's first error:\n%s", out)
}
