package envrt

// Pattern is a compiled name pattern: the literal runs around and between
// its '*'s, so "NEXT_PUBLIC_*" is {"NEXT_PUBLIC_", ""} and "*_TOKEN" is
// {"", "_TOKEN"}. A '*' matches any run of bytes, possibly empty.
type Pattern []string

// Match reports whether name matches p, ASCII case-insensitively when fold
// is set.
func (p Pattern) Match(name string, fold bool) bool {
	prefix, suffix := p[0], p[len(p)-1]
	if len(name) < len(prefix)+len(suffix) ||
		!sameName(name[:len(prefix)], prefix, fold) ||
		!sameName(name[len(name)-len(suffix):], suffix, fold) {
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

// matchAny reports whether any of ps matches name.
func matchAny(ps []Pattern, name string, fold bool) bool {
	for _, p := range ps {
		if p.Match(name, fold) {
			return true
		}
	}
	return false
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
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if a[i] != b[i] && upper(a[i]) != upper(b[i]) {
			return false
		}
	}
	return true
}

// upper returns c upper-cased if it is an ASCII letter.
func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}
