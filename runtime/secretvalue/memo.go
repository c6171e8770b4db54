package secretvalue

import (
	"hash/maphash"
	"sync/atomic"
)

// memo remembers, for values a detector has scanned, whether they hold a
// credential, so that a program that builds its children's environments
// from its own environment again and again scans each value once. A
// value is known by its hash under a seed drawn at random for each
// detector (hash/maphash), which no input can aim at: two values share a
// slot's 63 bits with a chance of one in 2^63. Each slot is one word,
// the hash with its lowest bit the answer, read and written atomically:
// no lock, no allocation on the way, and a value whose slots others took
// is scanned again.
//
// The table grows with the environments it sees: when values have
// pushed one another out of it as many times as it has slots over
// memoCrowded, a table four times as large takes its place, up to
// memoMaxSlots, so that a program with 10,000 distinct values keeps them
// all (BENCHMARKS.md). Growing allocates, a few times in a detector's
// life, never per value.
type memo struct {
	seed  maphash.Seed
	table atomic.Pointer[memoTable]
}

// memoTable is one table of a memo's slots.
type memoTable struct {
	slots   []atomic.Uint64
	shift   uint8        // 64 - log2(len(slots)): a hash's top bits pick its bucket
	evicted atomic.Int64 // how many values others pushed out of this table
}

// memoSlots is how many slots a detector's memo starts with, and
// memoMaxSlots how many it grows to at most (1 MiB); memoCrowded is the
// share of a table's slots that must have been pushed out before it
// grows. memoFrom is the shortest value remembered: every value the
// built-in detectors read (see minValue). Hashing a value and reading
// its slots costs less than scanning it from 8 bytes on
// (BenchmarkShortValues: over the values of 8 to 23 bytes of
// testdata/environ.txt, 9.6 ns a value remembered, 15 to 19 scanned).
const (
	memoSlots    = 1 << 12
	memoMaxSlots = 1 << 17
	memoCrowded  = 8
	memoFrom     = minValue
)

func newMemoTable(slots int) *memoTable {
	shift := uint8(64)
	for n := slots; n > 1; n >>= 1 {
		shift--
	}
	return &memoTable{slots: make([]atomic.Uint64, slots), shift: shift}
}

// memoBucket is how many slots, next to each other, a value may take.
const memoBucket = 4

// contains is Detector.Contains through the memo. A value may take any
// of the memoBucket slots of its bucket: the first that no value holds,
// or else the last, pushing out the value there.
func (m *memo) contains(d *Detector, value string) bool {
	h := maphash.String(m.seed, value)
	t := m.table.Load()
	bucket := t.slots[h>>(t.shift&63)&^(memoBucket-1):][:memoBucket]
	free := -1
	for i := range bucket {
		got := bucket[i].Load()
		if got == 0 {
			free = i
			break
		}
		if got|1 == h|1 {
			return got&1 != 0
		}
	}
	var found hit
	secret := d.scan(value, 0, &found)
	if free < 0 {
		free = memoBucket - 1
		m.evicted(t)
	}
	if secret {
		bucket[free].Store(h | 1)
	} else {
		bucket[free].Store(h &^ 1)
	}
	return secret
}

// evicted counts a value pushed out of t, and grows the memo when t is
// crowded: a table four times as large, holding what t holds, takes its
// place, unless another goroutine's has already.
func (m *memo) evicted(t *memoTable) {
	if t.evicted.Add(1) != int64(len(t.slots)/memoCrowded) || len(t.slots) >= memoMaxSlots {
		return
	}
	bigger := newMemoTable(4 * len(t.slots))
	for i := range t.slots {
		if h := t.slots[i].Load(); h != 0 {
			bucket := bigger.slots[h>>bigger.shift&^(memoBucket-1):][:memoBucket]
			k := 0
			for k < memoBucket-1 && bucket[k].Load() != 0 {
				k++
			}
			bucket[k].Store(h)
		}
	}
	m.table.CompareAndSwap(t, bigger)
}
