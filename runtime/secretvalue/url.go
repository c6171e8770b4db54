package secretvalue

import "strings"

// This file holds the URL checks: a URL whose userinfo holds a credential
// (RFC 3986 §3.2.1: "user:password@host", or a token as the user alone),
// found from each '@' of a value (anchors.go), so that any URL of a list (GOPROXY,
// pip's index URLs, .git-credentials lines) and a password holding '/'
// or '#' are found, also with its slashes escaped as in JSON
// ("https:\/\/u:p@h"); JDBC's Oracle form "user/password@host"; the
// Go MySQL driver's DSN, "user:password@tcp(host:3306)/db"; and a
// Microsoft Teams webhook URL, whose path holds an '@'.

// urlCredentialAt reports whether the '@' at s[at] ends the userinfo of a
// URL, scheme "://" userinfo "@" host, whose userinfo holds a password
// (user:password, the password not empty and not a port) or a token
// (user alone, at least 20 bytes of [A-Za-z0-9_-] that look random).
func urlCredentialAt(s string, at int, h *hit) bool {
	if at == 0 || at+1 >= len(s) || !isHostStart(s[at+1]) {
		return false
	}
	// back to "://", or to jdbc:oracle:thin:'s ':'
	for k := at - 1; k >= 0 && at-k < 512; k-- {
		c := s[k]
		if isSpace(c) || c == '"' || c == '\'' || c == '<' || c == '>' || c == '`' || c == '@' {
			return false
		}
		if c == '/' && k >= 2 && s[k-1] == '/' && s[k-2] == ':' {
			return userinfo(s, k-2, k+1, at, h)
		}
		if c == '/' && k >= 4 && s[k-1] == '\\' && s[k-2] == '/' && s[k-3] == '\\' && s[k-4] == ':' {
			return userinfo(s, k-4, k+1, at, h) // :\/\/, escaped in JSON
		}
		if c == ':' && hasFoldSuffix(s[:k], "thin") {
			return oracleUserinfo(s, k, at, h)
		}
	}
	return false
}

// userinfo checks s[ui:at], the userinfo of the URL whose "://" is at
// colon.
func userinfo(s string, colon, ui, at int, h *hit) bool {
	start := colon
	for start > 0 && isScheme(s[start-1]) {
		start--
	}
	if start == colon || !(s[start]|0x20 >= 'a' && s[start]|0x20 <= 'z') {
		return false
	}
	if strings.HasSuffix(s[:start], "jdbc:") {
		start -= len("jdbc:")
	}
	info := s[ui:at]
	end := urlEnd(s, at+1)
	c := strings.IndexByte(info, ':')
	if c < 0 {
		return plausibleURLToken(info) && h.set(familyToken, start, end)
	}
	user, pass := info[:c], info[c+1:]
	if strings.ContainsAny(user, "/?#") || !passwordOK(pass) {
		return false
	}
	// host:8080/path@v1 is a port and a path, not a password
	digits := 0
	for digits < len(pass) && pass[digits] >= '0' && pass[digits] <= '9' {
		digits++
	}
	if digits > 0 && digits < len(pass) && (pass[digits] == '/' || pass[digits] == '?' || pass[digits] == '#') {
		return false
	}
	return h.set(familyURLPass, start, end)
}

// isScheme reports whether c may be part of a URL's scheme (RFC 3986
// §3.1).
func isScheme(c byte) bool {
	return c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'
}

// oracleUserinfo checks Oracle's JDBC thin URL, jdbc:oracle:thin:user/password@host,
// whose ':' before the user is at colon.
func oracleUserinfo(s string, colon, at int, h *hit) bool {
	info := s[colon+1 : at]
	slash := strings.IndexByte(info, '/')
	if slash <= 0 || !passwordOK(info[slash+1:]) {
		return false
	}
	start := colon
	for start > 0 && !isSpace(s[start-1]) && s[start-1] != '"' && s[start-1] != '\'' {
		start--
	}
	return h.set(familyURLPass, start, urlEnd(s, at+1))
}

