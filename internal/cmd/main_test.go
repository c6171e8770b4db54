package cmd

import (
	"os"
	"testing"
)

// TestMain runs the test binary as envgen analysing one package when
// envgen vet, under test, runs itself (os.Executable) for that.
func TestMain(m *testing.M) {
	if os.Getenv(unitEnv) == "1" && len(os.Args) > 1 && os.Args[1] == "vet" {
		vetUnit(os.Args[2:])
	}
	os.Exit(m.Run())
}
