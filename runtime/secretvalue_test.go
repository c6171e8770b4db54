package envrt_test

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	envrt "github.com/envgen/envgen/runtime"
)

// This file holds the value detectors to their contract: every synthetic
// token of each built-in format is found (recall 100 %), no ordinary value
// is (false positives 0), nothing allocates, and the table is sorted. The
// corpora are built here from a seeded PRNG, with the standard library's
// encoders, never with the detector's own helpers.

const (
	upper     = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	lower     = "abcdefghijklmnopqrstuvwxyz"
	digits    = "0123456789"
	base62    = upper + lower + digits
	urlSafe   = base62 + "_-"
	base32    = upper + "234567"
	hexDigits = "0123456789abcdef"
)

// corpusRand is the PRNG every corpus draws from: the same seed, the same
// corpus.
func corpusRand() *rand.Rand { return rand.New(rand.NewPCG(15, 2026)) }

func pick(r *rand.Rand, alphabet string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return string(b)
}

func between(r *rand.Rand, lo, hi int) int { return lo + r.IntN(hi-lo+1) }

func b64url(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.UintN(256))
	}
	return b
}

// tokenFormat makes synthetic tokens of one format, as its vendor or a
// well-known scanner's rule describes them.
type tokenFormat struct {
	kind string
	make func(r *rand.Rand) string
}

func pemBlock(r *rand.Rand, label string) string {
	body := base64.StdEncoding.EncodeToString(randBytes(r, between(r, 100, 900)))
	var lines []string
	for len(body) > 64 {
		lines = append(lines, body[:64])
		body = body[64:]
	}
	lines = append(lines, body)
	return "-----BEGIN " + label + "-----\n" + strings.Join(lines, "\n") + "\n-----END " + label + "-----\n"
}

func jwtToken(r *rand.Rand) string {
	headers := []string{
		`{"alg":"HS256","typ":"JWT"}`,
		`{"typ":"JWT","alg":"RS256","kid":"` + pick(r, base62, 16) + `"}`,
		`{"alg":"ES256"}`,
		`{"kid":"` + pick(r, hexDigits, 40) + `","typ":"at+jwt","alg":"PS512"}`,
		`{"alg" : "EdDSA" }`,
	}
	h := headers[r.IntN(len(headers))]
	payload := fmt.Sprintf(`{"sub":"%s","iat":%d,"exp":%d}`, pick(r, base62, between(r, 4, 20)), 1700000000+r.IntN(1e8), 1800000000+r.IntN(1e8))
	sig := b64url(randBytes(r, []int{32, 64, 256}[r.IntN(3)]))
	return b64url([]byte(h)) + "." + b64url([]byte(payload)) + "." + sig
}

func urlWithPassword(r *rand.Rand) string {
	schemes := []string{"postgres", "postgresql", "mysql", "redis", "rediss", "amqp", "mongodb+srv", "https", "http", "ftp", "smtp"}
	user := pick(r, lower+digits, between(r, 0, 12))
	pass := pick(r, base62+"%!$&*", between(r, 1, 32))
	host := pick(r, lower, between(r, 3, 10)) + ".example." + []string{"com", "net", "io"}[r.IntN(3)]
	if r.IntN(2) == 0 {
		host += fmt.Sprintf(":%d", 1+r.IntN(65535))
	}
	rest := []string{"", "/", "/db", "/0?ssl=true", "/path/to?x=1#frag"}[r.IntN(5)]
	return schemes[r.IntN(len(schemes))] + "://" + user + ":" + pass + "@" + host + rest
}

