package gen

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/policy"
	envrt "github.com/envgen/envgen/runtime"
)

func TestOtherSpelling(t *testing.T) {
	for _, tc := range []struct {
		key  []string
		want string // "" for none
	}{
		{[]string{"PATH"}, "pATH"},
		{[]string{"A"}, "a"},
		{[]string{"A", "a"}, ""},
		{[]string{"_1"}, ""},
		{[]string{"A_1", "a_1"}, ""},
		{[]string{"AB", "aB"}, "Ab"},
		{[]string{"AB", "Ab", "aB"}, "ab"}, // flipping one letter at a time finds nothing
		{[]string{"AB", "Ab", "aB", "ab"}, ""},
		{[]string{"ABC", "aBC", "AbC", "abC", "ABc", "aBc", "Abc"}, "abc"},
	} {
		got, ok := otherSpelling(tc.key)
		assert.Equal(t, tc.want != "", ok, "%q", tc.key)
		assert.Equal(t, tc.want, got, "%q", tc.key)
	}
}

// TestDecideOrientation checks that each task's table lists the shorter
// of what it keeps and what it drops, that Kept counts what it keeps
// either way, and that tasks share tables only in one orientation.
func TestDecideOrientation(t *testing.T) {
	src := `version: 1
package: p
essentials: {builtin: false, extra: [HOME]}
secrets: {builtin: false, extra: [S]}
tasks:
  few: {passThrough: [A]}
  most: {passThrough: [A, B, C]}
  shell: {mode: inherit}
  keepall: {mode: inherit, passThrough: [S]}
`
	p, err := policy.Load("policy.yaml", []byte(src))
	require.NoError(t, err)
	pl := MakePlan(p, "p", "policy.yaml")
	var names []string
	for _, n := range pl.Names {
		names = append(names, n.Name)
	}
	require.Equal(t, []string{"A", "B", "C", "HOME", "S"}, names)
	all := envrt.Keep | envrt.KeepFolded | envrt.KeepVariant
	for _, want := range []struct {
		key    string
		drops  bool
		decide []envrt.Decision
		kept   int
	}{
		{"few", false, []envrt.Decision{all, 0, 0, all, 0}, 2}, // keeps A, HOME
		{"most", true, []envrt.Decision{0, 0, 0, 0, all}, 4},   // drops S
		{"shell", true, []envrt.Decision{0, 0, 0, 0, all}, 4},  // drops S
		// S passes in its exact spelling only: its other spellings are secrets.
		{"keepall", true, []envrt.Decision{0, 0, 0, 0, envrt.DropVariant}, 5},
	} {
		i := slices.IndexFunc(pl.Tasks, func(tp TaskPlan) bool { return tp.Key == want.key })
		tp := pl.Tasks[i]
		assert.Equal(t, want.drops, tp.DecideDrops, want.key)
		assert.Equal(t, want.decide, tp.Decide, want.key)
		assert.Equal(t, want.kept, tp.Kept, want.key)
		if most, ok := tp.mostInherited(); ok {
			assert.Equal(t, want.kept, most, "%s: the capacity counts what it keeps, whichever way Decide records it", want.key)
		}
	}

	// x keeps A; y and z keep B and C, recorded as dropping A: the same
	// bytes as x's table, the opposite meaning. (The patterns match no
	// name; they keep the isolated tasks from having Lookup lists, which
	// an inherit task has not.)
	src = `version: 1
package: p
essentials: {builtin: false}
secrets: {builtin: false}
tasks:
  x: {passThrough: [A, "Q*"]}
  "y": {mode: inherit, unset: [A]}
  z: {passThrough: [B, C, "Q*"]}
`
	p, err = policy.Load("policy.yaml", []byte(src))
	require.NoError(t, err)
	pl = MakePlan(p, "p", "policy.yaml")
	require.Equal(t, pl.Tasks[0].Decide, pl.Tasks[1].Decide)
	var owners []string
	for _, tp := range pl.Tasks {
		owners = append(owners, tp.SharesTablesWith)
	}
	assert.Equal(t, []string{"X", "Y", "Y"}, owners)
}
