package secretvalue

// This file holds the checks on keys and their values: a key that names
// a credential (password, AccountKey, sig, aws_secret_access_key,
// _authToken, …) followed by a value that is not a placeholder, in
// `key=value` text (a query string, an ADO.NET or Azure connection
// string, INI and .npmrc lines, a shell assignment, with spaces around
// '=' or not) and in JSON members ("password": "…", a Docker config's
// "auth"). anchors.go calls them at each '=' and each '"' of a value;
// the two bytes before it rule out almost all of them.

// credentialKey is a key whose value is a credential of family when it
// is at least min bytes and not a placeholder. The key matches a key
// equal to word (ASCII case-insensitive) or, unless exact, ending in
// word after '_', '.', '-' or a lower-case letter before word's upper-case
// start (camelCase: trustStorePassword, accessToken).
type credentialKey struct {
	word    string // lower case
	family  string
	min     int
	exact   bool
	notPath bool // a value that starts like a path is not a credential (PWD=/home/…)
}

// credentialKeys are the keys that name a credential.
var credentialKeys = []credentialKey{
	{word: "password", family: familyPassword, min: 3},
	{word: "passwd", family: familyPassword, min: 3},
	{word: "pwd", family: familyPassword, min: 3, notPath: true},
	{word: "secret", family: "secret", min: 6},
	{word: "secret_access_key", family: "AWS secret access key", min: 20}, // AWS CLI's credentials file
	{word: "token", family: familyToken, min: 8},
	{word: "authtoken", family: familyToken, min: 8},     // .npmrc's _authToken
	{word: "identitytoken", family: familyToken, min: 8}, // Docker config
	{word: "registrytoken", family: familyToken, min: 8}, // Docker config
	{word: "apikey", family: "API key", min: 8},
	{word: "api_key", family: "API key", min: 8},
	{word: "api-key", family: "API key", min: 8},
	{word: "accountkey", family: "Azure storage account key", min: 20, exact: true},    // Azure Storage connection string
	{word: "sharedaccesskey", family: "Azure shared access key", min: 20, exact: true}, // Service Bus, Event Hubs, IoT Hub
	{word: "sig", family: "Azure SAS signature", min: 16, exact: true},                 // shared access signature
	{word: "auth", family: "registry credentials", min: 8},                             // Docker config, .npmrc's _auth
	{word: "_gitlab_session", family: "GitLab session cookie", min: 32, exact: true},   // gitleaks gitlab-session-cookie
}

// ordinaryTokenKeys are keys ending in token whose value is not a
// credential: pagination and request bookkeeping.
var ordinaryTokenKeys = []string{"page", "next", "continuation", "sync", "csrf", "xsrf", "cancellation", "idempotency", "resume", "pagination"}

// keySuffix2 reports whether a key ending in the two bytes a, b may
// name a credential: they are the last two bytes of some word, in either
// case.
func keySuffix2(a, b byte) bool { return keyLast[b]&keyBeforeLast[a] != 0 }

// keyLast and keyBeforeLast hold, for each byte, one bit per credential
// key word whose last (next to last) byte it is, in either case.
var keyLast, keyBeforeLast = func() (last, before [256]uint32) {
	for i, k := range credentialKeys {
		w := k.word
		for _, c := range []byte{w[len(w)-1], w[len(w)-1] &^ 0x20} {
			last[c] |= 1 << i
		}
		for _, c := range []byte{w[len(w)-2], w[len(w)-2] &^ 0x20} {
			before[c] |= 1 << i
		}
	}
	return last, before
}()

// keyFamily returns the credential key that key matches, if any.
func keyFamily(key string) *credentialKey {
	for i := range credentialKeys {
		k := &credentialKeys[i]
		if !hasFoldSuffix(key, k.word) {
			continue
		}
		rest := len(key) - len(k.word)
		if rest == 0 {
			return k
		}
		if k.exact {
			continue
		}
		c, first := key[rest-1], key[rest]
		camel := c >= 'a' && c <= 'z' && first >= 'A' && first <= 'Z'
		if c != '_' && c != '.' && c != '-' && !camel {
			continue
		}
		if k.word == "token" && ordinaryTokenKey(key[:rest-1]) {
			continue
		}
		return k
	}
	return nil
}

