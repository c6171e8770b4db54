package gen

import (
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMergeEntryKnowsEveryField fails when taskDef grows a field that
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
	}
	for _, f := range reflect.VisibleFields(reflect.TypeFor[taskDef]()) {
		_, ok := merged[f.Name]
		assert.True(t, ok, "taskDef.%s is new: teach mergeEntry in extends.go how extends merges it, then list it here", f.Name)
	}
}

func strs(pos int, values ...string) []str {
	var out []str
	for i, v := range values {
		out = append(out, str{v, Pos{pos, i + 1}})
	}
	return out
}

func TestMergeEntry(t *testing.T) {
	inherit := &str{"inherit", Pos{1, 1}}
	isolated := &str{"isolated", Pos{2, 1}}
	base := taskDef{
		Mode:        inherit,
		PassThrough: strs(1, "A", "B"),
		BinPaths:    strs(1, "/x"),
		Unset:       strs(1, "H"),
		Define: []define{
			{str{"X", Pos{1, 1}}, str{"base", Pos{1, 2}}},
			{str{"Y", Pos{1, 3}}, str{"base", Pos{1, 4}}},
		},
	}
	over := taskDef{
		Mode:        isolated,
		PassThrough: strs(2, "B", "C", "C"),
		BinPaths:    strs(2, "/y", "/x"),
		Define: []define{
			{str{"Z", Pos{2, 1}}, str{"over", Pos{2, 2}}},
			{str{"X", Pos{2, 3}}, str{"over", Pos{2, 4}}},
		},
	}
	got := mergeEntry(base, over)
	assert.Equal(t, isolated, got.Mode, "the last mode given")
	assert.Equal(t, []str{{"A", Pos{1, 1}}, {"B", Pos{1, 2}}, {"C", Pos{2, 2}}}, got.PassThrough, "repeats dropped, first place and position kept")
	assert.Equal(t, []str{{"/x", Pos{1, 1}}, {"/y", Pos{2, 1}}}, got.BinPaths)
	assert.Equal(t, strs(1, "H"), got.Unset)
	assert.Equal(t, []define{
		{str{"X", Pos{2, 3}}, str{"over", Pos{2, 4}}}, // later wins, in the first place
		{str{"Y", Pos{1, 3}}, str{"base", Pos{1, 4}}},
		{str{"Z", Pos{2, 1}}, str{"over", Pos{2, 2}}},
	}, got.Define)
	assert.Equal(t, "base", base.Define[0].Value.Value, "base is not changed")

	// An entry without mode keeps the earlier one.
	assert.Equal(t, inherit, mergeEntry(base, taskDef{}).Mode)
	// dropInjection: the last one given, even if false.
	on := mergeEntry(taskDef{}, taskDef{DropInjection: true, DropInjectionKey: &str{"dropInjection", Pos{3, 1}}})
	assert.True(t, on.DropInjection)
	assert.True(t, mergeEntry(on, taskDef{}).DropInjection)
	assert.False(t, mergeEntry(on, taskDef{DropInjectionKey: &str{"dropInjection", Pos{4, 1}}}).DropInjection)
}

