package envrt

import (
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// osTask returns an isolated task without passThrough patterns, as envgen
// generates one, with Lookup listing every name it can pass: PATH, two
// spellings of one name (both listed), a name with an empty value, a
// name the environment lacks, and a listed secret that only its exempt
// spelling passes.
func osTask(t *testing.T) *Task {
	names := []Name{
		{Name: "ENVGEN_OS_A"},
		{Name: "envgen_os_a", Variant: true},
		{Name: "ENVGEN_OS_EMPTY"},
		{Name: "ENVGEN_OS_MISSING"},
		{Name: "ENVGEN_OS_TOKEN", Secret: true},
		{Name: "envgen_os_token", Variant: true, Secret: true},
		{Name: "ENVGEN_OS_UNLISTED"},
		{Name: "PATH"},
	}
	task := &Task{
		Policy: layout(t, false, names),
		Decide: []Decision{
			Keep | KeepFolded, Keep | KeepFolded, allDecisions, allDecisions,
			0, Keep | KeepFolded, 0, allDecisions,
		},
	}
	for i, d := range task.Decide {
		if d&Keep != 0 {
			task.Lookup = append(task.Lookup, names[i].Name)
		}
	}
	return task
}

// TestBuildOS checks that BuildOS gives the entries Build gives over
// os.Environ(), whichever way it reads the environment: on the scan path
// in the same order, on the look-up path in the task's order.
func TestBuildOS(t *testing.T) {
	t.Setenv("ENVGEN_OS_A", "upper")
	t.Setenv("ENVGEN_OS_EMPTY", "")
	t.Setenv("ENVGEN_OS_TOKEN", "secret")
	t.Setenv("ENVGEN_OS_UNLISTED", "x")
	t.Setenv("ENVGEN_OS_OTHER", "x")
	t.Setenv("PATH", "/envgen/bin")
	t.Setenv("ENVGEN_OS_MISSING", "")
	os.Unsetenv("ENVGEN_OS_MISSING") // restored by t.Setenv's cleanup
	// Other spellings of those names, where they are other variables.
	if !windows {
		t.Setenv("envgen_os_a", "lower")
		t.Setenv("envgen_os_token", "exempt")
	}

	saved := environSize.Load()
	t.Cleanup(func() { environSize.Store(saved) })

	task := osTask(t)
	for _, c := range []struct {
		what      string
		defines   []string
		overrides []Var
		dirs      []Dir
	}{
		{"plain", nil, nil, nil},
		{"defines", []string{"ENVGEN_OS_A=d", "ENVGEN_OS_NEW=n"}, nil, nil},
		{"overrides", nil, []Var{Unset("envgen_os_a"), Set("ENVGEN_OS_EMPTY", "s"), Set("ENVGEN_OS_SET", "s")}, nil},
		{"binPaths", []string{"ENVGEN_OS_D=d"}, []Var{Set("ENVGEN_OS_MISSING", "m")}, []Dir{{"/a"}, {"/b"}}},
	} {
		want := Build(nil, os.Environ(), task, c.defines, c.overrides, c.dirs)
		require.Contains(t, want, "ENVGEN_OS_EMPTY="+map[bool]string{true: "s", false: ""}[c.what == "overrides"], c.what)
		require.NotContains(t, want, "ENVGEN_OS_TOKEN=secret", c.what)
		if !windows {
			require.Contains(t, want, "envgen_os_token=exempt", c.what)
		}
		require.NotContains(t, want, "ENVGEN_OS_UNLISTED=x", c.what)
		require.NotContains(t, want, "ENVGEN_OS_OTHER=x", c.what)

		// The scan path: the environment last seen was small.
		environSize.Store(0)
		got := BuildOS(task, c.defines, c.overrides, c.dirs)
		assert.Equal(t, want, got, "%s: scan path, same order", c.what)
		assert.Equal(t, int64(len(os.Environ())), environSize.Load(), "%s: the scan records the size", c.what)
		if !windows {
			// Sized by the names it can pass, and never grown.
			wantCap := min(len(os.Environ()), len(task.Lookup)) + len(c.defines) + len(c.overrides) + 1
			assert.Equal(t, wantCap, cap(got), "%s: scan path capacity", c.what)
		}

		// The look-up path: the environment last seen was huge.
		const huge = 1 << 40
		environSize.Store(huge)
		got = BuildOS(task, c.defines, c.overrides, c.dirs)
		if windows {
			assert.Equal(t, want, got, "%s: Windows always scans", c.what)
			continue
		}
		assert.Equal(t, int64(huge), environSize.Load(), "%s: the look-up path took no scan", c.what)
		assert.ElementsMatch(t, want, got, "%s: look-up path, same entries", c.what)
		// In the task's order, then defines and overrides: as Build
		// over the listed names that are set.
		var listed []string
		for _, n := range task.Lookup {
			if v, ok := os.LookupEnv(n); ok {
				listed = append(listed, n+"="+v)
			}
		}
		assert.Equal(t, Build(nil, listed, task, c.defines, c.overrides, c.dirs), got, "%s: look-up path order", c.what)
	}
}

// TestLookupCheaper checks the strategy: look-ups when the environment
// last seen is more than lookupRatio times the names to look up, and a
// scan now and then to see it again.
func TestLookupCheaper(t *testing.T) {
	saved := environSize.Load()
	t.Cleanup(func() { environSize.Store(saved) })
	environSize.Store(0)
	assert.False(t, lookupCheaper(1), "an empty environment: scan")
	environSize.Store(lookupRatio * 5)
	assert.False(t, lookupCheaper(5), "at the ratio: scan")
	environSize.Store(lookupRatio*5 + 1)
	// Past the ratio, look-ups, except for one call in every recheck
	// period.
	scans := 0
	period := recheckEvery * (1 + (lookupRatio*5+1)/64)
	for range 3 * period {
		if !lookupCheaper(5) {
			scans++
		}
	}
	assert.Equal(t, 3, scans, "one recheck every %d calls", period)
}

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
		if got := getenv(environ, c.name, c.fold); got != c.want {
			t.Errorf("getenv(%q, fold=%v) = %q, want %q", c.name, c.fold, got, c.want)
		}
	}
	if got := Getenv(environ, "HOME"); got != getenv(environ, "HOME", windows) {
		t.Errorf("Getenv does not use the build's name comparison: %q", got)
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
		{"GITHUB_TOKEN", []string{"GITHUB_TOKEN"}, true, "ghp_x"},
		{"GITHUB_TOKEN", nil, false, ""},
		{"PATH", []string{"PATH"}, true, ""}, // finds Path
		{"MISSING", []string{"MISSING"}, true, ""},
	} {
		if got := getenvExempt(environ, c.name, c.exempt, c.fold); got != c.want {
			t.Errorf("getenvExempt(%q, %q, fold=%v) = %q, want %q", c.name, c.exempt, c.fold, got, c.want)
		}
	}
	if got := GetenvExempt(environ, "github_token", "github_token"); got != getenvExempt(environ, "github_token", []string{"github_token"}, windows) {
		t.Errorf("GetenvExempt does not use the build's name comparison: %q", got)
	}
	n := testing.AllocsPerRun(10, func() { GetenvExempt(environ, "github_token", "github_token", "Github_Token") })
	assert.Zero(t, n, "GetenvExempt allocates")
}

