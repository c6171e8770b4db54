package impl

import (
	"fmt"
	"runtime"
	"slices"
	"testing"

	"github.com/envgen/envgen/runtime/internal/assert"
)

// This file holds Build to its allocation budget (README, "Generated API"), counting allocations
// (testing.AllocsPerRun), never timing: appending into a dst with room
// costs nothing but one string per value only the call can build (a
// templated define, a Set override's entry, a PATH with binPaths); past
// 128 names the de-duplication table comes from a pool, which costs an
// allocation only when it is empty. AllocsPerRun's warm-up call compiles
// the task and fills the pool.

// allocPolicy has a few secret names and patterns, so that inherited
// names go through the task's table and the pattern index.
var allocPolicy = &Policy{
	Essentials: []string{"PATH", "HOME", "LANG"},
	Secrets:    []string{"GITHUB_TOKEN", "NPM_TOKEN", "*_TOKEN", "*_API_KEY", "*_PASSWORD"},
	Injection:  []string{"LD_*", "BASH_ENV"},
}

// allocTasks are an inherit and an isolated task of allocPolicy.
var allocTasks = map[string]*Task{
	"inherit":  {Policy: allocPolicy, Inherit: true, Unset: []string{"HISTFILE", "npm_config_*"}, DropInjection: true},
	"isolated": {Policy: allocPolicy, PassThrough: []string{"NODE_ENV", "VAR_*", "!VAR_9*"}},
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

// literalDefines are what a generated builder passes for literal defines:
// precomputed constants.
var literalDefines = []string{"CGO_ENABLED=0", "TERM=dumb"}

// allocs counts the allocations of one build into a dst with room, with
// names compared both ways, and wants the same count for both.
func allocs(t *testing.T, task *Task, environ, defines []string, overrides []Var, dirs []Dir) float64 {
	t.Helper()
	dst := make([]string, 0, len(environ)+len(defines)+len(overrides)+1)
	var counts [2]float64
	for i, fold := range []bool{false, true} {
		counts[i] = testing.AllocsPerRun(20, func() {
			build(Given(dst[:0], environ), task, defines, overrides, dirs, fold)
		})
	}
	assert.Equal(t, counts[0], counts[1], "exact and folded differ")
	return counts[0]
}

// skipPooledUnderRace skips a test that counts the allocations of calls
// whose tables come from tablePool: under -race the pool drops items at random.
func skipPooledUnderRace(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's sync.Pool drops items at random")
	}
}

func TestAllocsAppendWithRoom(t *testing.T) {
	skipPooledUnderRace(t)
	for mode, task := range allocTasks {
		for _, n := range []int{0, 10, 29, 30, 100, 125} { // the stack tables (N+3 names)
			assert.Zero(t, allocs(t, task, allocEnviron(n), literalDefines, nil, nil), "%s, N=%d", mode, n)
		}
		for _, n := range []int{126, 300, 1000, 20000} { // the pool
			assert.Zero(t, allocs(t, task, allocEnviron(n), literalDefines, nil, nil), "%s, N=%d", mode, n)
		}
		// Unsets and invalid overrides build no string.
		ov := []Var{Unset("HOME"), Unset("MISSING"), Set("", "x"), Set("A=B", "x")}
		assert.Zero(t, allocs(t, task, allocEnviron(100), literalDefines, ov, nil), "%s, unsets", mode)
		// Nor do directories that are all empty.
		assert.Zero(t, allocs(t, task, allocEnviron(50), nil, nil, []Dir{{""}, {"", ""}, {}}), "%s, empty dirs", mode)
	}
}

// TestAllocsStackDst: an array on the caller's stack is not moved to the
// heap because Build appends to it.
func TestAllocsStackDst(t *testing.T) {
	environ := allocEnviron(40)
	for mode, task := range allocTasks {
		n := 0
		got := testing.AllocsPerRun(20, func() {
			var dst [64]string
			n = len(Build(Given(dst[:0], environ), task, literalDefines, nil, nil))
		})
		assert.Zero(t, got, mode)
		assert.Positive(t, n, mode)
	}
}

// TestAllocsEnv: a generated …Env allocates the slice it returns, sized
// so that Build never grows it.
func TestAllocsEnv(t *testing.T) {
	for mode, task := range allocTasks {
		for _, n := range []int{10, 100, 1000} {
			if n > 100 && raceEnabled {
				continue // its table comes from the pool (see skipPooledUnderRace)
			}
			environ := allocEnviron(n)
			got := testing.AllocsPerRun(20, func() {
				Build(Given(make([]string, 0, len(environ)+len(literalDefines)), environ), task, literalDefines, nil, nil)
			})
			assert.Equal(t, 1.0, got, "%s, N=%d", mode, n)
		}
	}
}

