package secretvalue

import "strings"

// This file holds the checks on the text just before a run: a run that no
// family's prefix starts is still a credential when what precedes it
// says so: an HTTP authorization scheme (Bearer, Basic, token) or
// netrc's password, the path of a webhook URL whose last segment is its
// secret, OpenShift's sha256~, the start of an Azure AD client secret.
// And netrc text, whose passwords may be too short to make a run.

// afterScheme reports the credential that the word before the spaces
// before the run s[i:e] makes of it (see contextWord): an authorization
// scheme (Bearer, RFC 6750; Basic, RFC 7617; GitHub's token) or netrc's
// password.
func afterScheme(s string, i, e int, h *hit) bool {
	w := contextWord(s, i)
	switch {
	case len(w) == 6 && hasFoldPrefix(w, "bearer"), len(w) == 5 && hasFoldPrefix(w, "token"):
		return looksRandom(s[i:e]) && h.set(familyToken, i, e)
	case len(w) == 5 && hasFoldPrefix(w, "basic"):
		return basicCredentials(s[i:]) && h.set(familyPassword, i, e)
	case len(w) == 8 && hasFoldPrefix(w, "password"), len(w) == 6 && hasFoldPrefix(w, "passwd"):
		return h.set(familyPassword, i, e)
	}
	return false
}

// openShiftAt reports an OpenShift token, sha256~ and 43 or more bytes,
// whose body is the run s[i:e].
func openShiftAt(s string, i, e int, h *hit) bool {
	return strings.HasSuffix(s[:i], "sha256~") && e-i >= 43 && h.set("OpenShift token", i-7, e)
}

// azureSecretAt reports an Azure AD (Entra ID) client secret that holds
// the run s[i:e] after a '~': three bytes of [A-Za-z0-9_~.], a digit,
// "Q~", and 31 to 34 bytes of [A-Za-z0-9_~.-] (gitleaks'
// azure-ad-client-secret), standing alone: no such byte on either side.
// A secret whose '~'s cut its body into stretches all shorter than a
// run is not found.
func azureSecretAt(s string, i, e int, h *hit) bool {
	t := i - 1
	for t > 0 && i-t < 40 && in(s[t-1], azureSecret) {
		t--
	}
	for ; t+6 <= i; t++ {
		if s[t+4] != 'Q' || s[t+5] != '~' || s[t+3] < '0' || s[t+3] > '9' || t > 0 && in(s[t-1], azureSecret) {
			continue
		}
		if span(s[:t+3], t, azureSecret) != t+3 || s[t] == '-' || s[t+1] == '-' || s[t+2] == '-' {
			continue
		}
		end := spanN(s, t+6, azureSecret, 35)
		if n := end - (t + 6); n >= 31 && n <= 34 {
			return h.set("Azure AD client secret", t, end)
		}
	}
	return false
}

// facebookAppTokenAt reports a Facebook app access token whose secret
// starts with the run s[i:e] after a '|': the app's ID (15 or 16 digits,
// standing alone), '|', and 27 to 40 bytes of [A-Za-z0-9_-] that mix
// letters with digits or cases (gitleaks' facebook-access-token; Meta:
// app access tokens are "{app-id}|{app-secret}").
func facebookAppTokenAt(s string, i, e int, h *hit) bool {
	k := i - 1 // the '|'
	d := k
	for d > 0 && k-d < 17 && s[d-1] >= '0' && s[d-1] <= '9' {
		d--
	}
	if n := k - d; n < 15 || n > 16 || d > 0 && isAlnum(s[d-1]) {
		return false
	}
	end := spanN(s, i, urlSafe, 41)
	if n := end - i; n < 27 || n > 40 || end < len(s) && isAlnum(s[end]) {
		return false
	}
	return looksRandom(s[i:end]) && h.set("Facebook access token", d, end)
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

// authorizationOK reports whether v, the value of an HTTP Authorization
// header (RFC 9110 §11.6.2), holds credentials: a scheme and, after it,
// base64 of "user:password" for Basic, else a random-looking token of 8
// bytes or more (Bearer, token, Api-Token, SSWS, Negotiate, …); or a
// bare token, with no scheme, as some APIs take it. "enabled" (MongoDB's
// authorization setting) is none.
func authorizationOK(v string) bool {
	sp := 0
	for sp < len(v) && v[sp] != ' ' && v[sp] != '\t' {
		sp++
	}
	cred := v
	if sp < len(v) {
		c := sp
		for c < len(v) && (v[c] == ' ' || v[c] == '\t') {
			c++
		}
		e := c
		for e < len(v) && v[e] != ' ' && v[e] != '\t' && v[e] != ',' {
			e++
		}
		if cred = v[c:e]; len(v[:sp]) == 5 && hasFoldPrefix(v, "basic") {
			return basicCredentials(cred)
		}
	}
	return len(cred) >= 8 && looksRandom(cred) && passwordOK(cred) && !placeholder(cred)
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
// Discord webhook URL, over https or http: Slack's
// hooks.slack.com/services/, /workflows/ or /triggers/ and then 40 or
// more bytes of path that end with the run, or Discord's
// /api/webhooks/{id}/ (17 to 20 digits) before the run under a Discord
// host. The byte before the '/' (a capital or a digit, ending an ID)
// rules out most paths at once.
func webhookPath(s string, i, e int, h *hit) bool {
	j := i - 1 // the '/' before the run
	if j < 1 || !in(s[j-1], upperAlnum) {
		return false
	}
	lo := max(0, i-128)
	if at := strings.LastIndex(s[lo:j], "hooks.slack.com/"); at >= 0 {
		p := lo + at + len("hooks.slack.com/")
		kind := s[p:j]
		if hasPrefixAny(kind, "services/", "workflows/", "triggers/") && e-p-strings.IndexByte(kind, '/')-1 >= 40 &&
			span(s[:j], p, base64Std) == j {
			return h.set("Slack webhook URL", urlStart(s, lo+at), e)
		}
	}
	k := j
	for k > 0 && j-k < 24 && in(s[k-1], upperAlnum) {
		k--
	}
	seg := s[k:j]
	if len(seg) < 17 || !isDigits(seg) {
		return false
	}
	lo = max(0, k-60)
	at := strings.Index(s[lo:k], "/api/webhooks/")
	if at < 0 {
		return false
	}
	start := urlStart(s, lo+at)
	if !strings.Contains(s[start:k], "discord") {
		return false
	}
	return h.set("Discord webhook URL", start, e)
}

// urlStart returns where the URL that holds s[i] starts: after the
// whitespace, quote or comma before it.
func urlStart(s string, i int) int {
	for i > 0 && !isSpace(s[i-1]) && s[i-1] != '"' && s[i-1] != ',' && s[i-1] != '\'' {
		i--
	}
	return i
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// netrcStart holds the bytes netrc text may start with: machine,
// default, a comment or whitespace.
var netrcStart = [256]bool{'m': true, 'd': true, '#': true, ' ': true, '\t': true, '\n': true, '\r': true}

// netrc reports a password in netrc text (the format ftp(1) and curl
// read: "machine HOST login USER password PASSWORD", or "default …"),
// when the value starts with it, after comment lines: the word after
// "password", however short.
func netrc(s string, h *hit) bool {
	i := 0
	for i < len(s) && (isSpace(s[i]) || s[i] == '#') {
		if s[i] == '#' {
			for i < len(s) && s[i] != '\n' {
				i++
			}
			continue
		}
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
