package envrt_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/envgen/envgen/runtime/envrt"
	"github.com/envgen/envgen/runtime/internal/assert"
	"github.com/envgen/envgen/runtime/internal/require"
)

// TestSealDefaultPolicy: envrt.Seal seals by the built-in lists, by name
// and by value, and leaves the rest; its process is one the test starts,
// which may change its own environment.
func TestSealDefaultPolicy(t *testing.T) {
	if os.Getenv("ENVGEN_ENVRT_SEAL_CHILD") == "1" {
		s, err := envrt.Seal(envrt.HideProcess())
		if err != nil {
			t.Fatal(err)
		}
		block, _ := os.ReadFile("/proc/self/environ")
		os.Stdout.WriteString(strings.Join(s.Names(), " ") + "\n" + os.Getenv("HOME") + os.Getenv("GITHUB_TOKEN") + os.Getenv("SYNC_CONFIG") + "\n" + strings.ReplaceAll(string(block), "\x00", "|"))
		os.Exit(0)
	}
	token := "ghp_" + strings.Repeat("0123456789", 3) + "abcdef"
	cmd := exec.Command(os.Args[0], "-test.run=^TestSealDefaultPolicy$")
	cmd.Env = []string{"ENVGEN_ENVRT_SEAL_CHILD=1", "HOME=/home/ann", "GITHUB_TOKEN=by-name", "SYNC_CONFIG=" + token}
	out, err := cmd.Output()
	require.NoError(t, err)
	lines := strings.SplitN(string(out), "\n", 3)
	require.Len(t, lines, 3)
	assert.Equal(t, "GITHUB_TOKEN SYNC_CONFIG", lines[0])
	assert.Equal(t, "/home/ann", lines[1], "os.Getenv after Seal")
	assert.Equal(t, "ENVGEN_ENVRT_SEAL_CHILD=1|HOME=/home/ann|GITHUB_TOKEN="+strings.Repeat("|", len("by-name")+1)+"SYNC_CONFIG="+strings.Repeat("|", len(token)+1), lines[2])
}
