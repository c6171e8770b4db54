// Package glob matches names against envgen's patterns: '*' matches any
// run of bytes, possibly empty, and every other byte matches itself, an
// ASCII letter in either case when names compare ASCII case-insensitively.
// It is the one matcher of the policy checker and the runtime; the
// reference interpreter keeps its own, written apart, as the oracle.
//
// It imports nothing, so that the runtime package that generated code
// imports stays on the standard library alone.
package glob

// Match reports whether name matches pattern, ASCII case-insensitively
// when fold is set. It allocates nothing, and takes time linear in
// len(name) times the number of '*'s in pattern at worst.
func Match(pattern, name string, fold bool) bool {
	p, n := 0, 0
	star, from := -1, 0 // the last '*' seen, and where in name it began to match
	for n < len(name) {
		switch {
		case p < len(pattern) && pattern[p] == '*':
			star, from = p, n
			p++
		case p < len(pattern) && sameByte(pattern[p], name[n], fold):
			p++
			n++
		case star >= 0: // let the last '*' take one more byte
			from++
			p, n = star+1, from
		default:
			return false
		}
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
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