// TestExtendsIsSugar generates policies with presets and their flattened
// equivalents written by hand: the output must be byte-identical, since
// plan and emit see plain tasks.
func TestExtendsIsSugar(t *testing.T) {
	for _, tc := range []struct{ name, sugared, flat string }{
		{
			"single",
			`{version: 1, presets: {node: {passThrough: [NODE_ENV], binPaths: ["{dir}/bin"]}},
			  tasks: {build: {extends: [node], passThrough: [CI_SHA], define: {A: "1"}}}}`,
			`{version: 1, tasks: {build: {passThrough: [NODE_ENV, CI_SHA], define: {A: "1"}, binPaths: ["{dir}/bin"]}}}`,
		},
		{
			"order and repeats",
			`{version: 1, presets: {a: {passThrough: [X, Y], define: {P: a, Q: a}}, b: {passThrough: [Y, Z], define: {P: b}}},
			  tasks: {t: {extends: [a, b], passThrough: [Z, W], define: {Q: t, R: t}}}}`,
			`{version: 1, tasks: {t: {passThrough: [X, Y, Z, W], define: {P: b, Q: t, R: t}}}}`,
		},
		{
			"nested and diamond",
			`{version: 1, presets: {base: {passThrough: [B]}, l: {extends: [base], passThrough: [L]}, r: {extends: [base], passThrough: [R]}},
			  tasks: {t: {extends: [l, r]}}}`,
			`{version: 1, tasks: {t: {passThrough: [B, L, R]}}}`,
		},
		{
			// Each path merges base in again, so base's define wins over l's
			// on the way through r (SPEC: presets merged in order, later wins).
			"diamond define",
			`{version: 1, presets: {base: {define: {X: base}}, l: {extends: [base], define: {X: l}}, r: {extends: [base]}},
			  tasks: {t: {extends: [l, r]}}}`,
			`{version: 1, tasks: {t: {define: {X: base}}}}`,
		},
		{
			"mode and dropInjection",
			`{version: 1, presets: {u: {mode: inherit, dropInjection: true, unset: [H]}},
			  tasks: {s: {extends: [u]}, r: {extends: [u], dropInjection: false, unset: [R]}}}`,
			`{version: 1, tasks: {s: {mode: inherit, dropInjection: true, unset: [H]}, r: {mode: inherit, dropInjection: false, unset: [H, R]}}}`,
		},
		{
			"an unused preset",
			`{version: 1, presets: {unused: {define: {A: "1"}}}, tasks: {t: {}}}`,
			`{version: 1, tasks: {t: {}}}`,
		},
	} {
		flat, err := Generate("policy.yaml", []byte(tc.flat), "p")
		require.NoError(t, err, tc.name)
		sugared, err := Generate("policy.yaml", []byte(tc.sugared), "p")
		require.NoError(t, err, tc.name)
		assert.Equal(t, string(flat), string(sugared), tc.name)
	}
}

func TestExtendsErrors(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{
			"listed twice",
			"version: 1\npresets: {a: {}}\ntasks:\n  t: {extends: [a, a]}\n",
			`policy.yaml:4:20: task "t" extends: "a" is listed twice (first at line 4)`,
		},
		{
			"no presets at all",
			"version: 1\ntasks:\n  t: {extends: [node]}\n",
			`policy.yaml:3:17: task "t": extends unknown preset "node" (the policy has no presets:)`,
		},
		{
			"a name both task and preset is the preset",
			"version: 1\npresets: {build: {passThrough: [X]}}\ntasks:\n  build: {}\n  t: {extends: [build], passThrough: [\"bad-\"]}\n",
			`policy.yaml:5:39: task "t" passThrough: "bad-" is neither a name nor a pattern`,
		},
		{
			// A preset's repeat is reported at the preset, once, however
			// many tasks take it; the tasks see it once.
			"a repeat in a preset",
			"version: 1\npresets: {a: {passThrough: [X, X]}}\ntasks: {t: {extends: [a]}, u: {extends: [a]}}\n",
			`policy.yaml:2:32: preset "a" passThrough: "X" is listed twice (first at line 2)`,
		},
		{
			// A mode error is reported for each task, at the preset.
			"a mode error for each task",
			"version: 1\npresets: {a: {passThrough: [\"X_*\"]}}\ntasks: {t: {extends: [a], mode: inherit}, u: {extends: [a], mode: inherit}}\n",
			`policy.yaml:2:29: task "t" passThrough: "X_*": an inherit task's passThrough takes exact names only (it only keeps secrets) (from preset "a")` + "\n" +
				`policy.yaml:2:29: task "u" passThrough: "X_*": an inherit task's passThrough takes exact names only (it only keeps secrets) (from preset "a")`,
		},
	} {
		_, err := Generate("policy.yaml", []byte(tc.src), "p")
		require.Error(t, err, tc.name)
		assert.Equal(t, tc.want, err.Error(), tc.name)
	}
}

// TestExtendsCompile checks that Compile, which explain and the reference
// use, sees the merged tasks too, and no preset as a task.
func TestExtendsCompile(t *testing.T) {
	c, err := Compile("policy.yaml", []byte("version: 1\npresets: {node: {passThrough: [NODE_ENV]}}\ntasks: {build: {extends: [node]}}\n"))
	require.NoError(t, err)
	require.Len(t, c.Tasks, 1)
	assert.Nil(t, c.Task("node"))
	env := c.Task("build").Build(nil, []string{"NODE_ENV=dev", "OTHER=1"}, nil)
	assert.Equal(t, "NODE_ENV=dev", strings.Join(env, ","))
}