// TestGetenvExemptOS: over the process environment, as GetenvExempt over
// it. Where names compare exactly the entry found is spelled as asked.
func TestGetenvExemptOS(t *testing.T) {
	t.Setenv("ENVGEN_OS_REF_TOKEN", "tok")
	assert.Equal(t, "tok", GetenvExemptOS("ENVGEN_OS_REF_TOKEN", "ENVGEN_OS_REF_TOKEN"))
	assert.Equal(t, "tok", GetenvExemptOS("ENVGEN_OS_REF_TOKEN", "envgen_os_ref_token", "ENVGEN_OS_REF_TOKEN"))
	assert.Equal(t, "", GetenvExemptOS("ENVGEN_OS_REF_MISSING", "ENVGEN_OS_REF_MISSING"))
	if windows {
		// One name whatever its case: the entry is spelled
		// ENVGEN_OS_REF_TOKEN, which this exemption does not list.
		assert.Equal(t, "", GetenvExemptOS("envgen_os_ref_token", "envgen_os_ref_token"))
	} else {
		assert.Equal(t, "", GetenvExemptOS("ENVGEN_OS_REF_TOKEN"), "a spelling not exempted")
		assert.Equal(t, "", GetenvExemptOS("envgen_os_ref_token", "envgen_os_ref_token"), "another name")
	}
}

// TestBuildOSManyLookups checks the look-up path of a task with more names
// than BuildOS keeps on its stack: every one set, unset or empty comes out
// as Build gives it.
func TestBuildOSManyLookups(t *testing.T) {
	var names []Name
	for i := range 100 {
		names = append(names, Name{Name: fmt.Sprintf("ENVGEN_MANY_%03d", i)})
	}
	task := &Task{Policy: layout(t, false, names)}
	var want []string
	for i, n := range names {
		task.Decide = append(task.Decide, Keep|KeepFolded)
		task.Lookup = append(task.Lookup, n.Name)
		switch i % 3 {
		case 0:
			t.Setenv(n.Name, "v")
			want = append(want, n.Name+"=v")
		case 1:
			t.Setenv(n.Name, "")
			want = append(want, n.Name+"=")
		default:
			t.Setenv(n.Name, "")
			os.Unsetenv(n.Name) // restored by t.Setenv's cleanup
		}
	}
	saved := environSize.Load()
	t.Cleanup(func() { environSize.Store(saved) })
	environSize.Store(1 << 40) // look-ups, whatever the environment
	if windows {
		t.Skip("Windows always scans")
	}
	assert.Equal(t, want, BuildOS(task, nil, nil, nil))
	// One string per name found and one array, as with fewer names.
	allocs := testing.AllocsPerRun(5, func() { BuildOS(task, nil, nil, nil) })
	assert.Equal(t, float64(len(want)+1), allocs)
}
