package impl

import (
	"cmp"
	"math/bits"
	"slices"
	"strings"

	"github.com/envgen/envgen/runtime/internal/glob"
)

// pattern is a name pattern ('*' matches any run of bytes, possibly
// empty) and what a match says of a name. anchor is the key of the
// literal piece of it that the index narrows on (see anchorOf), 0 for a
// pattern without one.
type pattern struct {
	glob.Pattern
	fact   uint16
	kind   uint8 // of its anchor
	anchor uint64
}

// The kinds of anchor: a pattern's first bytes, its last bytes, or
// bytes of a run between two '*'s, which a name may hold anywhere.
const (
	atStart = iota
	atEnd
	within
)

// patternIndex holds a policy's or a task's patterns so that a name is
// tried only against those whose anchor it holds, whatever their
// number: one probe of slots for each length of anchor that the
// patterns hold at the start and that start with the name's first
// byte (heads), one for each length of those at the end that end with
// its last two (tails, by tailKey), and, if some patterns are anchored
// within, one for every fourth 4 bytes of the name. Most names need
// none. The patterns without an anchor (list[:loose]) are tried for
// every name.
type patternIndex struct {
	list   []pattern // by anchor: those without one first, then each anchor's together
	loose  int       // the patterns without an anchor
	slots  []uint64  // by anchor: 1+the index in list of its first pattern, over the index past its last; 0 empty
	shift  uint8     // a key's slot is its top 64-shift bits
	within bool      // some patterns are anchored within
	every  bool      // within, or some patterns without an anchor: every name may match
	// heads and tails hold the lengths of the anchors at the start, by
	// first byte (either case), and at the end, by tailKey: bit n for n
	// bytes; and from bit 16, 1+the slot of the one anchor of that byte
	// or tailKey, if it has one and that one pattern (facts tries it
	// without hashing), else only.
	heads, tails [256]uint32
}

// only marks in heads and tails a byte or tailKey of more than one anchor.
const only = 0xffff

// add puts pattern s, which holds a '*', in x; index must follow.
func (x *patternIndex) add(s string, fact uint16) {
	p := pattern{Pattern: glob.Compile(s), fact: fact}
	if kind, piece := anchorOf(&p.Pattern); piece != "" {
		p.kind, p.anchor = uint8(kind), anchorKey(kind, len(piece), loadTail(piece))
		if kind == atStart {
			x.heads[s[0]] |= 1 << len(piece)
			x.heads[s[0]^0x20] |= 1 << len(piece) // a letter's other case; for another byte, a needless one
		} else {
			x.tails[tailKey(piece)] |= 1 << len(piece)
		}
	}
	x.list = append(x.list, p)
}

// anchorOf returns the piece of p that the index narrows on at its
// start or its end, and which: the longer of its prefix's first bytes
// and its suffix's last bytes (2 at least), counting 1, 2, 4 or 8 bytes,
// the prefix's at equal lengths; "" if p has neither, or if both are
// shorter than 4 bytes and p has a run between '*'s (see anchorWithin).
func anchorOf(p *glob.Pattern) (kind int, piece string) {
	pow := func(n int) int { return 1 << (bits.Len(uint(min(n, 8))) - 1) }
	if n := len(p.Prefix); n > 0 {
		kind, piece = atStart, p.Prefix[:pow(n)]
	}
	if n := len(p.Suffix); n >= 2 && pow(n) > len(piece) {
		kind, piece = atEnd, p.Suffix[n-pow(n):]
	}
	if len(piece) < 4 && len(runs(p)) > 0 {
		return 0, ""
	}
	return kind, piece
}

// runs returns the runs between '*'s of p long enough to anchor it
// within: 7 bytes or more, so that a name that holds one holds 4 of its
// bytes at an offset of 0 to 3 at a multiple of 4, where facts looks.
func runs(p *glob.Pattern) []string {
	return slices.DeleteFunc(strings.Split(p.Middle, "*"), func(r string) bool { return len(r) < 7 })
}

