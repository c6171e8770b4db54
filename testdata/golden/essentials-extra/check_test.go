package essentials

// Self-checks of essentials.extra next to the built-in list, which already
// holds one of its names. They run only inside the e2e module that
// internal/gen's TestE2E builds.

import (
	"testing"

	"envgen.test/e2e/checks"
)

func TestBuildEnv(t *testing.T) {
	environ := []string{"HOME=/h", "GOFLAGS=-v", "GOPATH=/go", "GOROOT=/goroot", "HOME=/dup", "TERM=xterm"}
	checks.SameEntries(t, "BuildEnv", BuildEnv(environ), []string{"HOME=/h", "GOFLAGS=-v", "GOPATH=/go", "TERM=xterm"})
}
