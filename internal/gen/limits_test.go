package gen

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// manyTasksManyNames is a small policy whose tables would be large: n
// tasks, each passing its own name, over 5,000 essentials.
func manyTasksManyNames(n int) []byte {
	var b strings.Builder
	b.WriteString("version: 1\npackage: p\nessentials:\n  extra: [")
	for i := range 5000 {
		fmt.Fprintf(&b, "E%d, ", i)
	}
	b.WriteString("X]\ntasks:\n")
	for i := range n {
		fmt.Fprintf(&b, "  t%d: {passThrough: [P%d]}\n", i, i)
	}
	return []byte(b.String())
}

// TestTableLimit: tasks that decide differently over many names would
// print tasks × names table entries; past the limit that is a positioned
// error, found fast, not a run that exhausts memory.
func TestTableLimit(t *testing.T) {
	start := time.Now()
	_, err := Generate("policy.yaml", manyTasksManyNames(1000), "")
	require.Error(t, err)
	assert.Regexp(t, `^policy\.yaml:1:1: policy too large: its tasks' tables would hold 10068000 entries, at most 1000000;`, err.Error())
	assert.Less(t, time.Since(start), 30*time.Second)

	// Under the limit it generates.
	_, err = Generate("policy.yaml", manyTasksManyNames(50), "")
	require.NoError(t, err)
}

// TestTableLimitInherit is the README's example: an inherit task's table
// holds every name the policy mentions, so 110 inherit tasks that each
// unset 100 names of their own pass the limit.
func TestTableLimitInherit(t *testing.T) {
	var b strings.Builder
	b.WriteString("version: 1\npackage: p\ntasks:\n")
	for i := range 110 {
		fmt.Fprintf(&b, "  t%d:\n    mode: inherit\n    unset: [", i)
		for j := range 100 {
			fmt.Fprintf(&b, "N%d_%d, ", i, j)
		}
		b.WriteString("X]\n")
	}
	_, err := Generate("policy.yaml", []byte(b.String()), "")
	require.Error(t, err)
	assert.Regexp(t, `^policy\.yaml:1:1: policy too large: its tasks' tables would hold 12\d{5} entries, at most 1000000;`, err.Error())
}
