package secretvalue

import (
	"math/bits"
	"strings"
)

// This file holds the keys that name a credential (password, secret,
// token, api_key, AccountKey, sig, _authToken, …) and the detectors that
// read a key and its value in structured text: `key=value` (a query
// string, an ADO.NET or Azure connection string, INI, TOML and .npmrc
// lines, a shell or Makefile assignment, code: `:=`, `?=`, `.=`), `key:
// value` (YAML, a header, JSON members, escaped in a JSON string too),
// `key => value` (PHP, Ruby, Logstash) and `("KEY", "value")` (a call
// that sets a property or variable). A value counts when it is not a
// placeholder or a reference. The two bytes before the key's end rule
// out almost every anchor byte at once.

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
	notPath bool       // a value that starts like a path is not a credential (PWD=/home/…)
	check   valueCheck // what else the value must be
}

// valueCheck names what a key's value must be beyond its length and not
// being a placeholder.
type valueCheck uint8

const (
	anyValue           valueCheck = iota
	randomValue                   // random-looking: a key too general to name a credential alone (…_KEY, credentials)
	authorizationValue            // an HTTP Authorization header's: a scheme and its credentials, or a bare token
)

// credentialKeys are the keys that name a credential.
var credentialKeys = [...]credentialKey{
	{word: "password", family: familyPassword, min: 3},
	{word: "passwd", family: familyPassword, min: 3},
	{word: "pwd", family: familyPassword, min: 3, notPath: true},
	{word: "pass", family: familyPassword, min: 3},       // FileZilla's <Pass>, "pass": in JSON configs
	{word: "passphrase", family: familyPassword, min: 3}, // a key file's passphrase
	{word: "secret", family: familySecret, min: 6},
	{word: "secret_key", family: familySecret, min: 6},                    // s3cmd's .s3cfg, Django
	{word: "secretkey", family: familySecret, min: 6},                     // secretKey
	{word: "secret_key_base", family: familySecret, min: 6},               // Rails' config/secrets.yml
	{word: "secret_access_key", family: "AWS secret access key", min: 20}, // AWS CLI's credentials file
	{word: "token", family: familyToken, min: 8},
	{word: "authtoken", family: familyToken, min: 8},     // .npmrc's _authToken
	{word: "identitytoken", family: familyToken, min: 8}, // Docker config
	{word: "registrytoken", family: familyToken, min: 8}, // Docker config
	{word: "apikey", family: familyAPIKey, min: 8},
	{word: "api_key", family: familyAPIKey, min: 8},
	{word: "api-key", family: familyAPIKey, min: 8},
	{word: "accountkey", family: "Azure storage account key", min: 20, exact: true},         // Azure Storage connection string
	{word: "sharedaccesskey", family: "Azure shared access key", min: 20, exact: true},      // Service Bus, Event Hubs, IoT Hub
	{word: "sig", family: "Azure SAS signature", min: 16, exact: true},                      // shared access signature
	{word: "auth", family: "registry credentials", min: 8},                                  // Docker config, .npmrc's _auth
	{word: "_gitlab_session", family: "GitLab session cookie", min: 32, exact: true},        // gitleaks gitlab-session-cookie
	{word: "authorization", family: familyAuthorization, min: 8, check: authorizationValue}, // a header, HTTP_AUTHORIZATION
	// Words too general to name a credential alone: SORT_KEY, cacheKey and
	// primary_key hold names, CACHE_KEY a digest. Their value counts when it
	// is random-looking (randomLooking).
	{word: "key", family: familyKey, min: 24, check: randomValue},
	{word: "accesskey", family: familyKey, min: 24, check: randomValue},
	{word: "credentials", family: familyCredentials, min: 24, check: randomValue},
	{word: "credential", family: familyCredentials, min: 24, check: randomValue},
}

// The families of keyword-scoped credentials.
const (
	familySecret        = "secret"
	familyAPIKey        = "API key"
	familyBundle        = "Bundler source credential"
	familyAuthorization = "HTTP authorization credentials"
	familyKey           = "key"
	familyCredentials   = "credentials"
)

// bundlerKey is the key of a gem source's credentials in Bundler's
// configuration: BUNDLE_ and the host, its dots written "__"
// (BUNDLE_GEMS__EXAMPLE__COM), whose value is "user:password" or a
// token.
var bundlerKey = credentialKey{word: "bundle_", family: familyBundle, min: 8}

