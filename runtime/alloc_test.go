package envrt_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/gentest"
	envrt "github.com/envgen/envgen/runtime"
)

// This file holds Build to SPEC's allocation budget, counting allocations
// (testing.AllocsPerRun), never timing: appending into a dst with room
// costs nothing but one string per value only the call can build (a Set
// override's entry, a PATH with binPaths); past 340 names the
// de-duplication table comes from a pool, which costs an allocation only
// when it is empty.

// allocPolicy has the built-in lists on, so that every inherited name
// goes through the table lookup and the secret patterns.
const allocPolicy = `version: 1
package: p
tasks:
  sh:
    mode: inherit
    unset: [HISTFILE, "npm_config_*"]
  build:
    passThrough: [NODE_ENV, "VAR_*", "!VAR_9*"]
`

// allocTasks returns the policy's two tasks.
func allocTasks(t *testing.T) map[string]*envrt.Task {
	t.Helper()
	c, err := gentest.Compile("policy.yaml", []byte(allocPolicy))
	require.NoError(t, err)
	return map[string]*envrt.Task{"inherit": c.Task("sh").Task, "isolated": c.Task("build").Task}
}

// allocEnviron returns n distinct entries, among them PATH, HOME and a
// secret, so that both tasks keep some and drop some.
func allocEnviron(n int) []string {
	env := make([]string, n)
	for i := range env {
		switch i {
		case 0:
			env[i] = "PATH=/usr/bin:/bin"
		case 1:
			env[i] = "HOME=/home/u"
		case 2:
			env[i] = "GITHUB_TOKEN=ghp_x"
		default:
			env[i] = fmt.Sprintf("VAR_%d=value %d", i, i)
		}
	}
	return env
}

// allocs counts the allocations of one Build into a dst with room, with
// names compared both ways, and wants the same count for both.
func allocs(t *testing.T, task *envrt.Task, environ, defines []string, overrides []envrt.Var, dirs []envrt.Dir) float64 {
	t.Helper()
	dst := make([]string, 0, len(environ)+len(defines)+len(overrides)+1)
	var counts [2]float64
	for i, fold := range []bool{false, true} {
		counts[i] = testing.AllocsPerRun(20, func() {
			envrt.BuildFold(dst[:0], environ, task, defines, overrides, dirs, fold)
		})
	}
	assert.Equal(t, counts[0], counts[1], "exact and folded differ")
	return counts[0]
}

// literalDefines are what a generated builder passes for literal defines:
// precomputed constants.
var literalDefines = []string{"CGO_ENABLED=0", "TERM=dumb"}

func TestAllocsNoneBelowTable(t *testing.T) {
	for mode, task := range allocTasks(t) {
		for _, n := range []int{10, 100, 253} {
			assert.Zero(t, allocs(t, task, allocEnviron(n), literalDefines, nil, nil), "%s, N=%d with defines", mode, n)
		}
		for _, n := range []int{0, 10, 100, 255} {
			assert.Zero(t, allocs(t, task, allocEnviron(n), nil, nil, nil), "%s, N=%d", mode, n)
		}
		// Unsets and invalid overrides build no string.
		ov := []envrt.Var{envrt.Unset("HOME"), envrt.Unset("MISSING"), envrt.Set("", "x"), envrt.Set("A=B", "x")}
		assert.Zero(t, allocs(t, task, allocEnviron(100), literalDefines, ov, nil), "%s, unsets", mode)
	}
}

// TestAllocsStackDst checks that dst stays where the caller put it: an
// array on the caller's stack is not moved to the heap because Build
// appends to it, as it would be if Build stored dst through a pointer.
func TestAllocsStackDst(t *testing.T) {
	environ := allocEnviron(40)
	for mode, task := range allocTasks(t) {
		n := 0
		allocs := testing.AllocsPerRun(20, func() {
			var dst [64]string
			n = len(envrt.Build(dst[:0], environ, task, literalDefines, nil, nil))
		})
		assert.Zero(t, allocs, mode)
		assert.Positive(t, n, mode)
	}
}

func TestAllocsAt255EnvironWithDefines(t *testing.T) {
	// The stack table holds up to 341 names counting defines, overrides
	// and PATH, so 256 environ entries plus literal defines fit.
	task := allocTasks(t)["inherit"]
	assert.Equal(t, 0.0, allocs(t, task, allocEnviron(255), literalDefines, nil, nil))
	assert.Equal(t, 0.0, allocs(t, task, allocEnviron(256), literalDefines, nil, nil))
}

func TestAllocsTablePastStack(t *testing.T) {
	// Past the stack tables the table comes from a pool, which the first
	// call of AllocsPerRun fills.
	for mode, task := range allocTasks(t) {
		for _, n := range []int{350, 1000} {
			assert.Equal(t, 0.0, allocs(t, task, allocEnviron(n), literalDefines, nil, nil), "%s, N=%d", mode, n)
		}
	}
}

