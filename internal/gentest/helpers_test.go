package gentest

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/policy"
)

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

// copyFile copies the file src to dst.
func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	data, err := os.ReadFile(src)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(dst, data, 0o644))
}

// taskOf returns the task of p with the given key.
func taskOf(t testing.TB, p *policy.Policy, key string) *policy.Task {
	t.Helper()
	for i := range p.Tasks {
		if p.Tasks[i].Key == key {
			return &p.Tasks[i]
		}
	}
	t.Fatalf("no task %q", key)
	return nil
}

// fileExists reports whether path names an existing file.
func fileExists(path string) bool {
	info, err := os.Stat(path)
	return err == nil && !info.IsDir()
}
