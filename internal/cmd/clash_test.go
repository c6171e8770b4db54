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
	assert.Regexp(t, `^plugins\.yaml:1:1: its generated code would declare "IsSecret", "IsSecretValue", "Secrets", `, stderr)
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
