package envrt_test

import (
	"os"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/gentest"
	envrt "github.com/envgen/envgen/runtime"
)

// This file holds Build to SPEC's promise that filtering in place,
// Append…Env(environ[:0], environ, …), gives what a separate dst gets:
// the output then overwrites entries already read, and every rule that
// looks back at them must still see them.

// inPlaceCase is a call whose answer is written by hand, under Windows'
// rules (fold) and under exact names (exact).
type inPlaceCase struct {
	name, policy string
	environ      []string
	fold, exact  []string
}

// inPlaceCases cover each rule that looks back at an entry already read:
// the first spelling of a name decides on Windows, a dropped first entry
// keeps a later one out, a bash function's value is dropped and keeps its
// name's later entries out, ${NAME} reads environ, and PATH is extended.
var inPlaceCases = []inPlaceCase{{
	// github_token is a secret (exemptions are exact) and on Windows the
	// first entry of GITHUB_TOKEN; A=1 then overwrites it in place.
	name: "a dropped first spelling keeps a later, exempt one out",
	policy: `version: 1
package: p
essentials: {builtin: false}
tasks:
  t:
    passThrough: [GITHUB_TOKEN, A]
`,
	environ: []string{"github_token=S1", "A=1", "GITHUB_TOKEN=S2"},
	fold:    []string{"A=1"},
	exact:   []string{"A=1", "GITHUB_TOKEN=S2"},
}, {
	name: "the same in an inherit task, past one batch of entries",
	policy: `version: 1
package: p
tasks:
  t:
    mode: inherit
    passThrough: [NPM_TOKEN]
`,
	environ: append(append([]string{"npm_token=x"}, numbered("V", 70)...), "NPM_TOKEN=y", "Npm_Token=z"),
	fold:    numbered("V", 70),
	exact:   append(numbered("V", 70), "NPM_TOKEN=y"),
}, {
	name: "a kept first spelling wins on Windows",
	policy: `version: 1
package: p
essentials: {builtin: false}
secrets: {builtin: false}
tasks:
  t: {mode: inherit}
`,
	environ: []string{"Path=/a", "X=1", "PATH=/b", "x=2"},
	fold:    []string{"Path=/a", "X=1"},
	exact:   []string{"Path=/a", "X=1", "PATH=/b", "x=2"},
}, {
	// Dropped for its value, on every OS: a later entry of F is no
	// function, but F's first entry decides.
	name: "a function value keeps its name's later entries out",
	policy: `version: 1
package: p
essentials: {builtin: false}
secrets: {builtin: false}
tasks:
  t: {mode: inherit, dropInjection: true}
`,
	environ: []string{"F=() { :; }", "A=1", "B=2", "F=plain", "f=lower"},
	fold:    []string{"A=1", "B=2"},
	exact:   []string{"A=1", "B=2", "f=lower"},
}, {
	// The defines and directories are worked out before Build writes
	// anything, as the generated code's arguments are: B=2 overwrites
	// environ[0] in place.
	name: "references read environ as it was",
	policy: `version: 1
package: p
essentials: {builtin: false}
tasks:
  t:
    passThrough: [B, PATH]
    define: {COPY: "${A}", ALSO: "${B}"}
    binPaths: ["/${A}"]
`,
	environ: []string{"A=a", "B=2", "PATH=/bin"},
	fold:    []string{"B=2", "PATH=/a" + string(os.PathListSeparator) + "/bin", "COPY=a", "ALSO=2"},
	exact:   []string{"B=2", "PATH=/a" + string(os.PathListSeparator) + "/bin", "COPY=a", "ALSO=2"},
}, {
	// PATH's entry moves in place to where a dropped one was; binPaths
	// find it there, and keep its spelling.
	name: "binPaths extend PATH after drops",
	policy: `version: 1
package: p
essentials: {builtin: false}
tasks:
  t:
    passThrough: [Path, "!DROP*"]
    define: {D: d}
    binPaths: [/x]
`,
	environ: []string{"DROP1=1", "DROP2=2", "Path=/bin", "DROP3=3", "PATH=/other"},
	fold:    []string{"Path=/x" + string(os.PathListSeparator) + "/bin", "D=d"},
	exact:   []string{"Path=/bin", "D=d", "PATH=/x"},
}}

