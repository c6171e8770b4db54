package gen

import (
	"fmt"

	envrt "github.com/envgen/envgen/runtime"
)

// buildTable builds the perfect hash envrt.Policy.Lookup reads: every
// name (its first spelling; variants follow it in names) gets one of its
// two candidate slots, by cuckoo insertion. It tries seeds 0, 1, 2, ... at
// the smallest power-of-two size first and doubles the size after 64
// failures, so the same names always give the same table. A slot holds the
// top 32 bits of the name's hash over 1+its index, so that most misses
// are told apart without reading the name.
func buildTable(names []envrt.Name) (seed uint64, slots []uint64) {
	var keys []int // indexes of first spellings
	for i, n := range names {
		if !n.Variant {
			keys = append(keys, i)
		}
	}
	if len(keys) == 0 {
		return 0, nil
	}
	size := 1
	for size < len(keys) {
		size <<= 1
	}
	for ; ; size <<= 1 {
		for seed = 0; seed < 64; seed++ {
			if slots, ok := cuckoo(names, keys, seed, size); ok {
				verifyTable(names, seed, slots)
				return seed, slots
			}
		}
	}
}

// cuckoo places every key in one of its two slots, moving earlier keys to
// their other slot as needed, or fails.
func cuckoo(names []envrt.Name, keys []int, seed uint64, size int) ([]uint64, bool) {
	slots := make([]uint64, size)
	mask := uint64(size - 1)
	candidates := func(k int) (uint64, uint64) {
		h := envrt.Hash(seed, names[k].Name)
		return h & mask, h >> 20 & mask
	}
	entry := func(k int) uint64 { return envrt.Hash(seed, names[k].Name)>>32<<32 | uint64(k+1) }
	for _, k := range keys {
		at, _ := candidates(k)
		for kicks := 0; ; kicks++ {
			if kicks > maxKicks {
				return nil, false
			}
			a, b := candidates(k)
			if slots[a] == 0 {
				slots[a] = entry(k)
				break
			}
			if slots[b] == 0 {
				slots[b] = entry(k)
				break
			}
			// Evict the occupant of at and send it to its other slot.
			evicted := int(uint32(slots[at])) - 1
			slots[at] = entry(k)
			k = evicted
			if a, b = candidates(k); a == at {
				at = b
			} else {
				at = a
			}
		}
	}
	return slots, true
}

// verifyTable panics if the runtime's lookup does not find every name at
// its first spelling: a bug in envgen, never in a policy.
func verifyTable(names []envrt.Name, seed uint64, slots []uint64) {
	p := envrt.Policy{Seed: seed, Slots: slots, Names: names}
	for i, n := range names {
		want := i
		for names[want].Variant {
			want--
		}
		if got := p.Lookup(n.Name); got != want {
			panic(fmt.Sprintf("envgen: table lookup of %q = %d, want %d", n.Name, got, want))
		}
	}
}

// maxKicks bounds one insertion's chain of evictions before a seed is
// given up; it keeps a failing seed cheap for large policies.
const maxKicks = 500
