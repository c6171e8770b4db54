package cmd

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCLIClashWithAnotherPolicy: a second policy in one package whose
// generated names would clash with the first's is a positioned error at
// its prefix: (or 1:1), not a compile error, and nothing is written.
func TestCLIClashWithAnotherPolicy(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	write("web.yaml", "version: 1\ntasks:\n  build: {}\n")
	write("plugins.yaml", "version: 1\ntasks:\n  run: {}\n")
	write("hand.go", "package main\n\nfunc IsSecret(string) bool { return false }\n") // not envgen's: the compiler's business

	code, _, stderr := runCLI(t, dir, "main", "-o", "web_gen.go", "web.yaml")
	require.Equal(t, 0, code, stderr)
	code, _, stderr = runCLI(t, dir, "main", "-o", "plugins_gen.go", "plugins.yaml")
	assert.Equal(t, 1, code)
	assert.Regexp(t, `^plugins\.yaml:1:1: its generated code would declare "IsSecret", "IsSecretValue", "Seal", "Secrets", `, stderr)
	assert.Contains(t, stderr, "web_gen.go, another policy's generated file in the package")
	assert.NoFileExists(t, filepath.Join(dir, "plugins_gen.go"))

	// The same prefix on both is still a clash, reported at prefix:.
	write("web.yaml", "version: 1\nprefix: Web\ntasks:\n  build: {}\n")
	code, _, stderr = runCLI(t, dir, "main", "-o", "web_gen.go", "web.yaml")
	require.Equal(t, 0, code, stderr)
	write("plugins.yaml", "version: 1\ntasks:\n  run: {}\nprefix: Web\n")
	code, _, stderr = runCLI(t, dir, "main", "-o", "plugins_gen.go", "plugins.yaml")
	assert.Equal(t, 1, code)
	assert.Regexp(t, `^plugins\.yaml:4:9: its generated code would declare "WebIsSecret"`, stderr)

	// Its own prefix cures it; another package's file never clashes.
	write("plugins.yaml", "version: 1\nprefix: Plugin\ntasks:\n  run: {}\n")
	code, _, stderr = runCLI(t, dir, "main", "-o", "plugins_gen.go", "plugins.yaml")
	require.Equal(t, 0, code, stderr)
	code, _, stderr = runCLI(t, dir, "other", "-o", "web2_gen.go", "web.yaml")
	require.Equal(t, 0, code, stderr)
	// Regenerating a file over itself is no clash.
	code, _, stderr = runCLI(t, dir, "main", "-o", "web_gen.go", "web.yaml")
	require.Equal(t, 0, code, stderr)
}

// TestCLIClashPerOS: two policies written to files that no one build
// compiles together (by their _GOOS or _GOARCH suffix) do not clash; two
// that one build compiles do.
func TestCLIClashPerOS(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "unix.yaml"), []byte("version: 1\ntasks:\n  build: {}\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "win.yaml"), []byte("version: 1\ntasks:\n  build: {mode: inherit}\n"), 0o644))
	for _, out := range [][2]string{{"envpolicy_linux.go", "unix.yaml"}, {"envpolicy_windows.go", "win.yaml"}, {"envpolicy_linux.go", "unix.yaml"}} {
		code, _, stderr := runCLI(t, dir, "main", "-o", out[0], out[1])
		assert.Equal(t, 0, code, "%s: %s", out[0], stderr)
	}
	code, _, stderr := runCLI(t, dir, "main", "-o", "envpolicy_linux_arm64.go", "win.yaml")
	assert.Equal(t, 1, code, "linux/arm64 compiles envpolicy_linux.go too")
	assert.Contains(t, stderr, "envpolicy_linux.go, another policy's generated file")
	code, _, stderr = runCLI(t, dir, "main", "-o", "envpolicy_android.go", "win.yaml")
	assert.Equal(t, 1, code, "android builds compile _linux files too: %s", stderr)
	code, _, stderr = runCLI(t, dir, "main", "-o", "envpolicy_amd64.go", "win.yaml")
	assert.Equal(t, 1, code, "amd64 builds compile both envpolicy_linux.go and envpolicy_windows.go: %s", stderr)
}

func TestFileTarget(t *testing.T) {
	for name, want := range map[string][2]string{
		"envpolicy_gen.go":           {"", ""},
		"envpolicy_linux.go":         {"linux", ""},
		"envpolicy_windows_arm64.go": {"windows", "arm64"},
		"envpolicy_amd64.go":         {"", "amd64"},
		"linux.go":                   {"", ""}, // go/build: a name that is only a GOOS constrains nothing
		"x_linux_test.go":            {"linux", ""},
	} {
		goos, goarch := fileTarget(name)
		assert.Equal(t, want, [2]string{goos, goarch}, name)
	}
}

// TestCLIClashWithOwnOldOutput: renaming -o leaves the policy's earlier
// output behind, whose names the new one repeats; the error says it is
// that file (its first line names the same policy) and to delete it,
// not to give a policy a prefix.
func TestCLIClashWithOwnOldOutput(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "envpolicy.yaml"), []byte("version: 1\ntasks:\n  build: {}\n"), 0o644))
	code, _, stderr := runCLI(t, dir, "main", "-o", "envpolicy_gen.go", "envpolicy.yaml")
	require.Equal(t, 0, code, stderr)

	code, _, stderr = runCLI(t, dir, "main", "-o", "env_gen.go", "envpolicy.yaml")
	assert.Equal(t, 1, code)
	assert.Equal(t, `envpolicy.yaml:1:1: envpolicy_gen.go was generated from envpolicy.yaml too, most likely by this policy under an earlier -o name, and declares the same names ("AppendBuildEnv", "BuildEnv", "BuildEnvOS", and 7 more): delete envpolicy_gen.go`+"\n", stderr)
	assert.NotContains(t, stderr, "prefix")
	assert.NoFileExists(t, filepath.Join(dir, "env_gen.go"))

	require.NoError(t, os.Remove(filepath.Join(dir, "envpolicy_gen.go")))
	code, _, stderr = runCLI(t, dir, "main", "-o", "env_gen.go", "envpolicy.yaml")
	assert.Equal(t, 0, code, stderr)
}
