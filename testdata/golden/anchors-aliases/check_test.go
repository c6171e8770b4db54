package anchors

// Self-checks of a policy built with YAML anchors and aliases: the tasks
// that share definitions build the same environment. They run only inside
// the e2e module that internal/gen's TestE2E builds.

import (
	"os"
	"testing"

	"envgen.test/e2e/checks"
)

var environ = []string{"PATH=/bin", "NODE_ENV=ci", "NEXT_PUBLIC_X=1", "DEPLOY_KEY=d", "SIGNING_KEY=s", "CGO_ENABLED=1", "EDITOR=vim"}

func TestShared(t *testing.T) {
	want := []string{
		"PATH=/r/bin" + string(os.PathListSeparator) + "/bin",
		"NODE_ENV=ci", "NEXT_PUBLIC_X=1", "CGO_ENABLED=0", "MODE=fast",
	}
	checks.SameEntries(t, "BuildEnv", BuildEnv(environ, BuildParams{Mode: "fast", Root: "/r"}), want)
	checks.SameEntries(t, "TestEnv", TestEnv(environ, TestParams{Mode: "fast", Root: "/r"}), want)
}

func TestReleaseEnv(t *testing.T) {
	// The aliased secrets.extra list is the release task's passThrough: it
	// keeps both secrets.
	checks.SameEntries(t, "ReleaseEnv", ReleaseEnv(environ), []string{
		"PATH=/bin", "NODE_ENV=ci", "NEXT_PUBLIC_X=1", "DEPLOY_KEY=d", "SIGNING_KEY=s", "DEBUG=0", "CGO_ENABLED=1", "EDITOR=vim",
	})
	if !IsSecret("DEPLOY_KEY") || !IsSecret("SIGNING_KEY") {
		t.Errorf("DEPLOY_KEY and SIGNING_KEY are secrets.extra, so secrets policy-wide")
	}
}
