package policy

import (
	"slices"
	"strings"
)

// This file checks the policy's secret values: secrets.values, which
// turns the value detectors on (the default) or off, and
// secrets.valuePrefixes, the literal prefixes of one's own that mark a
// value as a credential.

// MinValuePrefix is the shortest secrets.valuePrefixes entry, in bytes:
// a shorter prefix ("sk", "ab_") starts too many ordinary values to mark
// a credential, and the built-in prefixes are this long or longer but for
// "hf_" and "sk-", whose rules also check the length and charset of what
// follows.
const MinValuePrefix = 4

// values returns secrets.values and the checked secrets.valuePrefixes,
// sorted bytewise without repeats, reporting an entry that is empty,
// shorter than MinValuePrefix bytes, holds a byte outside printable ASCII
// (a space, a control byte such as NUL, or a byte of a non-ASCII
// character: token prefixes are none of these) or repeats an earlier one,
// and prefixes given with secrets.values: false, where they would do
// nothing.
func (c *checker) values(s secretsSection) (on bool, prefixes []string) {
	if !s.Values && len(s.ValuePrefixes) > 0 {
		c.d.errorf(s.ValuePrefixesKey.Pos, "secrets.valuePrefixes does nothing with secrets.values: false (line %d); turn values on, or drop the prefixes", s.ValuesKey.Pos.Line)
	}
	for _, p := range c.unique(s.ValuePrefixes, "secrets.valuePrefixes") {
		bad := strings.IndexFunc(p.Value, func(r rune) bool { return r <= ' ' || r > '~' })
		switch {
		case p.Value == "":
			c.d.errorf(p.Pos, "secrets.valuePrefixes: an empty prefix would mark every value a secret")
		case strings.IndexByte(p.Value, 0) >= 0:
			c.d.errorf(p.Pos, "secrets.valuePrefixes: %q holds a NUL byte, which no environment value can carry", p.Value)
		case bad >= 0:
			c.d.errorf(p.Pos, "secrets.valuePrefixes: %q holds %q (at byte %d): a prefix is printable ASCII without spaces", p.Value, p.Value[bad:bad+1], bad)
		case len(p.Value) < MinValuePrefix:
			c.d.errorf(p.Pos, "secrets.valuePrefixes: %q is too short to mark a credential: a prefix takes at least %d bytes", p.Value, MinValuePrefix)
		default:
			prefixes = append(prefixes, p.Value)
		}
	}
	if !s.Values {
		return false, nil
	}
	slices.Sort(prefixes)
	return true, slices.Compact(prefixes)
}
