package policy

import (
	"fmt"
	"go/token"
	"strings"
	"unicode/utf8"

	"github.com/envgen/envgen/runtime/envimpl"
)

// IsName reports whether s is an environment name: [A-Za-z_][A-Za-z0-9_]*,
// a valid name or pattern (envimpl.ValidGlob, which the runtime's CheckVars
// asks too) without '*'.
func IsName(s string) bool {
	return envimpl.ValidGlob(s) && strings.IndexByte(s, '*') < 0
}

// IsPattern reports whether s is a name pattern: [A-Za-z0-9_*]+ with at
// least one '*', not starting with a digit.
func IsPattern(s string) bool {
	return envimpl.ValidGlob(s) && strings.IndexByte(s, '*') >= 0
}

// What a name and a pattern may hold, as messages say it.
const (
	nameSyntax    = "a name is [A-Za-z_][A-Za-z0-9_]*"
	patternSyntax = "a pattern is [A-Za-z0-9_*]+ with at least one '*' (any run of characters), not starting with a digit"
)

// whyNeither completes a message that s is neither a name nor a pattern:
// ": ", what is wrong with s, and what a name and a pattern may hold.
// negation says whether a leading '!' may stand there (in an isolated
// task's passThrough, or a preset's).
func whyNeither(s string, negation bool) string {
	syntax := nameSyntax + "; " + patternSyntax
	if negation {
		syntax += "; a leading '!' negates either"
	}
	var why string
	switch rest, neg := strings.CutPrefix(s, "!"); {
	case neg && !negation:
		why = "a leading '!' (a negation) belongs only in an isolated task's passThrough"
	case neg && rest == "":
		why = "nothing follows the '!'"
	case neg:
		why = syntaxFault(rest)
	default:
		why = syntaxFault(s)
	}
	return ": " + why + " (" + syntax + ")"
}

// syntaxFault says what keeps s, which is neither, from being a name or
// a pattern: that it is empty, the first character that may stand in
// neither, or else (every character may) its first, a digit.
func syntaxFault(s string) string {
	if s == "" {
		return "it is empty"
	}
	for _, r := range s {
		if r >= utf8.RuneSelf || r != '*' && !IsWordByte(byte(r)) {
			return fmt.Sprintf("%q may stand in neither", r)
		}
	}
	return "it starts with a digit"
}

// IsTaskKey reports whether s is a task key: [A-Za-z][A-Za-z0-9_.-]*.
func IsTaskKey(s string) bool {
	if s == "" || !IsLetter(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !IsWordByte(c) && c != '.' && c != '-' {
			return false
		}
	}
	return true
}

// IsParam reports whether s is a parameter name: [a-z][A-Za-z0-9]*.
func IsParam(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !IsLetter(c) && !IsDigit(c) {
			return false
		}
	}
	return true
}

// IsPackageName reports whether s can name a Go package.
func IsPackageName(s string) bool {
	return token.IsIdentifier(s) && s != "_"
}

// goName returns the exported Go name of a task key: its parts (split on
// '-', '_' and '.') each with the first letter upper-cased.
func goName(key string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(key, func(r rune) bool { return r == '-' || r == '_' || r == '.' }) {
		b.WriteString(UpperFirst(part))
	}
	return b.String()
}

// UpperFirst returns s with its first byte upper-cased if it is an ASCII
// letter.
func UpperFirst(s string) string {
	if s != "" && 'a' <= s[0] && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

// FoldKey returns s ASCII upper-cased: the key under which secret
// detection, and Windows, compare names.
func FoldKey(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// IsDigit reports whether c is an ASCII digit.
func IsDigit(c byte) bool { return '0' <= c && c <= '9' }

// IsLetter reports whether c is an ASCII letter.
func IsLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// IsWordByte reports whether c may stand in a name: an ASCII letter or
// digit, or '_'.
func IsWordByte(c byte) bool { return IsLetter(c) || IsDigit(c) || c == '_' }
