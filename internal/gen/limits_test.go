package gen

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/runtime/envimpl"
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

// TestGeneratedSizeIsLinear: the generated file holds the policy's
// lists, not tables of tasks × names: 110 inherit tasks that each unset
// 100 names of their own print each name twice, in the task's list and
// in the policy's TaskNames.
func TestGeneratedSizeIsLinear(t *testing.T) {
	var b strings.Builder
	b.WriteString("version: 1\npackage: p\ntasks:\n")
	for i := range 110 {
		fmt.Fprintf(&b, "  t%d:\n    mode: inherit\n    unset: [", i)
		for j := range 100 {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "N%d_%d", i, j)
		}
		b.WriteString("]\n")
	}
	out, err := Generate("policy.yaml", []byte(b.String()), "")
	require.NoError(t, err)
	lines := strings.Count(string(out), "\n")
	secrets := len(policy.BuiltinSecrets)
	assert.Less(t, lines, 110*(2*100+30)+secrets+100, "lines of the generated file")
	assert.Equal(t, 2, strings.Count(string(out), `"N7_42",`))
}

// TestChecksScaleLinearly: a check that compares two lists of a policy
// must not take time in proportion to their product. Each case runs at n
// and at 4n entries per list, and four times the entries must take well
// under sixteen times as long. (The quadratic checks these replaced stay
// within the hostile bounds at the largest policy the limits allow, so
// no hostile case can catch them.)
func TestChecksScaleLinearly(t *testing.T) {
	if testing.Short() {
		t.Skip("timing; skipped with -short")
	}
	const n = 6000
	// checked loads and checks a policy, as Generate does before planning.
	checked := func(src []byte) *policy.Policy {
		p, err := policy.Load("policy.yaml", src)
		require.NoError(t, err)
		return p
	}
	for _, c := range []struct {
		name string
		run  func(n int)
	}{
		{"secret references against passThrough names", func(n int) {
			var b strings.Builder
			b.WriteString("version: 1\npackage: p\ntasks:\n  t:\n    passThrough: [P0")
			for i := 1; i < n; i++ {
				fmt.Fprintf(&b, ", P%d", i)
			}
			b.WriteString("]\n    define:\n")
			for i := range n {
				fmt.Fprintf(&b, "      D%d: \"${R%d}\"\n", i, i)
			}
			checked([]byte(b.String()))
		}},
		{"essentials against secrets.pass", func(n int) {
			var b strings.Builder
			b.WriteString("version: 1\npackage: p\nessentials:\n  extra: [E0")
			for i := 1; i < n; i++ {
				fmt.Fprintf(&b, ", E%d", i)
			}
			b.WriteString("]\nsecrets:\n  pass: [S0")
			for i := 1; i < n; i++ {
				fmt.Fprintf(&b, ", S%d", i)
			}
			b.WriteString("]\n")
			checked([]byte(b.String()))
		}},
		{"a task's description: passThrough names against unset and negations", func(n int) {
			tp := TaskPlan{Key: "t", GoName: "T", Inherit: true}
			for i := range n {
				tp.Exact = append(tp.Exact, fmt.Sprintf("P%d", i))
				tp.UnsetExact = append(tp.UnsetExact, fmt.Sprintf("U%d", i))
			}
			describeTask(tp, EssentialsNote{Builtin: true})
			tp.Inherit, tp.NegExact, tp.UnsetExact = false, tp.UnsetExact, nil
			describeTask(tp, EssentialsNote{Builtin: true})
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			took := func(n int) time.Duration {
				best := time.Duration(math.MaxInt64)
				for range 2 {
					start := time.Now()
					c.run(n)
					best = min(best, time.Since(start))
				}
				return best
			}
			small, large := took(n), took(4*n)
			t.Logf("%d entries: %v; %d: %v", n, small, 4*n, large)
			assert.Less(t, large, 8*small+50*time.Millisecond, "four times the entries took %.1f times as long", float64(large)/float64(small))
		})
	}
}

// TestFirstCallAtTheMatchLimit builds, for each of the costliest shapes
// of names against patterns, the largest policy of n names and n
// patterns that the limit on matching accepts (n+1 of each it refuses),
// and wants the first call of its isolated task, which matches every
// name against every pattern that the index cannot rule out (here all of
// them), to take under a second of CPU. The policy's lists are the ones
// its generated file would hold (Plan.Tables).
func TestFirstCallAtTheMatchLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("policies at the limit; skipped with -short")
	}
	for _, c := range []struct {
		shape         string
		name, pattern func(i int) string
	}{
		{"short names, patterns without an anchor", func(i int) string { return fmt.Sprintf("E%d", i) }, func(i int) string { return fmt.Sprintf("*Q%d*", i) }},
		{"2,000-byte names, runs of one byte", func(i int) string { return fmt.Sprintf("%s%04d", strings.Repeat("A", 1996), i) },
			func(i int) string { return fmt.Sprintf("*%sZ%d*", strings.Repeat("A*", 20), i) }},
		{"100-byte names, runs of one byte", func(i int) string { return fmt.Sprintf("%s%04d", strings.Repeat("A", 96), i) },
			func(i int) string { return fmt.Sprintf("*%sZ%d*", strings.Repeat("A*", 6), i) }},
	} {
		t.Run(c.shape, func(t *testing.T) {
			src := func(n int) []byte {
				var b strings.Builder
				b.WriteString("version: 1\npackage: p\nessentials:\n  builtin: false\n  extra:\n")
				for i := range n {
					fmt.Fprintf(&b, "    - %s\n", c.name(i))
				}
				b.WriteString("secrets:\n  builtin: false\n  values: false\n  extra:\n")
				for i := range n {
					fmt.Fprintf(&b, "    - %q\n", c.pattern(i))
				}
				b.WriteString("tasks:\n  t: {}\n")
				return []byte(b.String())
			}
			accepted := func(n int) bool {
				_, err := policy.Load("policy.yaml", src(n))
				if err != nil {
					require.Contains(t, err.Error(), "units of matching", "a policy of %d names and patterns", n)
				}
				return err == nil
			}
			lo, hi := 1, 2 // accepted, refused
			for accepted(hi) {
				lo, hi = hi, 2*hi
			}
			for hi-lo > 1 {
				if mid := (lo + hi) / 2; accepted(mid) {
					lo = mid
				} else {
					hi = mid
				}
			}
			_, tasks := MakePlan(mustLoad(t, string(src(lo))), "p", "policy.yaml").Tables()
			start := cpuTime(t)
			envimpl.Build(envimpl.Given(nil, nil), tasks[0], nil, nil, nil)
			took := cpuTime(t) - start
			t.Logf("%d names × %d patterns: first call %v of CPU", lo, lo, took)
			assert.Less(t, took, time.Second, "the first call at the limit")
		})
	}
}
