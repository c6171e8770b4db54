package impl

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/envgen/envgen/runtime/internal/assert"
	"github.com/envgen/envgen/runtime/internal/require"
)

// This file tests the build loop by hand-written cases: first-wins over
// tables of every size, malformed entries, drops by value, defines,
// overrides, binPaths, and dst left alone. The rules that decide a name
// are semantics_test.go's.

// everything is an inherit task over an empty policy: every name passes.
var everything = &Task{Policy: &Policy{}, Inherit: true}

// run is build into a fresh dst.
func run(task *Task, environ, defines []string, overrides []Var, dirs []Dir, fold bool) []string {
	return build(Given(nil, environ), task, defines, overrides, dirs, fold)
}

// sortedCopy returns a sorted copy of entries, to compare two results
// whose order may differ.
func sortedCopy(entries []string) []string { return slices.Sorted(slices.Values(entries)) }

// entryName returns an entry's name.
func entryName(e string) string { n, _, _ := refSplit(e); return n }

func TestBuildFirstWinsManyNames(t *testing.T) {
	// Three rounds of n names in different orders: the first round wins;
	// the second is spelled in lower case, a new name only where names
	// compare exactly. 3n+1 up to 32, 128 and past takes the two stack
	// tables and the pooled one.
	for _, n := range []int{1, 5, 10, 11, 42, 43, 100, 600} {
		rng := rand.New(rand.NewPCG(uint64(n), 1))
		var environ, first, second []string
		for round, spell := range []string{"V%d=%d", "v%d=%d", "V%d=%d"} {
			for _, i := range rng.Perm(n) {
				e := fmt.Sprintf(spell, i, round)
				environ = append(environ, e)
				switch round {
				case 0:
					first = append(first, e)
				case 1:
					second = append(second, e)
				}
			}
		}
		assert.Equal(t, append(slices.Clone(first), second...), run(everything, environ, nil, nil, nil, false), "n=%d exact", n)
		assert.Equal(t, first, run(everything, environ, nil, nil, nil, true), "n=%d folded", n)
	}
}

// TestBuildTableSizes runs calls of every size around the tables' limits
// (n names counting environ, defines, overrides and PATH: up to 32 in the
// small stack table, 128 in the medium one, then the pool), with names of
// 2 to 41 bytes, and checks first-wins, defines in place and overrides.
func TestBuildTableSizes(t *testing.T) {
	for _, n := range []int{12, 31, 32, 33, 127, 128, 129, 340, 1000} {
		const defines, overrides = 3, 2
		var environ, want []string
		name := func(i int) string { return fmt.Sprintf("N%0*d", 1+i%40, i) }
		for i := range n - 1 - defines - overrides {
			if i%3 == 2 {
				environ = append(environ, name(i-1)+"=dup") // a repeat of the one before
				continue
			}
			environ = append(environ, name(i)+"=1")
			want = append(want, name(i)+"=1")
		}
		require.Equal(t, n, len(environ)+defines+overrides+1)
		first, second, third, fourth := entryName(want[0]), entryName(want[1]), entryName(want[2]), entryName(want[3])
		lower := lowerASCII(second)
		defs := []string{first + "=d", "NEW=d", lower + "=d"}
		ovs := []Var{Unset(third), Set(fourth, "s")}
		exact := slices.Clone(want)
		exact[0], exact[3] = first+"=d", fourth+"=s"
		exact = append(slices.Delete(exact, 2, 3), "NEW=d", lower+"=d")
		folded := slices.Clone(want)
		folded[0], folded[1], folded[3] = first+"=d", lower+"=d", fourth+"=s"
		folded = append(slices.Delete(folded, 2, 3), "NEW=d")
		require.Equal(t, exact, run(everything, environ, defs, ovs, nil, false), "n=%d exact", n)
		require.Equal(t, folded, run(everything, environ, defs, ovs, nil, true), "n=%d folded", n)
	}
}

