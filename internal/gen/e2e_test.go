package gen

import (
	"bytes"
	"errors"
	"go/format"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// e2eGOOS lists the systems every generated file must vet (and so
// type-check, test files included) for.
var e2eGOOS = []string{"linux", "windows", "darwin", "freebsd"}

// TestE2E is the end-to-end test, after stringer's: every good golden case
// becomes a package of a throwaway module that uses this repository (by a
// replace directive) as its users' modules would. The generated files must
// be gofmt-formatted and pass go vet on every GOOS in e2eGOOS; then go test
// runs the self-checking tests that sit next to some cases
// (testdata/golden/<case>/check_test.go), which hold the generated API to
// SPEC with expected values written out by hand.
func TestE2E(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and tests a module of generated code; skipped with -short")
	}
	goTool := goCommand(t)
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)

	mod := t.TempDir()
	goMod := "module envgen.test/e2e\n\ngo 1.24\n\n" +
		"require github.com/envgen/envgen v0.0.0\n\n" +
		"replace github.com/envgen/envgen => " + filepath.ToSlash(root) + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(mod, "go.mod"), []byte(goMod), 0o644))
	copyFile(t, filepath.Join(root, "go.sum"), filepath.Join(mod, "go.sum"))
	// What the check tests share, from a real file: envgen.test/e2e/checks.
	require.NoError(t, os.Mkdir(filepath.Join(mod, "checks"), 0o755))
	copyFile(t, filepath.Join(goldenRoot, "checks", "checks.go"), filepath.Join(mod, "checks", "checks.go"))

	var packages, checks int
	for _, dir := range goldenCases(t) {
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
			copyFile(t, filepath.Join(dir, "check_test.go"), filepath.Join(pkgDir, "check_test.go"))
			checks++
		}
	}
	require.NotZero(t, packages, "no good golden cases")
	t.Logf("%d generated packages, %d with check tests", packages, checks)

	env := goEnv(t, goTool)
	for _, goos := range e2eGOOS {
		runGo(t, goTool, mod, slices.Concat(env, []string{"GOOS=" + goos}), "vet", "./...")
	}
	runGo(t, goTool, mod, env, "test", "./...")
}

// goCommand returns the go command of the toolchain running the test, or
// else the one on PATH.
func goCommand(t *testing.T) string {
	t.Helper()
	exe := "go"
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	if p := filepath.Join(runtime.GOROOT(), "bin", exe); fileExists(p) {
		return p
	}
	p, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	return p
}

// goEnv returns the environment for go commands in the e2e module: the
// caches and the few variables a go command needs, the module's own
// go.mod (not a workspace), and no network, since every module it needs
// is one this repository's own build already put in the module cache.
func goEnv(t *testing.T, goTool string) []string {
	t.Helper()
	out, err := exec.Command(goTool, "env", "GOCACHE", "GOMODCACHE").Output()
	require.NoError(t, err, "go env")
	vals := strings.Split(strings.TrimRight(string(out), "\r\n"), "\n")
	require.Len(t, vals, 2, "go env GOCACHE GOMODCACHE: %q", out)
	env := []string{
		"GOCACHE=" + strings.TrimSpace(vals[0]),
		"GOMODCACHE=" + strings.TrimSpace(vals[1]),
		"GOFLAGS=-mod=mod",
		"GOWORK=off",
		"GOPROXY=off",
	}
	// SYSTEMROOT and friends let a Windows host run the go command at all.
	for _, name := range []string{"HOME", "PATH", "USERPROFILE", "LOCALAPPDATA", "SYSTEMROOT", "TMPDIR", "TEMP", "TMP"} {
		if v, ok := os.LookupEnv(name); ok {
			env = append(env, name+"="+v)
		}
	}
	return env
}

// runGo runs the go command in dir and fails the test with its output if
// it fails.
func runGo(t *testing.T, goTool, dir string, env []string, args ...string) {
	t.Helper()
	cmd := exec.Command(goTool, args...)
	cmd.Dir = dir
	cmd.Env = env
	start := time.Now()
	out, err := cmd.CombinedOutput()
	t.Logf("go %s (%s) took %v", strings.Join(args, " "), envValue(env, "GOOS"), time.Since(start).Round(time.Millisecond))
	if err != nil {
		t.Fatalf("go %s (%s) in %s: %v\n%s", strings.Join(args, " "), envValue(env, "GOOS"), dir, err, out)
	}
}

// envValue returns the last NAME=value of env for name, as NAME=value, or
// "native GOOS" if there is none.
func envValue(env []string, name string) string {
	for i := len(env) - 1; i >= 0; i-- {
		if strings.HasPrefix(env[i], name+"=") {
			return env[i]
		}
	}
	return "native GOOS"
}

// copyFile copies the file src to dst.
func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	data, err := os.ReadFile(src)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(dst, data, 0o644))
}

// fileExists reports whether path names an existing file.
func fileExists(path string) bool {
	info, err := os.Stat(path)
	return err == nil && !info.IsDir()
}
