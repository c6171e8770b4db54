package gen

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/internal/reference"
)

// describePolicy has, in each mode, passThrough names that the task's own
// rules leave out anyway: by an unset name or pattern, by the injection
// list (a name and a pattern of it), by a negation name or pattern.
const describePolicy = `version: 1
package: p
essentials: {builtin: false}
tasks:
  sh:
    mode: inherit
    dropInjection: true
    unset: [OLD, "HIST*"]
    passThrough: [GITHUB_TOKEN, OLD, HIST_X, BASH_ENV, LD_PRELOAD, NPM_TOKEN]
  build:
    passThrough: [NODE_ENV, NEXT_SECRET, NEXT_URL, "NEXT_*", "!NEXT_SECRET*", "!NODE_ENV"]
`

// TestDescribeTaskNamesOnlyWhatPasses holds the names a builder's doc
// comment says it passes to the reference interpreter: each passes from
// an environment that holds every name, and each passThrough name the
// comment leaves out does not.
func TestDescribeTaskNamesOnlyWhatPasses(t *testing.T) {
	out, err := Generate("policy.yaml", []byte(describePolicy), "p")
	require.NoError(t, err)
	p, err := policy.Load("policy.yaml", []byte(describePolicy))
	require.NoError(t, err)

	for _, c := range []struct {
		key, line string // the comment line that lists the names passed
		want      []string
	}{
		{"sh", `// Kept even if secret, by name or by value: (.*)\.`, []string{"GITHUB_TOKEN", "NPM_TOKEN"}},
		{"build", `// in os\.Environ form: the essentials, (.*)\.`, []string{"NEXT_URL", "NEXT_*"}},
	} {
		m := regexp.MustCompile(c.line).FindStringSubmatch(string(out))
		require.NotNil(t, m, "task %s: no line %s in\n%s", c.key, c.line, out)
		listed := strings.Split(m[1], ", ")
		assert.Equal(t, c.want, listed, "task %s", c.key)

		task := &p.Tasks[slices.IndexFunc(p.Tasks, func(x policy.Task) bool { return x.Key == c.key })]
		var environ []string
		for _, n := range task.Exact {
			environ = append(environ, n+"=v")
		}
		got := reference.Build(p, task, environ, nil, nil, false).Environ()
		for _, n := range task.Exact {
			assert.Equal(t, slices.Contains(listed, n), slices.Contains(got, n+"=v"),
				"task %s: the comment lists %s as passed: %v, the reference passes it: %v", c.key, n, slices.Contains(listed, n), slices.Contains(got, n+"=v"))
		}
	}
}
