//go:build unix

package gen

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteRefusesAPipe checks that -o naming a FIFO fails at once: it
// used to wait for ever reading it, then replace it with a regular file.
func TestWriteRefusesAPipe(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo.go")
	require.NoError(t, syscall.Mkfifo(path, 0o644))
	done := make(chan error, 1)
	go func() {
		_, err := WriteIfChanged(path, generatedFile)
		done <- err
	}()
	select {
	case err := <-done:
		require.ErrorContains(t, err, "fifo.go: not a regular file")
	case <-time.After(10 * time.Second):
		t.Fatal("WriteIfChanged still blocks on a FIFO after 10 s")
	}
	info, err := os.Lstat(path)
	require.NoError(t, err)
	assert.NotZero(t, info.Mode()&os.ModeNamedPipe, "fifo.go is still a FIFO")
	_, err = ReadOutput(path)
	assert.ErrorContains(t, err, "not a regular file")
}
