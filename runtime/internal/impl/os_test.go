package impl

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/envgen/envgen/runtime/internal/assert"
	"github.com/envgen/envgen/runtime/internal/glob"
)

// This file tests what reads this process's environment: the OS input,
// which filters os.Environ's copy in place, and Getenv.

// setOSNames sets variables for the OS tests: names tasks pass, a secret
// with an exempt spelling, an empty value, a function value.
func setOSNames(t *testing.T) {
	t.Setenv("ENVGEN_OS_A", "upper")
	t.Setenv("ENVGEN_OS_EMPTY", "")
	t.Setenv("ENVGEN_OS_TOKEN", "secret")
	t.Setenv("ENVGEN_OS2_TOKEN", "secret")
	t.Setenv("ENVGEN_OS_F", "() { :; }")
	t.Setenv("ENVGEN_OS_UNSET", "x")
	t.Setenv("PATH", "/envgen/bin")
	if runtime.GOOS == "plan9" { // Setenv takes a NUL there, which exec would refuse
		t.Setenv("ENVGEN_OS_NUL", "a\x00b")
	}
	if !windows { // other spellings are other variables
		t.Setenv("envgen_os_a", "lower")
		t.Setenv("envgen_os_token", "exempt")
	}
}

// osTasks are tasks over setOSNames's variables.
var osTasks = map[string]*Task{
	"inherit": {Policy: &Policy{Secrets: []string{"*_TOKEN"}}, Inherit: true, PassThrough: []string{"envgen_os_token"},
		Unset: []string{"ENVGEN_OS_UNSET"}, DropInjection: true},
	"isolated": {Policy: &Policy{Essentials: []string{"PATH"}, Secrets: []string{"*_TOKEN"}},
		PassThrough: []string{"ENVGEN_OS_*", "envgen_os_a", "envgen_os_token", "!ENVGEN_OS_UNSET"}},
	"strict": strictOS, // may be looked up
}

// strictOS is an isolated task without passThrough patterns: OS may read
// just the names it lists.
var strictOS = &Task{Policy: &Policy{Essentials: []string{"PATH"}, Secrets: []string{"*_TOKEN"}}, DropInjection: true,
	PassThrough: []string{"ENVGEN_OS_F", "ENVGEN_OS_MISSING", "ENVGEN_OS_EMPTY", "envgen_os_token", "ENVGEN_OS_UNSET", "ENVGEN_OS_A", "envgen_os_a", "!ENVGEN_OS_UNSET"}}

// forceOS makes readOS choose look-ups (where a task allows them) for
// the rest of the test, or a scan for its next call.
func forceOS(t *testing.T, lookup bool) {
	saved := environSize.Load()
	t.Cleanup(func() { environSize.Store(saved) })
	environSize.Store(0)
	sinceScan.Store(0)
	if lookup {
		environSize.Store(1 << 40) // and no recheck
	}
}

// TestOSInput: Build over OS() gives what Build gives over os.Environ(),
// which the OS input filters in place, on Unix without NUL or repeat
// checks; where it looks names up, the same entries.
func TestOSInput(t *testing.T) {
	setOSNames(t)
	assert.Equal(t, runtime.GOOS != "windows" && runtime.GOOS != "plan9", OS().fromOS, "read at Build on Unix only")
	for _, lookup := range []bool{false, true} {
		testOSInput(t, lookup)
	}
}

func testOSInput(t *testing.T, lookup bool) {
	for mode, task := range osTasks {
		for _, c := range []struct {
			what      string
			defines   []string
			overrides []Var
			dirs      []Dir
		}{
			{"plain", nil, nil, nil},
			{"defines", []string{"ENVGEN_OS_A=d", "ENVGEN_OS_NEW=n"}, nil, nil},
			{"overrides", nil, []Var{Unset("envgen_os_a"), Set("ENVGEN_OS_EMPTY", "s"), Set("ENVGEN_OS_SET", "s"), Unset("ENVGEN_OS_SET"), Set("ENVGEN_OS_SET", "t")}, nil},
			{"binPaths", []string{"ENVGEN_OS_D=d"}, []Var{Set("ENVGEN_OS_MISSING", "m")}, []Dir{{"/a"}, {"/b"}}},
			{"binPaths after Unset", nil, []Var{Unset("PATH")}, []Dir{{"/a"}}},
			// They read the whole environment, which look-ups would not
			// give (strict lists neither name), after the filter in place.
			{"Keep and KeepMatching", nil, []Var{Keep("ENVGEN_OS2_TOKEN"), KeepMatching("ENVGEN_OS_*")}, nil},
		} {
			want := Build(Given(nil, os.Environ()), task, c.defines, c.overrides, c.dirs)
			assert.NotContains(t, want, "ENVGEN_OS_TOKEN=secret", "%s %s", mode, c.what)
			assert.NotContains(t, want, "ENVGEN_OS_UNSET=x", "%s %s", mode, c.what)
			assert.NotContains(t, want, "ENVGEN_OS_NUL=a\x00b", "%s %s", mode, c.what)
			if !windows {
				assert.Contains(t, want, "envgen_os_token=exempt", "%s %s", mode, c.what)
			}
			forceOS(t, lookup)
			got := Build(OS(), task, c.defines, c.overrides, c.dirs)
			if lookup && task == strictOS {
				assert.Equal(t, sortedCopy(want), sortedCopy(got), "%s %s, looked up", mode, c.what)
			} else {
				assert.Equal(t, want, got, "%s %s", mode, c.what)
			}
		}
	}
}

