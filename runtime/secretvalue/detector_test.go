package secretvalue_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"

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
	for _, v := range []string{
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
	} {
		f, ok := secretvalue.Find(v)
		assert.False(t, ok, "%q reported as %s", v, f)
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
