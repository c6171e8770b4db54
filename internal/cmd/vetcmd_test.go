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

// vetModule writes a throwaway module that uses this repository's
// runtime (by a replace directive) as a user's module would: a policy, the code envgen
// generates from it, and main.go spawning a child with a builder's
// result. It returns the module's directory and the go command's
// environment for it.
func vetModule(t *testing.T) (dir string, environ []string) {
	t.Helper()
	dir = t.TempDir()
	files := map[string]string{
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
	testkit.HostModule(t, dir, "envgen.test/vet")
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
// the call and exits 1; accepted with a reason, 0 again; with -tests, a
// test file's site is reported too, and each finding once (the package
// and its test variant both hold leak.go).
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

	require.NoError(t, os.WriteFile(filepath.Join(dir, "leak.go"), []byte(leak), 0o644))
	leakTest := "package main\n\nimport (\n\t\"os/exec\"\n\t\"testing\"\n)\n\nfunc TestLeak(t *testing.T) {\n\t_ = exec.Command(\"env\").Run()\n}\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "leak_test.go"), []byte(leakTest), 0o644))
	code, stdout, stderr = runVet(t, dir, environ, "-tests")
	assert.Equal(t, 1, code, "-tests: %s", stderr)
	nilEnv := ": exec.Cmd.Run: the environment is nil, which gives the child this process's whole environment; " +
		"build it with a policy builder, or accept the line with //envgen:inherit REASON\n"
	assert.Equal(t, "leak.go:6:6"+nilEnv+"leak_test.go:9:6"+nilEnv, stdout)
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
	assert.Regexp(t, `^envgen vet: pattern ./nosuch/...: [^\n]+\n`+
		`envgen vet: no package to check in ./nosuch/...\nrun envgen vet -h for usage\n$`, stderr)
	assert.NotContains(t, stderr, "-:", "a position the go command does not have")
	assert.Empty(t, stdout)

	code, stdout, _ = runVet(t, dir, nil, "-h")
	assert.Equal(t, 0, code)
	assert.Contains(t, stdout, "usage: envgen vet [-tests] [-format text|json|sarif] [-unfollowed] [PACKAGES]")

	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/empty\n\ngo 1.24\n"), 0o644))
	code, stdout, stderr = runVet(t, dir, nil)
	assert.Equal(t, 2, code, stderr)
	assert.Contains(t, stderr, "envgen vet: no packages match ./...\nrun envgen vet -h for usage\n")
	assert.Empty(t, stdout)
}

// TestVetGoCommandFails checks that envgen vet says why when the go
// command cannot list the packages at all, and exits 1.
func TestVetGoCommandFails(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := runVet(t, dir, append(os.Environ(), "GOFLAGS=-nosuchflag"))
	assert.Equal(t, 1, code, stderr)
	assert.Regexp(t, `^envgen vet: [^\n]*-nosuchflag`, stderr)
	assert.Empty(t, stdout)
}

// TestVetGeneratedBuilders runs envgen vet on a user's module with the
// code envgen generates: its builders are recognised by what they do, so
// entries appended to os.Environ() before one and a non-constant entry
// appended after one are reported, and the designed overrides are not; a
// directive on the line that creates a Cmd accepts what is found where
// it runs.
func TestVetGeneratedBuilders(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a module's packages with the go command; skipped with -short")
	}
	dir, environ := vetModule(t)
	src := `package main

import (
	"os"
	"os/exec"

	"github.com/envgen/envgen/runtime/envrt"
)

func firstWins(v string) []string {
	return ShellEnv(append(os.Environ(), "X="+v))
}

func extended(v string) error {
	cmd := exec.Command("env")
	cmd.Env = append(ShellEnv(os.Environ()), "X="+v)
	return cmd.Run()
}

func overrides(v string) error {
	cmd := exec.Command("env")
	cmd.Env = ShellEnvOS(envrt.Set("X", v))
	return cmd.Run()
}

func acceptedWhereMade() error {
	cmd := exec.Command("env") //envgen:inherit env shows what this process has
	return cmd.Run()
}
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "spawn.go"), []byte(src), 0o644))
	code, stdout, stderr := runVet(t, dir, environ)
	assert.Equal(t, 1, code, stderr)
	assert.Equal(t, "spawn.go:11:9: ShellEnv: its environ is os.Environ() with entries appended, "+
		"which lose to this process's entries of the same names (a builder keeps each name's first entry); "+
		"pass them to the builder as envrt.Set(NAME, value) or envrt.Sets(entries)\n"+
		"spawn.go:17:9: exec.Cmd.Run: the environment is a builder's result with a non-constant entry "+
		"appended or written after it ran, which bypasses the policy; pass the value to the builder as envrt.Set(NAME, value)\n", stdout)
}

// TestVetSkipsPackagesThatDoNotLoad runs envgen vet on a module where
// one package does not compile and another imports it: the rest is
// checked, the load error printed with its position, the two named as
// not checked, and the exit code is 1.
func TestVetSkipsPackagesThatDoNotLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a module's packages with the go command; skipped with -short")
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.24\n",
		"a/a.go": "package a\n\nimport \"os/exec\"\n\nfunc Run() error { return exec.Command(\"env\").Run() }\n",
		"b/b.go": "package b\n\nfunc B() { undefined() }\n",
		"c/c.go": "package c\n\nimport \"example.com/m/b\"\n\nfunc C() { b.B() }\n",
		"d/d.go": "package d\n\nfunc D() {}\n",
	}
	for name, src := range files {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	code, stdout, stderr := runVet(t, dir, testkit.GoEnv(t, testkit.GoCommand(t)))
	assert.Equal(t, 1, code)
	assert.Equal(t, "a/a.go:5:27: exec.Cmd.Run: the environment is nil, which gives the child this process's whole environment; "+
		"build it with a policy builder, or accept the line with //envgen:inherit REASON\n", stdout)
	assert.Equal(t, "b/b.go:3:12: undefined: undefined\n"+
		"envgen vet: 2 packages not checked, as they do not load: example.com/m/b, example.com/m/c\n", stderr)
}