// TestOSLookup: for an isolated task without passThrough patterns in an
// environment much larger than its lists, OS looks up the names the task
// can pass: the entries come in the lists' order (sorted, ASCII case
// aside), one allocation a name found and the slice, and ${NAME} reads
// with os.LookupEnv.
func TestOSLookup(t *testing.T) {
	if !ownedOS {
		t.Skip("read as Given reads it here")
	}
	setOSNames(t)
	forceOS(t, true)
	want := []string{"ENVGEN_OS_A=upper", "envgen_os_a=lower", "ENVGEN_OS_EMPTY=", "ENVGEN_OS_F=() { :; }", "envgen_os_token=exempt", "PATH=/envgen/bin", "D=1"}
	assert.Equal(t, want, Build(OS(), strictOS, []string{"D=1"}, nil, nil))
	assert.Equal(t, float64(len(want)), testing.AllocsPerRun(20, func() { Build(OS(), strictOS, []string{"D=1"}, nil, nil) }),
		"the slice and an entry a name found (D=1 is a constant)")
	forceOS(t, false)
	assert.False(t, slices.Equal(want, Build(OS(), strictOS, []string{"D=1"}, nil, nil)), "a scan keeps environ's order")
	assert.Equal(t, 1.0, testing.AllocsPerRun(20, func() {
		environSize.Store(0) // scan
		Build(OS(), strictOS, []string{"D=1"}, nil, nil)
	}))

	none := &Task{Policy: &Policy{}, PassThrough: []string{"ENVGEN_OS_NEVER_SET"}}
	forceOS(t, true)
	assert.Empty(t, Build(OS(), none, nil, nil, nil), "looked up, and none of its names set")

	assert.Equal(t, "upper", strictOS.Getenv(OS(), "ENVGEN_OS_A"))
	assert.Equal(t, "", strictOS.Getenv(OS(), "ENVGEN_OS_MISSING"))
	assert.Equal(t, "exempt", strictOS.GetenvExempt(OS(), "envgen_os_token", "envgen_os_token"))
	assert.Equal(t, "", strictOS.GetenvExempt(OS(), "ENVGEN_OS_TOKEN", "envgen_os_token"))
	assert.Zero(t, testing.AllocsPerRun(20, func() { strictOS.Getenv(OS(), "ENVGEN_OS_A") }))

	many := &Task{Policy: &Policy{}, PassThrough: []string{"ENVGEN_OS_A", "PATH"}}
	for i := range 40 {
		many.PassThrough = append(many.PassThrough, fmt.Sprintf("ENVGEN_OS_MANY%d", i))
		if i%3 == 0 {
			t.Setenv(fmt.Sprintf("ENVGEN_OS_MANY%d", i), strconv.Itoa(i))
		}
	}
	forceOS(t, true)
	got := Build(OS(), many, nil, nil, nil)
	forceOS(t, false)
	assert.Equal(t, sortedCopy(Build(OS(), many, nil, nil, nil)), sortedCopy(got))
	assert.Len(t, got, 16, "A, PATH and 14 of the 40")
	assert.Equal(t, make([]string, cap(got)-len(got)), got[len(got):cap(got)], "no value left past the result")
	forceOS(t, true)
	assert.Equal(t, 17.0, testing.AllocsPerRun(20, func() { Build(OS(), many, nil, nil, nil) }), "the slice and 16 entries")
}

