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
// alone can take it. It takes time linear in the lengths of name and p.
func (p *Pattern) Match(name string, fold bool) bool {
	if !p.Star {
		return Equal(p.Prefix, name, fold)
	}
	if len(name) < len(p.Prefix)+len(p.Suffix) || p.Prefix != "" && !Equal(p.Prefix, name[:len(p.Prefix)], fold) ||
		!Equal(p.Suffix, name[len(name)-len(p.Suffix):], fold) {
		return false
	}
	rest := name[len(p.Prefix) : len(name)-len(p.Suffix)]
	for mid := p.Middle; mid != ""; { // each run ends at a '*'
		end := 0
		for mid[end] != '*' {
			end++
		}
		at := index(rest, mid[:end], fold)
		if at < 0 {
			return false
		}
		rest, mid = rest[at+end:], mid[end+1:]
	}
	return true
}

// index returns where run first occurs in s, ASCII case aside when fold
// is set, or -1, in time linear in len(s)+len(run) and no memory. It
// tries each place in turn, which costs least for the runs and names
// that patterns and environments hold, until the bytes it has compared
// pass len(s), a search that would take len(s) times len(run)
// (a 1,000-byte run in a 2,000-byte name of one letter); then it goes on
// with twoWay.
func index(s, run string, fold bool) int {
	budget := len(s)
	for j := 0; j+len(run) <= len(s); j++ {
		k := 0
		for k < len(run) && sameByte(run[k], s[j+k], fold) {
			k++
		}
		if k == len(run) {
			return j
		}
		if budget -= k + 1; budget < 0 {
			if i := twoWay(s[j+1:], run, fold); i >= 0 {
				return j + 1 + i
			}
			return -1
		}
	}
	return -1
}

// twoWay returns where run, not empty, first occurs in s, ASCII case
// aside when fold is set, or -1: the two-way search of Crochemore and
// Perrin, in time linear in len(s)+len(run). It splits run at its
// critical factorization (the later start of its maximal suffixes under
// the byte order and its reverse), compares the right part from the
// left, then the left part from the right, and shifts by the period,
// remembering in a periodic run the prefix a shift keeps matched.
func twoWay(s, run string, fold bool) int {
	m := len(run)
	if m > len(s) {
		return -1
	}
	ell, per := maxSuffix(run, fold, false)
	if l, q := maxSuffix(run, fold, true); l > ell {
		ell, per = l, q
	}
	periodic := per+ell+1 <= m && Equal(run[:ell+1], run[per:per+ell+1], fold)
	if !periodic {
		per = max(ell+1, m-ell-1) + 1
	}
	memory := -1 // in a periodic run, the run's bytes up to here match s at j
	for j := 0; j <= len(s)-m; {
		i := max(ell, memory) + 1
		for i < m && sameByte(run[i], s[i+j], fold) {
			i++
		}
		if i < m {
			j, memory = j+i-ell, -1
			continue
		}
		for i = ell; i > memory && sameByte(run[i], s[i+j], fold); i-- {
		}
		if i <= memory {
			return j
		}
		if j += per; periodic {
			memory = m - per - 1
		}
	}
	return -1
}

// maxSuffix returns the start, less one, of the maximal suffix of x in
// the byte order (reversed when rev is set), ASCII letters upper-cased
// when fold is set, and that suffix's period.
func maxSuffix(x string, fold, rev bool) (start, period int) {
	start, j, k, period := -1, 0, 1, 1
	for j+k < len(x) {
		a, b := x[j+k], x[start+k]
		if fold {
			a, b = Upper(a), Upper(b)
		}
		switch {
		case a == b && k != period:
			k++
		case a == b:
			j, k = j+period, 1
		case a < b != rev:
			j, k = j+k, 1
			period = j - start
		default:
			start, j, k, period = j, j+1, 1, 1
		}
	}
	return start, period
}

// Upper returns c upper-cased if it is an ASCII letter.
func Upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

// Equal reports whether a and b are equal, ASCII case aside when fold is
// set; unlike strings.EqualFold, it folds no other letters.
func Equal(a, b string, fold bool) bool {
	if len(a) != len(b) || !fold {
		return a == b
	}
	if a == b {
		return true
	}
	for i := 0; i < len(a); i++ {
		if !sameByte(a[i], b[i], true) {
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
