package gen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
			// on the way through r (presets merged in order, later wins).
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
			`policy.yaml:5:39: task "t" passThrough: "bad-" is neither a name nor a pattern: '-' may stand in neither (a name is [A-Za-z_][A-Za-z0-9_]*; a pattern is [A-Za-z0-9_*]+ with at least one '*' (any run of characters), not starting with a digit; a leading '!' negates either)`,
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
