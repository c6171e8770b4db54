package envexec

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/envgen/envgen/runtime/internal/assert"
	"github.com/envgen/envgen/runtime/internal/require"
)

// writeTool writes an executable shell script named name into dir.
func writeTool(t *testing.T, dir, name, out string) string {
	t.Helper()
	require.NoError(t, os.MkdirAll(dir, 0o755))
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, []byte("#!/bin/sh\necho "+out+"\n"), 0o755))
	return path
}

func skipOnWindows(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("runs POSIX shell scripts")
	}
}

// TestLookPathSearchesEnvNotParent finds a tool that only the child's
// PATH holds, where exec.LookPath, which reads the parent's, does not.
func TestLookPathSearchesEnvNotParent(t *testing.T) {
	skipOnWindows(t)
	bin := filepath.Join(t.TempDir(), "node_modules", ".bin")
	want := writeTool(t, bin, "envrt-only-here", "hi")
	_, err := exec.LookPath("envrt-only-here")
	require.Error(t, err, "the parent's PATH must not hold the tool for this test to mean anything")

	got, err := LookPath([]string{"HOME=/h", "PATH=" + bin + ":/usr/bin:/bin"}, "envrt-only-here")
	require.NoError(t, err)
	assert.Equal(t, want, got)

	_, err = LookPath([]string{"PATH=/usr/bin:/bin"}, "envrt-only-here")
	assert.ErrorIs(t, err, exec.ErrNotFound)
	_, err = LookPath(nil, "envrt-only-here")
	assert.ErrorIs(t, err, exec.ErrNotFound, "no PATH: nothing is searched")
}

// TestNoPATHSaysSo: when env holds no PATH entry at all (as after an
// invalid Drop, which leaves nothing), LookPath's and Command's errors say
// so rather than send the user to the parent's $PATH; they are still
// exec.ErrNotFound. An empty PATH is a PATH, and gets exec's message.
func TestNoPATHSaysSo(t *testing.T) {
	for _, env := range [][]string{nil, {}, {"HOME=/h", "PATHEXT=.exe", "NOTPATH=/bin"}} {
		_, err := LookPath(env, "git")
		assert.ErrorIs(t, err, exec.ErrNotFound)
		assert.Equal(t, `exec: "git": executable file not found: the environment given has no PATH entry to search`, fmt.Sprint(err), "env %q", env)
		cmd := Command(env, "git", "status")
		assert.ErrorIs(t, cmd.Run(), exec.ErrNotFound)
		assert.Contains(t, cmd.Err.Error(), "has no PATH entry", "env %q", env)
	}
	_, err := LookPath([]string{"PATH="}, "git")
	assert.Equal(t, `exec: "git": `+exec.ErrNotFound.Error(), fmt.Sprint(err))
	_, err = lookPath([]string{"Path=C:\\nowhere"}, "git", true)
	assert.NotContains(t, err.Error(), "no PATH", "on Windows, Path is PATH")
	_, err = lookPath([]string{"Path=/nowhere"}, "git", false)
	assert.Contains(t, err.Error(), "no PATH entry", "elsewhere, Path is not PATH")
}

// TestLookPathRules: the first executable wins, files without an execute
// bit and directories are skipped, a name with a slash is taken as it
// is, and a relative result is an ErrDot.
func TestLookPathRules(t *testing.T) {
	skipOnWindows(t)
	root := t.TempDir()
	first, second := filepath.Join(root, "a"), filepath.Join(root, "b")
	require.NoError(t, os.MkdirAll(filepath.Join(first, "tool-dir"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(first, "tool"), []byte("x"), 0o644)) // not executable
	want := writeTool(t, second, "tool", "b")
	writeTool(t, second, "tool-dir", "b")
	env := []string{"PATH=" + first + ":" + second}

	got, err := LookPath(env, "tool")
	require.NoError(t, err)
	assert.Equal(t, want, got)
	got, err = LookPath(env, "tool-dir")
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(second, "tool-dir"), got)

	got, err = LookPath(nil, want)
	require.NoError(t, err)
	assert.Equal(t, want, got)
	_, err = LookPath(nil, filepath.Join(first, "tool"))
	assert.ErrorIs(t, err, os.ErrPermission)

	t.Chdir(root)
	got, err = LookPath([]string{"PATH=b"}, "tool")
	assert.Equal(t, filepath.Join("b", "tool"), got)
	assert.ErrorIs(t, err, exec.ErrDot)
}

