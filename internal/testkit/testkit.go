// Package testkit holds the helpers several packages' tests share: the
// golden cases' directory, the go command and its environment, and the
// Markdown readers that hold the docs to the code. Only tests import it.
package testkit

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// GoldenRoot holds one directory per golden case, seen from a package
// directory two levels below the repository root (internal/NAME): its
// policy.yaml, optional args.txt (extra arguments, one per line, placed
// before the policy), and the expected policy.go.golden for a policy that
// generates, or stderr.golden for one that fails.
const GoldenRoot = "../../testdata/golden"

// GoldenCases lists the case directories, sorted.
func GoldenCases(t testing.TB) []string {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join(GoldenRoot, "*", "policy.yaml"))
	require.NoError(t, err)
	for i, d := range dirs {
		dirs[i] = filepath.Dir(d)
	}
	return dirs
}

// FileExists reports whether path names an existing file.
func FileExists(path string) bool {
	info, err := os.Stat(path)
	return err == nil && !info.IsDir()
}

// CopyFile copies the file src to dst.
func CopyFile(t testing.TB, src, dst string) {
	t.Helper()
	data, err := os.ReadFile(src)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(dst, data, 0o644))
}

// GoCommand returns the go command of the toolchain running the test, or
// else the one on PATH; it skips the test if there is none.
func GoCommand(t testing.TB) string {
	t.Helper()
	exe := "go"
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	if p := filepath.Join(runtime.GOROOT(), "bin", exe); FileExists(p) {
		return p
	}
	p, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	return p
}

// GoEnv returns the environment for go commands in a throwaway module: the
// caches and the few variables a go command needs, the module's own
// go.mod (not a workspace), and no network, since every module it needs
// is one this repository's own build already put in the module cache.
func GoEnv(t testing.TB, goTool string) []string {
	t.Helper()
	out, err := exec.Command(goTool, "env", "GOCACHE", "GOMODCACHE").Output() //envgen:inherit go env reports the caches this environment selects
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

// RunGo runs the go command in dir and fails the test with its output if
// it fails.
func RunGo(t testing.TB, goTool, dir string, env []string, args ...string) {
	t.Helper()
	cmd := exec.Command(goTool, args...)
	cmd.Dir = dir
	cmd.Env = env
	start := time.Now()
	out, err := cmd.CombinedOutput()
	t.Logf("go %s (%s) took %v", strings.Join(args, " "), goosOf(env), time.Since(start).Round(time.Millisecond))
	if err != nil {
		t.Fatalf("go %s (%s) in %s: %v\n%s", strings.Join(args, " "), goosOf(env), dir, err, out)
	}
}

// goosOf returns env's last GOOS=… entry, or "native GOOS" if there is none.
func goosOf(env []string) string {
	for i := len(env) - 1; i >= 0; i-- {
		if strings.HasPrefix(env[i], "GOOS=") {
			return env[i]
		}
	}
	return "native GOOS"
}

// MarkdownSection returns the text of the section whose heading line
// starts with heading, up to the next heading of the same or a higher
// level. A line in a fenced code block is never a heading.
func MarkdownSection(doc, heading string) string {
	start := strings.Index(doc, "\n"+heading)
	if start < 0 {
		return ""
	}
	level := strings.Index(heading, " ")
	rest := doc[start+1:]
	first, _, _ := strings.Cut(rest, "\n")
	fenced := false
	for i, n := len(first)+1, 0; i < len(rest); i += n {
		line, _, _ := strings.Cut(rest[i:], "\n")
		n = len(line) + 1
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
		}
		if hashes := len(line) - len(strings.TrimLeft(line, "#")); !fenced && hashes > 0 && hashes <= level && strings.HasPrefix(line[hashes:], " ") {
			return rest[:i]
		}
	}
	return rest
}

// CodeBlock is one fenced code block of a Markdown text.
type CodeBlock struct{ Lang, Text string }

// CodeBlocks returns the fenced code blocks of a Markdown text in order.
func CodeBlocks(md string) []CodeBlock {
	var out []CodeBlock
	for _, m := range codeFence.FindAllStringSubmatch(md, -1) {
		out = append(out, CodeBlock{m[1], m[2]})
	}
	return out
}

// codeFence matches a fenced code block: its language and its text.
var codeFence = regexp.MustCompile("(?ms)^```([a-z]*)\n(.*?)^```$")
