package bench

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/envgen/envgen/internal/bench/benchdata"
	"github.com/envgen/envgen/runtime/envrt"
)

// testEnvirons returns environments of every benchmark shape, plus one
// with repeated names (in another case too) and entries exec would refuse.
func testEnvirons(secrets []string) [][]string {
	var envs [][]string
	for _, n := range []int{30, 100, 1000} {
		env := benchdata.Environ(n, secrets)
		envs = append(envs, env)
		envs = append(envs, benchdata.Shuffled(env, 2)...)
	}
	env := benchdata.Environ(100, secrets)
	messy := append(slices.Clone(env), env[:20]...)
	messy = append(messy, "PATH=/second", "path=/lower", "NUL=a\x00b", "NOEQUALS", "=", "")
	return append(envs, messy)
}

// TestContendersAgree checks that the benchmark compares like with like:
// the hand-written filter and the interpreted policy build what the
// generated builders build, entry for entry.
func TestContendersAgree(t *testing.T) {
	for _, p := range loadPolicies(t) {
		for i, env := range testEnvirons(p.secrets) {
			for _, mode := range []string{"inherit", "isolated"} {
				want := p.inheritEnv(env)
				hand := p.hand.Inherit(env)
				if mode == "isolated" {
					want, hand = p.isolatedEnv(env), p.hand.Isolated(env)
				}
				where := fmt.Sprintf("S=%d environ %d (%d entries) %s", p.s, i, len(env), mode)
				assert.Equal(t, want, hand, "handwritten, "+where)
				assert.Equal(t, want, p.interpreted.build(mode, env), "interpreted, "+where)
			}
		}
	}
}

// TestSemanticsFloor checks that the floor does the work it stands for:
// the first valid entry of each name, in order.
func TestSemanticsFloor(t *testing.T) {
	for i, env := range testEnvirons(benchdata.SecretNames(10)) {
		var want []string
		seen := map[string]bool{}
		for _, e := range env {
			if name, ok := envrt.Split(e); ok && name[0] != '=' && !seen[name] { // the floor skips "=C:"
				seen[name] = true
				want = append(want, e)
			}
		}
		f := NewSemanticsFloor(len(env))
		assert.Equal(t, want, f.Build(nil, env), "environ %d, first call", i)
		assert.Equal(t, want, f.Build(make([]string, 3), env), "environ %d, reused table", i)
	}
}