// TestLookupCheaper: look-ups win where the environment last seen holds
// more than lookupRatio entries a name, until recheckEvery×(1+size/64)
// calls have looked up; then a scan, which sees the size again.
func TestLookupCheaper(t *testing.T) {
	if !ownedOS {
		t.Skip("read as Given reads it here")
	}
	forceOS(t, false)
	environSize.Store(lookupRatio * 10)
	assert.False(t, lookupCheaper(10))
	environSize.Store(lookupRatio*10 + 1)
	assert.True(t, lookupCheaper(10))
	environSize.Store(640)
	sinceScan.Store(0)
	looked := 0
	for lookupCheaper(10) {
		looked++
	}
	assert.Equal(t, recheckEvery*11, looked)
	assert.False(t, lookupCheaper(10), "until a scan")
	readOS(strictOS.tables(false), 1, false)
	assert.Equal(t, int64(len(os.Environ())), environSize.Load())
	assert.Zero(t, sinceScan.Load())
}

// TestOSInputAllocs: on Unix the OS input costs os.Environ's copy and
// nothing more, for a task that drops at least as many entries as it
// adds.
func TestOSInputAllocs(t *testing.T) {
	if windows {
		t.Skip("Windows reads the environment as Given does")
	}
	setOSNames(t)
	task := osTasks["inherit"] // drops the two secrets, the function and ENVGEN_OS_UNSET
	defines := []string{"ENVGEN_OS_D1=1", "ENVGEN_OS_D2=2"}
	got := testing.AllocsPerRun(20, func() { Build(OS(), task, defines, nil, nil) })
	assert.Equal(t, 1.0, got)
}

// TestWindowsRulesNotOnUnix: Build compares names as this OS does, and
// an owned environ under Windows' rules is still de-duplicated (the
// in-place fast path without checks is for exact names only).
func TestWindowsRulesNotOnUnix(t *testing.T) {
	assert.Equal(t, runtime.GOOS == "windows", windows)
	env := []string{"Path=1", "PATH=2", "A=1"}
	want := env
	if windows {
		want = []string{"Path=1", "A=1"}
	}
	assert.Equal(t, want, Build(Given(nil, env), everything, nil, nil, nil))
	owned := slices.Clone(env)
	assert.Equal(t, []string{"Path=1", "A=1"}, build(Input{dst: owned[:0], environ: owned, owned: true}, everything, nil, nil, nil, true))
	owned = slices.Clone(env)
	assert.Equal(t, env, build(Input{dst: owned[:0], environ: owned, owned: true}, everything, nil, nil, nil, false))
}

// plain is a task with no lists, whose Getenv reads any name.
var plain = &Task{Policy: &Policy{}}

// TestGetenv: ${NAME} reads the first entry of that name that exec could
// carry, compared as names are (ASCII case aside on Windows); "" if none.
func TestGetenv(t *testing.T) {
	environ := []string{"HOME\x00=bad", "NOEQUALS", "home=/lower", "HOME=/first", "HOME=/second", "EMPTY=", "=C:=C:\\x"}
	for _, c := range []struct {
		name string
		fold bool
		want string
	}{
		{"HOME", false, "/first"},
		{"HOME", true, "/lower"},
		{"home", false, "/lower"},
		{"EMPTY", false, ""},
		{"MISSING", false, ""},
		{"=C:", false, "C:\\x"},
		{"NOEQUALS", false, ""},
	} {
		assert.Equal(t, c.want, getenv(environ, c.name, c.fold), "getenv(%q, fold=%v)", c.name, c.fold)
	}
	task := &Task{Policy: &Policy{}}
	assert.Equal(t, getenv(environ, "HOME", windows), task.Getenv(Given(nil, environ), "HOME"))
}

// TestFirstEntryDecidesAsSplit holds firstEntry, which rules an entry
// out by the bytes at name's length before Split scans it, to the plain
// scan (Split each entry, compare its name) on random environments and
// names, odd ones included: empty, holding '=' or NUL, starting with '='.
func TestFirstEntryDecidesAsSplit(t *testing.T) {
	plainFirst := func(environ []string, name string, fold bool) (string, string) {
		for _, e := range environ {
			if n, ok := Split(e); ok && glob.Equal(n, name, fold) {
				return e, n
			}
		}
		return "", ""
	}
	names := []string{"", "=", "A", "a", "A=B", "AB", "Ab", "=C:", "=c:", "HOME", "home", "H\x00ME", "PATH_LONGER_THAN_8"}
	rng := rand.New(rand.NewPCG(5, 8))
	for range 2000 {
		environ := make([]string, rng.IntN(8))
		for i := range environ {
			environ[i] = names[rng.IntN(len(names))] + []string{"", "=", "=1", "==", "=B=1", "\x00=2", "=\x00"}[rng.IntN(7)]
		}
		for _, name := range names {
			for _, fold := range []bool{false, true} {
				e, n := firstEntry(environ, name, fold)
				wantE, wantN := plainFirst(environ, name, fold)
				if e != wantE || n != wantN {
					t.Fatalf("firstEntry(%q, %q, fold=%v) = %q, %q; the plain scan finds %q, %q", environ, name, fold, e, n, wantE, wantN)
				}
			}
		}
	}
}

