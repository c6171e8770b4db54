package pass

// Self-checks of secrets.pass: exact spellings of secret names exempted,
// whether the built-in list, a built-in pattern or an extra pattern made
// them secrets. They run only inside the e2e module that internal/gen's
// TestE2E builds.

import (
	"runtime"
	"slices"
	"testing"

	"envgen.test/e2e/checks"
)

var environ = []string{
	"PATH=/bin",
	"DATABASE_URL=postgres://", // built-in secret, passed
	"DATABASE_PASSWORD=pw",     // *_PASSWORD
	"DATABASE_HOST=db",         // no secret
	"SLEUTH_API_KEY=sl",        // *_API_KEY, passed
	"SLEUTH_OTHER_API_KEY=x",   // *_API_KEY
	"SENTRY_DSN=https://dsn",   // *_DSN, passed
	"SENTRY_ORG=org",           // no secret
	"OTHER_DSN=x",              // *_DSN
}

func TestRunEnv(t *testing.T) {
	checks.SameEntries(t, "RunEnv", RunEnv(environ), []string{
		"PATH=/bin", "DATABASE_URL=postgres://", "DATABASE_HOST=db", "SLEUTH_API_KEY=sl", "SENTRY_DSN=https://dsn", "SENTRY_ORG=org",
	})
}

func TestBuildEnv(t *testing.T) {
	// A name that pass exempts is no secret, so patterns pass it too.
	checks.SameEntries(t, "BuildEnv", BuildEnv(environ), []string{
		"PATH=/bin", "DATABASE_URL=postgres://", "DATABASE_HOST=db", "SLEUTH_API_KEY=sl", "SENTRY_DSN=https://dsn", "SENTRY_ORG=org",
	})
}

func TestOtherSpellings(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the spellings below are each one name with an exempt one on Windows")
	}
	checks.SameEntries(t, "RunEnv", RunEnv([]string{"database_url=x", "Sentry_Dsn=x", "sleuth_api_key=x"}), nil)
}

func TestIsSecret(t *testing.T) {
	for name, want := range map[string]bool{
		"DATABASE_URL": false, "database_url": true,
		"SLEUTH_API_KEY": false, "Sleuth_Api_Key": true,
		"SENTRY_DSN": false, "sentry_dsn": true, "OTHER_DSN": true,
		"DATABASE_PASSWORD": true,
	} {
		if got := IsSecret(name); got != want {
			t.Errorf("IsSecret(%q) = %v, want %v", name, got, want)
		}
	}
	s := Secrets()
	for _, exempt := range []string{"DATABASE_URL", "SLEUTH_API_KEY", "SENTRY_DSN"} {
		if slices.Contains(s, exempt) {
			t.Errorf("Secrets() lists %s, which secrets.pass exempts", exempt)
		}
	}
	if !slices.Contains(s, "*_DSN") || !slices.Contains(s, "REDIS_URL") {
		t.Errorf("Secrets() lacks *_DSN or REDIS_URL: %q", s)
	}
}
