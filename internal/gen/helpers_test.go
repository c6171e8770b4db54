package gen

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/runtime/envimpl"
)

// mustLoad loads and checks src, failing the test on any diagnostic.
func mustLoad(t testing.TB, src string) *policy.Policy {
	t.Helper()
	p, err := policy.Load("policy.yaml", []byte(src))
	require.NoError(t, err)
	return p
}

// barePolicy is a policy with both built-in lists off unless body sets them.
func barePolicy(body string) string {
	p := "version: 1\npackage: p\n"
	if !strings.Contains(body, "essentials:") {
		p += "essentials: {builtin: false}\n"
	}
	if !strings.Contains(body, "secrets:") {
		p += "secrets: {builtin: false}\n"
	}
	return p + body
}

// runtimeTables holds the runtime tables of a policy, as its generated
// code would.
type runtimeTables struct {
	Policy *envimpl.Policy
	Tasks  []*envimpl.Task
}

// compiled loads src and returns its runtime tables, failing the test on
// any diagnostic.
func compiled(t testing.TB, src string) runtimeTables {
	t.Helper()
	rp, tasks := MakePlan(mustLoad(t, src), "p", "policy.yaml").Tables()
	return runtimeTables{rp, tasks}
}
