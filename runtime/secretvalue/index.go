package secretvalue

// This file holds the prefix index: the families sorted so that a run's
// first two bytes find the few whose prefix may start there, in one or
// two probes of a small open-addressing table, longest prefix first.

// prefixIndex finds the families whose prefix starts a string.
type prefixIndex struct {
	families []family              // grouped by their prefix's first two bytes, longest prefix first in a group
	first    [4]uint64             // the set of the prefixes' first bytes
	starts   *[1 << 16 / 64]uint64 // a hash set of the prefixes' first three bytes
	slots    [indexSlots]indexSlot
}

// indexSlots is the table's size, a power of two over twice the number
// of distinct two-byte starts (about 150 built in).
const indexSlots = 512

// indexSlot is the range of families whose prefix starts with key's two
// bytes; hi 0 marks an empty slot.
type indexSlot struct {
	key    uint16
	lo, hi uint16
}

func slotOf(key uint16) uint32 { return uint32(key) * 0x9E3779B1 >> (32 - 9) }

func key2(a, b byte) uint16 { return uint16(a)<<8 | uint16(b) }

// build sorts fams into the index. Of two families with the same prefix,
// the one listed first (a built-in one) is tried first.
func (x *prefixIndex) build(fams []family) {
	var long, short []family
	for _, f := range fams {
		if len(f.prefix) >= 2 {
			long = append(long, f)
		} else {
			short = append(short, f)
		}
	}
	// stable insertion sort: by the first two bytes, then longer prefixes first
	less := func(a, b *family) bool {
		ka, kb := key2(a.prefix[0], a.prefix[1]), key2(b.prefix[0], b.prefix[1])
		if ka != kb {
			return ka < kb
		}
		return len(a.prefix) > len(b.prefix)
	}
	for i := 1; i < len(long); i++ {
		for j := i; j > 0 && less(&long[j], &long[j-1]); j-- {
			long[j], long[j-1] = long[j-1], long[j]
		}
	}
	x.families = append(long, short...)
	for lo := 0; lo < len(long); {
		k := key2(long[lo].prefix[0], long[lo].prefix[1])
		hi := lo + 1
		for hi < len(long) && key2(long[hi].prefix[0], long[hi].prefix[1]) == k {
			hi++
		}
		s := slotOf(k)
		for x.slots[s].hi != 0 {
			s = (s + 1) % indexSlots
		}
		x.slots[s] = indexSlot{key: k, lo: uint16(lo), hi: uint16(hi)}
		lo = hi
	}
	x.starts = new([1 << 16 / 64]uint64)
	for _, f := range x.families {
		c := f.prefix[0]
		x.first[c>>6] |= 1 << (c & 63)
		// the prefix's first three bytes; for a prefix of one or two
		// bytes, every three bytes it may start
		switch p := f.prefix; len(p) {
		case 1:
			for b := range 256 {
				for c := range 256 {
					x.addStart(p[0], byte(b), byte(c))
				}
			}
		case 2:
			for c := range 256 {
				x.addStart(p[0], p[1], byte(c))
			}
		default:
			x.addStart(p[0], p[1], p[2])
		}
	}
}

// start3 hashes three bytes into the starts set.
func start3(a, b, c byte) uint32 {
	return (uint32(a)<<16 | uint32(b)<<8 | uint32(c)) * 0x9E3779B1 >> 16
}

// addStart adds a, b, c to the starts set.
func (x *prefixIndex) addStart(a, b, c byte) {
	h := start3(a, b, c)
	x.starts[h>>6] |= 1 << (h & 63)
}

// mayStart reports whether some family's prefix may start with a, b, c:
// false is certain, true may be a hash collision.
func (x *prefixIndex) mayStart(a, b, c byte) bool {
	h := start3(a, b, c)
	return x.starts[h>>6]>>(h&63)&1 != 0
}

// lookup returns the range of families whose prefix starts with a, b.
func (x *prefixIndex) lookup(a, b byte) (lo, hi int) {
	if x.first[a>>6]>>(a&63)&1 == 0 {
		return 0, 0
	}
	k := key2(a, b)
	for s := slotOf(k); ; s = (s + 1) % indexSlots {
		sl := &x.slots[s]
		if sl.hi == 0 {
			return 0, 0
		}
		if sl.key == k {
			return int(sl.lo), int(sl.hi)
		}
	}
}

// tokenAt reports the token of a family that starts at s[i], if any.
func (d *Detector) tokenAt(s string, i int, h *hit) bool {
	if i+2 < len(s) && d.index.mayStart(s[i], s[i+1], s[i+2]) {
		lo, hi := d.index.lookup(s[i], s[i+1])
		for k := lo; k < hi; k++ {
			if p := d.index.families[k].prefix; (len(p) == 2 || s[i+2] == p[2]) && d.tryFamily(k, s, i, h) {
				return true
			}
		}
	}
	for _, k := range d.shortPrefix {
		if d.tryFamily(k, s, i, h) {
			return true
		}
	}
	return false
}

// tryFamily reports whether a token of the k-th family starts at s[i].
func (d *Detector) tryFamily(k int, s string, i int, h *hit) bool {
	f := &d.index.families[k]
	p := f.prefix
	if len(s)-i < len(p) || s[i:i+len(p)] != p {
		return false
	}
	end, ok := f.bodyOK(s, i)
	if !ok {
		return false
	}
	if f.name == familyPrefix {
		h.user = int16(k + 1)
	}
	return h.set(f.name, i, end)
}
