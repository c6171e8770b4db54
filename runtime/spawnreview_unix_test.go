//go:build unix

package envrt

import (
	"os"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	assert.NotNil(t, f)
}
