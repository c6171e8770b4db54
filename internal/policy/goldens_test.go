package policy

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// goldenRoot holds the golden cases (see internal/cmd's TestGolden): one
// directory per case, with policy.yaml and policy.go.golden for a policy
// that generates or stderr.golden for one that fails.
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

// fileExists reports whether path names an existing file.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