func TestAllocsBuiltStrings(t *testing.T) {
	skipPooledUnderRace(t)
	task := allocTasks["inherit"]
	env := allocEnviron(50)
	workspace := "/work/space"
	for _, c := range []struct {
		what      string
		overrides []Var
		dirs      []Dir
		want      float64
	}{
		{"a new name", []Var{Set("NEW", "1")}, nil, 1},
		{"an inherited name", []Var{Set("HOME", "/other")}, nil, 1},
		{"a define", []Var{Set("CGO_ENABLED", "1")}, nil, 1},
		{"a secret handed over", []Var{Set("GITHUB_TOKEN", "t")}, nil, 1},
		{"two", []Var{Set("A", "1"), Set("B", "2")}, nil, 2},
		{"set, unset, set", []Var{Set("A", "1"), Unset("A"), Set("A", "2")}, nil, 2},
		{"PATH", nil, []Dir{{"/p", "/bin0"}, {""}, {"/p", "/bin1"}, {"/p", "/bin0"}}, 1},
		{"PATH from 64 dirs", nil, manyDirs(64), 1},
		{"PATH and two Sets", []Var{Set("A", "1"), Set("B", "2")}, []Dir{{"/a"}, {"/b"}}, 3},
	} {
		assert.Equal(t, c.want, allocs(t, task, env, literalDefines, c.overrides, c.dirs), c.what)
		assert.Equal(t, c.want, allocs(t, task, env[1:], literalDefines, c.overrides, c.dirs), "%s, no PATH", c.what)
		assert.Equal(t, c.want, allocs(t, task, allocEnviron(400), literalDefines, c.overrides, c.dirs), "%s, pooled table", c.what)
	}
	// What a generated Append…Env does: a templated define is a
	// concatenation the call makes; the defines, overrides and dirs are
	// composite literals at the call, which Build must not make escape.
	dst := make([]string, 0, len(env)+8)
	got := testing.AllocsPerRun(20, func() {
		Build(Given(dst[:0], env), task,
			[]string{"CGO_ENABLED=0", "VX_RUN_WORKSPACE=" + workspace},
			[]Var{Unset("HOME"), Set("MODE", workspace)},
			[]Dir{{workspace, "/node_modules/.bin"}, {"/usr/local/bin"}})
	})
	assert.Equal(t, 3.0, got, "the templated define, the Set and PATH")
}

// manyDirs returns n distinct directories of two pieces each, with an
// empty one after each and a repeat at the end.
func manyDirs(n int) []Dir {
	var dirs []Dir
	for i := range n {
		dirs = append(dirs, Dir{"/p", fmt.Sprintf("/bin%d", i)}, Dir{""})
	}
	return append(dirs, dirs[0])
}

// TestAllocsInPlace: filtering in place allocates nothing, though the
// names Windows' rules record must outlive the entries the output
// overwrites.
func TestAllocsInPlace(t *testing.T) {
	skipPooledUnderRace(t)
	for _, c := range inPlaceCases {
		env := make([]string, len(c.environ))
		for _, fold := range []bool{true, false} {
			n := testing.AllocsPerRun(20, func() {
				copy(env, c.environ)
				build(Given(env[:0], env), c.task, nil, nil, nil, fold)
			})
			assert.Zero(t, n, "%s, fold=%v", c.name, fold)
		}
	}
	orig := allocEnviron(1000)
	env := make([]string, len(orig))
	for mode, task := range allocTasks {
		for _, fold := range []bool{false, true} { // fold: the pooled names of secrets dropped, reused
			n := testing.AllocsPerRun(20, func() {
				copy(env, orig)
				build(Given(env[:0], env), task, literalDefines[:1], nil, nil, fold)
			})
			assert.Zero(t, n, "%s, 1000 names, fold=%v", mode, fold)
		}
	}
}

// TestAllocsAfterGC: a call over a small environment keeps its
// de-duplication table on the stack, so it allocates nothing even when
// garbage collections have emptied the pools. AllocsPerRun counts the
// whole process's allocations: on Go 1.24, a collection makes package
// unique clean its map up on another goroutine, 2 allocations a
// collection, in a test binary that holds a handle (net/netip's zones,
// which testify reached through net/http, measured 4 here): so the
// runtime's tests import no such package (.ci/run runs them on Go 1.24.0).
func TestAllocsAfterGC(t *testing.T) {
	task := &Task{Policy: &Policy{Essentials: []string{"PATH", "HOME"}, Secrets: []string{"GITHUB_TOKEN", "*_KEY"}}, Inherit: true}
	environ := []string{"PATH=/bin", "HOME=/h", "GITHUB_TOKEN=x", "FOO=1", "BAR=2"}
	dst := make([]string, 0, 8)
	got := testing.AllocsPerRun(10, func() {
		runtime.GC()
		runtime.GC()
		build(Given(dst, environ), task, nil, nil, nil, false)
	})
	assert.Equal(t, 0.0, got)
}

