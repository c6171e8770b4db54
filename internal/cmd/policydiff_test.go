package cmd

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/gen"
)

// changedLines generates src and edited and returns how many lines of the
// generated file the edit adds or removes, by the unified diff -check
// prints.
func changedLines(t *testing.T, src, edited string) int {
	t.Helper()
	before, err := gen.Generate("envpolicy.yaml", []byte(src), "main")
	require.NoError(t, err)
	after, err := gen.Generate("envpolicy.yaml", []byte(edited), "main")
	require.NoError(t, err)
	n := 0
	for _, line := range strings.Split(string(unifiedDiff("a", "b", before, after)), "\n") {
		if (strings.HasPrefix(line, "+") || strings.HasPrefix(line, "-")) &&
			!strings.HasPrefix(line, "+++") && !strings.HasPrefix(line, "---") {
			n++
		}
	}
	return n
}

// TestPolicyChangeIsLocal: a reviewer reads a policy change in the
// generated diff, so a change of k names changes O(k) lines, not tables
// that every name shifts. The example agent host's policy takes two more
// secrets.extra names and one more passThrough name.
func TestPolicyChangeIsLocal(t *testing.T) {
	raw, err := os.ReadFile("../../examples/agenthost/envpolicy.yaml")
	require.NoError(t, err)
	src := string(raw)

	twoSecrets := strings.Replace(src, "    - AGENT_SESSION_KEY", "    - AGENT_SESSION_KEY\n    - BILLING_SIGNER\n    - LEDGER_DSN", 1)
	require.NotEqual(t, src, twoSecrets)
	n := changedLines(t, src, twoSecrets)
	t.Logf("two secrets.extra names: %d lines", n)
	assert.LessOrEqual(t, n, 30)
	assert.Positive(t, n)

	onePass := strings.Replace(src, "  mcp-server:\n    mode: inherit\n", "  mcp-server:\n    mode: inherit\n    passThrough: [GITHUB_TOKEN]\n", 1)
	require.NotEqual(t, src, onePass)
	n = changedLines(t, src, onePass)
	t.Logf("one passThrough name: %d lines", n)
	assert.LessOrEqual(t, n, 15)
	assert.Positive(t, n)
}
