package policy

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestBadPatternSaysWhatAPatternHolds: an entry that is neither a name
// nor a pattern is reported with what is wrong with it and what a name
// and a pattern may hold, and, where a negation may stand (an isolated
// task's passThrough, a preset's), that a leading '!' makes one.
func TestBadPatternSaysWhatAPatternHolds(t *testing.T) {
	const syntax = "a name is [A-Za-z_][A-Za-z0-9_]*; a pattern is [A-Za-z0-9_*]+ with at least one '*' (any run of characters), not starting with a digit"
	const negation = "; a leading '!' negates either"
	for _, tc := range []struct{ src, want string }{
		{"secrets: {extra: [\"NEXT_PUBLIC_?\"]}\ntasks: {t: {}}\n",
			`policy.yaml:2:19: secrets.extra: "NEXT_PUBLIC_?" is neither a name nor a pattern: '?' may stand in neither (` + syntax + ")"},
		{"tasks: {t: {passThrough: [\"VITE_*\", \"NEXT.PUBLIC.*\"]}}\n",
			`policy.yaml:2:37: task "t" passThrough: "NEXT.PUBLIC.*" is neither a name nor a pattern: '.' may stand in neither (` + syntax + negation + ")"},
		{"tasks: {t: {passThrough: [\"1*\"]}}\n",
			`policy.yaml:2:27: task "t" passThrough: "1*" is neither a name nor a pattern: it starts with a digit (` + syntax + negation + ")"},
		{"tasks: {t: {passThrough: [\"!\"]}}\n",
			`policy.yaml:2:27: task "t" passThrough: "!" is neither a name nor a pattern: nothing follows the '!' (` + syntax + negation + ")"},
		{"tasks: {t: {passThrough: [\"!A é*\"]}}\n",
			`policy.yaml:2:27: task "t" passThrough: "!A é*" is neither a name nor a pattern: ' ' may stand in neither (` + syntax + negation + ")"},
		{"tasks: {t: {mode: inherit, unset: [\"!HIST*\"]}}\n",
			`policy.yaml:2:36: task "t" unset: "!HIST*" is neither a name nor a pattern: a leading '!' (a negation) belongs only in an isolated task's passThrough (` + syntax + ")"},
		{"tasks: {t: {mode: inherit, passThrough: [\"!X-*\"]}}\n",
			`policy.yaml:2:42: task "t" passThrough: "!X-*" is neither a name nor a pattern: a leading '!' (a negation) belongs only in an isolated task's passThrough (` + syntax + ")"},
		{"presets: {p: {passThrough: [\"A/*\"], unset: [\"\"]}}\ntasks: {t: {mode: inherit, extends: [p]}}\n",
			`policy.yaml:2:29: preset "p" passThrough: "A/*" is neither a name nor a pattern: '/' may stand in neither (` + syntax + negation + ")\n" +
				`policy.yaml:2:45: preset "p" unset: "" is neither a name nor a pattern: it is empty (` + syntax + ")"},
	} {
		_, err := Load("policy.yaml", []byte("version: 1\n"+tc.src))
		if assert.Error(t, err, tc.src) {
			assert.Equal(t, tc.want, err.Error(), tc.src)
		}
	}
}
