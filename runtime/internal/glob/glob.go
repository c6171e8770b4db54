// Package glob matches names against envgen's patterns: '*' matches any
// run of bytes, possibly empty, and every other byte matches itself, an
// ASCII letter in either case when names compare ASCII case-insensitively.
// It is the one matcher of the runtime and of the generator, which
// reaches it through envimpl's generator-only entry (CompileGlob,
// ValidGlob); the reference interpreter keeps its own, written apart, as
// the oracle.
//
// It imports nothing.
package glob

// Pattern is a pattern split once for many matches: the text before its
// first '*' (all of it, without one), the text after its last, and what
// lies between, each run of it followed by a '*'.
type Pattern struct {
	Prefix, Middle, Suffix string
	Star                   bool // the pattern holds a '*'
}

// Compile splits pattern.
func Compile(pattern string) Pattern {
	first, last := -1, -1
	for i := 0; i < len(pattern); i++ {
		if pattern[i] == '*' {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return Pattern{Prefix: pattern}
	}
	return Pattern{Prefix: pattern[:first], Middle: pattern[first+1 : last+1], Suffix: pattern[last+1:], Star: true}
}

// Match reports whether name matches p, ASCII case-insensitively when
// fold is set: the prefix and the suffix must begin and end name, and
// the middle's runs appear in order between them, each at its leftmost
// place in what is left, which is where a match of a pattern of '*'s
// alone can take it. It takes time at most len(name) times the middle's
// length.
func (p *Pattern) Match(name string, fold bool) bool {
	if !p.Star {
		return equal(p.Prefix, name, fold)
	}
	if len(name) < len(p.Prefix)+len(p.Suffix) || p.Prefix != "" && !equal(p.Prefix, name[:len(p.Prefix)], fold) ||
		!equal(p.Suffix, name[len(name)-len(p.Suffix):], fold) {
		return false
	}
	rest := name[len(p.Prefix) : len(name)-len(p.Suffix)]
	for mid := p.Middle; mid != ""; { // each run ends at a '*'
		end := 0
		for mid[end] != '*' {
			end++
		}
		run := mid[:end]
		at := 0
		for at+len(run) <= len(rest) && !equal(run, rest[at:at+len(run)], fold) {
			at++
		}
		if at+len(run) > len(rest) {
			return false
		}
		rest, mid = rest[at+len(run):], mid[end+1:]
	}
	return true
}

// equal reports whether a and b, of one length, are equal, ASCII case
// aside when fold is set.
func equal(a, b string, fold bool) bool {
	if len(a) != len(b) {
		return false
	}
	if a == b {
		return true
	}
	for i := 0; i < len(a); i++ {
		if !sameByte(a[i], b[i], fold) {
			return false
		}
	}
	return true
}

// MayMatch reports whether a name starting with the byte first may match
// pattern, a test far cheaper than Match that most names fail: it may
// unless pattern starts with a byte other than '*' that first is not.
func MayMatch(pattern string, first byte, fold bool) bool {
	return pattern == "" || pattern[0] == '*' || sameByte(pattern[0], first, fold)
}

// sameByte reports whether a and b are equal, or with fold the same ASCII
// letter in either case.
func sameByte(a, b byte, fold bool) bool {
	if a == b {
		return true
	}
	return fold && a|0x20 == b|0x20 && 'a' <= a|0x20 && a|0x20 <= 'z'
}

// Valid reports whether s is a name or a pattern as a policy writes them:
// bytes of [A-Za-z0-9_*], at least one, not starting with a digit. A name
// is a valid s without '*'.
func Valid(s string) bool {
	if s == "" || '0' <= s[0] && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9' || c == '_' || c == '*') {
			return false
		}
	}
	return true
}
