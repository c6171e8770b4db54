package envrt

import "strings"

// This file holds the value detectors: the checks that say a value is a
// credential by what it holds rather than by the name it is stored under.
// They use no regexp and allocate nothing: a table of literal prefixes,
// sorted, is searched by the value's first byte, and each prefix carries a
// length and charset check on the rest of the value; PEM private key
// blocks, JWTs and URLs with a password in their userinfo get structural
// checks of their own.

// Charset names the set of bytes a ValueRule allows after its prefix.
type Charset uint8

// The charsets a ValueRule can name.
const (
	// CharsetAny allows every byte but ASCII space and control bytes.
	CharsetAny Charset = iota
	// CharsetBase62 allows [A-Za-z0-9].
	CharsetBase62
	// CharsetWord allows [A-Za-z0-9_].
	CharsetWord
	// CharsetURLSafe allows [A-Za-z0-9_-], base64url without padding.
	CharsetURLSafe
	// CharsetDottedURLSafe allows [A-Za-z0-9_.-].
	CharsetDottedURLSafe
	// CharsetAlnumDash allows [A-Za-z0-9-].
	CharsetAlnumDash
	// CharsetBase32Upper allows [A-Z2-7], RFC 4648 base32.
	CharsetBase32Upper
	numCharsets
)

// Shape names a structural check a ValueRule makes beyond its charset.
type Shape uint8

// The shapes a ValueRule can name.
const (
	// ShapeBody checks only the length and charset of what follows the
	// prefix.
	ShapeBody Shape = iota
	// ShapeOpenAILegacy additionally wants "T3BlbkFJ" (base64 of
	// "OpenAI") at bytes 20 to 28 of the body.
	ShapeOpenAILegacy
	// ShapePEM wants the rest of the first line to end in
	// "PRIVATE KEY-----" or "PRIVATE KEY BLOCK-----".
	ShapePEM
	// ShapeJWT wants the value to be three base64url parts joined by
	// '.', the first decoding to a JSON object with an "alg" member.
	ShapeJWT
)

// ValueRule is one built-in or user-supplied value detector: a value that
// starts with Prefix and whose rest, the body, is Min to Max bytes (Max 0:
// no bound) of Body's charset and passes Shape's check is a credential of
// kind Kind. The fields are plain literals so that generated code can
// hold a table of them.
type ValueRule struct {
	Prefix   string
	Kind     string
	Body     Charset
	Min, Max int
	Shape    Shape
}

// ValueDetector is a table of value rules sorted by Prefix (bytewise, as
// Go compares strings), with First
// holding the first byte of every prefix, plus the check for URLs whose
// userinfo holds a password, which needs no prefix. Its zero value detects
// only such URLs. Build one with NewValueDetector, or write it as a
// literal whose Rules are sorted, every Prefix non-empty (Match indexes
// its first byte), and whose First holds exactly their first bytes.
type ValueDetector struct {
	Rules []ValueRule
	First ByteSet
}

// KindURLPassword is the kind Match reports for a URL whose userinfo
// holds a password.
const KindURLPassword = "URL with a password"

// KindValuePrefix is the kind of a rule NewValueDetector builds from a
// user-supplied prefix.
const KindValuePrefix = "value with a secret prefix"