// TestPooledTableIsCleared: a pooled table holds nothing of the call
// that used it before.
func TestPooledTableIsCleared(t *testing.T) {
	for _, n := range []int{2000, 400, 1000, 5000, 400} {
		env := make([]string, n)
		for i := range env {
			env[i] = fmt.Sprintf("N%d_%d=v", n, i)
		}
		for _, fold := range []bool{false, true} {
			assert.Equal(t, env, run(everything, append(env, env...), nil, nil, nil, fold), "N=%d, each name twice", n)
		}
	}
}

// TestBuildHashAlikeNames: names that hash alike but differ, case
// variants where names compare exactly and pairs such as '@' and '`'.
func TestBuildHashAlikeNames(t *testing.T) {
	env := []string{"A@=1", "A`=2", "_=3", "\x7f=4", "é=5", "É=6", "ABCDEFGH@=7", "ABCDEFGH`=8", "a@=9", "path=10", "PATH=11"}
	for _, fold := range []bool{false, true} {
		want := env
		if fold {
			want = []string{"A@=1", "A`=2", "_=3", "\x7f=4", "é=5", "É=6", "ABCDEFGH@=7", "ABCDEFGH`=8", "path=10"}
		}
		assert.Equal(t, want, run(everything, env, nil, nil, nil, fold), "fold=%v", fold)
		got := run(everything, env, []string{"A`=d"}, []Var{Unset("\x7f"), Set("ABCDEFGH@", "s")}, nil, fold)
		want = slices.Clone(want)
		want[1], want[6] = "A`=d", "ABCDEFGH@=s"
		want = slices.Delete(want, 3, 4)
		assert.Equal(t, want, got, "fold=%v", fold)
	}
}

// TestBuildLongNames: names of every length from 1 to 40, which defines
// and overrides (hashName) must find where the filter (filterRun, filterOne) put them.
func TestBuildLongNames(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 1; n <= 40; n++ {
		for range 10 {
			name := randomName(rng, n)
			if strings.Contains(name, "\x00") || name[0] == '=' {
				continue // not a name a define or override can give
			}
			lower := lowerASCII(name)
			env := []string{"X=1", name + "=a", "Y=2"}
			for _, fold := range []bool{false, true} {
				assert.Equal(t, []string{"X=1", name + "=d", "Y=2"}, run(everything, env, []string{name + "=d"}, nil, nil, fold), "%q fold=%v", name, fold)
				assert.Equal(t, []string{"X=1", "Y=2"}, run(everything, env, nil, []Var{Unset(name)}, nil, fold), "%q fold=%v", name, fold)
				assert.Equal(t, []string{"X=1", name + "=s", "Y=2"}, run(everything, env, nil, []Var{Set(name, "s")}, nil, fold), "%q fold=%v", name, fold)
				if lower != name {
					want := []string{"X=1", name + "=a", "Y=2", lower + "=d"}
					if fold {
						want = []string{"X=1", lower + "=d", "Y=2"}
					}
					assert.Equal(t, want, run(everything, env, []string{lower + "=d"}, nil, nil, fold), "%q fold=%v", name, fold)
				}
			}
		}
	}
	// Windows "=C:" names de-duplicate too.
	env := []string{"=C:=C:\\x", "=c:=other", "=D:=D:\\", "A=1"}
	assert.Equal(t, env, run(everything, env, nil, nil, nil, false))
	assert.Equal(t, []string{"=C:=C:\\x", "=D:=D:\\", "A=1"}, run(everything, env, nil, nil, nil, true))
}

func TestBuildIgnoresMalformedEntries(t *testing.T) {
	env := []string{"", "=", "NOEQUALS", "=C:", "A=x\x00y", "A\x00=1", "A=1", "B=1\x00", "B=2", "\x00=x", "C==", "=x"}
	for _, fold := range []bool{false, true} {
		assert.Equal(t, []string{"A=1", "B=2", "C=="}, run(everything, env, nil, nil, nil, fold), "fold=%v", fold)
		// A NUL entry is no occurrence: a later one of the name passes,
		// and a define with NUL is skipped.
		assert.Equal(t, []string{"a=2"}, run(everything, []string{"A=x\x00", "a=2"}, nil, nil, nil, fold), "fold=%v", fold)
		assert.Equal(t, []string{"A=1", "B=2", "C==", "N=d"}, run(everything, env, []string{"N=x\x00", "N=d"}, nil, nil, fold), "fold=%v", fold)
	}
}