// TestPooledTableIsCleared checks that a pooled table holds nothing of
// the call that used it before: smaller and larger calls after a large
// one see their own names only.
func TestPooledTableIsCleared(t *testing.T) {
	task := allocTasks(t)["inherit"]
	for _, n := range []int{2000, 400, 1000, 5000, 400} {
		env := make([]string, n)
		for i := range env {
			env[i] = fmt.Sprintf("N%d_%d=v", n, i)
		}
		got := envrt.Build(nil, append(env, env...), task, nil, nil, nil)
		assert.Equal(t, env, got, "N=%d, each name twice", n)
	}
}

func TestAllocsSetOverrides(t *testing.T) {
	task := allocTasks(t)["inherit"]
	env := allocEnviron(50)
	for _, c := range []struct {
		overrides []envrt.Var
		want      float64
	}{
		{[]envrt.Var{envrt.Set("NEW", "1")}, 1},
		{[]envrt.Var{envrt.Set("HOME", "/other")}, 1},    // replaces an inherited entry
		{[]envrt.Var{envrt.Set("CGO_ENABLED", "1")}, 1},  // replaces a define
		{[]envrt.Var{envrt.Set("GITHUB_TOKEN", "t")}, 1}, // hands over a secret
		{[]envrt.Var{envrt.Set("A", "1"), envrt.Set("B", "2")}, 2},
		{[]envrt.Var{envrt.Set("A", "1"), envrt.Unset("A"), envrt.Set("A", "2")}, 2},
		{[]envrt.Var{envrt.Set("A", "1"), envrt.Set("B", "2"), envrt.Set("C", "3"), envrt.Set("A", "4"), envrt.Set("D", "")}, 5},
	} {
		assert.Equal(t, c.want, allocs(t, task, env, literalDefines, c.overrides, nil), "%v", c.overrides)
	}
}

// manyDirs returns n distinct directories of two pieces each, with an
// empty one after each and a repeat at the end.
func manyDirs(n int) []envrt.Dir {
	var dirs []envrt.Dir
	for i := range n {
		dirs = append(dirs, envrt.Dir{"/p", fmt.Sprintf("/bin%d", i)}, envrt.Dir{""})
	}
	return append(dirs, dirs[0])
}

func TestAllocsBinPaths(t *testing.T) {
	task := allocTasks(t)["inherit"]
	for _, n := range []int{1, 3, 16} {
		for _, env := range [][]string{allocEnviron(50), allocEnviron(50)[1:]} {
			// One string, the new PATH, whether or not there was one.
			assert.Equal(t, 1.0, allocs(t, task, env, literalDefines, nil, manyDirs(n)), "%d dirs, PATH=%v", n, env[0][:4] == "PATH")
		}
	}
	// With every directory empty, PATH is untouched and nothing is built.
	assert.Zero(t, allocs(t, task, allocEnviron(50), nil, nil, []envrt.Dir{{""}, {"", ""}, {}}))
	// binPaths and Sets add up; the table past the stack ones is pooled.
	ov := []envrt.Var{envrt.Set("A", "1"), envrt.Set("B", "2")}
	assert.Equal(t, 3.0, allocs(t, task, allocEnviron(350), literalDefines, ov, []envrt.Dir{{"/a"}, {"/b"}}))
}

func TestAllocsBinPathsPast16Dirs(t *testing.T) {
	task := allocTasks(t)["inherit"]
	for _, n := range []int{17, 64} {
		assert.Equal(t, 1.0, allocs(t, task, allocEnviron(50), literalDefines, nil, manyDirs(n)), "%d dirs", n)
	}
}

func TestAllocsGeneratedCallSite(t *testing.T) {
	// What a generated AppendBuildEnv does: a literal define is a
	// constant, a templated one a concatenation the call makes, and the
	// defines, overrides and dirs are composite literals at the call,
	// which Build must not make escape.
	task := allocTasks(t)["inherit"]
	env := allocEnviron(100)
	dst := make([]string, 0, len(env)+8)
	workspace := "/work/space"
	templated := "VX_RUN_WORKSPACE=" + workspace
	// Built by the caller, a templated define costs Build nothing.
	assert.Zero(t, allocs(t, task, env, []string{"CGO_ENABLED=0", templated}, nil, nil))
	call := testing.AllocsPerRun(20, func() {
		envrt.Build(dst[:0], env, task,
			[]string{"CGO_ENABLED=0", "VX_RUN_WORKSPACE=" + workspace},
			[]envrt.Var{envrt.Unset("HOME"), envrt.Set("MODE", workspace)},
			[]envrt.Dir{{workspace, "/node_modules/.bin"}, {"/usr/local/bin"}})
	})
	// The templated define, the Set, and PATH: nothing else.
	assert.Equal(t, 3.0, call)
}

func TestAllocsLinear(t *testing.T) {
	// Not a timing test: however many names, nothing is allocated; the
	// de-duplication table, from the pool, is sized once and never grown.
	for mode, task := range allocTasks(t) {
		for _, n := range []int{10000, 100000} {
			env := allocEnviron(n)
			dst := make([]string, 0, n+len(literalDefines)+1)
			got := testing.AllocsPerRun(3, func() {
				envrt.BuildFold(dst[:0], env, task, literalDefines, nil, nil, false)
			})
			assert.Equal(t, 0.0, got, "%s, N=%d", mode, n)
		}
	}
}