// builtinValueRules are the built-in detectors, sorted by Prefix (a test
// checks it). Each names its source in docs/secret-values.md.
var builtinValueRules = []ValueRule{
	{Prefix: "-----BEGIN ", Kind: "PEM private key", Shape: ShapePEM},
	{Prefix: "ABIA", Kind: "AWS access key ID", Body: CharsetBase32Upper, Min: 16, Max: 16},
	{Prefix: "ACCA", Kind: "AWS access key ID", Body: CharsetBase32Upper, Min: 16, Max: 16},
	{Prefix: "AIza", Kind: "Google API key", Body: CharsetURLSafe, Min: 35, Max: 35},
	{Prefix: "AKIA", Kind: "AWS access key ID", Body: CharsetBase32Upper, Min: 16, Max: 16},
	{Prefix: "ASIA", Kind: "AWS access key ID", Body: CharsetBase32Upper, Min: 16, Max: 16},
	{Prefix: "dckr_pat_", Kind: "Docker Hub token", Body: CharsetURLSafe, Min: 24, Max: 64},
	{Prefix: "eyJ", Kind: "JWT", Shape: ShapeJWT},
	{Prefix: "gho_", Kind: "GitHub token", Body: CharsetBase62, Min: 36, Max: 251},
	{Prefix: "ghp_", Kind: "GitHub token", Body: CharsetBase62, Min: 36, Max: 251},
	{Prefix: "ghr_", Kind: "GitHub token", Body: CharsetBase62, Min: 36, Max: 251},
	{Prefix: "ghs_", Kind: "GitHub token", Body: CharsetBase62, Min: 36, Max: 251},
	{Prefix: "ghu_", Kind: "GitHub token", Body: CharsetBase62, Min: 36, Max: 251},
	{Prefix: "github_pat_", Kind: "GitHub token", Body: CharsetWord, Min: 82, Max: 244},
	{Prefix: "glpat-", Kind: "GitLab token", Body: CharsetDottedURLSafe, Min: 20, Max: 128},
	{Prefix: "hf_", Kind: "Hugging Face token", Body: CharsetBase62, Min: 34, Max: 34},
	{Prefix: "hvb.", Kind: "Vault token", Body: CharsetURLSafe, Min: 24, Max: 512},
	{Prefix: "hvr.", Kind: "Vault token", Body: CharsetURLSafe, Min: 24, Max: 512},
	{Prefix: "hvs.", Kind: "Vault token", Body: CharsetURLSafe, Min: 24, Max: 512},
	{Prefix: "npm_", Kind: "npm token", Body: CharsetBase62, Min: 36, Max: 36},
	{Prefix: "pypi-AgEIcHlwaS5vcmc", Kind: "PyPI token", Body: CharsetURLSafe, Min: 50, Max: 512},
	{Prefix: "rk_live_", Kind: "Stripe key", Body: CharsetBase62, Min: 16, Max: 128},
	{Prefix: "rk_test_", Kind: "Stripe key", Body: CharsetBase62, Min: 16, Max: 128},
	{Prefix: "sk-", Kind: "OpenAI API key", Body: CharsetBase62, Min: 48, Max: 48, Shape: ShapeOpenAILegacy},
	{Prefix: "sk-admin-", Kind: "OpenAI API key", Body: CharsetURLSafe, Min: 40, Max: 256},
	{Prefix: "sk-ant-admin01-", Kind: "Anthropic API key", Body: CharsetURLSafe, Min: 32, Max: 256},
	{Prefix: "sk-ant-api03-", Kind: "Anthropic API key", Body: CharsetURLSafe, Min: 32, Max: 256},
	{Prefix: "sk-proj-", Kind: "OpenAI API key", Body: CharsetURLSafe, Min: 40, Max: 256},
	{Prefix: "sk-svcacct-", Kind: "OpenAI API key", Body: CharsetURLSafe, Min: 40, Max: 256},
	{Prefix: "sk_live_", Kind: "Stripe key", Body: CharsetBase62, Min: 16, Max: 128},
	{Prefix: "sk_test_", Kind: "Stripe key", Body: CharsetBase62, Min: 16, Max: 128},
	{Prefix: "xapp-", Kind: "Slack token", Body: CharsetAlnumDash, Min: 20, Max: 256},
	{Prefix: "xoxa-", Kind: "Slack token", Body: CharsetAlnumDash, Min: 20, Max: 256},
	{Prefix: "xoxb-", Kind: "Slack token", Body: CharsetAlnumDash, Min: 20, Max: 256},
	{Prefix: "xoxp-", Kind: "Slack token", Body: CharsetAlnumDash, Min: 20, Max: 256},
	{Prefix: "xoxr-", Kind: "Slack token", Body: CharsetAlnumDash, Min: 20, Max: 256},
	{Prefix: "xoxs-", Kind: "Slack token", Body: CharsetAlnumDash, Min: 20, Max: 256},
}

// BuiltinValueRules returns a copy of the built-in value rules, sorted by
// Prefix.
func BuiltinValueRules() []ValueRule {
	return append([]ValueRule(nil), builtinValueRules...)
}

var builtinValues = ValueDetector{Rules: builtinValueRules, First: firstBytes(builtinValueRules)}

// LooksSecret reports whether value has the form of a credential by the
// built-in detectors (see docs/secret-values.md), and which kind, such as
// "GitHub token". It matches the whole value: a token with text around it
// is not reported. It allocates nothing.
func LooksSecret(value string) (kind string, ok bool) {
	return builtinValues.Match(value)
}