// anchorWithin anchors within each pattern without an anchor that has
// such runs: on the 4 bytes at each of the 4 places from the offset in
// them where the fewest such patterns hold those bytes, each place a
// copy in the list.
func (x *patternIndex) anchorWithin() {
	gram := func(r string, at int) uint64 { return anchorKey(within, 4, loadTail(r[at:at+4])) }
	count := map[uint64]int{} // how many patterns hold each 4 bytes in a run
	for _, p := range x.list {
		for _, r := range runs(&p.Pattern) {
			for at := 0; at+4 <= len(r) && p.anchor == 0; at++ {
				count[gram(r, at)]++
			}
		}
	}
	for i := range len(x.list) {
		best, run, from := -1, "", 0
		for _, r := range runs(&x.list[i].Pattern) {
			for at := 0; at+7 <= len(r) && x.list[i].anchor == 0; at++ {
				if n := count[gram(r, at)] + count[gram(r, at+1)] + count[gram(r, at+2)] + count[gram(r, at+3)]; best < 0 || n < best {
					best, run, from = n, r, at
				}
			}
		}
		if best < 0 {
			continue
		}
		x.within, x.list[i].kind = true, within
		keys := []uint64{gram(run, from), gram(run, from+1), gram(run, from+2), gram(run, from+3)}
		slices.Sort(keys)
		for n, k := range slices.Compact(keys) {
			if n == 0 {
				x.list[i].anchor = k
			} else {
				x.list = append(x.list, x.list[i])
				x.list[len(x.list)-1].anchor = k
			}
		}
	}
}

// anchorKey returns the key of an anchor of kind, n bytes at most 8,
// which w holds little-endian, ASCII case aside; never 0.
func anchorKey(kind, n int, w uint64) uint64 {
	return (w&^caseBits+uint64(kind<<4|n))*mul | 1
}

// index anchors x's patterns within if it should, sorts them by anchor
// and makes its slots.
func (x *patternIndex) index() {
	x.anchorWithin()
	slices.SortStableFunc(x.list, func(a, b pattern) int { return cmp.Compare(a.anchor, b.anchor) })
	x.loose = 0
	for x.loose < len(x.list) && x.list[x.loose].anchor == 0 {
		x.loose++
	}
	x.shift = 60                                    // 16 slots
	for 1<<(64-x.shift) < 4*(len(x.list)-x.loose) { // a quarter full: a miss mostly ends at its first slot
		x.shift--
	}
	x.slots = make([]uint64, 1<<(64-x.shift))
	mask := uint64(len(x.slots) - 1)
	for i := x.loose; i < len(x.list); {
		end := i + 1
		for end < len(x.list) && x.list[end].anchor == x.list[i].anchor {
			end++
		}
		j := x.list[i].anchor >> x.shift
		for x.slots[j] != 0 {
			j = (j + 1) & mask
		}
		x.slots[j] = uint64(i+1)<<32 | uint64(end)
		i = end
	}
	x.every = x.loose > 0 || x.within
	for i := range x.heads {
		x.heads[i], x.tails[i] = x.heads[i]&only, x.tails[i]&only
	}
	mark := func(e *uint32, j uint64) {
		if o := *e >> 16; o == 0 && j+1 < only && x.slots[j]>>32 == x.slots[j]&(1<<32-1) {
			*e |= uint32(j+1) << 16
		} else if o != uint32(j+1) {
			*e |= only << 16
		}
	}
	for j, s := range x.slots {
		if s == 0 {
			continue
		}
		switch p := &x.list[s>>32-1]; p.kind {
		case atStart:
			mark(&x.heads[p.Prefix[0]], uint64(j))
			mark(&x.heads[p.Prefix[0]^0x20], uint64(j))
		case atEnd:
			mark(&x.tails[tailKey(p.Suffix)], uint64(j))
		}
	}
}

// bucket returns the patterns of x whose anchor has the key k.
func (x *patternIndex) bucket(k uint64) []pattern {
	mask := uint64(len(x.slots) - 1)
	for j := k >> x.shift; x.slots[j] != 0; j = (j + 1) & mask {
		if s := x.slots[j]; x.list[s>>32-1].anchor == k {
			return x.list[s>>32-1 : uint32(s)]
		}
	}
	return nil
}

