//go:build unix

package envexec

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/envgen/envgen/runtime/internal/assert"
	"github.com/envgen/envgen/runtime/internal/require"
)

// TestDevNullRetries: a failed open of the null device (too many open
// files) is not kept: once files are free again, Start works.
func TestDevNullRetries(t *testing.T) {
	nullDevice.mu.Lock()
	saved := nullDevice.file
	nullDevice.file = nil
	nullDevice.mu.Unlock()
	t.Cleanup(func() {
		nullDevice.mu.Lock()
		if nullDevice.file != nil && nullDevice.file != saved {
			nullDevice.file.Close()
		}
		nullDevice.file = saved
		nullDevice.mu.Unlock()
	})

	var lim syscall.Rlimit
	require.NoError(t, syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim))
	low := lim
	low.Cur = 64
	require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_NOFILE, &low))
	var held []*os.File
	for {
		f, err := os.Open(os.DevNull)
		if err != nil {
			break
		}
		held = append(held, f)
	}
	_, err := devNull()
	assert.ErrorIs(t, err, syscall.EMFILE, "no descriptor left")
	for _, f := range held {
		f.Close()
	}
	require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim))
	f, err := devNull()
	require.NoError(t, err, "the earlier failure is not kept")
	assert.True(t, f != nil, "devNull returned a nil file")
}

// TestWaitBlamesContextOnlyForItsKill: a child that died of its own
// signal before the context was done reports that signal; one the
// context killed reports the context, every time (a flag set by the kill
// could be read before it was set).
func TestWaitBlamesContextOnlyForItsKill(t *testing.T) {
	sh := tool(t, "sh")
	ctx, cancel := context.WithCancel(context.Background())
	c, err := Start(ctx, sh, []string{"sh", "-c", "kill -TERM $$"}, nil, Stdio{})
	require.NoError(t, err)
	time.Sleep(300 * time.Millisecond) // it has died; not yet waited for
	cancel()
	time.Sleep(50 * time.Millisecond) // the context's kill reaches the zombie
	err = c.Wait()
	var exit *exec.ExitError
	require.True(t, errors.As(err, &exit), "%v", err)
	assert.False(t, errors.Is(err, context.Canceled), "%v is context.Canceled", err)

	sleep := tool(t, "sleep")
	for range 50 {
		ctx, cancel := context.WithCancel(context.Background())
		c, err := Start(ctx, sleep, []string{"sleep", "10"}, nil, Stdio{})
		require.NoError(t, err)
		cancel()
		err = c.Wait()
		require.True(t, errors.Is(err, context.Canceled), "%v is not context.Canceled", err)
	}
}

// TestWaitTwice: a second Wait returns (an error, as os.Process's does)
// rather than waiting for a kill that never runs.
func TestWaitTwice(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c, err := Start(ctx, tool(t, "true"), []string{"true"}, nil, Stdio{})
	require.NoError(t, err)
	require.NoError(t, c.Wait())
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	select {
	case err := <-done:
		assert.Error(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("a second Wait blocks")
	}
}