func ordinaryTokenKey(before string) bool {
	for _, w := range ordinaryTokenKeys {
		if hasFoldSuffix(before, w) {
			return true
		}
	}
	return false
}

// valueOK reports whether v is a credential for k: long enough, not a
// placeholder, not a word that means none.
func (k *credentialKey) valueOK(v string) bool {
	if len(v) < k.min || !passwordOK(v) {
		return false
	}
	if k.notPath && (v[0] == '/' || v[0] == '.' || v[0] == '~') {
		return false
	}
	switch {
	case len(v) <= 5 && (hasFoldPrefix(v, "null") || hasFoldPrefix(v, "none") || hasFoldPrefix(v, "true") || hasFoldPrefix(v, "false")):
		return false
	}
	return true
}

// keyBefore returns the key that ends at s[end-1]: bytes of [A-Za-z0-9_.-],
// at most 64 of them.
func keyBefore(s string, end int) string {
	k := end
	for k > 0 && end-k < 64 && isRun[s[k-1]] {
		k--
	}
	return s[k:end]
}

// keyValueAt reports the credential in the `key=value` whose '=' is at
// s[eq], if its key names one.
func keyValueAt(s string, eq int, h *hit) bool {
	k := eq
	for k > 0 && (s[k-1] == ' ' || s[k-1] == '\t') {
		k--
	}
	if k < 2 || !keySuffix2(s[k-2], s[k-1]) {
		return false
	}
	ck := keyFamily(keyBefore(s, k))
	if ck == nil {
		return false
	}
	v := eq + 1
	for v < len(s) && (s[v] == ' ' || s[v] == '\t') {
		v++
	}
	start, end := valueAt(s, v)
	return ck.valueOK(s[start:end]) && h.set(ck.family, start, end)
}

// valueAt returns the value that starts at v: up to its closing quote if
// it opens with one, else up to ';', '&', ',' or whitespace.
func valueAt(s string, v int) (start, end int) {
	if v < len(s) && (s[v] == '"' || s[v] == '\'') {
		q := s[v]
		end = v + 1
		for end < len(s) && s[end] != q && s[end] != '\n' {
			end++
		}
		return v + 1, end
	}
	end = v
	for end < len(s) && !isSpace(s[end]) && s[end] != ';' && s[end] != '&' && s[end] != '"' && s[end] != '\'' {
		end++
	}
	return v, end
}

// jsonMemberAt reports the credential in the JSON member whose key's
// closing quote is at s[q], if its key names one: "key": "value", or
// escaped as inside another JSON string (\"key\": \"value\").
func jsonMemberAt(s string, q int, h *hit) bool {
	c := q + 1
	for c < len(s) && s[c] == ' ' {
		c++
	}
	if c >= len(s) || s[c] != ':' {
		return false
	}
	k := q
	if k > 0 && s[k-1] == '\\' {
		k--
	}
	if k < 3 || !keySuffix2(s[k-2], s[k-1]) {
		return false
	}
	key := keyBefore(s, k)
	if ks := k - len(key); ks == 0 || (s[ks-1] != '"' && s[ks-1] != '\\') {
		return false
	}
	ck := keyFamily(key)
	if ck == nil {
		return false
	}
	v := c + 1
	for v < len(s) && isSpace(s[v]) {
		v++
	}
	if v < len(s) && s[v] == '\\' {
		v++
	}
	if v >= len(s) || s[v] != '"' {
		return false
	}
	end := v + 1
	for end < len(s) && s[end] != '"' && s[end] != '\\' {
		end++
	}
	return ck.valueOK(s[v+1:end]) && h.set(ck.family, v+1, end)
}