// NewValueDetector returns a detector with the built-in rules and one rule
// per non-empty prefix in extra: a value that starts with such a prefix
// and has at least one more byte, none of them a space or control byte,
// is reported as KindValuePrefix, unless a built-in rule with a prefix as
// long or longer reports it first.
func NewValueDetector(extra ...string) ValueDetector {
	var rules []ValueRule
	for _, p := range extra {
		if p != "" {
			rules = append(rules, ValueRule{Prefix: p, Kind: KindValuePrefix, Body: CharsetAny, Min: 1})
		}
	}
	rules = append(rules, builtinValueRules...)
	// insertion sort, stable: of equal prefixes the built-in rule comes
	// last, so that Match tries it first
	for i := 1; i < len(rules); i++ {
		for j := i; j > 0 && rules[j].Prefix < rules[j-1].Prefix; j-- {
			rules[j], rules[j-1] = rules[j-1], rules[j]
		}
	}
	return ValueDetector{Rules: rules, First: firstBytes(rules)}
}

func firstBytes(rules []ValueRule) ByteSet {
	var s ByteSet
	for _, r := range rules {
		c := r.Prefix[0]
		s[c>>6] |= 1 << (c & 63)
	}
	return s
}

// Match reports whether value has the form of a credential by d's rules or
// is a URL whose userinfo holds a password, and which kind. Of the rules
// whose prefix value starts with and whose checks pass, the one with the
// longest prefix gives the kind, and of equal prefixes the last in
// d.Rules. It allocates nothing.
func (d *ValueDetector) Match(value string) (kind string, ok bool) {
	if value == "" {
		return "", false
	}
	c := value[0]
	if d.First.Has(c) {
		rules := d.Rules
		// past the last rule whose prefix starts with c or an earlier byte
		lo, hi := 0, len(rules)
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			if rules[m].Prefix[0] <= c {
				lo = m + 1
			} else {
				hi = m
			}
		}
		// backwards: of the prefixes value starts with, a longer one
		// sorts later
		for i := lo - 1; i >= 0 && rules[i].Prefix[0] == c; i-- {
			if r := &rules[i]; r.matches(value) {
				return r.Kind, true
			}
		}
	}
	if urlHasPassword(value) {
		return KindURLPassword, true
	}
	return "", false
}

// looks is Match without the kind, for the builders' hot loop.
func (d *ValueDetector) looks(value string) bool {
	_, ok := d.Match(value)
	return ok
}

// matches reports whether value passes r's checks.
func (r *ValueRule) matches(value string) bool {
	if len(value) < len(r.Prefix) || value[:len(r.Prefix)] != r.Prefix {
		return false
	}
	body := value[len(r.Prefix):]
	switch r.Shape {
	case ShapePEM:
		return pemPrivateKey(body)
	case ShapeJWT:
		return jwt(value)
	}
	if len(body) < r.Min || r.Max > 0 && len(body) > r.Max {
		return false
	}
	set := &charsetBytes[r.Body%numCharsets]
	for i := 0; i < len(body); i++ {
		if !set.Has(body[i]) {
			return false
		}
	}
	if r.Shape == ShapeOpenAILegacy {
		return len(body) >= 28 && body[20:28] == "T3BlbkFJ"
	}
	return true
}

var charsetBytes = func() (sets [numCharsets]ByteSet) {
	add := func(s *ByteSet, lo, hi byte) {
		for c := int(lo); c <= int(hi); c++ {
			s[c>>6] |= 1 << (c & 63)
		}
	}
	add(&sets[CharsetAny], '!', '~')
	add(&sets[CharsetAny], 0x80, 0xff)
	for _, cs := range []Charset{CharsetBase62, CharsetWord, CharsetURLSafe, CharsetDottedURLSafe, CharsetAlnumDash} {
		add(&sets[cs], 'A', 'Z')
		add(&sets[cs], 'a', 'z')
		add(&sets[cs], '0', '9')
	}
	for _, cs := range []Charset{CharsetWord, CharsetURLSafe, CharsetDottedURLSafe} {
		add(&sets[cs], '_', '_')
	}
	for _, cs := range []Charset{CharsetURLSafe, CharsetDottedURLSafe, CharsetAlnumDash} {
		add(&sets[cs], '-', '-')
	}
	add(&sets[CharsetDottedURLSafe], '.', '.')
	add(&sets[CharsetBase32Upper], 'A', 'Z')
	add(&sets[CharsetBase32Upper], '2', '7')
	return sets
}()

// pemPrivateKey reports whether rest, what follows "-----BEGIN ", is a
// private key's label: up to the end of the line or of the value, it ends
// in "PRIVATE KEY-----" (PKCS #8, RSA, EC, DSA, OPENSSH, ENCRYPTED) or
// "PRIVATE KEY BLOCK-----" (PGP).
func pemPrivateKey(rest string) bool {
	end := 0
	for end < len(rest) && rest[end] != '\n' && rest[end] != '\r' {
		end++
	}
	label := rest[:end]
	return hasSuffix(label, "PRIVATE KEY-----") || hasSuffix(label, "PRIVATE KEY BLOCK-----")
}