// TestBuildDroppedSpellingWinsWhenFolding: on Windows the first entry of
// a name decides for all its spellings, also when it is dropped.
func TestBuildDroppedSpellingWinsWhenFolding(t *testing.T) {
	inherit := &Task{Policy: &Policy{Secrets: []string{"GITHUB_TOKEN"}}, Inherit: true, PassThrough: []string{"github_token"}}
	env := []string{"GITHUB_TOKEN=a", "github_token=b", "A=1"}
	assert.Equal(t, []string{"github_token=b", "A=1"}, run(inherit, env, nil, nil, nil, false))
	assert.Equal(t, []string{"A=1"}, run(inherit, env, nil, nil, nil, true))
	// A define or Set of a dropped name is added, in its own spelling.
	assert.Equal(t, []string{"A=1", "Github_Token=d"}, run(inherit, env, []string{"Github_Token=d"}, nil, nil, true))
	assert.Equal(t, []string{"A=1"}, run(inherit, env, nil, []Var{Unset("GITHUB_TOKEN")}, nil, true))
	assert.Equal(t, []string{"A=1", "github_token=s"}, run(inherit, env, nil, []Var{Unset("GITHUB_TOKEN"), Set("github_token", "s")}, nil, true))
	// The exempt spelling first: it passes, the later one is a repeat.
	env = []string{"github_token=b", "GITHUB_TOKEN=a", "A=1"}
	assert.Equal(t, []string{"github_token=b", "A=1"}, run(inherit, env, nil, nil, nil, false))
	assert.Equal(t, []string{"github_token=b", "A=1"}, run(inherit, env, nil, nil, nil, true))
	// Past the stack tables too. Unset patterns compare like names;
	// secret patterns ignore case everywhere.
	var many, want []string
	for i := range 400 {
		many = append(many, fmt.Sprintf("S%d_K=x", i))
	}
	for i := range 400 {
		many = append(many, fmt.Sprintf("s%d_k=y", i), fmt.Sprintf("K%d=z", i))
		want = append(want, fmt.Sprintf("K%d=z", i))
	}
	unset := &Task{Policy: &Policy{}, Inherit: true, Unset: []string{"S*_K"}}
	assert.Equal(t, want, run(unset, many, nil, nil, nil, true))
	assert.Len(t, run(unset, many, nil, nil, nil, false), 800, "exact: s…_k is not unset")
	secret := &Task{Policy: &Policy{Secrets: []string{"S*_K"}}, Inherit: true}
	assert.Equal(t, want, run(secret, many, nil, nil, nil, false))
}

// TestBuildDropFunctions: under dropInjection an inherited value starting
// with "()" is dropped under any name, as sudo drops it; defines and
// overrides are the policy's and the caller's own. The first entry of a
// name still wins when it is dropped so.
func TestBuildDropFunctions(t *testing.T) {
	drop := &Task{Policy: &Policy{}, Inherit: true, DropInjection: true}
	env := []string{"F=() { :; }", "G=(){ x", "H=() {", "BASH_FUNC_x%%=() { echo; }", "A=1", "B= () { :; }", "C=x() { :; }",
		"D=() {\n}", "I=()\t{ :; }", "J=()", "K=(", "L=( )"}
	kept := []string{"A=1", "B= () { :; }", "C=x() { :; }", "K=(", "L=( )"}
	for _, fold := range []bool{false, true} {
		assert.Equal(t, kept, run(drop, env, nil, nil, nil, fold), "fold=%v", fold)
		assert.Equal(t, env, run(everything, env, nil, nil, nil, fold), "fold=%v: off", fold)
		assert.Equal(t, append(slices.Clone(kept), "F=() { d; }", "H=() { s; }"),
			run(drop, env, []string{"F=() { d; }"}, []Var{Set("H", "() { s; }")}, nil, fold), "fold=%v", fold)
		// First wins: a later entry of F does not reach the child.
		assert.Equal(t, []string{"A=1"}, run(drop, []string{"F=() { :; }", "A=1", "F=2", "F=() { :; }"}, nil, nil, nil, fold), "fold=%v", fold)
		wantF := []string{"f=2", "A=1"}
		if fold {
			wantF = []string{"A=1"}
		}
		assert.Equal(t, wantF, run(drop, []string{"F=() { :; }", "f=2", "A=1"}, nil, nil, nil, fold), "fold=%v", fold)
		var many, want []string
		for i := range 400 {
			many = append(many, fmt.Sprintf("F%d=() { :; }", i), fmt.Sprintf("K%d=z", i), fmt.Sprintf("F%d=plain", i))
			want = append(want, fmt.Sprintf("K%d=z", i))
		}
		assert.Equal(t, want, run(drop, many, nil, nil, nil, fold), "fold=%v, past the stack tables", fold)
	}
}

