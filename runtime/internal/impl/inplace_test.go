package impl

import (
	"slices"
	"testing"

	"github.com/envgen/envgen/runtime/internal/assert"
)

// This file holds build to the promise (docs/semantics.md, "Output order") that filtering in place,
// Append…Env(environ[:0], environ, …), gives what a separate dst gets:
// the output then overwrites entries already read, and every rule that
// looks back at them must still see them.

// numbered returns n entries PREFIXxy=v.
func numbered(prefix string, n int) []string {
	var out []string
	for i := range n {
		out = append(out, prefix+string(rune('A'+i/26))+string(rune('A'+i%26))+"=v")
	}
	return out
}

// inPlaceCase is a call whose answer is written by hand, under Windows'
// rules (fold) and under exact names (exact).
type inPlaceCase struct {
	name        string
	task        *Task
	environ     []string
	fold, exact []string
}

// inPlaceCases cover each rule that looks back at an entry already read:
// the first spelling of a name decides on Windows, a dropped first entry
// keeps a later one out, a function value keeps its name's later entries
// out, and PATH is extended where it moved to.
var inPlaceCases = []inPlaceCase{{
	name:    "a dropped first spelling keeps a later, exempt one out",
	task:    &Task{Policy: &Policy{Secrets: []string{"GITHUB_TOKEN"}}, PassThrough: []string{"GITHUB_TOKEN", "A"}},
	environ: []string{"github_token=S1", "A=1", "GITHUB_TOKEN=S2"},
	fold:    []string{"A=1"},
	exact:   []string{"A=1", "GITHUB_TOKEN=S2"},
}, {
	name:    "the same in an inherit task, past the small table",
	task:    &Task{Policy: &Policy{Secrets: []string{"NPM_TOKEN"}}, Inherit: true, PassThrough: []string{"NPM_TOKEN"}},
	environ: append(append([]string{"npm_token=x"}, numbered("V", 70)...), "NPM_TOKEN=y", "Npm_Token=z"),
	fold:    numbered("V", 70),
	exact:   append(numbered("V", 70), "NPM_TOKEN=y"),
}, {
	name:    "a kept first spelling wins on Windows",
	task:    everything,
	environ: []string{"Path=/a", "X=1", "PATH=/b", "x=2"},
	fold:    []string{"Path=/a", "X=1"},
	exact:   []string{"Path=/a", "X=1", "PATH=/b", "x=2"},
}, {
	name:    "a function value keeps its name's later entries out",
	task:    &Task{Policy: &Policy{}, Inherit: true, DropInjection: true},
	environ: []string{"F=() { :; }", "A=1", "B=2", "F=plain", "f=lower"},
	fold:    []string{"A=1", "B=2"},
	exact:   []string{"A=1", "B=2", "f=lower"},
}, {
	name:    "binPaths extend PATH after drops",
	task:    &Task{Policy: &Policy{}, PassThrough: []string{"Path", "!DROP*"}},
	environ: []string{"DROP1=1", "DROP2=2", "Path=/bin", "DROP3=3", "PATH=/other"},
	fold:    []string{"Path=" + join("/x", "/bin"), "D=d"},
	exact:   []string{"Path=/bin", "D=d", "PATH=/x"},
}, {
	// Entries of 8 bytes and more, which filterRun takes, handing filterOne
	// the drops it must record and the repeats.
	name:    "long entries: a dropped first entry, by name or value, keeps later ones out",
	task:    &Task{Policy: &Policy{Secrets: []string{"GITHUB_TOKEN"}}, Inherit: true, DropInjection: true},
	environ: []string{"GITHUB_TOKEN=ghp_1", "HOME_DIR=/home/u", "FUNCTION_X=() { :; }", "github_token=lower", "HOME_DIR=/again", "FUNCTION_X=plain", "LONG_NAME_NUMBER_1=one", "Function_x=fold"},
	fold:    []string{"HOME_DIR=/home/u", "LONG_NAME_NUMBER_1=one"},
	exact:   []string{"HOME_DIR=/home/u", "LONG_NAME_NUMBER_1=one", "Function_x=fold"},
}}

func TestBuildInPlace(t *testing.T) {
	for _, c := range inPlaceCases {
		for _, fold := range []bool{true, false} {
			want := c.exact
			if fold {
				want = c.fold
			}
			defines, dirs := []string{"D=d"}, []Dir{{"/x"}}
			if c.name != "binPaths extend PATH after drops" {
				defines, dirs = nil, nil
			}
			assert.Equal(t, want, run(c.task, c.environ, defines, nil, dirs, fold), "%s: separate dst, fold=%v", c.name, fold)
			env := slices.Clone(c.environ)
			assert.Equal(t, want, build(Given(env[:0], env), c.task, defines, nil, dirs, fold), "%s: in place, fold=%v", c.name, fold)
		}
	}
	// ${NAME} reads environ before build writes anything, as the
	// generated code's arguments are worked out first: B=2 overwrites
	// environ[0] in place.
	task := &Task{Policy: &Policy{}, PassThrough: []string{"B", "PATH"}}
	for _, fold := range []bool{true, false} {
		env := []string{"A=a", "B=2", "PATH=/bin"}
		in := Given(env[:0], env)
		got := build(in, task, []string{"COPY=" + getenv(env, "A", fold), "ALSO=" + getenv(env, "B", fold)}, nil, []Dir{{"/", getenv(env, "A", fold)}}, fold)
		assert.Equal(t, []string{"B=2", "PATH=" + join("/a", "/bin"), "COPY=a", "ALSO=2"}, got, "fold=%v", fold)
	}
}

