package secretvalues

// Self-checks of secrets.values with secrets.valuePrefixes. They run only
// inside the e2e module that internal/gen's TestE2E builds.

import (
	"slices"
	"testing"
)

const ghToken = "ghp_0123456789abcdefghijABCDEFGHIJklmnop"

func TestIsSecretValue(t *testing.T) {
	for value, want := range map[string]bool{
		ghToken:                        true,
		"AKIAIOSFODNN7EXAMPLE":         true,
		"postgres://u:pw@db/app":       true,
		"acme_live_4f9b2c":             true, // secrets.valuePrefixes
		"acme_test_x":                  true,
		"acme_live_":                   false, // a prefix alone
		"acme_live_ x":                 false, // a space after it
		"acme_prod_4f9b2c":             false,
		"Bearer " + ghToken:            true, // anywhere in the value
		"x=1; token=" + ghToken + "\n": true,
		"https://example.com/x?y=1":    false,
		"":                             false,
		"/usr/local/bin:/usr/bin:/bin": false,
	} {
		if got := IsSecretValue(value); got != want {
			t.Errorf("IsSecretValue(%q) = %v, want %v", value, got, want)
		}
	}
}

// TestBuildersDropSecretValues: the builders drop an entry whose value
// holds a credential, unless an exemption names its spelling
// (docs/semantics.md, "Secret values").
func TestBuildersDropSecretValues(t *testing.T) {
	environ := []string{"MY_CONFIG=" + ghToken, "APP_URL=postgres://u:pw@db/app", "APP_NAME=web",
		"DEPLOY_CONFIG=acme_live_4f9b2c", "TRUSTED_URL=postgres://u:pw@db/app", "PATH=/bin"}
	if got, want := ShellEnv(environ), []string{"APP_NAME=web", "TRUSTED_URL=postgres://u:pw@db/app", "PATH=/bin"}; !slices.Equal(got, want) {
		t.Errorf("ShellEnv:\n got  %q\n want %q", got, want)
	}
	if got, want := BuildEnv(environ), []string{"APP_NAME=web", "DEPLOY_CONFIG=acme_live_4f9b2c", "PATH=/bin"}; !slices.Equal(got, want) {
		t.Errorf("BuildEnv:\n got  %q\n want %q", got, want)
	}
}
