package secretvalue_test

import (
	"encoding/base64"
	"strings"
	"sync"
	"testing"

	"github.com/envgen/envgen/runtime/internal/assert"
	"github.com/envgen/envgen/runtime/internal/require"

	"github.com/envgen/envgen/runtime/secretvalue"
)

// TestNewPrefixes: a prefix of one's own marks a value that holds it,
// at its start even when short, or starting a run anywhere; a longer
// built-in prefix wins, and a built-in one of the same length.
func TestNewPrefixes(t *testing.T) {
	d := secretvalue.New("acme_live_", "", "Zed-", "sk-", "ghp_")
	for _, tt := range []struct {
		value, family, prefix, form string
	}{
		{"acme_live_4f9a", "value with a secret prefix", "acme_live_", ""},
		{`"acme_live_4f9a"`, "value with a secret prefix", "acme_live_", "quoted"},
		{"key: acme_live_4f9a8b7c6d5e4f3a2b1c", "value with a secret prefix", "acme_live_", "in text"},
		{"https://api.acme.example/?k=acme_live_4f9a8b7c6d5e4f3a2b1c", "value with a secret prefix", "acme_live_", "in a URL"},
		{"Zed-1", "value with a secret prefix", "Zed-", ""},
		{"sk-anything", "value with a secret prefix", "sk-", ""},
		{"sk-ant-api03-short", "value with a secret prefix", "sk-", ""},
		{"sk-ant-api03-" + strings.Repeat("a", 95), "Anthropic API key", "", ""}, // the longer prefix
		{"ghp_" + strings.Repeat("a", 36), "GitHub token", "", ""},               // the built-in one on a tie
		{"ghp_x", "value with a secret prefix", "ghp_", ""},                      // the user's where the built-in fails
		{"https://u:p@h.example", "URL with a password", "", ""},
	} {
		f, ok := d.Find(tt.value)
		if assert.True(t, ok, "%q", tt.value) {
			assert.Equal(t, secretvalue.Finding{Family: tt.family, Form: tt.form, Prefix: tt.prefix}, f, "%q", tt.value)
		}
		assert.True(t, d.Contains(tt.value), "Contains(%q), under 8 bytes too", tt.value)
	}
	for _, v := range []string{"acme_live_", "acme_live_ has a space", "acme_test_4f9a", "zed-1", "production", "the acme_live_ key"} {
		f, ok := d.Find(v)
		assert.False(t, ok, "%q reported as %s", v, f)
	}
	_, ok := secretvalue.Find("acme_live_4f9a")
	assert.False(t, ok, "the built-in detectors know no acme_live_")
}

// TestURLEdges: a URL's userinfo is a credential when it holds a
// password or a token, not a user, a port or an '@' past the host.
func TestURLEdges(t *testing.T) {
	for _, v := range []string{"https://user:s3cret@db.example.com/app", "redis://:s3cret@cache:6379/0", "amqp://guest:guest@localhost:5672/", "https://a:b@c"} {
		assert.True(t, secretvalue.Contains(v), "%q", v)
	}
	hex40 := "3f2a9c8e7d6b5a4f3e2d1c0b9a8f7e6d5c4b3a29" // a legacy GitHub OAuth token
	f, ok := secretvalue.Find("https://" + hex40 + "@github.com/acme/app.git")
	assert.True(t, ok, "32 or more hex digits as the user are a token")
	assert.Equal(t, secretvalue.Finding{Family: "token"}, f, "the URL is the credential")
	for _, v := range []string{
		"https://" + hex40[:31] + "@example.com", // 31 hex digits: a name, for all it shows
		"https://user@example.com",
		"https://example.com:8443/x",
		"ssh://git@github.com:22/org/repo.git",
		"https://user:@example.com",
		"https://user:pass@",
		"https://example.com/a:b@c",
		"https://example.com?u=a:b@c",
		"https://example.com#a:b@c",
		"https://host.example:8080/path@v1",
		"user:pass@example.com",
		"1http://user:pass@example.com",
		"mailto:user:pass@example.com",
		"https://u:${TOKEN}@example.com",
		"https://u:%TOKEN%@example.com",
		"https://build-bot@example.com",
		"https://hooks.example.com/api/webhooks/1234567890123456789/Zq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0Mf9Jc6Gd", // Discord's path, not its host
	} {
		f, ok := secretvalue.Find(v)
		assert.False(t, ok, "%q reported as %s", v, f)
	}
}

