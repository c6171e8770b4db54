package envexec

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/envgen/envgen/runtime/internal/assert"
	"github.com/envgen/envgen/runtime/internal/require"
)

// runOutput runs path with argv and env through Start and returns what
// the child wrote to its standard output.
func runOutput(t *testing.T, ctx context.Context, path string, argv, env []string) (string, error) {
	t.Helper()
	out, err := os.Create(filepath.Join(t.TempDir(), "out"))
	require.NoError(t, err)
	defer out.Close()
	runErr := Run(ctx, path, argv, env, Stdio{Stdout: out})
	data, err := os.ReadFile(out.Name())
	require.NoError(t, err)
	return string(data), runErr
}

func tool(t *testing.T, name string) string {
	t.Helper()
	skipOnWindows(t)
	path, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("no %s on this machine", name)
	}
	return path
}

// TestStartPassesEnvAsIs: the child gets exactly the entries given, in
// order, and a nil environment is an empty one, never the parent's.
func TestStartPassesEnvAsIs(t *testing.T) {
	env := tool(t, "env")
	t.Setenv("ENVRT_PARENT_ONLY", "leak")
	want := []string{"B=2", "A=1", "PATH=/usr/bin:/bin"}
	got, err := runOutput(t, context.Background(), env, []string{"env"}, want)
	require.NoError(t, err)
	assert.Equal(t, strings.Join(want, "\n")+"\n", got)

	got, err = runOutput(t, nil, env, []string{"env"}, nil)
	require.NoError(t, err)
	assert.Empty(t, got, "a nil env must not hand the child the parent's environment")
}

// TestStartNullStreams: a stream not given is the null device.
func TestStartNullStreams(t *testing.T) {
	cat := tool(t, "cat")
	got, err := runOutput(t, nil, cat, []string{"cat"}, nil)
	require.NoError(t, err, "cat reads EOF from the null device and exits")
	assert.Empty(t, got)
}

// TestStartExitStatus: a failing child gives an *exec.ExitError.
func TestStartExitStatus(t *testing.T) {
	sh := tool(t, "sh")
	err := Run(context.Background(), sh, []string{"sh", "-c", "exit 3"}, nil, Stdio{})
	var exit *exec.ExitError
	require.True(t, errors.As(err, &exit), "%v", err)
	assert.Equal(t, 3, exit.ExitCode())
	_, err = Start(context.Background(), "/nonexistent/envrt-tool", []string{"x"}, nil, Stdio{})
	assert.ErrorIs(t, err, os.ErrNotExist)
}

// TestStartContext: the child is killed when the context ends, and a
// context done before Start starts nothing.
func TestStartContext(t *testing.T) {
	sleep := tool(t, "sleep")
	ctx, cancel := context.WithCancel(context.Background())
	c, err := Start(ctx, sleep, []string{"sleep", "30"}, nil, Stdio{})
	require.NoError(t, err)
	begin := time.Now()
	cancel()
	err = c.Wait()
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, "envexec: child killed: context canceled", fmt.Sprint(err), "named by its package")
	assert.True(t, time.Since(begin) < 10*time.Second, "killed after %v", time.Since(begin))
	require.True(t, c.ProcessState != nil, "no ProcessState after Wait")
	assert.False(t, c.ProcessState.Success())

	_, err = Start(ctx, sleep, []string{"sleep", "30"}, nil, Stdio{})
	assert.ErrorIs(t, err, context.Canceled)

	// A child that ends first is not disturbed.
	c, err = Start(context.Background(), tool(t, "true"), []string{"true"}, nil, Stdio{})
	require.NoError(t, err)
	require.NoError(t, c.Wait())
}

// TestPathCache: a result is remembered per name and PATH until Forget.
func TestPathCache(t *testing.T) {
	skipOnWindows(t)
	bin := t.TempDir()
	path := writeTool(t, bin, "envrt-cached", "x")
	env := []string{"PATH=" + bin}
	var c PathCache
	got, err := c.LookPath(env, "envrt-cached")
	require.NoError(t, err)
	assert.Equal(t, path, got)
	require.NoError(t, os.Remove(path))
	got, err = c.LookPath(env, "envrt-cached")
	require.NoError(t, err, "served from the cache, without a stat")
	assert.Equal(t, path, got)
	_, err = c.LookPath([]string{"PATH=" + bin + ":/nowhere"}, "envrt-cached")
	assert.ErrorIs(t, err, exec.ErrNotFound, "another PATH is another key")
	c.Forget()
	_, err = c.LookPath(env, "envrt-cached")
	assert.ErrorIs(t, err, exec.ErrNotFound)
}
