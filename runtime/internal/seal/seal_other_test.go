//go:build !linux

package seal

import (
	"errors"
	"os"
	"testing"
)

func TestSealUnsupported(t *testing.T) {
	t.Setenv("SEAL_TEST_SECRET", "fake-secret-0123456789")
	s, err := Seal(func(name, _ string) bool { return name == "SEAL_TEST_SECRET" }, true)
	if s != nil || !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("Seal = %v, %v; want nil and an error wrapping ErrUnsupported", s, err)
	}
	if got := os.Getenv("SEAL_TEST_SECRET"); got != "fake-secret-0123456789" {
		t.Errorf("a failed Seal left os.Getenv(SEAL_TEST_SECRET) = %q", got)
	}
}