// keySamples are key=value texts, one per word of a key that names a
// credential, each key the word alone so that no other word finds it.
var keySamples = []struct{ family, value string }{
	{"password", "password=Zq2Wm8Xk"},
	{"password", "PASSWD=Zq2Wm8Xk"},
	{"password", "Pwd=Zq2Wm8Xk"},
	{"password", `{"pass": "kR7!wq"}`},
	{"password", "passphrase: 'm3lon collie tango'"},
	{"secret", "secret_key = 9f2Kq7Lm1Xz4Wb8N"},
	{"secret", "secretKey=9f2Kq7Lm1Xz4Wb8N"},
	{"secret", "secret_key_base: 5d1e9a7c3b2f80e4a6c9d0b3f7e2a1c8"},
	{"secret", "secret=Zq2Wm8Xk4Rv7"},
	{"AWS secret access key", "secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"},
	{"token", "token=Zq2Wm8Xk4Rv7"},
	{"token", "authtoken=Zq2Wm8Xk4Rv7"},
	{"token", `{"identitytoken":"Zq2Wm8Xk4Rv7"}`},
	{"token", `{"registrytoken":"Zq2Wm8Xk4Rv7"}`},
	{"API key", "apikey=Zq2Wm8Xk4Rv7"},
	{"API key", "api_key=Zq2Wm8Xk4Rv7"},
	{"API key", "api-key=Zq2Wm8Xk4Rv7"},
	{"Azure storage account key", "AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="},
	{"Azure shared access key", "SharedAccessKey=Zq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0Mf9Jc6Gd2Kx7Qw4Ea1U="},
	{"Azure SAS signature", "sig=Zq2Wm8Xk4Rv7Tn1Yb5Lp"},
	{"registry credentials", `{"auth":"ZGVwbG95OlN1bW1lcjIwMjYhY29ycA=="}`},
	{"GitLab session cookie", "_gitlab_session=0f3c2a1b9e8d7c6b5a4f3e2d1c0b9a8f"},
	{"HTTP authorization credentials", "Authorization: Api-Token 8jZ3DzTzotF9tqdmeni4"},
	{"key", "key=KcG4S7KPTlkaQKSAmYerTGIqqh0WrLsm"},
	{"key", "accesskey=bbOIY7TVNNRMs3Jpqomo2wQ4"},
	{"credentials", "credentials=BTquMrR8i3X5EEkpIIFgcNeBoUwrK7tLwVNgPR5H"},
	{"credentials", "credential=qpJnpHj19Au2h7XE92iNdLfQqW9l"},
}

// TestKeys: each key that names a credential finds its sample, as its
// family; and each has a sample, so that removing a key fails this.
func TestKeys(t *testing.T) {
	for _, tt := range keySamples {
		f, ok := secretvalue.Find(tt.value)
		if assert.True(t, ok, "%q not found", tt.value) {
			assert.Equal(t, tt.family, f.Family, "%q", tt.value)
		}
	}
	keys := map[string]bool{}
	for _, tt := range keySamples {
		key := strings.TrimPrefix(tt.value, `{"`)
		key = strings.TrimSpace(key[:strings.IndexAny(key, `=":`)])
		keys[strings.ToLower(key)] = true
	}
	for _, word := range secretvalue.CredentialKeys() {
		assert.True(t, keys[word], "key %q has no sample", word)
	}
}

// TestKeyEdges: a key names a credential only as a whole word, and its
// value only when it is not a placeholder.
func TestKeyEdges(t *testing.T) {
	for _, v := range []string{"password=hunter2", "DB_PASSWORD=hunter2", "--password=hunter2", "spring.datasource.password=hunter2", "trustStorePassword=changeit", "client_secret=abcdef123", "?sig=abcdefghijklmnop1234"} {
		assert.True(t, secretvalue.Contains(v), "%q", v)
	}
	for _, v := range []string{
		"passwordless=true", "password_min_length=12", "--password-file=/run/secrets/db", "password=${DB_PASSWORD}",
		"password=$DB_PASSWORD", "password=****", "password=", "password=no", "token=null", "page_token=abcdefghij1234",
		"next_token=abcdefghij1234", "csrf_token=abcdefghij1234", "PWD=/home/dev", "OLDPWD=/tmp", "sig=short", "auth=true",
		`{"password": null}`, `{"password": ""}`, `{"token_ttl": 3600}`,
	} {
		f, ok := secretvalue.Find(v)
		assert.False(t, ok, "%q reported as %s", v, f)
	}
}