// TestBuildInPlaceOverlaps: a dst whose room starts before environ in the
// same array, or at environ[0], filters in place; one whose room starts
// inside environ after its first entry would overwrite entries not yet
// read, so build reads a copy; one cut to no capacity gets a new array.
func TestBuildInPlaceOverlaps(t *testing.T) {
	p := &Policy{Secrets: []string{"GITHUB_TOKEN"}}
	tasks := []*Task{
		{Policy: p, PassThrough: []string{"GITHUB_TOKEN", "A", "B", "C", "LONGER_NAME"}},
		{Policy: p, Inherit: true, PassThrough: []string{"GITHUB_TOKEN"}},
	}
	for _, task := range tasks {
		for _, fold := range []bool{true, false} {
			// Three kept entries overwrite environ[0], github_token,
			// which decides GITHUB_TOKEN on Windows.
			environ := []string{"github_token=S1", "A=1", "B=2", "C=3", "GITHUB_TOKEN=S2"}
			want := run(task, environ, nil, nil, nil, fold)
			behind := append([]string{"X=0", "Y=0"}, environ...)
			got := build(Given(behind[:0], behind[2:]), task, nil, nil, nil, fold)
			assert.Equal(t, want, got, "inherit=%v fold=%v: room two entries before environ", task.Inherit, fold)
			behind = append([]string{"X=0", "Y=0"}, environ...)
			got = build(Given(behind[:1], behind[2:]), task, nil, nil, nil, fold)
			assert.Equal(t, append([]string{"X=0"}, want...), got, "inherit=%v fold=%v: room one entry before environ", task.Inherit, fold)

			// Writing at environ[1] onwards, the first kept entry would
			// overwrite the second before it is read.
			environ = []string{"A=1", "LONGER_NAME=2", "github_token=S1", "C=3", "GITHUB_TOKEN=S2", "A=4"}
			want = run(task, environ, nil, nil, nil, fold)
			for _, at := range []int{1, 2, 5} {
				ahead := slices.Clone(environ)
				got = build(Given(ahead[:at], ahead), task, nil, nil, nil, fold)
				assert.Equal(t, append(slices.Clone(environ[:at]), want...), got, "inherit=%v fold=%v: room at environ[%d]", task.Inherit, fold, at)
				ahead = slices.Clone(environ)
				got = build(Given(ahead[at:at], ahead), task, nil, nil, nil, fold)
				assert.Equal(t, want, got, "inherit=%v fold=%v: dst environ[%d:%d]", task.Inherit, fold, at, at)
			}
			// Three-index slices: no room at all, or room of one entry
			// inside environ.
			ahead := slices.Clone(environ)
			got = build(Given(ahead[:0:0], ahead), task, nil, nil, nil, fold)
			assert.Equal(t, want, got, "inherit=%v fold=%v: environ[:0:0]", task.Inherit, fold)
			assert.Equal(t, environ, ahead, "environ[:0:0] leaves environ alone")
			ahead = slices.Clone(environ)
			got = build(Given(ahead[1:1:2], ahead), task, nil, nil, nil, fold)
			assert.Equal(t, want, got, "inherit=%v fold=%v: environ[1:1:2]", task.Inherit, fold)
			ahead = slices.Clone(environ)
			got = build(Given(ahead[:0:1], ahead), task, nil, nil, nil, fold)
			assert.Equal(t, want, got, "inherit=%v fold=%v: environ[:0:1]", task.Inherit, fold)
		}
	}
}

func TestAhead(t *testing.T) {
	arr := []string{"A=1", "B=2", "C=3", "D=4", "E=5"}
	environ := arr[1:4]
	for _, c := range []struct {
		what string
		room []string
		want bool
	}{
		{"nil", nil, false},
		{"no capacity", arr[2:2:2], false},
		{"before environ", arr[0:0], false},
		{"at environ[0]", arr[1:1], false},
		{"at environ[1]", arr[2:2], true},
		{"at environ's last entry", arr[3:3], true},
		{"just past environ", arr[4:4], false},
		{"another array", make([]string, 0, 8), false},
	} {
		assert.Equal(t, c.want, ahead(c.room, environ, 1), c.what)
		assert.Equal(t, c.want || c.what == "at environ[0]", ahead(c.room, environ, 0), "from 0: %s", c.what)
	}
	assert.False(t, ahead(arr[2:2], arr[1:2], 1), "an environ of one entry is read before anything is written")
}