// numbered returns n entries PREFIXi=i.
func numbered(prefix string, n int) []string {
	var out []string
	for i := range n {
		out = append(out, prefix+string(rune('A'+i/26))+string(rune('A'+i%26))+"=v")
	}
	return out
}

// inPlace runs task "t" of c over a copy of environ, filtering it in place
// as Append…Env(environ[:0], environ, …) does, with the defines and
// directories worked out first, as the generated code does.
func inPlace(c *gentest.Compiled, task string, environ []string, fold bool) []string {
	ct := c.Task(task)
	env := slices.Clone(environ)
	defines, dirs := fill(ct, env, nil, fold)
	return envrt.BuildFold(env[:0], env, ct.Task, defines, nil, dirs, fold)
}

func TestBuildInPlace(t *testing.T) {
	for _, ic := range inPlaceCases {
		c, err := gentest.Compile("policy.yaml", []byte(ic.policy))
		require.NoError(t, err, ic.name)
		for _, fold := range []bool{true, false} {
			want := ic.exact
			if fold {
				want = ic.fold
			}
			call := gentest.RandomCall{Task: "t", Environ: ic.environ}
			assert.Equal(t, want, buildFold(c, "t", nil, call, fold), "%s: separate dst, fold=%v", ic.name, fold)
			assert.Equal(t, want, inPlace(c, "t", ic.environ, fold), "%s: in place, fold=%v", ic.name, fold)
			assert.Equal(t, want, gentest.Reference(c, "t", ic.environ, nil, nil, fold), "%s: reference, fold=%v", ic.name, fold)
		}
	}
}

// TestBuildInPlaceOverlaps: a dst whose room starts before environ, in
// the same array, filters in place too; one whose room starts inside
// environ, after its first entry, would overwrite entries not yet read,
// so Build reads a copy.
func TestBuildInPlaceOverlaps(t *testing.T) {
	c, err := gentest.Compile("policy.yaml", []byte(`version: 1
package: p
essentials: {builtin: false}
tasks:
  iso:
    passThrough: [GITHUB_TOKEN, A, B, C]
  inh:
    mode: inherit
    passThrough: [GITHUB_TOKEN]
`))
	require.NoError(t, err)
	for _, ct := range c.Tasks {
		for _, fold := range []bool{true, false} {
			// Three kept entries overwrite environ[0], github_token,
			// which decides GITHUB_TOKEN on Windows.
			environ := []string{"github_token=S1", "A=1", "B=2", "C=3", "GITHUB_TOKEN=S2"}
			want := envrt.BuildFold(nil, environ, ct.Task, nil, nil, nil, fold)
			behind := append([]string{"X=0", "Y=0"}, environ...)
			got := envrt.BuildFold(behind[:0], behind[2:], ct.Task, nil, nil, nil, fold)
			assert.Equal(t, want, got, "%s, fold=%v: room two entries before environ", ct.Key, fold)

			// Writing at environ[1] onwards, the first kept entry would
			// overwrite the second before it is read.
			environ = []string{"A=1", "LONGER_NAME=2", "github_token=S1", "C=3", "GITHUB_TOKEN=S2", "A=4"}
			want = envrt.BuildFold(nil, environ, ct.Task, nil, nil, nil, fold)
			ahead := slices.Clone(environ)
			got = envrt.BuildFold(ahead[:1], ahead, ct.Task, nil, nil, nil, fold)
			assert.Equal(t, append([]string{environ[0]}, want...), got, "%s, fold=%v: room inside environ", ct.Key, fold)
		}
	}
}

// TestAllocsInPlace: filtering in place allocates nothing more than into
// a separate dst with room, though the drops that Windows' rules record
// must be held apart from the entries the output overwrites.
func TestAllocsInPlace(t *testing.T) {
	c, err := gentest.Compile("policy.yaml", []byte(inPlaceCases[1].policy))
	require.NoError(t, err)
	task := c.Task("t").Task
	orig := inPlaceCases[1].environ
	env := make([]string, len(orig))
	for _, fold := range []bool{true, false} {
		n := testing.AllocsPerRun(20, func() {
			copy(env, orig)
			envrt.BuildFold(env[:0], env, task, literalDefines, nil, nil, fold)
		})
		assert.Zero(t, n, "fold=%v", fold)
	}
}
