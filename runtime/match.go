package envrt

// pattern is a name pattern split around its '*'s, so "NEXT_PUBLIC_*" is
// {"NEXT_PUBLIC_", ""} and "*_TOKEN" is {"", "_TOKEN"}; a '*' matches any
// run of bytes, possibly empty. fact is what a match says of the name.
type pattern struct {
	parts []string
	fact  uint8
}

// match reports whether name matches p, ASCII case-insensitively when fold
// is set.
func (p *pattern) match(name string, fold bool) bool {
	prefix, suffix := p.parts[0], p.parts[len(p.parts)-1]
	if len(name) < len(prefix)+len(suffix) || prefix != "" && !sameName(name[:len(prefix)], prefix, fold) {
		return false
	}
	if !sameName(name[len(name)-len(suffix):], suffix, fold) {
		return false
	}
	if len(p.parts) == 2 {
		return true
	}
	rest := name[len(prefix) : len(name)-len(suffix)]
	for _, mid := range p.parts[1 : len(p.parts)-1] {
		i := 0
		for i+len(mid) <= len(rest) && !sameName(rest[i:i+len(mid)], mid, fold) {
			i++
		}
		if i+len(mid) > len(rest) {
			return false
		}
		rest = rest[i+len(mid):]
	}
	return true
}

// patternIndex holds a task's patterns by what a name needs for one to
// match, so that most names are tried against none: a pattern whose
// suffix has two bytes or more under tailKey of its suffix, one with only
// a prefix under its first byte in both cases, any other in loose.
type patternIndex struct {
	tail, head [256][]pattern
	loose      []pattern
	anyHead    bool // head or loose patterns: may looks at a name's first byte
}

// add puts the pattern of parts in x.
func (x *patternIndex) add(parts []string, fact uint8) {
	p := pattern{parts, fact}
	switch prefix, suffix := parts[0], parts[len(parts)-1]; {
	case len(suffix) >= 2:
		x.tail[tailKey(suffix)] = append(x.tail[tailKey(suffix)], p)
	case prefix != "":
		x.head[prefix[0]&^0x20] = append(x.head[prefix[0]&^0x20], p)
		x.head[prefix[0]|0x20] = append(x.head[prefix[0]|0x20], p)
		x.anyHead = true
	default:
		x.loose = append(x.loose, p)
		x.anyHead = true
	}
}

// may reports whether a pattern of x may match name, which is not empty.
func (x *patternIndex) may(name string) bool {
	return len(name) >= 2 && x.tail[tailKey(name)] != nil || x.anyHead && (x.head[name[0]] != nil || x.loose != nil)
}

// facts returns what the patterns of x that match name say of it. Secret
// patterns match ASCII case-insensitively, the others when fold is set.
func (x *patternIndex) facts(name string, fold bool) (f uint8) {
	var ps []pattern // the tail group, then the head group and loose
	if len(name) >= 2 {
		ps = x.tail[tailKey(name)]
	}
	for group := 0; ; group++ {
		for i := range ps {
			if p := &ps[i]; f&p.fact == 0 && p.match(name, fold || p.fact == isSecret) {
				f |= p.fact
			}
		}
		switch {
		case !x.anyHead || group == 2:
			return f
		case group == 0 && name != "":
			ps = x.head[name[0]]
		default:
			ps, group = x.loose, 1
		}
	}
}

// tailKey folds the last two bytes of s, at least two, into a byte, ASCII
// case aside (bit 5 cleared).
func tailKey(s string) byte { return (s[len(s)-1]&^0x20)*7 + s[len(s)-2]&^0x20 }

// heads is a set of heads, the first 8 bytes of names (all of a shorter
// one) ASCII case aside, by 9 bits of their hash.
type heads [8]uint64

// headBit returns the bit of a head, read as a little-endian word.
func headBit(w uint64) uint64 { return (w &^ caseBits) * mul >> 55 }

// headsOf returns the heads of the names an isolated task passes in some
// spelling and of its passThrough patterns' prefixes, or nil if a prefix
// is shorter than a head: the names it matches can have any.
func headsOf(names []spelling, prefixes []string) *heads {
	var s heads
	add := func(name string) {
		k := headBit(loadTail(name[:min(len(name), 8)]))
		s[k>>6] |= 1 << (k & 63)
	}
	for _, p := range prefixes {
		if len(p) < 8 {
			return nil
		}
		add(p)
	}
	for _, n := range names {
		if n.keep { // a spelling the lists do not have passes only if a listed one does
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
