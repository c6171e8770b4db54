//go:build !unix

package bench

import (
	"testing"
	"time"
)

// cpuTime is not measured where getrusage is missing.
func cpuTime(b *testing.B) time.Duration {
	b.Skip("parent CPU time needs getrusage")
	return 0
}
