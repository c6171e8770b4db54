//go:build !unix

package gen

import (
	"testing"
	"time"
)

// cpuTime skips the test: only unix tells a process's CPU time here.
func cpuTime(t *testing.T) time.Duration {
	t.Skip("CPU time is read on unix only")
	return 0
}
