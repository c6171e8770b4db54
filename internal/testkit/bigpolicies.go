package testkit

import (
	"fmt"
	"strings"
)

// The policies below are small files that stand for far more text once
// their aliases or presets are expanded: the cases of the policy's byte
// bound, shared by its own tests and the generator's hostile ones. Each
// value is 1 MiB, so that n copies pass 16,000,000 bytes at the 16th.

// AliasedValue is a 1 MiB define anchored once (D0, line 6) and aliased n
// times in the same task (D1 to Dn, lines 7 on).
func AliasedValue(n int) []byte {
	var b strings.Builder
	b.WriteString("version: 1\npackage: p\ntasks:\n  t:\n    define:\n")
	b.WriteString("      D0: &v \"" + strings.Repeat("x", 1<<20) + "\"\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "      D%d: *v\n", i)
	}
	return []byte(b.String())
}

// AliasedName is a 1 MiB name in a passThrough list anchored once, by
// task t0 (line 4), and aliased by n more tasks (t1 to tn, lines 5 on).
func AliasedName(n int) []byte {
	var b strings.Builder
	b.WriteString("version: 1\npackage: p\ntasks:\n")
	b.WriteString("  t0: {passThrough: &names [" + strings.Repeat("N", 1<<20) + "]}\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "  t%d: {passThrough: *names}\n", i)
	}
	return []byte(b.String())
}

// PresetValueFanOut is a 1 MiB define in a preset, big, that n tasks (t0
// to tn-1, lines 6 on) extend, each task a copy of the preset's text.
func PresetValueFanOut(n int) []byte {
	var b strings.Builder
	b.WriteString("version: 1\npackage: p\npresets:\n  big: {define: {D: \"" + strings.Repeat("x", 1<<20) + "\"}}\ntasks:\n")
	for i := range n {
		fmt.Fprintf(&b, "  t%d: {extends: [big]}\n", i)
	}
	return []byte(b.String())
}