// may reports whether a pattern of x may match name, which is not
// empty: a test far cheaper than facts, which most names fail.
func (x *patternIndex) may(name string) bool {
	return x.heads[name[0]] != 0 || x.every || len(name) >= 2 && x.tails[tailKey(name)] != 0
}

// facts returns what the patterns of x that match name say of it. Secret
// patterns match ASCII case-insensitively, the others when fold is set.
func (x *patternIndex) facts(name string, fold bool) (f uint16) {
	if x.loose > 0 {
		f = try(x.list[:x.loose], name, fold, 0)
	}
	if name == "" {
		return f
	}
	fits := uint32(2<<min(len(name), 8) - 1) // the anchor lengths name can hold
	if e := x.heads[name[0]]; e&fits == 0 {
	} else if o := e >> 16; o != 0 && o != only {
		f = x.one(o-1, name, fold, f)
	} else {
		f = x.hashed(atStart, e&fits, name, fold, f)
	}
	if len(name) < 2 {
		return f // no anchor at the end is shorter than 2 bytes, or within than 4
	}
	if e := x.tails[tailKey(name)]; e&fits == 0 {
	} else if o := e >> 16; o != 0 && o != only {
		f = x.one(o-1, name, fold, f)
	} else {
		f = x.hashed(atEnd, e&fits, name, fold, f)
	}
	if !x.within {
		return f
	}
	for i := 0; i+4 <= len(name); i += 4 {
		if b := x.bucket(anchorKey(within, 4, load32(name[i:]))); b != nil && !sampled(name, i) {
			f = try(b, name, fold, f)
		}
	}
	return f
}

// one returns f with what the one pattern of the anchor in slot j says
// of name, if it matches: try of a list of one, without its loop, which
// costs the common case (a few suffix patterns) 2 % of a call.
func (x *patternIndex) one(j uint32, name string, fold bool, f uint16) uint16 {
	if p := &x.list[x.slots[j]>>32-1]; f&p.fact == 0 && p.Match(name, fold || p.fact == isSecret) {
		f |= p.fact
	}
	return f
}

// hashed returns f with what the patterns anchored at the start or the
// end (kind) of name, of the lengths given (bit n for n bytes), say of
// it, finding each length's anchor by its key.
func (x *patternIndex) hashed(kind int, lengths uint32, name string, fold bool, f uint16) uint16 {
	up := min(len(name), 8)
	var w uint64 // name's first or last bytes, up to 8
	if len(name) >= 8 {
		w = load64(name[kind*(len(name)-8):])
	} else {
		w = loadTail(name)
	}
	for ; lengths != 0; lengths &= lengths - 1 {
		n := bits.TrailingZeros32(lengths)
		piece := w & (1<<(8*n) - 1)
		if kind == atEnd {
			piece = w >> (8 * (up - n))
		}
		f = try(x.bucket(anchorKey(kind, n, piece)), name, fold, f)
	}
	return f
}

// sampled reports whether name holds its 4 bytes at i at an earlier
// multiple of 4, where facts tried their patterns already: a name of one
// letter repeated would otherwise try the same patterns at each place.
func sampled(name string, i int) bool {
	for at := i - 4; at >= 0; at -= 4 {
		if name[at:at+4] == name[i:i+4] {
			return true
		}
	}
	return false
}

// try returns f with what the patterns of list that match name say of
// it, skipping those that would say nothing more.
func try(list []pattern, name string, fold bool, f uint16) uint16 {
	for i := range list {
		p := &list[i]
		if f&p.fact != 0 || p.Prefix != "" && (name == "" || glob.Upper(p.Prefix[0]) != glob.Upper(name[0])) {
			continue // the first byte: a quick test that most names fail, ASCII case aside either way
		}
		if p.Match(name, fold || p.fact == isSecret) {
			f |= p.fact
		}
	}
	return f
}

// load32 returns the first 4 bytes of s, little-endian.
func load32(s string) uint64 {
	_ = s[3]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24
}

// tailKey folds the last two bytes of s, at least two, into a byte, ASCII
// case aside (bit 5 cleared).
func tailKey(s string) byte { return (s[len(s)-1]&^0x20)*7 + s[len(s)-2]&^0x20 }
