package impl

import (
	"cmp"
	"slices"

	"github.com/envgen/envgen/runtime/internal/glob"
)

// pattern is a name pattern ('*' matches any run of bytes, possibly
// empty) and what a match says of a name. key is the tailKey of its
// suffix, the text after its last '*', when that has two bytes or more,
// else noTail.
type pattern struct {
	glob.Pattern
	fact uint16
	key  int
}

// noTail is the key of a pattern whose suffix has fewer than two bytes.
const noTail = 256

// patternIndex holds a policy's or a task's patterns sorted by key, so
// that a name is tried only against those whose suffix it may end with
// (list[start[k]:start[k+1]] for its tailKey k) and those without a tail
// (list[start[noTail]:]); tails and heads, the keys and the first bytes
// (either case) of the latter, rule most names out before that.
type patternIndex struct {
	list         []pattern
	start        [noTail + 1]uint16
	tails, heads [256]bool
	loose        bool // a pattern with neither a tail nor a head: any name may match
}

// add puts pattern s, which holds a '*', in x; index must follow.
func (x *patternIndex) add(s string, fact uint16) {
	p := pattern{Pattern: glob.Compile(s), fact: fact, key: noTail}
	last := len(s) - 1
	for s[last] != '*' {
		last--
	}
	switch {
	case len(s)-last > 2:
		p.key = int(tailKey(s))
		x.tails[p.key] = true
	case s[0] != '*':
		x.heads[s[0]] = true
		if c := s[0] | 0x20; 'a' <= c && c <= 'z' {
			x.heads[s[0]^0x20] = true // the letter's other case
		}
	default:
		x.loose = true
	}
	x.list = append(x.list, p)
}

// index sorts x's patterns by key and records where each key's start.
func (x *patternIndex) index() {
	slices.SortStableFunc(x.list, func(a, b pattern) int { return cmp.Compare(a.key, b.key) })
	i := 0
	for k := range x.start {
		for i < len(x.list) && x.list[i].key < k {
			i++
		}
		x.start[k] = uint16(i)
	}
}

// may reports whether a pattern of x may match name, which is not empty.
func (x *patternIndex) may(name string) bool {
	return x.heads[name[0]] || x.loose || len(name) >= 2 && x.tails[tailKey(name)]
}

// facts returns what the patterns of x that match name say of it. Secret
// patterns match ASCII case-insensitively, the others when fold is set.
func (x *patternIndex) facts(name string, fold bool) (f uint16) {
	ps := x.list[x.start[noTail]:] // those without a tail, then those with name's
	for k := len(name) >= 2; ; k = false {
		for i := range ps {
			p := &ps[i]
			if f&p.fact != 0 || p.Prefix != "" && (name == "" || upper(p.Prefix[0]) != upper(name[0])) {
				continue // the first byte: a quick test that most names fail, ASCII case aside either way
			}
			if p.Match(name, fold || p.fact == isSecret) {
				f |= p.fact
			}
		}
		if !k {
			return f
		}
		key := int(tailKey(name))
		ps = x.list[x.start[key]:x.start[key+1]]
	}
}

// tailKey folds the last two bytes of s, at least two, into a byte, ASCII
// case aside (bit 5 cleared).
func tailKey(s string) byte { return (s[len(s)-1]&^0x20)*7 + s[len(s)-2]&^0x20 }
