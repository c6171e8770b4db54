// Package testkit holds the helpers several packages' tests share: the
// golden cases' directory, the go command and its environment, the
// Markdown readers that hold the docs to the code, and policies that
// expand past the policy's limits (bigpolicies.go). Only tests import it.
// It imports testify and the standard library.
package testkit

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
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
// go.mod (not a workspace), and no network (GOPROXY=off), so that a test
// never resolves a module its author did not expect. A module that uses
// only the runtime (HostModule) needs nothing more; for one that uses
// the root module too, GoEnv first runs go mod download in the
// repository's workspace, with the network (once per test process), so
// that the root's requirements are in the module cache even on a fresh
// machine, or when one package's tests run alone.
func GoEnv(t testing.TB, goTool string) []string {
	t.Helper()
	downloadOnce.Do(func() {
		root := repoRoot(t)
		cmd := exec.Command(goTool, "mod", "download")
		cmd.Dir = root
		cmd.Env = append(NetworkGoEnv(t, goTool), "GOWORK="+filepath.Join(root, "go.work"))
		if out, err := cmd.CombinedOutput(); err != nil {
			downloadErr = fmt.Errorf("go mod download in %s: %v\n%s", cmd.Dir, err, out)
		}
	})
	require.NoError(t, downloadErr)
	env := NetworkGoEnv(t, goTool)
	for i, e := range env {
		if strings.HasPrefix(e, "GOPROXY=") {
			env[i] = "GOPROXY=off"
		}
	}
	return env
}

var (
	downloadOnce sync.Once
	downloadErr  error
)

// NetworkGoEnv is GoEnv with this environment's module proxy, checksum
// database and network settings in place of GOPROXY=off, for a command
// that resolves modules no build of this repository downloads, as go mod
// tidy does (it also resolves the imports of dependencies' tests).
func NetworkGoEnv(t testing.TB, goTool string) []string {
	t.Helper()
	names := []string{"GOCACHE", "GOMODCACHE", "GOPROXY", "GOSUMDB", "GONOSUMDB", "GOPRIVATE", "GONOPROXY", "GOINSECURE"}
	out, err := exec.Command(goTool, append([]string{"env", "-json"}, names...)...).Output() //envgen:inherit go env reports the caches and module settings this environment selects
	require.NoError(t, err, "go env")
	var settings map[string]string
	require.NoError(t, json.Unmarshal(out, &settings), "go env -json: %s", out)
	env := []string{"GOFLAGS=-mod=mod", "GOWORK=off"}
	for _, name := range names {
		env = append(env, name+"="+settings[name])
	}
	// SYSTEMROOT and friends let a Windows host run the go command at
	// all; the proxies and CA bundle are how this machine reaches the
	// network.
	for _, name := range []string{"HOME", "PATH", "USERPROFILE", "LOCALAPPDATA", "SYSTEMROOT", "TMPDIR", "TEMP", "TMP",
		"HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "NO_PROXY", "no_proxy", "SSL_CERT_FILE", "SSL_CERT_DIR"} {
		if v, ok := os.LookupEnv(name); ok {
			env = append(env, name+"="+v)
		}
	}
	return env
}

// repoRoot returns the repository's root: the nearest directory above
// the current one that holds go.work.
func repoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	require.NoError(t, err)
	for !FileExists(filepath.Join(dir, "go.work")) {
		parent := filepath.Dir(dir)
		require.NotEqual(t, dir, parent, "no go.work above the test's directory")
		dir = parent
	}
	return dir
}

// RuntimeModule is the runtime's module path: the one module a program
// that uses generated builders requires.
const RuntimeModule = "github.com/envgen/envgen/runtime"

// HostModule writes to dir the go.mod of a throwaway module named
// module that requires this checkout's runtime module (by a replace
// directive), as a host program's module does, at the runtime's go line:
// it needs no go.sum and no network, since the runtime requires nothing.
func HostModule(t testing.TB, dir, module string) {
	t.Helper()
	root := repoRoot(t)
	goMod := "module " + module + "\n\ngo " + GoLine(t, filepath.Join(root, "runtime", "go.mod")) + "\n\n" +
		"require " + RuntimeModule + " v0.0.0\n\n" +
		"replace " + RuntimeModule + " => " + filepath.ToSlash(filepath.Join(root, "runtime")) + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(goMod), 0o644))
}

// GoLine returns the version of the go line of the go.mod file at path.
func GoLine(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	m := goLine.FindSubmatch(data)
	require.NotNil(t, m, "%s has no go line", path)
	return string(m[1])
}

// goLine matches a go.mod file's go line.
var goLine = regexp.MustCompile(`(?m)^go (\S+)$`)

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

// CodeBlock is one fenced code block of a Markdown text: its language
// and its text, the line its text starts on, and the last line of prose
// before it that is not blank, where a page links the file that a block
// quotes (a block right after another has the other's; "" at the top of
// the text).
type CodeBlock struct {
	Lang, Text string
	Line       int
	Before     string
}

// CodeBlocks returns the fenced code blocks of a Markdown text in order.
func CodeBlocks(md string) []CodeBlock {
	var out []CodeBlock
	prose, before := 0, "" // where the prose since the last block starts
	for _, m := range codeFence.FindAllStringSubmatchIndex(md, -1) {
		if text := strings.TrimRight(md[prose:m[0]], " \t\r\n"); strings.TrimSpace(text) != "" {
			before = text[strings.LastIndexByte(text, '\n')+1:]
		}
		out = append(out, CodeBlock{
			Lang:   md[m[2]:m[3]],
			Text:   md[m[4]:m[5]],
			Line:   strings.Count(md[:m[0]], "\n") + 2,
			Before: before,
		})
		prose = m[1]
	}
	return out
}

// codeFence matches a fenced code block: its language and its text.
var codeFence = regexp.MustCompile("(?ms)^```([a-z]*)\n(.*?)^```$")
