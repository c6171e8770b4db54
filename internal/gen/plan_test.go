package gen

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/envgen/envgen/runtime/envimpl"
)

// TestPlanListsInRuntimeOrder wants the policy-wide lists a generated
// file holds in the order the runtime compiles in one pass
// (envimpl.CompareNames), each name once: spellings of a name in any
// case, in every list, with the built-in lists on, so that a policy's
// first call merges its lists instead of sorting them.
func TestPlanListsInRuntimeOrder(t *testing.T) {
	pl := MakePlan(mustLoad(t, `version: 1
package: p
essentials: {extra: [Zeta, alpha, GOFLAGS, ALPHA_2]}
secrets: {extra: [github_token, My_Key, "*_secret", ZZ_KEY], pass: [zz_ok, AA_OK, Mm_ok]}
tasks:
  build: {passThrough: [node_env, NODE_ENV, "NEXT_*", "!next_secret"], dropInjection: true}
  shell: {mode: inherit, passThrough: [Github_Token], unset: [histfile, HISTSIZE, "npm_*"]}
`), "p", "policy.yaml")
	for name, list := range map[string][]string{"Essentials": pl.Essentials, "Secrets": pl.Secrets, "Pass": pl.Pass, "Injection": pl.Injection, "TaskNames": pl.TaskNames} {
		assert.NotEmpty(t, list, name)
		assert.True(t, slices.IsSortedFunc(list, envimpl.CompareNames), "%s not in the runtime's order: %q", name, list)
		assert.Equal(t, len(slices.Compact(slices.Clone(list))), len(list), "%s holds a name twice: %q", name, list)
	}
}