func TestBuildDefinesAndOverrides(t *testing.T) {
	env := []string{"A=1", "B=2", "Path=/bin"}
	for _, c := range []struct {
		what        string
		defines     []string
		overrides   []Var
		exact, fold []string
	}{
		{"define replaces in place", []string{"B=d"}, nil, []string{"A=1", "B=d", "Path=/bin"}, nil},
		{"define takes its spelling", []string{"a=d"}, nil, []string{"A=1", "B=2", "Path=/bin", "a=d"}, []string{"a=d", "B=2", "Path=/bin"}},
		{"define with NUL skipped", []string{"A=x\x00", "C=3"}, nil, []string{"A=1", "B=2", "Path=/bin", "C=3"}, nil},
		{"later define wins", []string{"C=1", "C=2"}, nil, []string{"A=1", "B=2", "Path=/bin", "C=2"}, nil},
		{"unset inherited", nil, []Var{Unset("A")}, []string{"B=2", "Path=/bin"}, nil},
		{"unset other spelling", nil, []Var{Unset("a")}, []string{"A=1", "B=2", "Path=/bin"}, []string{"B=2", "Path=/bin"}},
		{"unset missing", nil, []Var{Unset("Z")}, []string{"A=1", "B=2", "Path=/bin"}, nil},
		{"unset then set keeps the place", nil, []Var{Unset("A"), Set("A", "9")}, []string{"A=9", "B=2", "Path=/bin"}, nil},
		{"unset then set another spelling", nil, []Var{Unset("A"), Set("a", "9")},
			[]string{"B=2", "Path=/bin", "a=9"}, []string{"a=9", "B=2", "Path=/bin"}},
		{"set then unset", nil, []Var{Set("C", "3"), Unset("C")}, []string{"A=1", "B=2", "Path=/bin"}, nil},
		{"unset, set, unset", nil, []Var{Unset("B"), Set("B", "x"), Unset("B")}, []string{"A=1", "Path=/bin"}, nil},
		{"unset of a define", []string{"D=d"}, []Var{Unset("D")}, []string{"A=1", "B=2", "Path=/bin"}, nil},
		{"unset of a define, then set", []string{"D=d"}, []Var{Unset("D"), Set("D", "o")}, []string{"A=1", "B=2", "Path=/bin", "D=o"}, nil},
		{"unset of a define over an inherited name", []string{"B=d"}, []Var{Unset("B")}, []string{"A=1", "Path=/bin"}, nil},
		{"last set wins", nil, []Var{Set("C", "1"), Set("A", "x"), Set("C", "2")}, []string{"A=x", "B=2", "Path=/bin", "C=2"}, nil},
		{"set takes its spelling", nil, []Var{Set("PATH", "/o")},
			[]string{"A=1", "B=2", "Path=/bin", "PATH=/o"}, []string{"A=1", "B=2", "PATH=/o"}},
		{"empty value", nil, []Var{Set("A", "")}, []string{"A=", "B=2", "Path=/bin"}, nil},
		{"invalid overrides ignored", nil, []Var{Set("", "x"), Set("A=B", "x"), Set("A\x00", "x"), Set("A", "x\x00"), Unset(""), Unset("A=1"), Unset("A\x00")},
			[]string{"A=1", "B=2", "Path=/bin"}, nil},
		{"everything removed", nil, []Var{Unset("A"), Unset("B"), Unset("Path")}, []string{}, nil},
	} {
		if c.fold == nil {
			c.fold = c.exact
		}
		assert.Equal(t, c.exact, run(everything, env, c.defines, c.overrides, nil, false), "%s, exact", c.what)
		assert.Equal(t, c.fold, run(everything, env, c.defines, c.overrides, nil, true), "%s, folded", c.what)
	}
}