// TestPooledSeenCleared: a call past 256 slots gives its pooled table
// back cleared, with no name recorded: the names would otherwise pile up
// from call to call (and keep the call's strings alive).
func TestPooledSeenCleared(t *testing.T) {
	skipPooledUnderRace(t)
	env := allocEnviron(1000)
	for range 3 { // on Windows' rules the isolated task records the 111 names of VAR_9* it drops
		build(Given(nil, env), allocTasks["isolated"], nil, nil, nil, true)
		s := tablePool.Get().(*pooledTable) // the one the call put back, unless the pool was emptied
		if cap(s.gone) == 0 {
			continue
		}
		assert.Empty(t, s.gone)
		assert.Equal(t, make([]string, cap(s.gone)), s.gone[:cap(s.gone)], "no reference to the call's names")
		assert.Equal(t, make([]uint64, len(s.table)), s.table)
		return
	}
	t.Fatal("the pool never gave back the table the call used")
}

// TestFreshScratchCleared: the pooled slice a Fresh input is built in
// goes back holding no entry of the call, also where an Unset took one
// out (applyLayers deletes it) and where the build outgrew the slice.
func TestFreshScratchCleared(t *testing.T) {
	skipPooledUnderRace(t)
	inherit := allocTasks["inherit"]
	for _, n := range []int{10, 1000, 100} { // the slice grows at 1,000, and is reused at 100
		env := allocEnviron(n)
		for range 3 {
			Build(Fresh(env), inherit, literalDefines, []Var{Unset("VAR_1")}, nil)
			s := scratchPool.Get().(*[]string) // the one the call put back, unless the pool was emptied
			if cap(*s) == 0 {
				continue
			}
			assert.Equal(t, make([]string, cap(*s)), (*s)[:cap(*s)], "N=%d: no reference to the call's strings", n)
			scratchPool.Put(s)
			break
		}
	}
}

// TestAllocsRefinements: the run-time refinements build no string (Keep
// and KeepMatching reuse environ's entries, Sets the entries given) and
// allocate only where they must: a copy of environ when the build
// filters it in place, which overwrites what Keep and KeepMatching read.
// KeepMatching's table of names comes from the pool build's does.
func TestAllocsRefinements(t *testing.T) {
	skipPooledUnderRace(t)
	isolated := allocTasks["isolated"]
	env := allocEnviron(50)
	sets := Sets([]string{"PAGER=cat", "EDITOR=vi", "PAGER=less"})
	for _, c := range []struct {
		what      string
		task      *Task
		overrides []Var
		want      float64
	}{
		{"Keep", isolated, []Var{Keep("GITHUB_TOKEN"), Keep("HOME"), Keep("ABSENT")}, 0},
		{"Drop", isolated, []Var{Drop("VAR_1*"), Drop("*")}, 0},
		{"an invalid Drop", isolated, []Var{Drop("not a pattern")}, 0},
		{"KeepMatching, few names", isolated, []Var{KeepMatching("VAR_1?*"), KeepMatching("VAR_4*")}, 0},
		{"Sets", isolated, sets, 0},
		{"three", isolated, []Var{Drop("VAR_2*"), Keep("GITHUB_TOKEN"), KeepMatching("VAR_3*")}, 0},
		{"Unset, Drop, then Sets", allocTasks["inherit"], append([]Var{Unset("HOME"), Drop("VAR_*")}, sets...), 0},
	} {
		assert.Equal(t, c.want, allocs(t, c.task, env, literalDefines, c.overrides, nil), c.what)
		assert.Equal(t, c.want, allocs(t, c.task, allocEnviron(400), literalDefines, c.overrides, nil), "%s, pooled table", c.what)
	}
	dst := make([]string, 0, 80)
	got := testing.AllocsPerRun(20, func() {
		Build(Given(dst, env), isolated, literalDefines, []Var{KeepMatching("VAR_*")}, nil)
	})
	assert.Zero(t, got, "KeepMatching of 47 names")
	inPlace := slices.Clone(env)
	got = testing.AllocsPerRun(20, func() {
		copy(inPlace, env)
		Build(Given(inPlace[:0], inPlace), isolated, nil, []Var{Keep("GITHUB_TOKEN")}, nil)
	})
	assert.Equal(t, 1.0, got, "in place: environ's copy")
}

// TestAllocsFresh: an …Env call (Fresh) allocates one slice, as long as
// what the task keeps, however long environ is: an isolated task that
// keeps 3 entries of 1,000 allocates room for 3, not 1,000.
func TestAllocsFresh(t *testing.T) {
	skipPooledUnderRace(t)
	isolated := &Task{Policy: allocPolicy, PassThrough: []string{"VAR_7", "VAR_70*"}}
	for _, n := range []int{10, 100, 1000} {
		environ := allocEnviron(n)
		var out []string
		got := testing.AllocsPerRun(20, func() { out = Build(Fresh(environ), isolated, literalDefines, nil, nil) })
		assert.Equal(t, 1.0, got, "N=%d", n)
		assert.Equal(t, len(out), cap(out), "N=%d: as long as the result", n)
		assert.Equal(t, build(Given(nil, environ), isolated, literalDefines, nil, nil, false), out, "N=%d: what Given builds", n)
	}
	out := Build(Fresh(allocEnviron(1000)), isolated, literalDefines, nil, nil)
	assert.Len(t, out, 2+12+len(literalDefines), "PATH, HOME, VAR_7, VAR_70, VAR_700 to VAR_709, and the defines")
}
