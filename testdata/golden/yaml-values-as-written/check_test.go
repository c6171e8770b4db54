package values

// Self-checks of values taken as written in the YAML, and of a task with
// only literal defines allocating nothing but its slice. They run only
// inside the e2e module that internal/gen's TestE2E builds.

import (
	"testing"

	"envgen.test/e2e/checks"
)

// want is every define of task literal, as docs/semantics.md's "the YAML scalar as written"
// reads the policy.
var want = []string{
	"CGO_ENABLED=0",
	"X=true",
	"Y=1.50",
	"HEX=0x1F",
	"OCTAL=0o17",
	"BIG=1e3",
	"YES=yes",
	"DATE=2001-12-14",
	"TILDE=~",
	"EMPTY=",
	"QUOTED=0",
	"EQUALS=a=b=c",
	"SPACES=  padded  ",
	"ESCAPES=tab\there \"quoted\" back\\slash",
	"UNICODE=grüße ☃",
	"BLOCK=line one\nline two\n",
	"FOLDED=folded text",
}

func TestLiteralEnv(t *testing.T) {
	checks.SameEntries(t, "LiteralEnv", LiteralEnv(nil), want)
	// Defines override environ, keeping the define's spelling.
	got := LiteralEnv([]string{"CGO_ENABLED=1", "HOME=/h", "EDITOR=vim"})
	checks.SameEntries(t, "LiteralEnv over environ", got, append([]string{"HOME=/h"}, want...))
}

func TestAllocs(t *testing.T) {
	environ := []string{"CGO_ENABLED=1", "HOME=/h", "PATH=/bin", "EDITOR=vim"}
	dst := make([]string, 0, 32)
	if n := testing.AllocsPerRun(100, func() { AppendLiteralEnv(dst[:0], environ) }); n != 0 {
		t.Errorf("AppendLiteralEnv with room allocates %v times, want 0 (literal defines are constants)", n)
	}
	if n := testing.AllocsPerRun(100, func() { LiteralEnv(environ) }); n != 1 {
		t.Errorf("LiteralEnv allocates %v times, want 1 (the slice)", n)
	}
}
