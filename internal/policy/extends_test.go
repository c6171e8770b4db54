package policy

import (
	"maps"
	"reflect"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMergeEntryKnowsEveryField fails when TaskSource grows a field that
// mergeEntry does not merge: a new task key must say how extends treats it.
func TestMergeEntryKnowsEveryField(t *testing.T) {
	merged := map[string]string{
		"Key":              "the entry's own",
		"Mode":             "last given",
		"PassThrough":      "concatenated, repeats dropped",
		"Define":           "merged by name, later wins",
		"BinPaths":         "concatenated, repeats dropped",
		"Unset":            "concatenated, repeats dropped",
		"UnsetKey":         "last given",
		"DropInjection":    "last given, with DropInjectionKey",
		"DropInjectionKey": "last given",
		"Extends":          "the entry's own (resolved by desugar)",
		"ExtendsKey":       "the entry's own",
		"BuiltinPass":      "kept while only built-in presets list the name",
	}
	for _, f := range reflect.VisibleFields(reflect.TypeFor[TaskSource]()) {
		_, ok := merged[f.Name]
		assert.True(t, ok, "TaskSource.%s is new: teach mergeEntry in extends.go how extends merges it, then list it here", f.Name)
	}
}

func strs(pos int, values ...string) []Text {
	var out []Text
	for i, v := range values {
		out = append(out, Text{v, Pos{pos, i + 1}})
	}
	return out
}

func TestMergeEntry(t *testing.T) {
	inherit := &Text{"inherit", Pos{1, 1}}
	isolated := &Text{"isolated", Pos{2, 1}}
	base := TaskSource{
		Mode:        inherit,
		PassThrough: strs(1, "A", "B"),
		BinPaths:    strs(1, "/x"),
		Unset:       strs(1, "H"),
		Define: []DefineSource{
			{Text{"X", Pos{1, 1}}, Text{"base", Pos{1, 2}}},
			{Text{"Y", Pos{1, 3}}, Text{"base", Pos{1, 4}}},
		},
	}
	over := TaskSource{
		Mode:        isolated,
		PassThrough: strs(2, "B", "C", "C"),
		BinPaths:    strs(2, "/y", "/x"),
		Define: []DefineSource{
			{Text{"Z", Pos{2, 1}}, Text{"over", Pos{2, 2}}},
			{Text{"X", Pos{2, 3}}, Text{"over", Pos{2, 4}}},
		},
	}
	got := mergeEntry(base, over)
	assert.Equal(t, isolated, got.Mode, "the last mode given")
	assert.Equal(t, []Text{{"A", Pos{1, 1}}, {"B", Pos{1, 2}}, {"C", Pos{2, 2}}}, got.PassThrough, "repeats dropped, first place and position kept")
	assert.Equal(t, []Text{{"/x", Pos{1, 1}}, {"/y", Pos{2, 1}}}, got.BinPaths)
	assert.Equal(t, strs(1, "H"), got.Unset)
	assert.Equal(t, []DefineSource{
		{Text{"X", Pos{2, 3}}, Text{"over", Pos{2, 4}}}, // later wins, in the first place
		{Text{"Y", Pos{1, 3}}, Text{"base", Pos{1, 4}}},
		{Text{"Z", Pos{2, 1}}, Text{"over", Pos{2, 2}}},
	}, got.Define)
	assert.Equal(t, "base", base.Define[0].Value.Value, "base is not changed")

	// An entry without mode keeps the earlier one.
	assert.Equal(t, inherit, mergeEntry(base, TaskSource{}).Mode)
	// dropInjection: the last one given, even if false.
	on := mergeEntry(TaskSource{}, TaskSource{DropInjection: true, DropInjectionKey: &Text{"dropInjection", Pos{3, 1}}})
	assert.True(t, on.DropInjection)
	assert.True(t, mergeEntry(on, TaskSource{}).DropInjection)
	assert.False(t, mergeEntry(on, TaskSource{DropInjectionKey: &Text{"dropInjection", Pos{4, 1}}}).DropInjection)
}

// TestFromPreset: a task says which of its entries a preset wrote, and
// which preset; its own entries, and a repeat of a preset's entry the
// preset wrote first, are not the task's own.
func TestFromPreset(t *testing.T) {
	p, err := Load("policy.yaml", []byte(`version: 1
presets:
  base: {passThrough: [A, "B_*", "!B_X"], define: {D: "1"}}
  more: {unset: [U], passThrough: [A]}
tasks:
  t: {extends: [base], passThrough: [C, A], define: {D: "2", E: "3"}}
  sh: {mode: inherit, extends: [more], unset: [V]}
`))
	if !assert.NoError(t, err) {
		return
	}
	assert.Equal(t, map[Entry]string{
		{"passThrough", "A"}:    "base",
		{"passThrough", "B_*"}:  "base",
		{"passThrough", "!B_X"}: "base",
	}, p.Tasks[0].FromPreset, "D is the task's own define: the later wins")
	assert.Equal(t, map[Entry]string{{"unset", "U"}: "more", {"passThrough", "A"}: "more"}, p.Tasks[1].FromPreset)
}

// TestBuiltinPassOnlyFromBuiltinPresets: a passThrough name is in
// Task.BuiltinPass (it passes, but exempts no value) only while no text
// of the policy lists it, whichever comes first: the task itself, or a
// preset of the policy, directly or through another preset.
func TestBuiltinPassOnlyFromBuiltinPresets(t *testing.T) {
	p, err := Load("policy.yaml", []byte(`version: 1
presets:
  proxy: {passThrough: [HTTPS_PROXY]}
  wrapped: {extends: [builtin:network]}
tasks:
  bare: {extends: [builtin:network]}
  own-after: {extends: [builtin:network], passThrough: [HTTPS_PROXY]}
  preset-after: {extends: [builtin:network, proxy]}
  preset-before: {extends: [proxy, builtin:network]}
  nested: {extends: [wrapped]}
  inherit: {mode: inherit, extends: [builtin:go], passThrough: [GOPROXY]}
`))
	if !assert.NoError(t, err) {
		return
	}
	builtin := map[string][]string{}
	for _, task := range p.Tasks {
		builtin[task.Key] = slices.Sorted(maps.Keys(task.BuiltinPass))
	}
	network := func(except ...string) []string {
		var out []string
		for _, b := range BuiltinPresets {
			if b.Key == "network" {
				for _, n := range b.Pass {
					if !slices.Contains(except, n.Name) {
						out = append(out, n.Name)
					}
				}
			}
		}
		slices.Sort(out)
		return out
	}
	assert.Contains(t, builtin["bare"], "HTTPS_PROXY")
	assert.Equal(t, network(), builtin["bare"])
	assert.Equal(t, network(), builtin["nested"])
	assert.Equal(t, network("HTTPS_PROXY"), builtin["own-after"])
	assert.Equal(t, network("HTTPS_PROXY"), builtin["preset-after"])
	assert.Equal(t, network("HTTPS_PROXY"), builtin["preset-before"])
	assert.NotContains(t, builtin["inherit"], "GOPROXY")
	assert.Contains(t, builtin["inherit"], "GOSUMDB")
	for _, task := range p.Tasks {
		for n, from := range task.BuiltinPass {
			assert.Contains(t, task.Exact, n, "task %s: a BuiltinPass name is an exact passThrough name", task.Key)
			assert.Equal(t, "builtin:"+map[bool]string{true: "go", false: "network"}[task.Key == "inherit"], from)
		}
	}
}
