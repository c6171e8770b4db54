package envrt

import "strings"

// pattern is a compiled name pattern: the literal runs around and between
// its '*'s, so "NEXT_PUBLIC_*" is {"NEXT_PUBLIC_", ""} and "*_TOKEN" is
// {"", "_TOKEN"}. A '*' matches any run of bytes, possibly empty.
type pattern []string

// match reports whether name matches p, ASCII case-insensitively when fold
// is set.
func (p pattern) match(name string, fold bool) bool {
	prefix, suffix := p[0], p[len(p)-1]
	if len(name) < len(prefix)+len(suffix) ||
		!sameName(name[:len(prefix)], prefix, fold) || !sameName(name[len(name)-len(suffix):], suffix, fold) {
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
func compile(s string) pattern { return strings.Split(s, "*") }

// prefilter rules most names out before any pattern is tried, by their
// first byte or their last two, ASCII case aside: a pattern whose suffix
// has two bytes or more puts those in tail (see tailKey); one with only a
// prefix puts its first byte in first; any other sets loose. A name that
// may not match is matched by none of the patterns it was built from.
type prefilter struct {
	first, tail ByteSet
	loose       bool
}

// ByteSet is a set of bytes.
type ByteSet [4]uint64

// Has reports whether c is in s.
func (s *ByteSet) Has(c byte) bool { return s[c>>6]>>(c&63)&1 != 0 }

// Add puts c in s.
func (s *ByteSet) Add(c byte) { s[c>>6] |= 1 << (c & 63) }

// add makes f let through the names that p matches.
func (f *prefilter) add(p pattern) {
	prefix, suffix := p[0], p[len(p)-1]
	switch {
	case len(suffix) >= 2:
		f.tail.Add(tailKey(suffix))
	case prefix != "":
		f.first.Add(upper(prefix[0]))
		f.first.Add(upper(prefix[0]) | 0x20)
	default:
		f.loose = true
	}
}

// may reports whether a pattern f was built from may match name.
func (f *prefilter) may(name string) bool {
	return f.loose || f.first.Has(name[0]) || len(name) >= 2 && f.tail.Has(tailKey(name))
}

// tailKey folds the last two bytes of s, ASCII case aside, into a byte; a
// name of one byte gives a key that may stand for any.
func tailKey(s string) byte {
	if len(s) < 2 {
		return 0
	}
	return upper(s[len(s)-1])*7 + upper(s[len(s)-2])
}
