package gen

import (
	"bytes"
	"errors"
	"github.com/envgen/envgen/internal/testkit"
	"go/format"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// e2eGOOS lists the systems every generated file must vet (and so
// type-check, test files included) for.
var e2eGOOS = []string{"linux", "windows", "darwin", "freebsd"}

// TestE2E is the end-to-end test, after stringer's: every good golden case
// becomes a package of a throwaway module that uses this repository's
// runtime (by a replace directive) as its users' modules would. The generated files must
// be gofmt-formatted and pass go vet on every GOOS in e2eGOOS; then go test
// runs the self-checking tests that sit next to some cases
// (testdata/golden/<case>/check_test.go), which hold the generated API to
// docs/semantics.md with expected values written out by hand.
func TestE2E(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and tests a module of generated code; skipped with -short")
	}
	goTool := testkit.GoCommand(t)

	mod := t.TempDir()
	testkit.HostModule(t, mod, "envgen.test/e2e")
	// What the check tests share, from a real file: envgen.test/e2e/checks.
	require.NoError(t, os.Mkdir(filepath.Join(mod, "checks"), 0o755))
	testkit.CopyFile(t, filepath.Join(testkit.GoldenRoot, "checks", "checks.go"), filepath.Join(mod, "checks", "checks.go"))

	var packages, checks int
	for _, dir := range testkit.GoldenCases(t) {
		src, err := os.ReadFile(filepath.Join(dir, "policy.go.golden"))
		if errors.Is(err, fs.ErrNotExist) {
			continue // an error case
		}
		require.NoError(t, err)
		name := filepath.Base(dir)
		formatted, err := format.Source(src)
		require.NoError(t, err, "%s: policy.go.golden does not parse", name)
		if !bytes.Equal(formatted, src) {
			t.Errorf("%s: policy.go.golden is not gofmt-formatted", name)
		}
		pkgDir := filepath.Join(mod, name)
		require.NoError(t, os.Mkdir(pkgDir, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(pkgDir, "gen.go"), src, 0o644))
		packages++
		if _, err := os.Stat(filepath.Join(dir, "check_test.go")); err == nil {
			testkit.CopyFile(t, filepath.Join(dir, "check_test.go"), filepath.Join(pkgDir, "check_test.go"))
			checks++
		}
	}
	require.NotZero(t, packages, "no good golden cases")
	t.Logf("%d generated packages, %d with check tests", packages, checks)

	env := testkit.GoEnv(t, goTool)
	for _, goos := range e2eGOOS {
		testkit.RunGo(t, goTool, mod, slices.Concat(env, []string{"GOOS=" + goos}), "vet", "./...")
	}
	testkit.RunGo(t, goTool, mod, env, "test", "./...")
}