func TestBuildPath(t *testing.T) {
	a, b := Dir{"/a"}, Dir{"/b"}
	for _, c := range []struct {
		what        string
		environ     []string
		overrides   []Var
		dirs        []Dir
		exact, fold []string
	}{
		{"no PATH", []string{"X=1"}, nil, []Dir{a, b}, []string{"X=1", "PATH=" + join("/a", "/b")}, nil},
		{"empty PATH", []string{"PATH=", "X=1"}, nil, []Dir{a, b}, []string{"PATH=" + join("/a", "/b"), "X=1"}, nil},
		{"PATH", []string{"PATH=" + join("/bin", "/usr/bin")}, nil, []Dir{a, b}, []string{"PATH=" + join("/a", "/b", "/bin", "/usr/bin")}, nil},
		{"Path spelling", []string{"Path=/bin"}, nil, []Dir{a}, []string{"Path=/bin", "PATH=/a"}, []string{"Path=" + join("/a", "/bin")}},
		{"Path first, PATH later", []string{"Path=/bin", "PATH=/other"}, nil, []Dir{a},
			[]string{"Path=/bin", "PATH=" + join("/a", "/other")}, []string{"Path=" + join("/a", "/bin")}},
		{"empty Path", []string{"Path="}, nil, []Dir{a}, []string{"Path=", "PATH=/a"}, []string{"Path=/a"}},
		{"repeats", []string{"PATH=/a"}, nil, []Dir{a, b, a, {"/", "a"}, b}, []string{"PATH=" + join("/a", "/b", "/a")}, nil},
		{"prefixes are not repeats", nil, nil, []Dir{{"/a", "b"}, a, {"/ab/"}, {"/a", "b"}}, []string{"PATH=" + join("/ab", "/a", "/ab/")}, nil},
		{"empty dirs", []string{"PATH=/bin"}, nil, []Dir{{""}, {"", ""}, {}, a, {""}}, []string{"PATH=" + join("/a", "/bin")}, nil},
		{"only empty dirs", []string{"PATH=/bin"}, nil, []Dir{{""}, {"", ""}, {}}, []string{"PATH=/bin"}, nil},
		{"only empty dirs, no PATH", []string{"X=1"}, nil, []Dir{{""}}, []string{"X=1"}, nil},
		{"dir with NUL", []string{"PATH=/bin"}, nil, []Dir{{"/x\x00"}, a, {"/", "\x00"}}, []string{"PATH=" + join("/a", "/bin")}, nil},
		{"only a dir with NUL", []string{"PATH=/bin"}, nil, []Dir{{"/x\x00"}}, []string{"PATH=/bin"}, nil},
		{"pieces", nil, nil, []Dir{{"/p", "/node_modules/.bin"}, {"/w", "/bin"}}, []string{"PATH=" + join("/p/node_modules/.bin", "/w/bin")}, nil},
		// A parameter given empty would make a root-relative directory
		// nobody meant: the directory is skipped, and is no earlier copy.
		{"parameter given empty", []string{"PATH=/bin"}, nil, []Dir{{"", "/node_modules/.bin"}, {"/w", "", "/bin"}, {"/a", ""}, b},
			[]string{"PATH=" + join("/b", "/bin")}, nil},
		{"a skipped dir is no earlier copy", []string{"PATH=/bin"}, nil, []Dir{{"", "/x"}, {"/x"}}, []string{"PATH=" + join("/x", "/bin")}, nil},
		{"zero-piece dir beside others", []string{"PATH=/bin"}, nil, []Dir{{}, {"."}}, []string{"PATH=" + join(".", "/bin")}, nil},
		{"after Set", []string{"PATH=/bin"}, []Var{Set("PATH", "/o")}, []Dir{a}, []string{"PATH=" + join("/a", "/o")}, nil},
		{"after Set to empty", []string{"PATH=/bin"}, []Var{Set("PATH", "")}, []Dir{a}, []string{"PATH=/a"}, nil},
		{"after Unset", []string{"PATH=/bin", "X=1"}, []Var{Unset("PATH")}, []Dir{a}, []string{"PATH=/a", "X=1"}, nil},
		{"after Unset of another spelling", []string{"Path=/bin", "X=1"}, []Var{Unset("path")}, []Dir{a},
			[]string{"Path=/bin", "X=1", "PATH=/a"}, []string{"PATH=/a", "X=1"}},
		{"after Unset, then Set", []string{"PATH=/bin", "X=1"}, []Var{Unset("PATH"), Set("PATH", "/s")}, []Dir{a}, []string{"PATH=" + join("/a", "/s"), "X=1"}, nil},
		{"no dirs", []string{"PATH=/bin"}, nil, nil, []string{"PATH=/bin"}, nil},
		{"no dirs after Unset", []string{"PATH=/bin"}, []Var{Unset("PATH")}, nil, []string{}, nil},
		{"PATH with NUL in environ", []string{"PATH=/x\x00", "X=1"}, nil, []Dir{a}, []string{"X=1", "PATH=/a"}, nil},
	} {
		if c.fold == nil {
			c.fold = c.exact
		}
		assert.Equal(t, c.exact, run(everything, c.environ, nil, c.overrides, c.dirs, false), "%s, exact", c.what)
		assert.Equal(t, c.fold, run(everything, c.environ, nil, c.overrides, c.dirs, true), "%s, folded", c.what)
	}
	// A PATH the task drops is not prefixed: the directories make a new
	// one. A define of PATH is prefixed, in the define's spelling.
	drop := &Task{Policy: &Policy{}, PassThrough: []string{"X*"}}
	var dirs []Dir
	var many []string
	for i := range 40 {
		dirs = append(dirs, Dir{fmt.Sprintf("/d%d", i)}, Dir{"/d", fmt.Sprint(i)}) // each twice
		many = append(many, fmt.Sprintf("/d%d", i))
	}
	for _, fold := range []bool{false, true} {
		assert.Equal(t, []string{"X=1", "PATH=/a"}, run(drop, []string{"Path=/bin", "PATH=/bin", "X=1"}, nil, nil, []Dir{a}, fold), "fold=%v", fold)
		assert.Equal(t, []string{"X=1", "PATH=" + join("/a", "/d")}, run(everything, []string{"X=1"}, []string{"PATH=/d"}, nil, []Dir{a}, fold), "fold=%v", fold)
		assert.Equal(t, []string{"PATH=" + join(append(many, "/bin")...)}, run(everything, []string{"PATH=/bin"}, nil, nil, dirs, fold), "fold=%v", fold)
	}
	assert.Equal(t, []string{"X=1", "path=" + join("/a", "/d")}, run(everything, []string{"X=1"}, []string{"path=/d"}, nil, []Dir{a}, true))
}

