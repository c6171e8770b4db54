package cmd

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/testkit"
)

// TestVetUnitsShareFacts runs envgen vet, one package per process, on a
// module whose spawn takes its environment from a helper in another
// package, and whose store to a field of a third reaches a spawn there:
// what the analysis of each package found reaches the next through the
// facts file it wrote. It also counts, once, where the parent's
// environment goes where the analysis cannot follow it (a map another
// package may read).
func TestVetUnitsShareFacts(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module's packages with the go command; skipped with -short")
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.24\n",
		"envs/envs.go": "package envs\n\nimport \"os\"\n\n" +
			"func Parent() []string { return append(os.Environ(), \"A=1\") }\n\n" +
			"var Saved = map[string][]string{}\n\n" +
			"func Save() { Saved[\"x\"] = os.Environ() }\n",
		"run/run.go": "package run\n\nimport \"os/exec\"\n\n" +
			"type Options struct{ Env []string }\n\n" +
			"func Run(o Options) error {\n\tcmd := exec.Command(\"env\")\n\tcmd.Env = o.Env\n\treturn cmd.Run()\n}\n",
		"main.go": "package main\n\nimport (\n\t\"os/exec\"\n\n\t\"example.com/m/envs\"\n\t\"example.com/m/run\"\n)\n\n" +
			"func main() {\n\tcmd := exec.Command(\"env\")\n\tcmd.Env = envs.Parent()\n\t_ = cmd.Run()\n" +
			"\t_ = run.Run(run.Options{Env: envs.Parent()})\n}\n",
	}
	for name, src := range files {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	code, stdout, stderr := runVet(t, dir, testkit.GoEnv(t, testkit.GoCommand(t)))
	assert.Equal(t, 1, code, stderr)
	assert.Equal(t, "main.go:13:6: exec.Cmd.Run: the environment is os.Environ() or derived from it, "+
		"so the child gets every secret of this process; build it with a policy builder, or accept the line with //envgen:inherit REASON\n"+
		"main.go:14:26: run.Options.Env, which reaches exec.Cmd.Run at run/run.go:10: the environment is os.Environ() or derived from it, "+
		"so the child gets every secret of this process; build it with a policy builder, or accept the line with //envgen:inherit REASON\n", stdout)
	assert.Equal(t, "envgen vet: 1 place(s) where an environment derived from os.Environ() goes where vet cannot follow it "+
		"(docs/vet.md, \"What it does not follow\"); -unfollowed lists them\n", stderr)
}
