package patterns

// Self-checks of isolated passThrough: exact names, patterns that never
// pass a secret, negations that beat everything. They run only inside the
// e2e module that internal/gen's TestE2E builds.

import (
	"runtime"
	"testing"

	"envgen.test/e2e/checks"
)

func TestWebEnv(t *testing.T) {
	environ := []string{
		"PATH=/bin",                 // essential
		"TERM=xterm",                // essential
		"HOME=/home/u",              // essential, but negated: dropped
		"NODE_ENV=production",       // listed, and negated: dropped
		"GITHUB_TOKEN=gh",           // exact name: kept although a secret
		"NEXT_PUBLIC_URL=https://x", // pattern
		"NEXT_PUBLIC_=empty",        // pattern, empty run
		"NEXT_PUBLIC_SECRET_SALT=s", // negated pattern
		"NEXT_PUBLIC_TOKEN=t",       // secret: a pattern does not pass it
		"VITE_MODE=dev",             // pattern
		"VITE_DEBUG=1",              // negated name
		"VITE_API_KEY=k",            // secret
		"GO_VERSION=1.24",           // *_VERSION
		"_VERSION=empty-prefix",     // *_VERSION, empty run
		"npm_config_foo_registry=r", // npm_config_*_registry
		"npm_config__registry=e",    // ... empty run
		"npm_config_registry=short", // too short for the pattern
		"EDITOR=vim",                // not listed
		"AWS_SECRET_ACCESS_KEY=aws", // secret, not listed
	}
	checks.SameEntries(t, "WebEnv", WebEnv(environ), []string{
		"PATH=/bin", "TERM=xterm", "GITHUB_TOKEN=gh", "NEXT_PUBLIC_URL=https://x", "NEXT_PUBLIC_=empty",
		"VITE_MODE=dev", "GO_VERSION=1.24", "_VERSION=empty-prefix",
		"npm_config_foo_registry=r", "npm_config__registry=e",
	})
}

func TestCase(t *testing.T) {
	environ := []string{"github_token=lower", "next_public_url=lower", "NPM_CONFIG_FOO_REGISTRY=upper", "vite_debug=lower", "home=/h"}
	got := WebEnv(environ)
	if runtime.GOOS == "windows" {
		// Patterns and negations fold; the exact exemption does not.
		checks.SameEntries(t, "WebEnv on Windows", got, []string{"next_public_url=lower", "NPM_CONFIG_FOO_REGISTRY=upper"})
		return
	}
	// Patterns and names compare exactly; github_token is a secret whose
	// spelling the task does not exempt.
	checks.SameEntries(t, "WebEnv", got, nil)
}

func TestAppendLeavesDst(t *testing.T) {
	dst := make([]string, 1, 8)
	dst[0] = "NODE_ENV=dst"
	got := AppendWebEnv(dst, []string{"NODE_ENV=x", "VITE_MODE=m"})
	if got[0] != "NODE_ENV=dst" {
		t.Errorf("AppendWebEnv changed dst[0] to %q", got[0])
	}
	checks.SameEntries(t, "AppendWebEnv after dst", got[1:], []string{"VITE_MODE=m"})
}

func TestAllocs(t *testing.T) {
	environ := []string{"PATH=/bin", "NEXT_PUBLIC_URL=x", "VITE_DEBUG=1", "GITHUB_TOKEN=gh"}
	dst := make([]string, 0, 16)
	if n := testing.AllocsPerRun(100, func() { AppendWebEnv(dst[:0], environ) }); n != 0 {
		t.Errorf("AppendWebEnv with room allocates %v times, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { WebEnv(environ) }); n != 1 {
		t.Errorf("WebEnv allocates %v times, want 1 (the slice)", n)
	}
}
