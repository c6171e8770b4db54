package envrt

import "strings"

// pattern is a compiled name pattern. parts are the literal runs around
// and between its '*'s, so "NEXT_PUBLIC_*" is {"NEXT_PUBLIC_", ""} and
// "*_TOKEN" is {"", "_TOKEN"}; a '*' matches any run of bytes, possibly
// empty. head and tail are the first 8 bytes of its prefix and the last 8
// of its suffix as words, headMask and tailShift what picks those of a
// name, with 0x20 at their letters in headLetters and tailLetters; so
// most names fail, and a short pattern's matches pass, at a compare of
// words.
type pattern struct {
	parts                    []string
	head, tail               uint64
	headLetters, tailLetters uint64
	headMask                 uint64
	tailShift                uint
	min                      int  // the length of prefix and suffix
	short                    bool // no affix of more than 8 bytes, nothing between '*'s
}

// match reports whether name matches p, ASCII case-insensitively when fold
// is set.
func (p pattern) match(name string, fold bool) bool {
	first, last := ends(name)
	return p.affixes(len(name), first, last, fold) && (p.short || p.rest(name, fold))
}

// affixes reports whether a name of n bytes whose ends are first and last
// may match p: it is long enough, and its first and last 8 bytes agree
// with p's prefix and suffix (all of them, for a short p).
func (p *pattern) affixes(n int, first, last uint64, fold bool) bool {
	var hl, tl uint64 // the bits that may differ
	if fold {
		hl, tl = p.headLetters, p.tailLetters
	}
	return n >= p.min && (first^p.head)&p.headMask&^hl == 0 && (last>>p.tailShift^p.tail)&^tl == 0
}

// rest is matches past affixes, for a pattern that is not short.
func (p *pattern) rest(name string, fold bool) bool {
	prefix, suffix := p.parts[0], p.parts[len(p.parts)-1]
	if !sameName(name[:len(prefix)], prefix, fold) || !sameName(name[len(name)-len(suffix):], suffix, fold) {
		return false
	}
	rest := name[len(prefix) : len(name)-len(suffix)]
	for _, mid := range p.parts[1 : len(p.parts)-1] {
		i := index(rest, mid, fold)
		if i < 0 {
			return false
		}
		rest = rest[i+len(mid):]
	}
	return true
}

// ends returns the first 8 bytes of name and its last 8 as little-endian
// words; a name shorter than that fills the low bytes of first and the
// high bytes of last.
func ends(name string) (first, last uint64) {
	if len(name) >= 8 {
		return load64(name), load64(name[len(name)-8:])
	}
	w := loadTail(name, 0, len(name))
	return w, w << (64 - 8*len(name))
}

// affixWord returns s, at most 8 bytes, as a little-endian word, and a
// word with 0x20 at each of its ASCII letters.
func affixWord(s string) (w, letters uint64) {
	for i := len(s) - 1; i >= 0; i-- {
		w, letters = w<<8|uint64(s[i]), letters<<8
		if c := s[i] | 0x20; 'a' <= c && c <= 'z' {
			letters |= 0x20
		}
	}
	return w, letters
}

// index returns the first index of sub in s, or -1.
func index(s, sub string, fold bool) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if sameName(s[i:i+len(sub)], sub, fold) {
			return i
		}
	}
	return -1
}

// patterns is a list of compiled patterns.
type patterns []pattern

// match reports whether any of ps matches name.
func (ps patterns) match(name string, fold bool) bool {
	for _, p := range ps {
		if p.match(name, fold) {
			return true
		}
	}
	return false
}

// isPattern reports whether an entry of a policy list is a pattern.
func isPattern(s string) bool { return strings.IndexByte(s, '*') >= 0 }

// compile splits a pattern around its '*'s.
func compile(s string) pattern {
	p := pattern{parts: strings.Split(s, "*")}
	prefix, suffix := p.parts[0], p.parts[len(p.parts)-1]
	hn, tn := min(len(prefix), 8), min(len(suffix), 8)
	p.head, p.headLetters = affixWord(prefix[:hn])
	p.tail, p.tailLetters = affixWord(suffix[len(suffix)-tn:])
	p.headMask, p.tailShift = 1<<(8*hn)-1, uint(64-8*tn)
	p.short = len(p.parts) == 2 && len(prefix) <= 8 && len(suffix) <= 8
	p.min = len(prefix) + len(suffix)
	return p
}