func TestDirEqual(t *testing.T) {
	for _, c := range []struct {
		d, e Dir
		want bool
	}{
		{Dir{}, Dir{}, true},
		{Dir{}, Dir{""}, true},
		{Dir{"/a"}, Dir{"/", "a"}, true},
		{Dir{"/a", "", "b"}, Dir{"", "/ab", ""}, true},
		{Dir{"/a"}, Dir{"/ab"}, false},
		{Dir{"/a", "b"}, Dir{"/a", "c"}, false},
		{Dir{""}, Dir{"x"}, false},
	} {
		assert.Equal(t, c.want, c.d.equal(c.e), "%q %q", c.d, c.e)
		assert.Equal(t, c.want, c.e.equal(c.d), "%q %q", c.e, c.d)
	}
}

func TestBuildLeavesDstAlone(t *testing.T) {
	env := []string{"A=1", "B=2", "A=3", "PATH=/bin"}
	defines, overrides, dirs := []string{"D=d"}, []Var{Unset("B"), Set("A", "x")}, []Dir{{"/a"}}
	want := []string{"A=x", "PATH=" + join("/a", "/bin"), "D=d"}
	for _, fold := range []bool{false, true} {
		// dst holds entries with the same names, which build must
		// neither read (de-duplicate against) nor change.
		sentinels := []string{"A=dst", "B=dst", "PATH=dst", "not an entry", ""}
		dst := make([]string, len(sentinels), 32)
		copy(dst, sentinels)
		got := build(Given(dst, env), everything, defines, overrides, dirs, fold)
		assert.Equal(t, sentinels, dst, "fold=%v", fold)
		assert.Equal(t, append(slices.Clone(sentinels), want...), got, "fold=%v", fold)
		assert.True(t, &dst[0] == &got[0], "fold=%v: with room, the result is dst's array", fold)
		// Without room, dst is still left as it was.
		full := slices.Clone(sentinels)
		got = build(Given(full[:len(full):len(full)], env), everything, defines, overrides, dirs, fold)
		assert.Equal(t, sentinels, full, "fold=%v", fold)
		assert.Equal(t, append(slices.Clone(sentinels), want...), got, "fold=%v", fold)
		// Past the stack tables too.
		var big []string
		for i := range 400 {
			big = append(big, fmt.Sprintf("V%d=%d", i%300, i))
		}
		backing := make([]string, 2, 1000)
		backing[0], backing[1] = "V0=dst", "V1=dst"
		got = build(Given(backing, big), everything, nil, []Var{Unset("V2")}, nil, fold)
		assert.Equal(t, []string{"V0=dst", "V1=dst"}, backing)
		assert.Equal(t, []string{"V0=dst", "V1=dst", "V0=0", "V1=1", "V3=3"}, got[:5])
		assert.Len(t, got, 2+299)
	}
	// Build is build with this OS's comparison.
	assert.Equal(t, build(Given(nil, env), everything, defines, overrides, dirs, windows),
		Build(Given(nil, env), everything, defines, overrides, dirs))
}