// passwordOK reports whether p is a password rather than a placeholder
// for one: not empty, and not a variable (${X}, $(x), $X, %X%, %s), a
// template ({{x}}, <x>) or a mask (****, xxxx).
func passwordOK(p string) bool {
	if p == "" {
		return false
	}
	switch p[0] {
	case '$':
		return len(p) > 1 && p[1] != '{' && p[1] != '(' && !(isIdentStart(p[1]) && span(p, 1, word) == len(p)) &&
			!(len(p) == 2 && p[1] >= '0' && p[1] <= '9') // $1, a script's argument
	case '%':
		// a URL escape, not a Windows %VAR% or a format's %s
		return len(p) > 2 && in(p[1], hexAny) && in(p[2], hexAny) && !(p[len(p)-1] == '%' && span(p, 1, word) == len(p)-1)
	case '{', '<':
		return false
	}
	return !(len(p) >= 3 && (p[0] == '*' || p[0] == 'x' || p[0] == 'X') && count(p, p[0]) == len(p))
}

func isIdentStart(c byte) bool { return c == '_' || c|0x20 >= 'a' && c|0x20 <= 'z' }

// plausibleURLToken reports whether a URL's user looks like a token
// rather than a name: at least 20 bytes of [A-Za-z0-9_-] with letters of
// both cases and digits, or at least 32 hex digits.
func plausibleURLToken(u string) bool {
	if len(u) < 20 || span(u, 0, urlSafe) != len(u) {
		return false
	}
	if len(u) >= 32 && span(u, 0, hexAny) == len(u) {
		return true
	}
	upper, lower, digit := classes(u)
	return upper && lower && digit
}

func isHostStart(c byte) bool { return isAlnum(c) || c == '[' || c == '.' || c == '-' || c == '_' }

// urlEnd returns the end of the URL whose host starts at i: the first
// space, quote, angle bracket or comma (which separates a list's URLs).
func urlEnd(s string, i int) int {
	for i < len(s) && !endsURL(s[i]) {
		i++
	}
	return i
}

func endsURL(c byte) bool {
	return isSpace(c) || c == '"' || c == '\'' || c == '<' || c == '>' || c == ',' || c == '`'
}

// teamsWebhookAt reports a Microsoft Teams incoming webhook URL
// (gitleaks' microsoft-teams-webhook) whose '@' is at s[at]:
// …webhook.office.com/webhookb2/{id}@{id}/IncomingWebhook/{hex}/{id}.
func teamsWebhookAt(s string, at int, h *hit) bool {
	if at == 0 || !isAlnum(s[at-1]) {
		return false // the '@' joins two IDs
	}
	b := s[max(0, at-100):at]
	j := strings.Index(b, ".webhook.office.com/webhookb2/")
	if j < 0 || !strings.Contains(s[at:min(len(s), at+60)], "/IncomingWebhook/") {
		return false
	}
	start := at - len(b) + j
	for start > 0 && !isSpace(s[start-1]) && s[start-1] != '"' && s[start-1] != ',' {
		start--
	}
	end := at
	for end < len(s) && (isRun[s[end]] || s[end] == '/' || s[end] == '@') {
		end++
	}
	return h.set("Microsoft Teams webhook URL", start, end)
}

// dsnAt reports the Go MySQL driver's DSN (go-sql-driver/mysql:
// [user[:password]@][protocol[(address)]]/dbname) whose userinfo the '@'
// at s[at] ends, when it names a protocol, "tcp(", "tcp6(", "udp(" or
// "unix(", and holds a password that is not a placeholder. The DSN
// starts at the value's start, after whitespace, a quote or '='; its
// password may hold any other byte, '@' too.
func dsnAt(s string, at int, h *hit) bool {
	rest := s[at+1:]
	if !(hasPrefixAny(rest, "tcp(", "tcp6(", "tcp4(", "udp(", "unix(")) {
		return false
	}
	start := at
	for start > 0 && at-start < 256 && !isSpace(s[start-1]) && s[start-1] != '"' && s[start-1] != '\'' && s[start-1] != '=' && s[start-1] != '`' {
		start--
	}
	c := strings.IndexByte(s[start:at], ':')
	if c < 0 || strings.Contains(s[start:start+c], "/") {
		return false
	}
	pass := s[start+c+1 : at]
	if !passwordOK(pass) || placeholder(pass) {
		return false
	}
	return h.set(familyDSN, start, urlEnd(s, at+1))
}

func hasPrefixAny(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
