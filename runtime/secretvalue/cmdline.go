package secretvalue

import "strings"

// This file holds the command-line detector: a value that holds a
// command (a script, a cron line, a JOB_COMMAND) passing a credential as
// an argument. A long flag that names one takes the next word
// (--password X, --db-password "X", --api-key X, --token X; --flag=X is
// key=value text); the MySQL and MariaDB clients take -pPASSWORD with no
// space; curl takes -u or --user user:password.

// commandLine reports a credential passed on a command line in s (at
// least eight bytes): at each flag, a '-' at the value's start or after
// a space.
func commandLine(s string, h *hit) bool {
	if s[0] == '-' && flagAt(s, 0, h) {
		return true
	}
	for f := flagAfter(s, 0); f >= 0; f = flagAfter(s, f) {
		if flagAt(s, f, h) {
			return true
		}
	}
	return false
}

// flagAfter returns the index of the first '-' after a space in s past
// i, or -1: at each space, found by IndexByte (most values hold none).
func flagAfter(s string, i int) int {
	for {
		k := strings.IndexByte(s[i:], ' ')
		if k < 0 || i+k+1 >= len(s) {
			return -1
		}
		i += k + 1
		if s[i] == '-' {
			return i
		}
	}
}

// flagAt reports the credential that the flag at s[f] passes.
func flagAt(s string, f int, h *hit) bool {
	if f+2 >= len(s) {
		return false
	}
	if s[f+1] == '-' { // --name value
		n := f + 2
		for n < len(s) && (in(s[n], alnumDash) || s[n] == '_') {
			n++
		}
		name := s[f+2 : n]
		if n >= len(s) || s[n] != ' ' && s[n] != '\t' || len(name) < 3 {
			return false
		}
		if name == "user" {
			return curlUser(s, f, n, h)
		}
		if !mayEndKey(name[len(name)-2], name[len(name)-1]) {
			return false
		}
		ck := keyFamily(name)
		if ck == nil {
			return false
		}
		start, end := flagValue(s, n)
		if start == end || s[start] == '-' || !ck.valueIn(s, start, end) {
			return false
		}
		h.form = formCommand
		return h.set(ck.family, start, end)
	}
	switch s[f+1] {
	case 'p': // mysql -pPASSWORD
		if isSpace(s[f+2]) || !mysqlLike(s[:f]) {
			return false
		}
		end := f + 2
		for end < len(s) && !isSpace(s[end]) {
			end++
		}
		p := trimQuotes(s[f+2 : end])
		if !passwordOK(p) || placeholder(p) {
			return false
		}
		h.form = formCommand
		return h.set(familyPassword, f+2, end)
	case 'u':
		return (s[f+2] == ' ' || s[f+2] == '\t') && curlUser(s, f, f+2, h)
	}
	return false
}

// curlUser reports curl's -u or --user user:password, the flag at s[f]
// and the spaces before its value at s[n].
func curlUser(s string, f, n int, h *hit) bool {
	if !strings.Contains(s[:f], "curl") {
		return false
	}
	start, end := flagValue(s, n)
	c := strings.IndexByte(s[start:end], ':')
	if c < 0 || start+c+1 == end {
		return false // a user alone: curl asks for the password
	}
	p := s[start+c+1 : end]
	if !passwordOK(p) || placeholder(p) {
		return false
	}
	h.form = formCommand
	return h.set(familyPassword, start, end)
}

// flagValue returns the word after the spaces at s[n]: inside its
// quotes, if it has them.
func flagValue(s string, n int) (start, end int) {
	for n < len(s) && (s[n] == ' ' || s[n] == '\t') {
		n++
	}
	if n < len(s) && (s[n] == '"' || s[n] == '\'') {
		return valueAt(s, n)
	}
	end = n
	for end < len(s) && end-n < maxValue && !isSpace(s[end]) {
		end++
	}
	return n, end
}

// mysqlLike reports whether the command before a flag is the MySQL or
// MariaDB client or one of their tools (mysqldump, mysqladmin, …).
func mysqlLike(before string) bool {
	if i := strings.LastIndexAny(before, ";|&\n"); i >= 0 {
		before = before[i+1:]
	}
	return strings.Contains(before, "mysql") || strings.Contains(before, "mariadb")
}

func trimQuotes(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}
