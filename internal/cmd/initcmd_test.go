package cmd

import (
	"github.com/envgen/envgen/internal/testkit"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestInitWritesStarter(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := runCLI(t, dir, "", "init")
	require.Equal(t, 0, code, stderr)
	assert.Empty(t, stdout)
	assert.Equal(t, `envgen init: wrote envpolicy.yaml
Next: put this line in a Go file next to it, then run go generate:

	//go:generate go tool envgen -o envpolicy_gen.go envpolicy.yaml

(This envgen is a development build, so the line runs it as a tool of your
module, as the quickstart's clone way sets it up:
https://github.com/envgen/envgen#quickstart-30-seconds)
`, stderr)
	got, err := os.ReadFile(filepath.Join(dir, "envpolicy.yaml"))
	require.NoError(t, err)
	assert.Equal(t, starterPolicy, string(got))
}

// TestInitNextStepReleased: a released envgen names itself at its own
// version with go run, which adds nothing to go.mod, and the runtime of
// the same release.
func TestInitNextStepReleased(t *testing.T) {
	assert.Equal(t, `Next: put this line in a Go file next to it, then run go generate:

	//go:generate go run github.com/envgen/envgen/cmd/envgen@v1.4.0 -o children_gen.go children.yaml

(go run adds nothing to your go.mod; the generated code needs the runtime of
the same release: go get github.com/envgen/envgen/runtime@v1.4.0)
`, nextStep("children.yaml", "v1.4.0 0123abcd"))

	// The README's quickstart gives the same line, with VERSION for the
	// version.
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	line := regexp.MustCompile(`//go:generate .*`).FindString(nextStep("envpolicy.yaml", "v9.9.9"))
	assert.Contains(t, string(readme), strings.ReplaceAll(line, "v9.9.9", "VERSION"), "README's quickstart")
}

func TestInitRefusesToOverwrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "envpolicy.yaml")
	require.NoError(t, os.WriteFile(path, []byte("version: 1\n# mine\n"), 0o644))
	code, stdout, stderr := runCLI(t, dir, "", "init")
	assert.Equal(t, 1, code)
	assert.Empty(t, stdout)
	assert.Equal(t, "envgen init: envpolicy.yaml already exists; not overwriting it (remove it, or name another file)\n", stderr)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "version: 1\n# mine\n", string(got), "left alone")

	// Also through -o, and also when the existing file is empty.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "empty.yaml"), nil, 0o644))
	code, _, stderr = runCLI(t, dir, "", "init", "-o", "empty.yaml")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "empty.yaml already exists")
}

func TestInitPaths(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "cmd"), 0o755))

	// A file argument: the hint names the file and its generated file.
	code, stdout, stderr := runCLI(t, dir, "", "init", filepath.Join("cmd", "children.yaml"))
	require.Equal(t, 0, code, stderr)
	assert.Empty(t, stdout)
	assert.Contains(t, stderr, "wrote "+filepath.Join("cmd", "children.yaml")+"\n")
	assert.Contains(t, stderr, "\t//go:generate go tool envgen -o children_gen.go children.yaml\n")
	assert.FileExists(t, filepath.Join(dir, "cmd", "children.yaml"))

	// A directory argument gets envpolicy.yaml inside it.
	code, _, stderr = runCLI(t, dir, "", "init", "cmd")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "wrote "+filepath.Join("cmd", "envpolicy.yaml")+"\n")
	assert.FileExists(t, filepath.Join(dir, "cmd", "envpolicy.yaml"))

	// -o FILE is the same as the argument.
	code, _, stderr = runCLI(t, dir, "", "init", "-o", "other.yaml")
	require.Equal(t, 0, code, stderr)
	assert.FileExists(t, filepath.Join(dir, "other.yaml"))

	// A directory that does not exist is an error, not created.
	code, _, stderr = runCLI(t, dir, "", "init", filepath.Join("nope", "envpolicy.yaml"))
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "envgen init: open "+filepath.Join("nope", "envpolicy.yaml"))
	assert.NoDirExists(t, filepath.Join(dir, "nope"))
}

func TestInitStdout(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := runCLI(t, dir, "", "init", "-o", "-")
	require.Equal(t, 0, code, stderr)
	assert.Empty(t, stderr)
	assert.Equal(t, starterPolicy, stdout)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, entries, "-o - writes no file")
}

func TestInitUsage(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"init", "a.yaml", "b.yaml"}, "one file at a time; got 2"},
		{[]string{"init", "-o", "a.yaml", "b.yaml"}, "give the file once: -o a.yaml or b.yaml, not both"},
		{[]string{"init", "-force"}, "flag provided but not defined: -force"},
	} {
		code, stdout, stderr := runCLI(t, dir, "", tc.args...)
		assert.Equal(t, 2, code, "%v", tc.args)
		assert.Empty(t, stdout, "%v", tc.args)
		assert.Contains(t, stderr, tc.msg, "%v", tc.args)
		assert.Contains(t, stderr, "\nrun envgen init -h for usage\n", "%v", tc.args)
		assert.NotContains(t, stderr, "usage:", "a usage error prints one line and the hint, not the whole help")
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, entries, "a usage error writes nothing")

	code, stdout, _ := runCLI(t, dir, "", "init", "-h")
	assert.Equal(t, 0, code)
	assert.Contains(t, stdout, "It never overwrites a file.")
}

// TestInitStarterGenerates runs what init writes through envgen, as the
// go:generate line it prints would: it must generate cleanly, with the
// builders its comments promise.
func TestInitStarterGenerates(t *testing.T) {
	dir := t.TempDir()
	code, _, stderr := runCLI(t, dir, "", "init")
	require.Equal(t, 0, code, stderr)
	code, stdout, stderr := runCLI(t, dir, "consumer", "-o", "envpolicy_gen.go", "envpolicy.yaml")
	require.Equal(t, 0, code, stderr)
	assert.Empty(t, stdout)
	assert.Empty(t, stderr)
	gen, err := os.ReadFile(filepath.Join(dir, "envpolicy_gen.go"))
	require.NoError(t, err)
	for _, want := range []string{
		"package consumer\n",
		"type BuildParams struct",
		"func BuildEnv(environ []string, p BuildParams, overrides ...envrt.Var) []string",
		"func ShellEnv(environ []string, overrides ...envrt.Var) []string",
	} {
		assert.Contains(t, string(gen), want)
	}
	assert.NotContains(t, string(gen), "func NodeEnv", "no builder for a preset")
}

// TestInitStarterIsGolden keeps the golden case init-starter equal to the
// starter, so that the end-to-end test vets and builds its generated code
// on every GOOS; -update rewrites it.
func TestInitStarterIsGolden(t *testing.T) {
	path := filepath.Join(testkit.GoldenRoot, "init-starter", "policy.yaml")
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(starterPolicy), 0o644))
	}
	got, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./internal/cmd -run 'InitStarterIsGolden|Golden' -update")
	assert.Equal(t, starterPolicy, string(got), "run go test ./internal/cmd -run 'InitStarterIsGolden|Golden' -update")
}
