package bare

// Self-checks with both built-in lists off. They run only inside the e2e
// module that internal/gen's TestE2E builds.

import (
	"slices"
	"testing"

	"envgen.test/e2e/checks"
)

var environ = []string{
	"PATH=/bin",
	"HOME=/h",
	"USER=u",                    // a built-in essential, but the list is off
	"LANG=C",                    // likewise
	"TERM=xterm",                // passThrough name
	"AWS_REGION=eu",             // passThrough pattern
	"AWS_SECRET_ACCESS_KEY=aws", // no longer a secret: passed by AWS_*
	"AWS_SESSION_TOKEN=tok",     // a secret by *_TOKEN: no pattern passes it
	"OPENAI_API_KEY=sk",         // no longer a secret
	"SSH_AUTH_SOCK=/agent",      // no longer a secret
	"DEPLOY_KEY=d",              // secrets.extra
	"deploy_key=d",              // ... in any case
	"GITHUB_TOKEN=gh",           // *_TOKEN
}

func TestBuildEnv(t *testing.T) {
	checks.SameEntries(t, "BuildEnv", BuildEnv(environ), []string{
		"PATH=/bin", "HOME=/h", "TERM=xterm", "AWS_REGION=eu", "AWS_SECRET_ACCESS_KEY=aws",
	})
}

func TestShellEnv(t *testing.T) {
	checks.SameEntries(t, "ShellEnv", ShellEnv(environ), []string{
		"PATH=/bin", "HOME=/h", "USER=u", "LANG=C", "TERM=xterm", "AWS_REGION=eu",
		"AWS_SECRET_ACCESS_KEY=aws", "OPENAI_API_KEY=sk", "SSH_AUTH_SOCK=/agent",
	})
}

func TestSecrets(t *testing.T) {
	if got, want := Secrets(), []string{"*_TOKEN", "DEPLOY_KEY"}; !slices.Equal(got, want) {
		t.Errorf("Secrets() = %q, want %q", got, want)
	}
	for name, want := range map[string]bool{
		"DEPLOY_KEY": true, "deploy_key": true, "X_TOKEN": true, "x_token": true,
		"OPENAI_API_KEY": false, "AWS_SECRET_ACCESS_KEY": false, "SSH_AUTH_SOCK": false,
	} {
		if got := IsSecret(name); got != want {
			t.Errorf("IsSecret(%q) = %v, want %v", name, got, want)
		}
	}
}
