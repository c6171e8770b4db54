package cmd

import (
	"bytes"
	"github.com/envgen/envgen/internal/testkit"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/gen"
)

// TestGolden replays every case through the command line in process, as
// a user running envgen in the case directory would; -update rewrites
// the expected files (then read the diff).
func TestGolden(t *testing.T) {
	cases := testkit.GoldenCases(t)
	require.GreaterOrEqual(t, len(cases), 15, "golden cases")
	for _, dir := range cases {
		abs, err := filepath.Abs(dir)
		require.NoError(t, err)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Chdir(abs)
			var args []string
			if raw, err := os.ReadFile("args.txt"); err == nil {
				args = strings.Fields(string(raw))
			}
			var stdout, stderr bytes.Buffer
			code := Do(append(args, "policy.yaml"), strings.NewReader(""), &stdout, &stderr, nil)

			goFile, errFile := "policy.go.golden", "stderr.golden"
			got, want := stdout.Bytes(), goFile
			if code != 0 {
				got, want = stderr.Bytes(), errFile
				assert.Empty(t, stdout.String(), "stdout of a failing run")
			} else {
				assert.Empty(t, stderr.String(), "stderr of a successful run")
			}
			if *update {
				other := errFile
				if want == errFile {
					other = goFile
				}
				_ = os.Remove(other)
				require.NoError(t, os.WriteFile(want, got, 0o644))
				return
			}
			expected, err := os.ReadFile(want)
			require.NoError(t, err, "exit code %d wants %s (run go test ./internal/cmd -run Golden -update)", code, want)
			assert.Equal(t, string(expected), string(got))
		})
	}
}

// TestGoldenDeterministic generates every good case twice and wants the
// same bytes: no map order, no time, no path leaks into the output.
func TestGoldenDeterministic(t *testing.T) {
	for _, dir := range testkit.GoldenCases(t) {
		src, err := os.ReadFile(filepath.Join(dir, "policy.yaml"))
		require.NoError(t, err)
		first, err := gen.Generate("policy.yaml", src, "p")
		if err != nil {
			continue
		}
		for range 3 {
			again, err := gen.Generate("policy.yaml", src, "p")
			require.NoError(t, err)
			require.Equal(t, string(first), string(again), dir)
		}
		other, err := gen.Generate(filepath.Join(t.TempDir(), "policy.yaml"), src, "p")
		require.NoError(t, err)
		require.Equal(t, string(first), string(other), "output depends on the policy's directory: %s", dir)
	}
}

// usageCases are the golden cases that fail as bad usage (exit 2); every
// other case with a stderr.golden is a bad policy (exit 1).
var usageCases = map[string]bool{
	"err-no-package":       true,
	"err-pkg-flag-invalid": true,
}

// TestE2EExitCodes checks what the golden runner leaves out: the exit code
// of each case, as docs/cli.md gives it.
func TestE2EExitCodes(t *testing.T) {
	for _, dir := range testkit.GoldenCases(t) {
		abs, err := filepath.Abs(dir)
		require.NoError(t, err)
		name := filepath.Base(dir)
		want := 1
		switch {
		case testkit.FileExists(filepath.Join(abs, "policy.go.golden")):
			want = 0
		case usageCases[name]:
			want = 2
		}
		t.Run(name, func(t *testing.T) {
			t.Chdir(abs)
			var args []string
			if raw, err := os.ReadFile("args.txt"); err == nil {
				args = strings.Fields(string(raw))
			}
			var stdout, stderr bytes.Buffer
			code := Do(append(args, "policy.yaml"), strings.NewReader(""), &stdout, &stderr, nil)
			if code != want {
				t.Errorf("exit code %d, want %d; stderr:\n%s", code, want, stderr.String())
			}
		})
	}
}