// TestGetenvExempt: a ${NAME} of a secret reads the entry Getenv finds
// only if that entry spells its name as the task exempts it; under
// Windows' rules it may find another spelling, a secret the task drops,
// and then reads nothing, not even a later, exempt spelling.
func TestGetenvExempt(t *testing.T) {
	environ := []string{"GITHUB_TOKEN\x00=bad", "GITHUB_TOKEN=ghp_x", "github_token=ghp_y", "Path=/p"}
	for _, c := range []struct {
		name   string
		exempt []string
		fold   bool
		want   string
	}{
		{"github_token", []string{"github_token"}, false, "ghp_y"},
		{"github_token", []string{"github_token"}, true, ""}, // finds GITHUB_TOKEN
		{"github_token", []string{"GITHUB_TOKEN", "github_token"}, true, "ghp_x"},
		{"GITHUB_TOKEN", []string{"GITHUB_TOKEN"}, false, "ghp_x"},
		{"GITHUB_TOKEN", nil, false, ""},
		{"PATH", []string{"PATH"}, true, ""}, // finds Path
		{"MISSING", []string{"MISSING"}, true, ""},
	} {
		assert.Equal(t, c.want, plain.getenv(Given(nil, environ), c.name, c.exempt, true, c.fold), "GetenvExempt(%q, %q, fold=%v)", c.name, c.exempt, c.fold)
	}
	want := plain.getenv(Given(nil, environ), "github_token", []string{"github_token"}, true, windows)
	in := Given(nil, environ)
	assert.Equal(t, want, plain.GetenvExempt(in, "github_token", "github_token"))
	n := testing.AllocsPerRun(10, func() { plain.GetenvExempt(in, "github_token", "github_token", "Github_Token") })
	assert.Zero(t, n, "GetenvExempt allocates")
}

// TestTaskGetenvValues: a ${NAME} never reads a value the task drops as a
// secret by value, unless an exemption names the entry's spelling.
func TestTaskGetenvValues(t *testing.T) {
	token := "ghp_" + strings.Repeat("a1B2", 9)
	environ := []string{"MY_CONFIG=" + token, "KEPT=" + token, "PLAIN=x"}
	p := &Policy{SecretValues: true, Pass: []string{"KEPT"}}
	task := &Task{Policy: p, Inherit: true}
	in := Given(nil, environ)
	assert.Equal(t, "", task.getenv(in, "MY_CONFIG", nil, false, false))
	assert.Equal(t, token, task.getenv(in, "KEPT", nil, false, false))
	assert.Equal(t, "x", task.Getenv(in, "PLAIN"))
	off := &Task{Policy: &Policy{}, Inherit: true}
	assert.Equal(t, token, off.getenv(in, "MY_CONFIG", nil, false, false))
	assert.Equal(t, []string{"KEPT=" + token, "PLAIN=x"}, Build(in, task, nil, nil, nil))
}

// TestOSNameStartingWithEquals: a name that starts with '=' ("=C:"),
// which Go's own table of the environment keys up to that '=' and so
// never finds, is looked up by a scan. Only a hand-made Task can list
// one, and only a parent can give the process such an entry: the test
// runs itself as a child.
func TestOSNameStartingWithEquals(t *testing.T) {
	if !ownedOS {
		t.Skip("read as Given reads it here")
	}
	task := &Task{Policy: &Policy{}, PassThrough: []string{"=C:", "ENVGEN_OS_CHILD"}}
	if os.Getenv("ENVGEN_OS_CHILD") == "1" {
		forceOS(t, true)
		assert.Equal(t, []string{"=C:=C:\\x", "ENVGEN_OS_CHILD=1"}, Build(OS(), task, nil, nil, nil))
		assert.Equal(t, "C:\\x", task.Getenv(OS(), "=C:"))
		assert.Equal(t, "", task.Getenv(OS(), "=D:"))
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestOSNameStartingWithEquals$", "-test.count=1")
	cmd.Env = []string{"ENVGEN_OS_CHILD=1", "=C:=C:\\x"}
	out, err := cmd.CombinedOutput()
	assert.NoError(t, err, "%s", out)
	assert.Contains(t, string(out), "PASS")
}