// TestShortPatternPrefixes: an isolated task whose passThrough patterns
// have prefixes shorter than a head (8 bytes), or none, passes what they
// match: the head filter must not rule those names out.
func TestShortPatternPrefixes(t *testing.T) {
	env := []string{"PATH=/bin", "ABCDEFGH=1", "ABCDEFG=2", "NEXT_PUBLIC_URL=https://x", "ABCDEFGX_PUBLIC_URL=3", "OTHER=4"}
	for _, c := range []struct {
		pass []string
		want []string
	}{
		{[]string{"ABCDEFG*"}, []string{"PATH=/bin", "ABCDEFGH=1", "ABCDEFG=2", "ABCDEFGX_PUBLIC_URL=3"}},
		{[]string{"NEXT_PU*"}, []string{"PATH=/bin", "NEXT_PUBLIC_URL=https://x"}},
		{[]string{"*_PUBLIC_URL"}, []string{"PATH=/bin", "NEXT_PUBLIC_URL=https://x", "ABCDEFGX_PUBLIC_URL=3"}},
		{[]string{"ABCDEFGH*"}, []string{"PATH=/bin", "ABCDEFGH=1"}}, // 8 bytes: a head
	} {
		task := &Task{Policy: &Policy{Essentials: []string{"PATH"}}, PassThrough: c.pass}
		for _, fold := range []bool{false, true} {
			assert.Equal(t, c.want, run(task, env, nil, nil, nil, fold), "%v, fold=%v", c.pass, fold)
		}
	}
}
