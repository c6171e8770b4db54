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
// no lock, no allocation, and a value whose slots others took is scanned
// again.
type memo struct {
	seed  maphash.Seed
	slots [memoSlots]atomic.Uint64
}

// memoSlots is how many values a detector remembers at most; memoFrom is
// the shortest value remembered: every value the built-in detectors read
// (see minValue). Hashing a value and reading its slots costs less than
// scanning it from 8 bytes on (BenchmarkShortValues: over the values of
// 8 to 23 bytes of testdata/environ.txt, 9.6 ns a value remembered, 15
// to 19 scanned).
const (
	memoSlots = 4096
	memoFrom  = minValue
)

// contains is Detector.Contains through the memo. A value has two
// slots, next to each other; it takes the one no other value holds, or
// else the second.
func (m *memo) contains(d *Detector, value string) bool {
	h := maphash.String(m.seed, value)
	pair := m.slots[h>>52&^1:][:2] // the top 12 bits: memoSlots
	for i := range pair {
		if got := pair[i].Load(); got != 0 && got|1 == h|1 {
			return got&1 != 0
		}
	}
	var found hit
	secret := d.scan(value, 0, &found)
	slot := &pair[1]
	if pair[0].Load() == 0 {
		slot = &pair[0]
	}
	if secret {
		slot.Store(h | 1)
	} else {
		slot.Store(h &^ 1)
	}
	return secret
}
