package policy

import "strings"

// foldedPattern is a pattern with at least one '*', upper-cased and split
// around its '*'s, for matching ASCII case-insensitively.
type foldedPattern []string

// foldPattern folds and splits pattern p.
func foldPattern(p string) foldedPattern { return strings.Split(FoldKey(p), "*") }

// matches reports whether name matches p, ASCII case aside: the first and
// last runs at the ends, the others in order between them.
func (p foldedPattern) matches(name string) bool {
	name = FoldKey(name)
	prefix, suffix := p[0], p[len(p)-1]
	if len(name) < len(prefix)+len(suffix) || !strings.HasPrefix(name, prefix) || !strings.HasSuffix(name, suffix) {
		return false
	}
	rest := name[len(prefix) : len(name)-len(suffix)]
	for _, mid := range p[1 : len(p)-1] {
		i := strings.Index(rest, mid)
		if i < 0 {
			return false
		}
		rest = rest[i+len(mid):]
	}
	return true
}
