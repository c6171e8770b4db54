package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/testkit"
)

// vetModule writes a throwaway module that uses this repository (by a
// replace directive) as a user's module would: a policy, the code envgen
// generates from it, and main.go spawning a child with a builder's
// result. It returns the module's directory and the go command's
// environment for it.
func vetModule(t *testing.T) (dir string, environ []string) {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	dir = t.TempDir()
	files := map[string]string{
		"go.mod": "module envgen.test/vet\n\ngo 1.26\n\nrequire github.com/envgen/envgen v0.0.0\n\n" +
			"replace github.com/envgen/envgen => " + filepath.ToSlash(root) + "\n",
		"envpolicy.yaml": "version: 1\npackage: main\ntasks: {shell: {mode: inherit}}\n",
		"main.go": `package main

import (
	"os"

	"github.com/envgen/envgen/runtime/envexec"
)

func main() {
	_ = envexec.Command(ShellEnv(os.Environ()), "true").Run()
}
`,
	}
	for name, src := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	testkit.CopyFile(t, filepath.Join(root, "go.sum"), filepath.Join(dir, "go.sum"))
	var stderr bytes.Buffer
	require.Equal(t, 0, Do([]string{"-o", filepath.Join(dir, "envpolicy_gen.go"), filepath.Join(dir, "envpolicy.yaml")}, nil, &bytes.Buffer{}, &stderr, nil), stderr.String())
	return dir, testkit.GoEnv(t, testkit.GoCommand(t))
}

// runVet runs envgen vet with args in dir.
func runVet(t *testing.T, dir string, environ []string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	t.Chdir(dir)
	var out, errOut bytes.Buffer
	code = Do(append([]string{"vet"}, args...), nil, &out, &errOut, environ)
	return code, out.String(), errOut.String()
}

// TestVetExitCodes runs envgen vet on a user's module: clean, it exits 0
// and prints nothing; with a leaking spawn site it prints the finding at
// the call and exits 1; accepted with a reason, 0 again.
func TestVetExitCodes(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a module's packages with the go command; skipped with -short")
	}
	dir, environ := vetModule(t)

	code, stdout, stderr := runVet(t, dir, environ)
	assert.Equal(t, 0, code, "clean module: %s", stderr)
	assert.Empty(t, stdout)

	leak := "package main\n\nimport \"os/exec\"\n\nfunc leak() {\n\t_ = exec.Command(\"env\").Run()\n}\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "leak.go"), []byte(leak), 0o644))
	code, stdout, stderr = runVet(t, dir, environ, "./...")
	assert.Equal(t, 1, code, "leaking module: %s", stderr)
	assert.Equal(t, "leak.go:6:6: exec.Cmd.Run: the environment is nil, which gives the child this process's whole environment; "+
		"build it with a policy builder, or accept the line with //envgen:inherit REASON\n", stdout)

	accepted := "package main\n\nimport \"os/exec\"\n\nfunc leak() {\n\t_ = exec.Command(\"env\").Run() //envgen:inherit env shows what we have\n}\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "leak.go"), []byte(accepted), 0o644))
	code, stdout, stderr = runVet(t, dir, environ, ".")
	assert.Equal(t, 0, code, "accepted: %s", stderr)
	assert.Empty(t, stdout)
}

// TestVetUsage checks envgen vet's bad usage (exit 2) and its help.
func TestVetUsage(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := runVet(t, dir, nil, "-nope")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "flag provided but not defined: -nope\nrun envgen vet -h for usage\n")
	assert.Empty(t, stdout)

	code, stdout, stderr = runVet(t, dir, nil, "./nosuch/...")
	assert.Equal(t, 2, code, stderr)
	assert.Contains(t, stderr, "envgen vet: no package to check in ./nosuch/...\n")
	assert.Empty(t, stdout)

	code, _, stderr = runVet(t, dir, nil, "-h")
	assert.Equal(t, 0, code)
	assert.Contains(t, stderr, "usage: envgen vet [-tests] [PACKAGES]")
}