// TestLookPathWindowsRules runs Windows' rules on any OS: Path in any
// case, PATHEXT's extensions (or the default ones), ';' with quotes.
func TestLookPathWindowsRules(t *testing.T) {
	// "//tmp/x" is a UNC path, absolute, to Windows' rules, and /tmp/x to
	// this OS; "/tmp/x" would be relative to the current drive.
	root := "/" + filepath.ToSlash(t.TempDir())
	if runtime.GOOS == "windows" {
		root = filepath.ToSlash(t.TempDir())
	}
	dir := root + "/my;dir"
	require.NoError(t, os.MkdirAll(dir, 0o755))
	for _, f := range []string{"tool.bat", "app.exe", "plain"} {
		require.NoError(t, os.WriteFile(dir+"/"+f, nil, 0o644))
	}
	path := `Path=C:\nowhere;"` + dir + `"`

	got, err := lookPath([]string{path}, "tool", true)
	require.NoError(t, err)
	assert.Equal(t, dir+"/tool.bat", got, "the default extensions")
	got, err = lookPath([]string{path, "PATHEXT=.EXE"}, "app", true)
	require.NoError(t, err)
	assert.Equal(t, dir+"/app.exe", got)
	_, err = lookPath([]string{path, "PATHEXT=.EXE"}, "tool", true)
	assert.ErrorIs(t, err, exec.ErrNotFound, "PATHEXT names the extensions tried")
	got, err = lookPath([]string{path, "PATHEXT=;EXE;"}, "app", true)
	require.NoError(t, err)
	assert.Equal(t, dir+"/app.exe", got, "an extension without its dot gets one; empty ones are skipped")
	got, err = lookPath([]string{`PATH="` + dir + `/"`}, "tool", true)
	require.NoError(t, err)
	assert.Equal(t, dir+"/tool.bat", got, "a directory ending in a separator gets no other")
	got, err = lookPath([]string{path}, "app.exe", true)
	require.NoError(t, err)
	assert.Equal(t, dir+"/app.exe", got, "a name with its extension")
	_, err = lookPath([]string{path}, "plain", true)
	assert.ErrorIs(t, err, exec.ErrNotFound, "with PATHEXT, a name without an extension needs one")
	got, err = lookPath([]string{`PATH=my\dir;C:\x`, "PATHEXT=.bat"}, "tool", true)
	assert.ErrorIs(t, err, exec.ErrNotFound, "a relative directory is searched from the current one, which lacks it (got %q)", got)
	_, err = lookPath([]string{"PATH=" + dir}, "tool", false)
	assert.ErrorIs(t, err, exec.ErrNotFound, "Unix: Path is not PATH, and .bat is not added")
}

// TestCommandRunsToolFromEnvPATH runs a tool that only env's PATH holds.
func TestCommandRunsToolFromEnvPATH(t *testing.T) {
	skipOnWindows(t)
	bin := t.TempDir()
	writeTool(t, bin, "envrt-greet", "hello from the PATH of the child")
	env := []string{"PATH=" + bin + ":/usr/bin:/bin"}

	cmd := Command(env, "envrt-greet")
	assert.Equal(t, env, cmd.Env)
	assert.Equal(t, []string{"envrt-greet"}, cmd.Args, "argv[0] is the name as given, as for exec.Command")
	out, err := cmd.Output()
	require.NoError(t, err)
	assert.Equal(t, "hello from the PATH of the child\n", string(out))

	// The same call with exec.Command fails: it searches the parent's PATH.
	plain := exec.Command("envrt-greet")
	plain.Env = env
	assert.ErrorIs(t, plain.Run(), exec.ErrNotFound)
}

// TestCommandNotFound: an unresolvable name gives a Cmd whose Err says
// so, and which does not run whatever the parent's PATH holds.
func TestCommandNotFound(t *testing.T) {
	cmd := Command([]string{"PATH=" + t.TempDir()}, "sh", "-c", "exit 0")
	require.Error(t, cmd.Err)
	assert.ErrorIs(t, cmd.Err, exec.ErrNotFound)
	err := cmd.Run()
	assert.ErrorIs(t, err, exec.ErrNotFound)
	assert.True(t, cmd.Process == nil, "nothing started")
	var e *exec.Error
	require.True(t, errors.As(err, &e))
	assert.Equal(t, "sh", e.Name)
}

// TestCommandContextKills: the child dies when the context is done.
func TestCommandContextKills(t *testing.T) {
	skipOnWindows(t)
	ctx, cancel := context.WithCancel(context.Background())
	cmd := CommandContext(ctx, []string{"PATH=/usr/bin:/bin"}, "sleep", "30")
	require.NoError(t, cmd.Err)
	require.NoError(t, cmd.Start())
	start := time.Now()
	cancel()
	err := cmd.Wait()
	require.Error(t, err)
	assert.True(t, time.Since(start) < 10*time.Second, "killed after %v", time.Since(start))
	assert.True(t, strings.Contains(err.Error(), "killed") || errors.Is(err, context.Canceled), "%v", err)
	defer func() { assert.True(t, recover() != nil, "CommandContext with a nil context should panic") }()
	CommandContext(nil, nil, "x") //nolint:staticcheck // a nil context is the error tested
}