var tokenFormats = []tokenFormat{
	{"GitHub token", func(r *rand.Rand) string {
		return []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_"}[r.IntN(5)] + pick(r, base62, 36)
	}},
	{"GitHub token", func(r *rand.Rand) string { return "github_pat_" + pick(r, base62, 22) + "_" + pick(r, base62, 59) }},
	{"GitLab token", func(r *rand.Rand) string { return "glpat-" + pick(r, urlSafe, 20) }},
	{"GitLab token", func(r *rand.Rand) string {
		return "glpat-" + pick(r, urlSafe, 27) + "." + pick(r, digits, 2) + "." + pick(r, lower+digits, 9)
	}},
	{"Slack token", func(r *rand.Rand) string {
		return []string{"xoxb-", "xoxp-", "xoxa-", "xoxr-", "xoxs-"}[r.IntN(5)] + pick(r, digits, between(r, 10, 13)) + "-" + pick(r, digits, between(r, 10, 13)) + "-" + pick(r, base62, 24)
	}},
	{"Slack token", func(r *rand.Rand) string {
		return "xapp-1-A" + pick(r, upper+digits, 10) + "-" + pick(r, digits, 13) + "-" + pick(r, hexDigits, 64)
	}},
	{"AWS access key ID", func(r *rand.Rand) string {
		return []string{"AKIA", "ASIA", "ABIA", "ACCA"}[r.IntN(4)] + pick(r, base32, 16)
	}},
	{"Google API key", func(r *rand.Rand) string { return "AIza" + pick(r, urlSafe, 35) }},
	{"OpenAI API key", func(r *rand.Rand) string { return "sk-" + pick(r, base62, 20) + "T3BlbkFJ" + pick(r, base62, 20) }},
	{"OpenAI API key", func(r *rand.Rand) string {
		n := []int{58, 74}[r.IntN(2)]
		return []string{"sk-proj-", "sk-svcacct-", "sk-admin-"}[r.IntN(3)] + pick(r, urlSafe, n) + "T3BlbkFJ" + pick(r, urlSafe, n)
	}},
	{"Anthropic API key", func(r *rand.Rand) string {
		return []string{"sk-ant-api03-", "sk-ant-admin01-"}[r.IntN(2)] + pick(r, urlSafe, 93) + "AA"
	}},
	{"Stripe key", func(r *rand.Rand) string {
		return []string{"sk_live_", "rk_live_", "sk_test_", "rk_test_"}[r.IntN(4)] + pick(r, base62, []int{24, 99}[r.IntN(2)])
	}},
	{"npm token", func(r *rand.Rand) string { return "npm_" + pick(r, lower+digits, 36) }},
	{"PyPI token", func(r *rand.Rand) string { return "pypi-AgEIcHlwaS5vcmc" + pick(r, urlSafe, between(r, 50, 200)) }},
	{"Docker Hub token", func(r *rand.Rand) string { return "dckr_pat_" + pick(r, urlSafe, 27) }},
	{"Vault token", func(r *rand.Rand) string { return "hvs." + pick(r, urlSafe, between(r, 90, 120)) }},
	{"Vault token", func(r *rand.Rand) string { return "hvb." + pick(r, urlSafe, between(r, 138, 300)) }},
	{"Vault token", func(r *rand.Rand) string { return "hvr." + pick(r, urlSafe, between(r, 24, 120)) }},
	{"Hugging Face token", func(r *rand.Rand) string { return "hf_" + pick(r, upper+lower, 34) }},
	{"PEM private key", func(r *rand.Rand) string {
		labels := []string{"PRIVATE KEY", "RSA PRIVATE KEY", "EC PRIVATE KEY", "DSA PRIVATE KEY", "OPENSSH PRIVATE KEY", "ENCRYPTED PRIVATE KEY", "PGP PRIVATE KEY BLOCK"}
		return pemBlock(r, labels[r.IntN(len(labels))])
	}},
	{"JWT", jwtToken},
	{envrt.KindURLPassword, urlWithPassword},
}

// ordinaryFormat makes values of one kind that are not credentials.
type ordinaryFormat struct {
	what string
	make func(r *rand.Rand) string
}

func word(r *rand.Rand) string { return pick(r, lower, between(r, 2, 10)) }

