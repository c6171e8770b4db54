package envrt

// Pattern is a compiled name pattern: the literal runs around and between
// its '*'s, so "NEXT_PUBLIC_*" is {"NEXT_PUBLIC_", ""} and "*_TOKEN" is
// {"", "_TOKEN"}. A '*' matches any run of bytes, possibly empty.
type Pattern []string

// Match reports whether name matches p, ASCII case-insensitively when fold
// is set.
func (p Pattern) Match(name string, fold bool) bool {
	prefix, suffix := p[0], p[len(p)-1]
	if len(name) < len(prefix)+len(suffix) {
		return false
	}
	if !sameName(name[len(name)-len(suffix):], suffix, fold) || !sameName(name[:len(prefix)], prefix, fold) {
		return false
	}
	rest := name[len(prefix) : len(name)-len(suffix)]
	for _, mid := range p[1 : len(p)-1] {
		i := index(rest, mid, fold)
		if i < 0 {
			return false
		}
		rest = rest[i+len(mid):]
	}
	return true
}

// Patterns is a list of patterns with a filter that rules most names out
// by their first or last two bytes, before any pattern is tried: a pattern
// whose suffix has two bytes or more puts them in Tail (see tailKey); one
// with a shorter suffix or only a prefix puts its first byte, in both
// cases, in First; one with neither sets Loose.
type Patterns struct {
	List        []Pattern
	First, Tail ByteSet
	Loose       bool
}

// tailKey folds the last two bytes of s, ASCII case aside, into a byte.
// Generated tables hold its values: changing it changes the layout (see
// LayoutV2).
func tailKey(s string) byte {
	last, before := s[len(s)-1], s[len(s)-2]
	// upper, written so that the compiler needs no branch
	if last-'a' < 26 {
		last -= 'a' - 'A'
	}
	if before-'a' < 26 {
		before -= 'a' - 'A'
	}
	return last*7 + before
}

// ByteSet is a set of bytes.
type ByteSet [4]uint64

// Has reports whether c is in s.
func (s *ByteSet) Has(c byte) bool { return s[c>>6]>>(c&63)&1 != 0 }

// Add puts c in s.
func (s *ByteSet) Add(c byte) { s[c>>6] |= 1 << (c & 63) }

// mayMatch reports whether ps's filter lets name through to its patterns:
// false means no pattern matches name, ASCII case aside.
func (ps *Patterns) mayMatch(name string) bool {
	return ps.Loose || name != "" && (ps.First.Has(name[0]) || len(name) >= 2 && ps.Tail.Has(tailKey(name)))
}

// Match reports whether any pattern of ps matches name, ASCII
// case-insensitively when fold is set.
func (ps *Patterns) Match(name string, fold bool) bool {
	if len(ps.List) == 0 || !ps.mayMatch(name) {
		return false
	}
	for _, p := range ps.List {
		if s := p[len(p)-1]; s != "" && (name == "" || upper(s[len(s)-1]) != upper(name[len(name)-1])) {
			continue // cannot match: saves the call
		}
		if p.Match(name, fold) {
			return true
		}
	}
	return false
}

// union returns a filter, with no patterns, that lets through every name
// that ps's or other's does.
func (ps *Patterns) union(other *Patterns) Patterns {
	u := Patterns{Loose: ps.Loose || other.Loose}
	for i := range u.First {
		u.First[i] = ps.First[i] | other.First[i]
		u.Tail[i] = ps.Tail[i] | other.Tail[i]
	}
	return u
}

// MakePatterns builds the filter of a list of patterns.
func MakePatterns(list ...Pattern) Patterns {
	ps := Patterns{List: list}
	for _, p := range list {
		prefix, suffix := p[0], p[len(p)-1]
		switch {
		case len(suffix) >= 2:
			ps.Tail.Add(tailKey(suffix))
		case prefix != "":
			ps.First.Add(upper(prefix[0]))
			ps.First.Add(lower(prefix[0]))
		default:
			ps.Loose = true
		}
	}
	return ps
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

// sameName compares two names exactly, or ASCII case-insensitively when
// fold is set.
func sameName(a, b string, fold bool) bool {
	if fold {
		return EqualFold(a, b)
	}
	return a == b
}

// EqualFold reports whether a and b are equal under ASCII case folding.
// Unlike strings.EqualFold it folds no other letters, so "K" and the
// Kelvin sign differ, as they do for Windows environment names.
func EqualFold(a, b string) bool {
	n := len(a)
	if n != len(b) {
		return false
	}
	if n < 8 {
		return equalFoldWords(loadTail(a, 0, n), loadTail(b, 0, n))
	}
	// Whole words, then the last 8 bytes, which may overlap the last word.
	for i := 0; i < n-8; i += 8 {
		if !equalFoldWords(load64(a[i:]), load64(b[i:])) {
			return false
		}
	}
	return equalFoldWords(load64(a[n-8:]), load64(b[n-8:]))
}

// equalFoldWords reports whether the 8 bytes of a and of b are equal under
// ASCII case folding: where they differ, only in bit 5 (caseBits), and the
// byte of a is an ASCII letter.
func equalFoldWords(a, b uint64) bool {
	diff := a ^ b
	if diff == 0 {
		return true
	}
	if diff&^caseBits != 0 {
		return false
	}
	// The top bit of a byte of letters is set where a's byte, lower-cased,
	// is from 'a' to 'z': its low 7 bits plus 0x1f reach 0x80 from 'a' on,
	// plus 0x05 from '{' on, and no sum carries into the next byte; a byte
	// with its top bit set is no ASCII letter.
	low := (a | caseBits) & 0x7f7f7f7f7f7f7f7f
	letters := (low + 0x1f1f1f1f1f1f1f1f) &^ (low + 0x0505050505050505) &^ a & 0x8080808080808080
	return diff<<2&^letters == 0 // diff<<2 moves each byte's bit 5 to its top bit
}

// lower returns c lower-cased if it is an ASCII letter.
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + ('a' - 'A')
	}
	return c
}

// upper returns c upper-cased if it is an ASCII letter.
func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

// HeadSet is a filter on the first 8 bytes of names (their heads), ASCII
// case aside: an isolated task that has one drops every entry whose head
// it does not hold before it reads the rest of the entry's name.
type HeadSet [8]uint64

// headBit returns the bit of a head in a HeadSet: 9 bits of its hash, the
// head zero-padded to 8 bytes, case bits cleared.
func headBit(w uint64) uint64 { return (w &^ caseBits) * mul >> 55 }

// Add puts the head of name, its first 8 bytes or all of a shorter one,
// in s. Every name with that head then passes s's filter.
func (s *HeadSet) Add(name string) {
	k := headBit(loadTail(name, 0, min(len(name), 8)))
	s[k>>6] |= 1 << (k & 63)
}

// pick copies to picked the entries of chunk whose names may have a head
// added to s, and their indices plus start to index, and returns how many
// it picked. A name that starts with '=', Windows's "=C:", always may.
func (s *HeadSet) pick(chunk, picked []string, index []int, start int) int {
	n := 0
	for j, e := range chunk {
		var w uint64
		if len(e) >= 8 {
			w = load64(e)
		} else {
			w = loadTail(e, 0, len(e))
		}
		// Keep the bytes before the first '=': m's lowest bit is the top
		// bit of that byte; with no '=', keep all 8.
		m := firstZero(w ^ eqBytes)
		w &= (m&-m)>>7 - 1
		k := headBit(w)
		if s[k>>6]>>(k&63)&1 != 0 || e != "" && e[0] == '=' {
			picked[n], index[n] = e, start+j
			n++
		}
	}
	return n
}
