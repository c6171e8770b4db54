package secretvalue

import "strings"

// This file holds the checks on the text just before a run: a run that no
// family's prefix starts is still a credential when what precedes it
// says so: an HTTP authorization scheme (Bearer, Basic, token), a netrc
// or YAML key for a password or token, or the path of a webhook URL
// whose last segment is its secret. And netrc text, whose passwords may
// be too short to make a run.

// context reports the credential that the text before the run s[i:e]
// makes of it; s[i-1] exists.
func context(s string, i, e int, h *hit) bool {
	switch s[i-1] {
	case ' ', '\t':
		w := contextWord(s, i)
		return w != "" && afterWord(w, s, i, e, h)
	case '/':
		return webhookPath(s, i, e, h)
	case '~':
		return strings.HasSuffix(s[:i], "sha256~") && e-i >= 43 && h.set("OpenShift token", i-7, e)
	}
	return false
}

// afterWord checks w, the word before the space before the run s[i:e]
// (see contextWord): an authorization scheme (Bearer, RFC 6750; Basic,
// RFC 7617; GitHub's token), netrc's password, or a key ending in ':'
// (YAML, a header) that names a credential.
func afterWord(w, s string, i, e int, h *hit) bool {
	switch {
	case len(w) == 6 && hasFoldPrefix(w, "bearer"), len(w) == 5 && hasFoldPrefix(w, "token"):
		return looksRandom(s[i:e]) && h.set(familyToken, i, e)
	case len(w) == 5 && hasFoldPrefix(w, "basic"):
		return basicCredentials(s[i:]) && h.set(familyPassword, i, e)
	case len(w) == 8 && hasFoldPrefix(w, "password"), len(w) == 6 && hasFoldPrefix(w, "passwd"):
		return h.set(familyPassword, i, e)
	case len(w) > 1 && w[len(w)-1] == ':':
		k := keyFamily(trimQuotes(w[:len(w)-1]))
		return k != nil && k.valueOK(s[i:e]) && h.set(k.family, i, e)
	}
	return false
}

// contextWord returns the word before the spaces or tabs before s[i]
// (the bytes back to whitespace or a quote, at most 40 of them) if it
// may give s[i:] a context, else "": an authorization scheme, netrc's
// password or a key ending in ':'. Their last bytes (beareR, basiC,
// tokeN, passworD, passwD, key:) rule out most words at once. s[i-1]
// is a space or tab.
func contextWord(s string, i int) string {
	j := i - 1
	for j > 0 && (s[j-1] == ' ' || s[j-1] == '\t') {
		j--
	}
	if j == 0 {
		return ""
	}
	switch s[j-1] | 0x20 {
	case 'r', 'c', 'n', 'd', ':' | 0x20:
	default:
		return ""
	}
	k := j
	for k > 0 && j-k < 40 && !isSpace(s[k-1]) && s[k-1] != '"' && s[k-1] != '\'' {
		k--
	}
	return s[k:j]
}

func trimQuotes(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

// basicCredentials reports whether s starts with base64 of
// "user:password" (RFC 7617 §2), both parts printable, the password not
// empty.
func basicCredentials(s string) bool {
	var buf [256]byte
	n := decodeBase64(buf[:], s)
	colon := -1
	for j := 0; j < n; j++ {
		c := buf[j]
		if c < ' ' || c > '~' {
			return false
		}
		if c == ':' && colon < 0 {
			colon = j
		}
	}
	return colon > 0 && colon < n-1
}

// webhookPath reports a run that is the secret path of a Slack or
// Discord webhook URL: the segment before it is Slack's bot ID (B and
// upper-case letters and digits) or Discord's webhook ID (17 to 20
// digits), and the host and path before that name the service. The
// segment's last byte rules out most paths at once.
func webhookPath(s string, i, e int, h *hit) bool {
	j := i - 1 // the '/' before the run
	if j < 1 || !in(s[j-1], upperAlnum) {
		return false
	}
	k := j
	for k > 0 && j-k < 24 && in(s[k-1], upperAlnum) {
		k--
	}
	seg := s[k:j]
	var family, path string
	switch {
	case len(seg) >= 9 && seg[0] == 'B':
		family, path = "Slack webhook URL", "hooks.slack.com/services/"
	case len(seg) >= 17 && isDigits(seg):
		family, path = "Discord webhook URL", "/api/webhooks/"
	default:
		return false
	}
	lo := max(0, k-60)
	at := strings.Index(s[lo:k], path)
	if at < 0 {
		return false
	}
	start := lo + at
	for start > 0 && !isSpace(s[start-1]) && s[start-1] != '"' && s[start-1] != ',' && s[start-1] != '\'' {
		start--
	}
	if family == "Discord webhook URL" && !strings.Contains(s[start:k], "discord") {
		return false
	}
	return h.set(family, start, e)
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// netrc reports a password in netrc text (the format ftp(1) and curl
// read: "machine HOST login USER password PASSWORD", or "default …"),
// when the value starts with it: the word after "password", however
// short.
func netrc(s string, h *hit) bool {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	if !strings.HasPrefix(s[i:], "machine ") && !strings.HasPrefix(s[i:], "default ") {
		return false
	}
	for {
		j := strings.Index(s[i:], "password")
		if j < 0 {
			return false
		}
		i += j + len("password")
		if !isSpace(s[i-len("password")-1]) || i >= len(s) || !isSpace(s[i]) {
			continue
		}
		v := i
		for v < len(s) && isSpace(s[v]) {
			v++
		}
		end := v
		for end < len(s) && !isSpace(s[end]) {
			end++
		}
		if passwordOK(s[v:end]) {
			return h.set(familyPassword, v, end)
		}
	}
}