var ordinaryFormats = []ordinaryFormat{
	{"path", func(r *rand.Rand) string {
		return "/" + word(r) + "/" + word(r) + []string{"", "/", ".yaml", "/bin", "/.cache/" + word(r)}[r.IntN(5)]
	}},
	{"windows path", func(r *rand.Rand) string { return `C:\Users\` + word(r) + `\AppData\Local\` + word(r) }},
	{"plain URL", func(r *rand.Rand) string {
		return []string{"https", "http", "postgres", "redis", "file"}[r.IntN(5)] + "://" + word(r) + ".example.com" + []string{"", ":8080", ":5432/db", "/a/b?q=1&x=" + word(r), "/path@v1", "/?next=user:pass@x"}[r.IntN(6)]
	}},
	{"URL with user, no password", func(r *rand.Rand) string {
		return []string{"ssh", "https", "git+ssh", "postgres"}[r.IntN(4)] + "://" + word(r) + "@" + word(r) + ".example.com" + []string{"", ":22", ":5432/db", "/repo.git"}[r.IntN(4)]
	}},
	{"URL with empty password", func(r *rand.Rand) string { return "postgres://" + word(r) + ":@" + word(r) + ".example.com/db" }},
	{"UUID", func(r *rand.Rand) string {
		h := hex.EncodeToString(randBytes(r, 16))
		return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
	}},
	{"sha1 hex", func(r *rand.Rand) string { return hex.EncodeToString(randBytes(r, 20)) }},
	{"sha256 hex", func(r *rand.Rand) string { return hex.EncodeToString(randBytes(r, 32)) }},
	{"sha256 digest", func(r *rand.Rand) string { return "sha256:" + hex.EncodeToString(randBytes(r, 32)) }},
	{"git SHA", func(r *rand.Rand) string { return hex.EncodeToString(randBytes(r, 20))[:[]int{7, 12, 40}[r.IntN(3)]] }},
	{"base64 blob", func(r *rand.Rand) string { return base64.StdEncoding.EncodeToString(randBytes(r, between(r, 8, 300))) }},
	{"base64 JSON config", func(r *rand.Rand) string {
		j := fmt.Sprintf(`{"alg":"%s","region":"%s","retries":%d}`, word(r), word(r), r.IntN(9))
		return []func([]byte) string{base64.StdEncoding.EncodeToString, base64.RawURLEncoding.EncodeToString}[r.IntN(2)]([]byte(j))
	}},
	{"version", func(r *rand.Rand) string {
		return fmt.Sprintf("%s%d.%d.%d%s", []string{"", "v"}[r.IntN(2)], r.IntN(30), r.IntN(100), r.IntN(1000), []string{"", "-rc.1", "+build." + pick(r, digits, 4), "-alpha"}[r.IntN(4)])
	}},
	{"JSON", func(r *rand.Rand) string {
		return fmt.Sprintf(`{"%s":"%s","n":%d,"ok":true,"url":"https://%s.example.com"}`, word(r), word(r), r.IntN(1000), word(r))
	}},
	{"number", func(r *rand.Rand) string { return fmt.Sprint(r.Int64N(1 << 40)) }},
	{"boolean", func(r *rand.Rand) string {
		return []string{"true", "false", "1", "0", "yes", "no", "on", "off", "TRUE"}[r.IntN(9)]
	}},
	{"locale", func(r *rand.Rand) string {
		return []string{"en_US.UTF-8", "C.UTF-8", "de_DE", "POSIX", "ja_JP.eucJP", "C"}[r.IntN(6)]
	}},
	{"PATH list", func(r *rand.Rand) string {
		return "/usr/local/bin:/usr/bin:/bin:/home/" + word(r) + "/go/bin:/opt/" + word(r) + "/bin"
	}},
	{"email", func(r *rand.Rand) string { return word(r) + "." + word(r) + "@" + word(r) + ".example.org" }},
	{"docker image", func(r *rand.Rand) string {
		return []string{"", "ghcr.io/", "registry.example.com:5000/", "docker.io/library/"}[r.IntN(4)] + word(r) + []string{":latest", ":1.2.3", "@sha256:" + hex.EncodeToString(randBytes(r, 32))}[r.IntN(3)]
	}},
	{"word", func(r *rand.Rand) string {
		return []string{"production", "development", "xterm-256color", "/bin/bash", "vim", "dumb", "auto", "skip-tests", "hf_cache", "npm_config", "sk-default"}[r.IntN(11)]
	}},
	{"uppercase identifier", func(r *rand.Rand) string {
		return []string{"AKIA", "ASIA", "ABIA", "ACCA"}[r.IntN(4)] + pick(r, upper+"_", between(r, 0, 12))
	}},
	{"public key", func(r *rand.Rand) string {
		return pemBlock(r, []string{"PUBLIC KEY", "CERTIFICATE", "PGP PUBLIC KEY BLOCK"}[r.IntN(3)])
	}},
	{"ssh public key", func(r *rand.Rand) string {
		return "ssh-ed25519 " + base64.StdEncoding.EncodeToString(randBytes(r, 51)) + " " + word(r) + "@" + word(r)
	}},
	{"dotted name", func(r *rand.Rand) string { return "eyJ" + word(r) + "." + word(r) }},
}

// corpusSize is how many values each format contributes to a corpus.
const corpusSize = 2000

// TestLooksSecretRecall: every synthetic token of every built-in format
// is found, and reported as its format's kind.
func TestLooksSecretRecall(t *testing.T) {
	r := corpusRand()
	found, total := 0, 0
	for _, f := range tokenFormats {
		missed := 0
		for range corpusSize {
			v := f.make(r)
			total++
			kind, ok := envrt.LooksSecret(v)
			if ok && kind == f.kind {
				found++
				continue
			}
			if missed++; missed <= 3 {
				t.Errorf("%s: %q: got %q, %v", f.kind, v, kind, ok)
			}
		}
	}
	t.Logf("recall: %d of %d synthetic tokens in %d formats (%.2f %%)", found, total, len(tokenFormats), 100*float64(found)/float64(total))
	assert.Equal(t, total, found, "recall must be 100 %")
}

// TestLooksSecretFalsePositives: no ordinary value is reported.
func TestLooksSecretFalsePositives(t *testing.T) {
	r := corpusRand()
	flagged, total := 0, 0
	for _, f := range ordinaryFormats {
		for range corpusSize {
			v := f.make(r)
			total++
			if kind, ok := envrt.LooksSecret(v); ok {
				if flagged++; flagged <= 10 {
					t.Errorf("%s: %q reported as %s", f.what, v, kind)
				}
			}
		}
	}
	t.Logf("false positives: %d of %d ordinary values in %d kinds (%.4f %%)", flagged, total, len(ordinaryFormats), 100*float64(flagged)/float64(total))
	assert.Zero(t, flagged, "false-positive rate must be 0")
}

// TestLooksSecretCases: hand-written positives and negatives, per
// detector, at the edges of each check.
func TestLooksSecretCases(t *testing.T) {
	a36 := strings.Repeat("a", 36)
	tests := []struct {
		value string
		kind  string // "" when the value is not a secret
	}{
		{"ghp_" + a36, "GitHub token"},
		{"ghs_" + strings.Repeat("Z9", 18), "GitHub token"},
		{"ghp_" + a36[1:], ""},                  // 35
		{"ghp_" + a36 + "a", "GitHub token"},    // longer: GitHub said tokens may grow to 255
		{"ghp_" + strings.Repeat("a", 252), ""}, // past 255 in all
		{"ghp_" + a36[1:] + "-", ""},            // charset
		{"GHP_" + a36, ""},                      // case
		{"ghx_" + a36, ""},                      // no such prefix
		{"Bearer ghp_" + a36, ""},               // the whole value only
		{"github_pat_" + strings.Repeat("A", 22) + "_" + strings.Repeat("b", 59), "GitHub token"},
		{"github_pat_" + strings.Repeat("A", 22) + "_" + strings.Repeat("b", 58), ""},
		{"github_pat_" + strings.Repeat("A", 22) + "_" + strings.Repeat("b", 222), ""}, // past 255 in all
		{"glpat-" + strings.Repeat("x", 20), "GitLab token"},
		{"glpat-" + strings.Repeat("x", 19), ""},
		{"glpat-" + strings.Repeat("x", 19) + "/", ""},
		{"xoxb-1234567890-1234567890-" + strings.Repeat("a", 24), "Slack token"},
		{"xoxp-" + strings.Repeat("1", 20), "Slack token"},
		{"xoxb-123", ""},
		{"xoxz-1234567890-1234567890-abc", ""},
		{"xoxb-1234567890 1234567890 abcdef", ""},
		{"AKIAIOSFODNN7EXAMPLE", "AWS access key ID"},
		{"ASIAY34FZKBOKMUTVV7A", "AWS access key ID"},
		{"AKIAIOSFODNN7EXAMPL", ""},   // 19
		{"AKIAIOSFODNN7EXAMPLEX", ""}, // 21
		{"AKIAIOSFODNN8EXAMPLE", ""},  // 8 is not base32
		{"AKIAiosfodnn7example", ""},
		{"AIDAIOSFODNN7EXAMPLE", ""}, // an IAM user ID is not a key
		{"AIza" + strings.Repeat("S", 35), "Google API key"},
		{"AIza" + strings.Repeat("S", 34), ""},
		{"sk-" + strings.Repeat("a", 20) + "T3BlbkFJ" + strings.Repeat("b", 20), "OpenAI API key"},
		{"sk-" + strings.Repeat("a", 48), ""},
		{"sk-" + strings.Repeat("a", 21) + "T3BlbkFJ" + strings.Repeat("b", 19), ""},
		{"sk-proj-" + strings.Repeat("a", 40), "OpenAI API key"},
		{"sk-proj-" + strings.Repeat("a", 39), ""},
		{"sk-svcacct-" + strings.Repeat("a", 40), "OpenAI API key"},
		{"sk-admin-" + strings.Repeat("a", 40), "OpenAI API key"},
		{"sk-ant-api03-" + strings.Repeat("a", 93) + "AA", "Anthropic API key"},
		{"sk-ant-admin01-" + strings.Repeat("a", 93) + "AA", "Anthropic API key"},
		{"sk-ant-api03-short", ""},
		{"sk-ant-api03-" + strings.Repeat("a", 40) + " ", ""},
		{"sk_live_" + strings.Repeat("a", 24), "Stripe key"},
		{"rk_live_" + strings.Repeat("a", 24), "Stripe key"},
		{"sk_test_" + strings.Repeat("a", 24), "Stripe key"},
		{"pk_live_" + strings.Repeat("a", 24), ""}, // publishable
		{"sk_live_abc", ""},
		{"npm_" + a36, "npm token"},
		{"npm_" + a36[1:], ""},
		{"npm_config_cache", ""},
		{"pypi-AgEIcHlwaS5vcmc" + strings.Repeat("a", 50), "PyPI token"},
		{"pypi-AgEIcHlwaS5vcmc" + strings.Repeat("a", 49), ""},
		{"pypi-token", ""},
		{"dckr_pat_" + strings.Repeat("a", 27), "Docker Hub token"},
		{"dckr_pat_short", ""},
		{"hvs." + strings.Repeat("a", 90), "Vault token"},
		{"hvb." + strings.Repeat("a", 150), "Vault token"},
		{"hvr." + strings.Repeat("a", 24), "Vault token"},
		{"hvs.short", ""},
		{"hvs." + strings.Repeat("a", 30) + ".x", ""},
		{"hf_" + strings.Repeat("a", 34), "Hugging Face token"},
		{"hf_" + strings.Repeat("a", 33), ""},
		{"hf_home", ""},
		{"-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----", "PEM private key"},
		{"-----BEGIN RSA PRIVATE KEY-----", "PEM private key"},
		{"-----BEGIN EC PRIVATE KEY-----\r\nMHc", "PEM private key"},
		{"-----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbn", "PEM private key"},
		{"-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIF", "PEM private key"},
		{"-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQ", "PEM private key"},
		{"-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----", ""},
		{"-----BEGIN CERTIFICATE-----\nPRIVATE KEY-----", ""}, // the label is the first line
		{"-----BEGIN PRIVATE KEY", ""},
		{"-----BEGIN ", ""},
		{"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", "JWT"},
		{"eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.", "JWT"},              // alg none: no signature
		{"eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0", ""},                  // two parts
		{"eyJhbGciOiJub25lIn0..sig", ""},                             // no payload
		{"eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.a.b", ""},              // four parts
		{"eyJ0eXAiOiJKV1QifQ.eyJzdWIiOiJ4In0.c2ln", ""},              // {"typ":"JWT"}: no alg
		{"eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.c2l+", ""},             // not base64url
		{"eyJhbGciOiJub25lIiwibiI6MX0K.eyJzdWIiOiJ4In0.c2ln", "JWT"}, // {"alg":"none","n":1}\n
		{"eyJhbGciOiJub25lIiwibiI6MXgK.eyJzdWIiOiJ4In0.c2ln", ""},    // {"alg":"none","n":1x\n: not closed
		{"eyJhbGciOiJub25lIn0", ""},                                  // a header alone
		{"eyJhbGciOiJIUzI1NiJ9", ""},                                 // base64 JSON, no dots
		{"https://user:s3cret@db.example.com/app", envrt.KindURLPassword},
		{"redis://:s3cret@cache:6379/0", envrt.KindURLPassword},
		{"mongodb+srv://u:p@cluster0.example.net", envrt.KindURLPassword},
		{"amqp://guest:guest@localhost:5672/", envrt.KindURLPassword},
		{"https://a:b@c", envrt.KindURLPassword},
		{"https://user@example.com", ""},
		{"https://example.com:8443/x", ""},
		{"ssh://git@github.com:22/org/repo.git", ""},
		{"https://user:@example.com", ""},     // empty password
		{"https://user:pass@", ""},            // no host
		{"https://example.com/a:b@c", ""},     // '@' in the path
		{"https://example.com?u=a:b@c", ""},   // in the query
		{"https://example.com#a:b@c", ""},     // in the fragment
		{"user:pass@example.com", ""},         // no scheme
		{"1http://user:pass@example.com", ""}, // a scheme starts with a letter
		{"ht tp://user:pass@example.com", ""},
		{"mailto:user:pass@example.com", ""},
		{"", ""},
		{"a", ""},
	}
	for _, tt := range tests {
		kind, ok := envrt.LooksSecret(tt.value)
		assert.Equal(t, tt.kind != "", ok, "%q", tt.value)
		assert.Equal(t, tt.kind, kind, "%q", tt.value)
	}
}

// TestBuiltinValueRulesSorted: the table Match binary-searches is sorted,
// every prefix is non-empty, and every rule's bounds make sense.
func TestBuiltinValueRulesSorted(t *testing.T) {
	rules := envrt.BuiltinValueRules()
	require.NotEmpty(t, rules)
	assert.True(t, sort.SliceIsSorted(rules, func(i, j int) bool { return rules[i].Prefix < rules[j].Prefix }))
	for _, r := range rules {
		assert.NotEmpty(t, r.Prefix)
		assert.NotEmpty(t, r.Kind, r.Prefix)
		assert.True(t, r.Max == 0 || r.Max >= r.Min, r.Prefix)
	}
}

// TestValueDetectorPrefixes: a user prefix detects a value that starts
// with it and has more, without a space, and leaves the built-ins as they
// were; a literal detector, as generated code would hold it, gives the
// same answers.
func TestValueDetectorPrefixes(t *testing.T) {
	d := envrt.NewValueDetector("acme_live_", "", "Zed-", "sk-", "ghp_")
	tests := []struct {
		value string
		kind  string
	}{
		{"acme_live_4f9a", envrt.KindValuePrefix},
		{"acme_live_", ""},
		{"acme_live_ has a space", ""},
		{"acme_test_4f9a", ""},
		{"Zed-1", envrt.KindValuePrefix},
		{"zed-1", ""},
		{"sk-anything", envrt.KindValuePrefix},
		{"ghp_", ""},
		{"ghp_x", envrt.KindValuePrefix}, // a built-in prefix given again
		{"sk-ant-api03-short", envrt.KindValuePrefix},
		{"sk-ant-api03-" + strings.Repeat("a", 95), "Anthropic API key"}, // the longer prefix first
		{"ghp_" + strings.Repeat("a", 36), "GitHub token"},
		{"https://u:p@h", envrt.KindURLPassword},
		{"production", ""},
	}
	literal := envrt.ValueDetector{Rules: d.Rules, First: d.First}
	for _, tt := range tests {
		kind, ok := d.Match(tt.value)
		assert.Equal(t, tt.kind != "", ok, "%q", tt.value)
		assert.Equal(t, tt.kind, kind, "%q", tt.value)
		lk, lok := literal.Match(tt.value)
		assert.Equal(t, kind, lk)
		assert.Equal(t, ok, lok)
	}
	assert.True(t, sort.SliceIsSorted(d.Rules, func(i, j int) bool { return d.Rules[i].Prefix < d.Rules[j].Prefix }))

	var zero envrt.ValueDetector
	_, ok := zero.Match("ghp_" + strings.Repeat("a", 36))
	assert.False(t, ok, "the zero detector has no rules")
	kind, ok := zero.Match("https://u:p@h")
	assert.True(t, ok)
	assert.Equal(t, envrt.KindURLPassword, kind)
}

// TestLooksSecretAllocs: detection allocates nothing, on a secret or not.
func TestLooksSecretAllocs(t *testing.T) {
	r := corpusRand()
	var values []string
	for _, f := range tokenFormats {
		values = append(values, f.make(r))
	}
	for _, f := range ordinaryFormats {
		values = append(values, f.make(r))
	}
	d := envrt.NewValueDetector("acme_live_")
	allocs := testing.AllocsPerRun(100, func() {
		for _, v := range values {
			envrt.LooksSecret(v)
			d.Match(v)
		}
	})
	assert.Zero(t, allocs)
}

// typicalEnvironValues are the values of a developer's or CI runner's
// environment, with two credentials among them.
func typicalEnvironValues() []string {
	r := corpusRand()
	values := []string{
		"/home/dev", "dev", "dev", "/bin/bash", "xterm-256color", "en_US.UTF-8", "en_US.UTF-8",
		"/usr/local/go/bin:/home/dev/go/bin:/home/dev/.cargo/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
		"/home/dev/src/app", "/home/dev/src", "1", "2", "less", "vim", "/tmp", "unix:path=/run/user/1000/bus",
		"/run/user/1000", ":0", "wayland-0", "/home/dev/go", "/home/dev/.cache/go-build", "on", "auto",
		"/usr/share/zsh", "ubuntu:GNOME", "GNOME", "x11", "/etc/xdg/xdg-ubuntu:/etc/xdg", "1000",
		"true", "false", "production", "https://proxy.golang.org,direct", "sum.golang.org",
		"/home/dev/.nvm/versions/node/v20.11.1/bin/node", "v20.11.1", "22.04", "linux", "amd64",
		"ghcr.io/acme/app:1.4.2", "https://registry.npmjs.org/", "postgres://app@db:5432/app",
		"info", "UTC", "C.UTF-8", "3", "8080", "0.0.0.0", "git@github.com:acme/app.git",
		"main", "refs/heads/main", "github-actions", "ubuntu-latest", "X64",
		"/home/runner/work/_temp", "/opt/hostedtoolcache", "18", "16",
		"ghp_" + pick(r, base62, 36),
		"postgres://app:" + pick(r, base62, 24) + "@db.internal:5432/app",
	}
	for range 20 {
		values = append(values, hex.EncodeToString(randBytes(r, 20)))
	}
	return values
}

// BenchmarkLooksSecret is the cost per value on a typical environment's
// values: b.N runs over the whole list, reported as ns/value.
func BenchmarkLooksSecret(b *testing.B) {
	values := typicalEnvironValues()
	b.ReportAllocs()
	b.ResetTimer()
	found := 0
	for b.Loop() {
		for _, v := range values {
			if _, ok := envrt.LooksSecret(v); ok {
				found++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(values)), "ns/value")
	if found == 0 {
		b.Fatal("the two credentials were not found")
	}
}

// FuzzLooksSecret: no input panics, and the answer is the same twice and
// the same through a detector built with no extra prefixes.
func FuzzLooksSecret(f *testing.F) {
	r := corpusRand()
	for _, tf := range tokenFormats {
		f.Add(tf.make(r))
	}
	for _, of := range ordinaryFormats {
		f.Add(of.make(r))
	}
	f.Add("eyJ.eyJ.")
	f.Add("eyJhbGciOiJub25lIn0.e.")
	f.Add("a://:@")
	f.Add("-----BEGIN PRIVATE KEY-----")
	d := envrt.NewValueDetector()
	f.Fuzz(func(t *testing.T, value string) {
		kind, ok := envrt.LooksSecret(value)
		kind2, ok2 := envrt.LooksSecret(value)
		kind3, ok3 := d.Match(value)
		if kind != kind2 || ok != ok2 || kind != kind3 || ok != ok3 {
			t.Fatalf("%q: %q %v, then %q %v, by a new detector %q %v", value, kind, ok, kind2, ok2, kind3, ok3)
		}
		if ok != (kind != "") {
			t.Fatalf("%q: kind %q with ok %v", value, kind, ok)
		}
	})
}
