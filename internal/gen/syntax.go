package gen

import (
	"go/token"
	"strings"
)

// isName reports whether s is an environment name: [A-Za-z_][A-Za-z0-9_]*.
func isName(s string) bool {
	if s == "" || isDigit(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isWordByte(s[i]) {
			return false
		}
	}
	return true
}

// isPattern reports whether s is a name pattern: [A-Za-z0-9_*]+ with at
// least one '*', not starting with a digit.
func isPattern(s string) bool {
	if s == "" || isDigit(s[0]) || !strings.Contains(s, "*") {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '*' && !isWordByte(s[i]) {
			return false
		}
	}
	return true
}

// isTaskKey reports whether s is a task key: [A-Za-z][A-Za-z0-9_.-]*.
func isTaskKey(s string) bool {
	if s == "" || !isLetter(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isWordByte(c) && c != '.' && c != '-' {
			return false
		}
	}
	return true
}

// isParam reports whether s is a parameter name: [a-z][A-Za-z0-9]*.
func isParam(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isLetter(c) && !isDigit(c) {
			return false
		}
	}
	return true
}

// isPackageName reports whether s can name a Go package.
func isPackageName(s string) bool {
	return token.IsIdentifier(s) && s != "_"
}

// goName returns the exported Go name of a task key: its parts (split on
// '-', '_' and '.') each with the first letter upper-cased.
func goName(key string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(key, func(r rune) bool { return r == '-' || r == '_' || r == '.' }) {
		b.WriteString(upperFirst(part))
	}
	return b.String()
}

// upperFirst returns s with its first byte upper-cased if it is an ASCII
// letter.
func upperFirst(s string) string {
	if s != "" && 'a' <= s[0] && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

// foldKey returns s ASCII upper-cased: the key under which secret
// detection, and Windows, compare names.
func foldKey(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

func isDigit(c byte) bool    { return '0' <= c && c <= '9' }
func isLetter(c byte) bool   { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isWordByte(c byte) bool { return isLetter(c) || isDigit(c) || c == '_' }