func hasSuffix(s, suffix string) bool {
	return len(s) >= len(suffix) && s[len(s)-len(suffix):] == suffix
}

// jwtHeaderMax is how many bytes of a JWT's header jwt decodes to look for
// "alg": headers are short, and "alg" comes early in every issuer's.
const jwtHeaderMax = 128

// jwt reports whether value is a JWS compact serialization: a header, a
// payload and a signature, base64url without padding, joined by '.'; the
// header decodes to a JSON object whose first jwtHeaderMax bytes hold the
// member name "alg", and the payload is not empty. The signature may be
// empty (alg "none").
func jwt(value string) bool {
	dot1, dot2, dots := -1, -1, 0
	for i := 0; i < len(value); i++ {
		switch c := value[i]; {
		case c == '.':
			dots++
			if dots == 1 {
				dot1 = i
			} else if dots == 2 {
				dot2 = i
			} else {
				return false
			}
		case !charsetBytes[CharsetURLSafe].Has(c):
			return false
		}
	}
	if dots != 2 || dot2-dot1 < 2 {
		return false
	}
	header := value[:dot1]
	if len(header)%4 == 1 { // no base64 text has such a length
		return false
	}
	var buf [jwtHeaderMax]byte
	n := decodeBase64URL(buf[:], header)
	text := buf[:n]
	if n < len(`{"alg":""}`) || text[0] != '{' {
		return false
	}
	if len(header) <= jwtHeaderMax*4/3 {
		// the whole header is decoded: it must close
		last := n - 1
		for last > 0 && isJSONSpace(text[last]) {
			last--
		}
		if text[last] != '}' {
			return false
		}
	}
	for i := 0; i+5 <= n; i++ {
		if string(text[i:i+5]) == `"alg"` {
			return true
		}
	}
	return false
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// decodeBase64URL decodes s, base64url without padding whose bytes are all
// in the alphabet, into dst until dst is full, and returns how many bytes
// it wrote.
func decodeBase64URL(dst []byte, s string) int {
	n := 0
	var acc uint32
	bits := 0
	for i := 0; i < len(s) && n < len(dst); i++ {
		acc = acc<<6 | uint32(base64URLValue(s[i]))
		bits += 6
		if bits >= 8 {
			bits -= 8
			dst[n] = byte(acc >> bits)
			n++
		}
	}
	return n
}

func base64URLValue(c byte) byte {
	switch {
	case c >= 'A' && c <= 'Z':
		return c - 'A'
	case c >= 'a' && c <= 'z':
		return c - 'a' + 26
	case c >= '0' && c <= '9':
		return c - '0' + 52
	case c == '-':
		return 62
	}
	return 63 // '_'
}

// urlHasPassword reports whether value is a URL, scheme "://" authority
// ..., whose authority has userinfo with a password: "user:pass@host" or
// ":pass@host". A user alone ("user@host") or a port ("host:8080") is not
// a password.
func urlHasPassword(value string) bool {
	// The scheme runs to the first ':', which "://" must follow; most
	// values have no ':' at all, which IndexByte finds fast.
	i := strings.IndexByte(value, ':')
	if i <= 0 || len(value)-i < 3 || value[i:i+3] != "://" || !isScheme(value[:i]) {
		return false
	}
	authority := value[i+3:]
	for j := 0; j < len(authority); j++ {
		if c := authority[j]; c == '/' || c == '?' || c == '#' {
			authority = authority[:j]
			break
		}
	}
	at := -1
	for j := len(authority) - 1; j >= 0; j-- {
		if authority[j] == '@' {
			at = j
			break
		}
	}
	if at < 0 || at == len(authority)-1 {
		return false // no userinfo, or no host after it
	}
	userinfo := authority[:at]
	for j := 0; j < len(userinfo); j++ {
		if userinfo[j] == ':' {
			return j < len(userinfo)-1
		}
	}
	return false
}

// isScheme reports whether s is a URL scheme: ALPHA *( ALPHA / DIGIT /
// "+" / "-" / "." ), RFC 3986 §3.1.
func isScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c|0x20 >= 'a' && c|0x20 <= 'z'
		if !letter && (i == 0 || !(c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return true
}

// ByteSet is a set of bytes.
type ByteSet [4]uint64

// Has reports whether c is in s.
func (s *ByteSet) Has(c byte) bool { return s[c>>6]>>(c&63)&1 != 0 }

// Add puts c in s.
func (s *ByteSet) Add(c byte) { s[c>>6] |= 1 << (c & 63) }