// ordinaryTokenKeys are keys ending in token whose value is not a
// credential: pagination and request bookkeeping, and CSRF tokens
// (Rails names its authenticity_token).
var ordinaryTokenKeys = []string{"page", "next", "continuation", "sync", "csrf", "xsrf", "authenticity", "cancellation", "idempotency", "resume", "pagination"}

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

// The word bits above fit in a uint32.
var _ [32 - len(credentialKeys)]struct{}

// mayEndKey reports whether a key whose last two bytes are a, b may name
// a credential: a word's last two bytes, or two capitals (a Bundler key
// ends in its host's top-level domain).
func mayEndKey(a, b byte) bool {
	return keySuffix2(a, b) || isUpper(a) && isUpper(b)
}

// keyMayEnd reports whether a key that names a credential may end just
// before s[j], where an operator, spaces or a quote may come between:
// for most anchors the two bytes before rule one out.
func keyMayEnd(s string, j int) bool {
	if j < 2 {
		return false
	}
	switch c := s[j-1]; c {
	case ' ', '\t', '"', '\'', ':', '?', '.', '+':
		return true
	default:
		return mayEndKey(s[j-2], c)
	}
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

// keyFamily returns the credential key that key matches, if any. A key
// that says its value is public (publicToken, NEXT_PUBLIC_API_KEY) names
// none.
func keyFamily(key string) *credentialKey {
	if len(key) > len("BUNDLE___") && strings.HasPrefix(key, "BUNDLE_") && strings.Contains(key[7:], "__") {
		return &bundlerKey
	}
	if len(key) < 2 {
		return nil
	}
	// only the words whose last two bytes the key's are, in the table's order
	for m := keyLast[key[len(key)-1]] & keyBeforeLast[key[len(key)-2]]; m != 0; m &= m - 1 {
		k := &credentialKeys[bits.TrailingZeros32(m)]
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
		if k.word == "token" && ordinaryTokenKey(key[:rest-1]) || publicKey(key[:rest]) || k.word == "key" && hasFoldSuffix(strings.TrimRight(key[:rest], "_.-"), "site") {
			continue // a site key (reCAPTCHA, hCaptcha, Turnstile) is public: it sits in a page
		}
		return k
	}
	return nil
}

// publicKey reports whether a key's words before its credential word say
// that its value is public: NEXT_PUBLIC_API_KEY, publicToken,
// STRIPE_PUBLISHABLE_KEY.
func publicKey(before string) bool {
	return containsFold(before, "public") || containsFold(before, "publishable")
}

func ordinaryTokenKey(before string) bool {
	for _, w := range ordinaryTokenKeys {
		if hasFoldSuffix(before, w) {
			return true
		}
	}
	return false
}

// containsFold reports whether s holds word, which is in lower case,
// ignoring the case of ASCII letters.
func containsFold(s, word string) bool {
	for i := 0; i+len(word) <= len(s); i++ {
		if hasFoldPrefix(s[i:], word) {
			return true
		}
	}
	return false
}

// valueIn reports whether the value s[start:end] is a credential for k:
// valueOK, and not a ciphertext in its envelope (which may run past end,
// where a value in key=value text stops at a ',').
func (k *credentialKey) valueIn(s string, start, end int) bool {
	return k.valueOK(s[start:end]) && !ciphertext(s[start:])
}

// valueOK reports whether v is a credential for k: long enough, not a
// placeholder or a reference, not a word that means none.
func (k *credentialKey) valueOK(v string) bool {
	if len(v) < k.min || !passwordOK(v) || placeholder(v) {
		return false
	}
	if k.notPath && (v[0] == '/' || v[0] == '.' || v[0] == '~') {
		return false
	}
	if k.word == "auth" && urlValue(v) {
		return false // MONGO_NO_AUTH=mongodb://db/app: a registry's auth is base64 of user:password, never a URL
	}
	if k == &bundlerKey && strings.IndexByte(v, ':') <= 0 && len(v) < 16 {
		return false // neither user:password nor a token
	}
	switch k.check {
	case randomValue:
		return randomLooking(v)
	case authorizationValue:
		return authorizationOK(v)
	}
	if len(v) <= 5 {
		for _, w := range noneWords {
			if len(v) == len(w) && hasFoldPrefix(v, w) {
				return false
			}
		}
	}
	return true
}

// urlValue reports whether v starts with a URL's scheme and "://".
func urlValue(v string) bool {
	i := strings.Index(v[:min(len(v), 24)], "://")
	return i > 0 && span(v[:i], 0, base62) == i
}

// noneWords are values that mean no credential: YAML's and JSON's
// booleans and nulls.
var noneWords = []string{"null", "none", "nil", "true", "false", "yes", "no", "on", "off"}

// placeholder reports whether v, a key's value, stands for a credential
// rather than being one (beyond what passwordOK rules out): a reference
// to a Terraform variable (var.db_password), an instruction (REPLACE_ME,
// changeme, your_token_here), a mask (***, yyy), an elided value (ends
// in "..."), the word for what goes there (password, token), or the
// name of a variable in capitals (ACCESS_TOKEN).
func placeholder(v string) bool {
	if strings.HasPrefix(v, "var.") || strings.Contains(v, "***") || strings.HasSuffix(v, "...") || strings.HasSuffix(v, "…") {
		return true
	}
	for _, w := range placeholderWords {
		if containsFold(v, w) {
			return true
		}
	}
	for _, w := range standInWords {
		if len(v) == len(w) && hasFoldPrefix(v, w) {
			return true
		}
	}
	if len(v) > 0 && len(v) <= 8 && count(v, v[0]) == len(v) {
		return true // a short mask: xxx, yyy
	}
	if len(v) >= 3 && ascending(v) {
		return true // abc, 1234, abcdef
	}
	if keyName(v) {
		return true // db-password: the name of a key that holds it
	}
	// a name in capitals: ACCESS_TOKEN, DB_PASSWORD
	underscore := false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == '_':
			underscore = i > 0
		case isUpper(c), c >= '0' && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return underscore
}

// keyName reports whether v is the name of a key or a file that holds a
// credential rather than one (Kubernetes' secretKeyRef and its kin:
// `secretKey: api-key`, `passwordKey: db-password`): two to six words of
// lower-case letters joined by '-' or by '_', at most 40 bytes, one of
// them a word for a credential or a key. No digit, no capital: a
// password made of words (correct-horse-battery-staple) holds none of
// those words and stays a password.
func keyName(v string) bool {
	if len(v) < 5 || len(v) > 40 {
		return false
	}
	sep := byte(0)
	named := false
	for i := 0; i <= len(v); {
		j := i
		for j < len(v) && v[j] >= 'a' && v[j] <= 'z' {
			j++
		}
		if j == i {
			return false // an empty word, or a byte that is no letter
		}
		named = named || isKeyWord(v[i:j])
		if j == len(v) {
			break
		}
		c := v[j]
		if c != '-' && c != '_' || sep != 0 && c != sep {
			return false
		}
		sep = c
		i = j + 1
	}
	return sep != 0 && named && count(v, sep) <= 5
}

// keyNameWords are the words that make a key's name name a credential.
var keyNameWords = []string{"password", "passwd", "passphrase", "pwd", "pass", "secret", "secrets", "token", "tokens",
	"key", "keys", "apikey", "credential", "credentials", "creds", "auth"}

func isKeyWord(w string) bool {
	for _, k := range keyNameWords {
		if w == k {
			return true
		}
	}
	return false
}

// ascending reports whether each byte of s is one more than the one
// before.
func ascending(s string) bool {
	for i := 1; i < len(s); i++ {
		if s[i] != s[i-1]+1 {
			return false
		}
	}
	return true
}

// standInWords are values that name what goes there, or a field beside
// it (a list of field names is not a key and its value).
var standInWords = []string{"password", "passwd", "pass", "pwd", "secret", "token", "apikey", "api_key", "test", "user", "username", "login", "email"}

// placeholderWords mark a value as an instruction to put a credential
// there.
var placeholderWords = []string{"changeme", "change_me", "change-me", "replace_me", "replaceme", "replace-me", "placeholder", "your_", "your-", "_here"}

// keyBefore returns the key that ends at s[end-1]: bytes of [A-Za-z0-9_.-],
// at most 64 of them.
func keyBefore(s string, end int) string {
	k := end
	for k > 0 && end-k < 64 && isRun[s[k-1]] {
		k--
	}
	return s[k:end]
}

// maxValue is how much of a value the key detectors read: a credential
// is shorter, and a scan reads no byte more than a bounded number of
// times.
const maxValue = 4096

// keyValueAt reports the credential in the `key=value` whose '=' is at
// s[eq], if its key names one: `key=value`, `key = "value"`, `'key' =
// 'value'` (TOML), `key := "value"`, `key ?= value` (Make), `$key .=
// "value"` (PHP), `var key string = "value"` (Go), `--key=value`.
func keyValueAt(s string, eq int, h *hit) bool {
	if eq+1 < len(s) && (s[eq+1] == '=' || s[eq+1] == '>') {
		return false // a comparison, or => (keyArrowAt)
	}
	k := eq
	for k > 0 && eq-k < 3 && (s[k-1] == ':' || s[k-1] == '?' || s[k-1] == '.' || s[k-1] == '+') {
		k--
	}
	if k > 0 && (s[k-1] == '!' || s[k-1] == '<' || s[k-1] == '>' || s[k-1] == '=') {
		return false
	}
	ck, ok := keyEndingAt(s, k, false)
	if !ok {
		return false
	}
	return keyValue(s, ck, eq+1, h)
}

// keyEndingAt returns the credential key whose end (or closing quote) is
// the last byte before s[k] that is not a space or tab, if any. With
// typed, a Go or Kotlin type between key and operator is skipped (`var
// key string =`, `var key: String =`).
func keyEndingAt(s string, k int, quotedOnly bool) (*credentialKey, bool) {
	if k < 2 {
		return nil, false
	}
	if c := s[k-1]; isRun[c] && !quotedOnly {
		// most keys: the two bytes before rule them out at once
		if !mayEndKey(s[k-2], c) {
			return nil, false
		}
		ck := keyFamily(keyBefore(s, k))
		return ck, ck != nil
	}
	for k > 0 && (s[k-1] == ' ' || s[k-1] == '\t') {
		k--
	}
	if k >= 7 && (s[k-6:k] == "string" || s[k-6:k] == "String") && (s[k-7] == ' ' || s[k-7] == ':') {
		k -= 7
		for k > 0 && (s[k-1] == ' ' || s[k-1] == '\t' || s[k-1] == ':') {
			k--
		}
	}
	quoted := k > 0 && (s[k-1] == '"' || s[k-1] == '\'')
	if quoted {
		k--
		if k > 0 && s[k-1] == '\\' {
			k--
		}
	} else if quotedOnly {
		return nil, false
	}
	if k < 2 || !mayEndKey(s[k-2], s[k-1]) {
		return nil, false
	}
	key := keyBefore(s, k)
	if quoted {
		if ks := k - len(key); ks == 0 || s[ks-1] != '"' && s[ks-1] != '\'' && s[ks-1] != '\\' {
			return nil, false
		}
	}
	ck := keyFamily(key)
	return ck, ck != nil
}

// keyValue reports the value that starts at s[v] (after spaces) as a
// credential of ck's.
func keyValue(s string, ck *credentialKey, v int, h *hit) bool {
	for v < len(s) && (s[v] == ' ' || s[v] == '\t') {
		v++
	}
	start, end := valueAt(s, v)
	return ck.valueIn(s, start, end) && h.set(ck.family, start, end)
}

// valueAt returns the value that starts at v: up to its closing quote if
// it opens with one (", ', ` or an escaped \"), else up to ';', '&',
// ',', a quote or whitespace; at most maxValue bytes.
func valueAt(s string, v int) (start, end int) {
	lim := min(len(s), v+maxValue)
	if v+1 < lim && s[v] == '\\' && s[v+1] == '"' {
		v++
	}
	if v < lim && (s[v] == '"' || s[v] == '\'' || s[v] == '`') {
		q := s[v]
		end = v + 1
		for end < lim && s[end] != q && s[end] != '\n' && !(q == '"' && s[end] == '\\' && end+1 < lim && s[end+1] == '"') {
			end++
		}
		return v + 1, end
	}
	end = v
	for end < lim && !isSpace(s[end]) && s[end] != ';' && s[end] != '&' && s[end] != ',' && s[end] != '}' && s[end] != ']' && s[end] != '"' && s[end] != '\'' {
		end++
	}
	return v, end
}

// keyColonAt reports the credential in the `key: value` whose ':' is at
// s[c]: a JSON member ("key": "value", escaped as inside another JSON
// string too), a YAML mapping or a header. A key without quotes must
// start the value, a line or a word, and a space must follow the ':'.
// A YAML value may carry an anchor (&pw) and hold any byte but a line
// break; a block scalar's value is its first line.
func keyColonAt(s string, c int, h *hit) bool {
	k := c
	for k > 0 && (s[k-1] == ' ' || s[k-1] == '\t') {
		k--
	}
	quoted := k > 0 && (s[k-1] == '"' || s[k-1] == '\'')
	ck, ok := keyEndingAt(s, k, false)
	if !ok {
		return false
	}
	v := c + 1
	var open byte // the quote a header in a quoted argument opens with: -H "X-Api-Key: …"
	if !quoted {
		ks := k - len(keyBefore(s, k))
		if ks > 0 && (s[ks-1] == '"' || s[ks-1] == '\'') && (ks == 1 || quotedArgAfter(s[ks-2])) {
			open = s[ks-1]
		} else if ks > 0 && !isSpace(s[ks-1]) && s[ks-1] != '{' && s[ks-1] != ',' && s[ks-1] != '(' && s[ks-1] != '[' {
			return false
		}
		if v < len(s) && s[v] != ' ' && s[v] != '\t' && s[v] != '\n' && s[v] != '\r' {
			return false
		}
	}
	for v < len(s) && (s[v] == ' ' || s[v] == '\t') {
		v++
	}
	if quoted {
		return keyValue(s, ck, v, h)
	}
	if open != 0 {
		end := v
		for end < len(s) && end-v < maxValue && s[end] != open && s[end] != '\n' {
			end++
		}
		return ck.valueIn(s, v, end) && h.set(ck.family, v, end)
	}
	return yamlValue(s, ck, v, h)
}

// quotedArgAfter reports whether a quote after c opens an argument or a
// list's string: after whitespace, '=', '[', '(' or ','.
func quotedArgAfter(c byte) bool {
	return isSpace(c) || c == '=' || c == '[' || c == '(' || c == ','
}

// yamlValue reports the YAML scalar that starts at s[v] as a credential
// of ck's: quoted, plain (to the line's end or a comment), after an
// anchor or a tag, or the first line of a block scalar.
func yamlValue(s string, ck *credentialKey, v int, h *hit) bool {
	for v < len(s) && (s[v] == '&' || s[v] == '!') {
		for v < len(s) && !isSpace(s[v]) {
			v++
		}
		for v < len(s) && (s[v] == ' ' || s[v] == '\t') {
			v++
		}
	}
	if v < len(s) && (s[v] == '|' || s[v] == '>') {
		for v < len(s) && s[v] != '\n' {
			v++
		}
		for v < len(s) && isSpace(s[v]) {
			v++
		}
	}
	if v < len(s) && (s[v] == '"' || s[v] == '\'' || s[v] == '\\') {
		return keyValue(s, ck, v, h)
	}
	lim := min(len(s), v+maxValue)
	end := v
	for end < lim && s[end] != '\n' && s[end] != '\r' && !(s[end] == '#' && end > v && isSpace(s[end-1])) {
		end++
	}
	for end > v && isSpace(s[end-1]) {
		end--
	}
	return ck.valueIn(s, v, end) && h.set(ck.family, v, end)
}

// keyArrowAt reports the credential in the `key => value` whose '>' is
// at s[a] (PHP arrays, Ruby hashes, Logstash).
func keyArrowAt(s string, a int, h *hit) bool {
	if a == 0 || s[a-1] != '=' {
		return false
	}
	ck, ok := keyEndingAt(s, a-1, false)
	return ok && keyValue(s, ck, a+1, h)
}

// keyCallAt reports the credential in a call's first two arguments
// `("KEY", "value")` whose value starts with the run s[i:e] after its
// opening quote: System.setProperty, os.Setenv, putenv, a getter with a
// default.
func keyCallAt(s string, i, e int, h *hit) bool {
	k := i - 1 // the value's opening quote
	for k > 0 && (s[k-1] == ' ' || s[k-1] == '\t') {
		k--
	}
	if k < 5 || s[k-1] != ',' || s[k-2] != '"' && s[k-2] != '\'' {
		return false
	}
	ck, ok := keyEndingAt(s, k-1, true)
	if !ok {
		return false
	}
	if ks := k - 2 - len(keyBefore(s, k-2)); ks < 2 || s[ks-2] != '(' {
		return false
	}
	return keyValue(s, ck, i-1, h)
}