// patternIndex holds patterns by what a name needs for one to match, so
// that a name is tried only against those that may: a pattern whose
// suffix has two bytes or more under the suffix's tailKey; one with only
// a prefix under the prefix's first byte, in both cases; any other in
// loose.
type patternIndex struct {
	head, tail [256]uint16 // 1+an index in groups, or 0
	groups     [][]indexed
	loose      []indexed
	anyHead    bool // loose or head groups: may looks at a name's first byte
}

// indexed is a pattern of an index; anyCase: it matches ASCII
// case-insensitively everywhere, as secret patterns do.
type indexed struct {
	p       pattern
	anyCase bool
}

// add puts ps in x.
func (x *patternIndex) add(ps patterns, anyCase bool) {
	for _, p := range ps {
		prefix, suffix := p.parts[0], p.parts[len(p.parts)-1]
		switch {
		case len(suffix) >= 2:
			x.put(&x.tail[tailKey(suffix)], p, anyCase)
		case prefix != "":
			x.put(&x.head[prefix[0]&^0x20], p, anyCase)
			x.head[prefix[0]|0x20] = x.head[prefix[0]&^0x20]
			x.anyHead = true
		default:
			x.loose = append(x.loose, indexed{p, anyCase})
			x.anyHead = true
		}
	}
}

// put adds p to the group that *g names, making the group if there is none.
func (x *patternIndex) put(g *uint16, p pattern, anyCase bool) {
	if *g == 0 {
		x.groups = append(x.groups, nil)
		*g = uint16(len(x.groups))
	}
	x.groups[*g-1] = append(x.groups[*g-1], indexed{p, anyCase})
}

// may reports whether a pattern of x may match name, which is not empty:
// whether one is loose or in name's groups.
func (x *patternIndex) may(name string) bool {
	return len(name) >= 2 && x.tail[tailKey(name)] != 0 || x.anyHead && (x.loose != nil || x.head[name[0]] != 0)
}

// match reports whether a pattern of x matches name, which is not empty,
// ASCII case-insensitively when fold is set.
func (x *patternIndex) match(name string, fold bool) bool {
	first, last := ends(name)
	if len(name) >= 2 {
		if g := x.tail[tailKey(name)]; g != 0 && matchAny(x.groups[g-1], name, first, last, fold) {
			return true
		}
	}
	if !x.anyHead {
		return false
	}
	if g := x.head[name[0]]; g != 0 && matchAny(x.groups[g-1], name, first, last, fold) {
		return true
	}
	return matchAny(x.loose, name, first, last, fold)
}

// matchAny reports whether one of ps matches name, whose ends are first
// and last.
func matchAny(ps []indexed, name string, first, last uint64, fold bool) bool {
	for i := range ps {
		p, f := &ps[i].p, fold || ps[i].anyCase
		if p.affixes(len(name), first, last, f) && (p.short || p.rest(name, f)) { // match, inlined
			return true
		}
	}
	return false
}

// tailKey folds the last two bytes of s, at least two, into a byte, ASCII
// case aside (bit 5 cleared).
func tailKey(s string) byte { return (s[len(s)-1]&^0x20)*7 + s[len(s)-2]&^0x20 }

// heads is a set of heads, the first 8 bytes of names (all of a shorter
// one) ASCII case aside, by 9 bits of their hash.
type heads [8]uint64

// headBit returns the bit of a head, read as a little-endian word.
func headBit(w uint64) uint64 { return (w &^ caseBits) * mul >> 55 }

// headsOf returns the heads of the names an isolated task can pass in
// some spelling and of its passThrough patterns, or nil if a pattern's
// prefix is shorter than a head: the names it matches can have any.
func headsOf(names []spelling, pass patterns) *heads {
	var s heads
	add := func(name string) {
		k := headBit(loadTail(name, 0, min(len(name), 8)))
		s[k>>6] |= 1 << (k & 63)
	}
	for _, p := range pass {
		if len(p.parts[0]) < 8 {
			return nil
		}
		add(p.parts[0])
	}
	for _, n := range names {
		if n.keep&(keepExact|keepFolded) != 0 { // a spelling the lists do not have passes only if a listed one does
			add(n.name)
		}
	}
	return &s
}

// has reports whether the head w, the bytes of a name's first word
// before its '=' (all 8 without one), is in s.
func (s *heads) has(w uint64) bool {
	k := headBit(w)
	return s[k>>6]>>(k&63)&1 != 0
}
