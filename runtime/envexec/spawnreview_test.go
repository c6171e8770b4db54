package envexec

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/envgen/envgen/runtime/internal/assert"
	"github.com/envgen/envgen/runtime/internal/require"
)

// These tests hold the spawn helpers to os/exec where a review found they
// differed, each compared with what exec does or the docs promise.

// TestCommandNilEnvIsEmpty: a builder's result may be nil (Append…Env
// with a nil dst and nothing passed); Command must not read that as
// exec.Cmd does, as the parent's environment.
func TestCommandNilEnvIsEmpty(t *testing.T) {
	env := tool(t, "env")
	t.Setenv("ENVRT_PARENT_ONLY", "leak")
	cmd := Command(nil, env)
	require.True(t, cmd.Env != nil, "a nil Env would be the parent's environment")
	out, err := cmd.Output()
	require.NoError(t, err)
	assert.Empty(t, string(out))
	ctxCmd := CommandContext(context.Background(), nil, env)
	require.True(t, ctxCmd.Env != nil, "ctxCmd.Env is nil")
}

// TestCommandPathWithSeparatorUsesDir: "./bin/tool" is found from the
// Cmd's Dir, set after Command returns, as exec.Command leaves it.
func TestCommandPathWithSeparatorUsesDir(t *testing.T) {
	skipOnWindows(t)
	dir := t.TempDir()
	writeTool(t, filepath.Join(dir, "bin"), "tool", "from Dir")
	cmd := Command([]string{"PATH=/usr/bin:/bin"}, "./bin/tool")
	require.NoError(t, cmd.Err)
	assert.Equal(t, "./bin/tool", cmd.Path)
	cmd.Dir = dir
	out, err := cmd.Output()
	require.NoError(t, err)
	assert.Equal(t, "from Dir\n", string(out))
}

// TestWaitAfterOwnExit: a child that exited on its own before the
// context was done reports its exit status, not the context.
func TestWaitAfterOwnExit(t *testing.T) {
	sh := tool(t, "sh")
	ctx, cancel := context.WithCancel(context.Background())
	c, err := Start(ctx, sh, []string{"sh", "-c", "exit 3"}, nil, Stdio{})
	require.NoError(t, err)
	time.Sleep(300 * time.Millisecond) // it has exited; not yet waited for
	cancel()
	err = c.Wait()
	var exit *exec.ExitError
	require.True(t, errors.As(err, &exit), "%v", err)
	assert.Equal(t, 3, exit.ExitCode())
	assert.False(t, errors.Is(err, context.Canceled), "%v is context.Canceled", err)
}

// TestPathCacheKeepsOnlyAbsolute: a result relative to the current
// directory is not remembered, as PathCache's doc says.
func TestPathCacheKeepsOnlyAbsolute(t *testing.T) {
	skipOnWindows(t)
	dir := t.TempDir()
	writeTool(t, dir, "tool", "x")
	t.Chdir(dir)
	var c PathCache
	got, err := c.LookPath(nil, "./tool")
	require.NoError(t, err)
	assert.Equal(t, "./tool", got)
	t.Chdir(t.TempDir())
	_, err = c.LookPath(nil, "./tool")
	assert.Error(t, err, "not served from the cache: ./tool is gone from here")
}

// TestLookPathWindowsRootedAndEmpty: under Windows' rules an empty PATH
// element is skipped (not the current directory), and a directory rooted
// in the current drive (\tools) gives a result relative to it: ErrDot, as
// filepath.IsAbs on Windows says.
func TestLookPathWindowsRootedAndEmpty(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tool.exe"), nil, 0o644))
	t.Chdir(dir)
	_, err := lookPath([]string{"PATH=;", "PATHEXT=.exe"}, "tool", true)
	assert.ErrorIs(t, err, exec.ErrNotFound, "an empty element is not the current directory")
	assert.False(t, isAbs(`\tools\tool.exe`, true))
	assert.False(t, isAbs(`C:tool.exe`, true))
	assert.True(t, isAbs(`C:\tools\tool.exe`, true))
	assert.True(t, isAbs(`\\host\share\tool.exe`, true))
}
