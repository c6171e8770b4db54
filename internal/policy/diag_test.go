package policy

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestDiagnosticsSaidOnce checks that a problem found twice, by two paths
// through the checker, prints once, while two problems at one place, or
// one problem at two places, all print.
func TestDiagnosticsSaidOnce(t *testing.T) {
	d := diagnoser{file: "f.yaml"}
	d.errorf(Pos{2, 3}, "a")
	d.errorf(Pos{1, 1}, "b")
	d.errorf(Pos{2, 3}, "c")
	d.errorf(Pos{2, 3}, "a")
	d.errorf(Pos{4, 1}, "a")
	assert.Equal(t, "f.yaml:1:1: b\nf.yaml:2:3: a\nf.yaml:2:3: c\nf.yaml:4:1: a", d.err().Error())
}
