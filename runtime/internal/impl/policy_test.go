package impl

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/envgen/envgen/runtime/internal/assert"
)

// This file tests how a policy's lists become its table of names: in
// CompareNames order, as envgen writes them, or in any other.

// TestPolicyNamesInAnyOrder builds policies of random spellings spread
// over its lists, in CompareNames order and shuffled, and wants the
// table of each to hold every exact name once, in CompareNames order
// (so that the spellings of a name are next to each other), with what
// every list that names it says.
func TestPolicyNamesInAnyOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 29))
	facts := []uint16{isEssential, isSecret, isPass, isInjection, 0}
	for range 2000 {
		lists := make([][]string, len(facts))
		want := map[string]uint16{}
		for range rng.IntN(40) {
			b := make([]byte, 1+rng.IntN(3))
			for i := range b {
				b[i] = "aAbB_"[rng.IntN(5)]
			}
			k := rng.IntN(len(facts))
			lists[k] = append(lists[k], string(b))
			want[string(b)] |= facts[k]
		}
		if rng.IntN(2) == 0 { // as envgen writes them
			for _, l := range lists {
				slices.SortFunc(l, CompareNames)
			}
		}
		p := &Policy{Essentials: lists[0], Secrets: append(lists[1], "*_KEY"), Pass: lists[2], Injection: lists[3], TaskNames: lists[4]}
		tables := newPolicyTables(p, nil)
		got := map[string]uint16{}
		for i, s := range tables.names {
			got[s.name] = s.facts
			if i > 0 && CompareNames(tables.names[i-1].name, s.name) >= 0 {
				t.Fatalf("lists %q: table names %q before %q", lists, tables.names[i-1].name, s.name)
			}
		}
		assert.Equal(t, want, got, "lists %q", lists)
		assert.Len(t, tables.patterns.list, 1, "lists %q: the pattern goes to the index", lists)
	}
}
