package secretvaluesoff

// Self-checks of secrets.values: false. They run only inside the e2e
// module that internal/gen's TestE2E builds.

import (
	"slices"
	"testing"
)

const ghToken = "ghp_0123456789abcdefghijABCDEFGHIJklmnop"

func TestIsSecretValueOff(t *testing.T) {
	for _, value := range []string{ghToken, "AKIAIOSFODNN7EXAMPLE", "postgres://u:pw@db/app", "x"} {
		if IsSecretValue(value) {
			t.Errorf("IsSecretValue(%q) = true with secrets.values: false", value)
		}
	}
}

func TestShellKeepsSecretValues(t *testing.T) {
	environ := []string{"MY_CONFIG=" + ghToken, "GITHUB_TOKEN=" + ghToken, "PATH=/bin"}
	if got, want := ShellEnv(environ), []string{"MY_CONFIG=" + ghToken, "PATH=/bin"}; !slices.Equal(got, want) {
		t.Errorf("ShellEnv:\n got  %q\n want %q", got, want)
	}
}