// TestSchemeForm: a token is "after `Bearer `" (`Basic `, `token `)
// when the word before it is the scheme, as the detectors read it, not
// when a word only ends so.
func TestSchemeForm(t *testing.T) {
	const gh = "ghp_nA9icKB0kFv3HuKvPk8w1BLZzkPWwj65S9O8"
	for value, form := range map[string]string{
		"Authorization: Bearer " + gh: "after `Bearer `",
		`"bearer	` + gh + `"`:         "after `Bearer `",
		"TOKEN " + gh:                 "after `token `",
		"subtoken " + gh:              "in text",
		"x:Bearer " + gh:              "in text",
	} {
		f, ok := secretvalue.Find(value)
		if assert.True(t, ok, "%q", value) {
			assert.Equal(t, form, f.Form, "%q", value)
		}
	}
}

// TestBase64Windows: base64 text is decoded 768 bytes at a time, the
// windows overlapping by 192, so that a credential of up to 192 bytes
// lies whole in some window wherever it sits, across a window's edge
// too. The token is a Cloudflare Origin CA key, 176 bytes: the longest
// family of one exact length, which a cut would make too short (a family
// with no upper bound is found cut).
func TestBase64Windows(t *testing.T) {
	token := "v1.0-ed985d936e77b87fddf5aa6c-4f2c72a6722cc68408c7f3db516285c4613d82f91d5d4d006adc38afb7fd499c8b3df9e95f2e6a3be8bea52d7a637e73231ff3e277b36d149fa2d12abfe03ece7abb7e5e032a7a9c6b"
	require.Len(t, token, 176)
	filler := strings.Repeat("lorem ipsum dolor sit amet, ", 80)
	for at := 0; at <= 1600; at++ {
		text := filler[:at] + " " + token + " " + filler[:200]
		v := base64.RawURLEncoding.EncodeToString([]byte(text))
		f, ok := secretvalue.Find(v)
		if !assert.True(t, ok, "a token at byte %d of the decoded text", at+1) {
			continue
		}
		assert.Equal(t, secretvalue.Finding{Family: "Cloudflare Origin CA key", Form: "in base64"}, f, "at byte %d", at+1)
	}
}

// TestAllocs: Contains and Find allocate nothing, base64 and all.
func TestAllocs(t *testing.T) {
	var values []string
	for _, s := range familySamples {
		values = append(values, s.value)
	}
	for _, s := range formSamples {
		values = append(values, s.value)
	}
	values = append(values, environValues(t)...)
	d := secretvalue.New("acme_live_")
	allocs := testing.AllocsPerRun(20, func() {
		for _, v := range values {
			d.Contains(v)
			d.Find(v)
			secretvalue.Find(v)
		}
	})
	assert.Zero(t, allocs)
}

// TestConcurrent: one detector serves many goroutines (run with -race).
func TestConcurrent(t *testing.T) {
	d := secretvalue.New("acme_live_")
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, s := range formSamples {
				f, ok := d.Find(s.value)
				assert.True(t, ok)
				assert.Equal(t, s.family, f.Family)
			}
		}()
	}
	wg.Wait()
}

// TestDecodedTextOnce: text decoded from base64 is not decoded again
// from a later run inside it, but a later base64 stretch of the same
// value is decoded: a token in base64 after a long base64 text, and
// after a base64 text that turns to binary, is found.
func TestDecodedTextOnce(t *testing.T) {
	token := base64.StdEncoding.EncodeToString([]byte("ghp_nA9icKB0kFv3HuKvPk8w1BLZzkPWwj65S9O8"))
	prose := base64.StdEncoding.EncodeToString([]byte(strings.Repeat("the quick brown fox jumps over the lazy dog; ", 40)))
	binary := base64.StdEncoding.EncodeToString(append([]byte("plain text first, "), make([]byte, 600)...))
	for _, v := range []string{prose + " " + token, binary + " " + token, prose + "," + binary + "\n" + token} {
		f, ok := secretvalue.Find(v)
		if assert.True(t, ok, "%.40q…", v) {
			assert.Equal(t, secretvalue.Finding{Family: "GitHub token", Form: "in base64"}, f)
		}
	}
}
