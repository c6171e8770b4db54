package gen

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// goldenRoot holds one directory per case: policy.yaml, optional args.txt
// (extra command-line arguments, one per line, placed before the policy),
// and the expected output: policy.go.golden for a policy that generates
// (exit 0, nothing on stderr), or stderr.golden for one that fails
// (a non-zero exit, nothing on stdout).
const goldenRoot = "../../testdata/golden"

// goldenCases lists the case directories, sorted.
func goldenCases(t *testing.T) []string {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join(goldenRoot, "*", "policy.yaml"))
	require.NoError(t, err)
	for i, d := range dirs {
		dirs[i] = filepath.Dir(d)
	}
	return dirs
}
