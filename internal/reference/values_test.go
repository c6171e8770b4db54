package reference

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Credentials by value, under innocent names (docs/semantics.md: secret
// values). The expected outputs are written out by hand.
const (
	ghToken  = "ghp_0123456789abcdefghijABCDEFGHIJklmnop" // GitHub: ghp_ and 36 base62
	awsKey   = "AKIAIOSFODNN7EXAMPLE"                     // AWS's own documentation example
	dbURL    = "postgres://app:hunter2@db.internal:5432/app"
	acmeKey  = "acme_live_4f9b2c"
	plainURL = "https://example.com/x?y=1"
)

func TestReferenceValuesInherit(t *testing.T) {
	p := refBare(`secrets: {builtin: false, pass: [KEPT_URL], valuePrefixes: [acme_live_]}
tasks:
  sh: {mode: inherit, passThrough: [MY_CONFIG]}
`)
	env := []string{"MY_CONFIG=" + ghToken, "OTHER=" + ghToken, "ID=" + awsKey, "DB=" + dbURL, "KEPT_URL=" + dbURL,
		"ACME=" + acmeKey, "SITE=" + plainURL, "BEARER=Bearer " + ghToken, "E="}
	// MY_CONFIG: an exact passThrough name keeps it; KEPT_URL: secrets.pass
	// does; a token anywhere in a value is found there too.
	refBoth(t, p, "sh", env, nil, []string{"MY_CONFIG=" + ghToken, "KEPT_URL=" + dbURL, "SITE=" + plainURL, "E="})

	r := refRun(t, p, "sh", false, env, nil)
	why := map[string]string{}
	for _, d := range r.Dropped {
		why[d.Name] = d.Why.String()
	}
	assert.Equal(t, map[string]string{
		"OTHER":  "secret by value (value holds a GitHub token)",
		"ID":     "secret by value (value holds an AWS access key ID)",
		"DB":     "secret by value (value holds a URL with a password)",
		"ACME":   "secret by value (value holds acme_live_… (secrets.valuePrefixes))",
		"BEARER": "secret by value (value holds a GitHub token after `Bearer `)",
	}, why)
	for _, d := range r.Dropped {
		assert.NotContains(t, d.Why.String(), "ghp_0123", "a reason never holds the value")
	}
}

// TestReferenceValuesExemptionIsExact: under Windows' rules passThrough's
// Foo passes FOO, but only the exact spelling is exempt, so FOO holding a
// token is dropped, as a secret by name would be.
func TestReferenceValuesExemptionIsExact(t *testing.T) {
	p := refBare(`tasks:
  sh: {mode: inherit, passThrough: [Foo]}
  build: {passThrough: [Foo]}
`)
	for _, key := range []string{"sh", "build"} {
		assert.Empty(t, refRun(t, p, key, true, []string{"FOO=" + ghToken}, nil).Environ(), key)
		assert.Equal(t, []string{"Foo=" + ghToken}, refRun(t, p, key, true, []string{"Foo=" + ghToken}, nil).Environ(), key)
	}
}

func TestReferenceValuesIsolated(t *testing.T) {
	p := refBare(`essentials: {builtin: false, extra: [HOME, PATH]}
tasks:
  build:
    passThrough: [NODE_ENV, "APP_*", KEEP]
    define: {DEFINED: "` + ghToken + `"}
    binPaths: [/opt/bin]
`)
	env := []string{"HOME=" + awsKey, "PATH=" + dbURL, "NODE_ENV=" + ghToken, "APP_URL=" + dbURL, "APP_NAME=web", "KEEP=" + ghToken, "SET=x"}
	// Essentials and pattern matches never pass a secret value; an exact
	// passThrough name still does (KEEP), and NODE_ENV is one too. PATH's
	// own value is dropped, so PATH is the binPaths directories alone.
	// Defines and Set are the policy's and the caller's: not checked.
	refBoth(t, p, "build", env, nil,
		[]string{"NODE_ENV=" + ghToken, "APP_NAME=web", "KEEP=" + ghToken, "DEFINED=" + ghToken, "SET2=" + dbURL, "PATH=/opt/bin"},
		set("SET2", dbURL))
}

// TestReferenceValuesReferences: ${NAME} never reads a value the task
// drops as a secret by value; an exempted one it reads.
func TestReferenceValuesReferences(t *testing.T) {
	p := refBare(`tasks:
  sh:
    mode: inherit
    passThrough: [KEEP]
    define: {A: "<${CONF}>", B: "<${KEEP}>", C: "<${PLAIN}>"}
    binPaths: ["${TOOLS}/bin", /opt/bin]
`)
	env := []string{"CONF=" + ghToken, "KEEP=" + ghToken, "PLAIN=p", "TOOLS=" + dbURL}
	refBoth(t, p, "sh", env, nil, []string{"KEEP=" + ghToken, "PLAIN=p", "A=<>", "B=<" + ghToken + ">", "C=<p>", "PATH=/opt/bin"})
}

// TestReferenceValuesOff: with secrets.values false nothing is checked by
// value, and IsSecretValue says false.
func TestReferenceValuesOff(t *testing.T) {
	off := refBare("secrets: {builtin: false, values: false}\ntasks: {sh: {mode: inherit}, build: {passThrough: [\"*\"]}}\n")
	env := []string{"A=" + ghToken, "B=" + dbURL, "C=" + acmeKey}
	for _, key := range []string{"sh", "build"} {
		refBoth(t, off, key, env, nil, env)
	}
	assert.False(t, IsSecretValue(checkedPolicy(t, off), ghToken))

	on := checkedPolicy(t, refBare("secrets: {builtin: false, valuePrefixes: [acme_live_]}\ntasks: {sh: {mode: inherit}}\n"))
	assert.True(t, IsSecretValue(on, ghToken))
	assert.True(t, IsSecretValue(on, acmeKey))
	assert.False(t, IsSecretValue(on, "acme_live_"), "a prefix alone")
	assert.False(t, IsSecretValue(on, plainURL))
	assert.False(t, IsSecretValue(checkedPolicy(t, refBare("tasks: {sh: {mode: inherit}}\n")), acmeKey), "no such prefix")
}

func TestReasonSecretValueDetail(t *testing.T) {
	for kind, want := range map[string]string{
		"GitHub token":        "value holds a GitHub token",
		"AWS access key ID":   "value holds an AWS access key ID",
		"OpenAI API key":      "value holds an OpenAI API key",
		"npm token":           "value holds an npm token",
		"URL with a password": "value holds a URL with a password",
		"JWT":                 "value holds a JWT",
	} {
		assert.Equal(t, want, Reason{Kind: SecretValue, By: kind}.Detail(), kind)
	}
	assert.Equal(t, "value holds a GitHub token after `Bearer `", Reason{Kind: SecretValue, By: "GitHub token", Form: "after `Bearer `"}.Detail())
	assert.Equal(t, "value holds acme_… (secrets.valuePrefixes)", Reason{Kind: SecretValue, By: "value with a secret prefix", ValuePrefix: "acme_"}.Detail())
}
