package gen

import (
	"go/version"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/testkit"
)

// hostsFloor is the lowest go line of a host program envgen serves (crush,
// the lowest of the real programs that tried it, says 1.25.5): a runtime
// whose go line were higher would raise a host's own when added.
const hostsFloor = "1.25.5"

// TestGoFloors holds the two floors, each a module's go line, to what
// they promise: the runtime's, what a host imports, no higher than its
// hosts'; the root's (generator, CLI, analyzer) no lower than the
// runtime's, which it requires, and as high as every module a test
// writes, so that the tests run on the toolchain of the root's floor
// (.ci/run runs them there); and the README names both.
func TestGoFloors(t *testing.T) {
	root := filepath.Join("..", "..")
	runtimeFloor := testkit.GoLine(t, filepath.Join(root, "runtime", "go.mod"))
	rootFloor := testkit.GoLine(t, filepath.Join(root, "go.mod"))
	assert.LessOrEqual(t, version.Compare("go"+runtimeFloor, "go"+hostsFloor), 0,
		"the runtime's go line %s is above its hosts' %s", runtimeFloor, hostsFloor)
	assert.GreaterOrEqual(t, version.Compare("go"+rootFloor, "go"+runtimeFloor), 0,
		"the root's go line %s is below the runtime's %s, which it requires", rootFloor, runtimeFloor)

	written := regexp.MustCompile(`\\n\\ngo (1\.\d+(?:\.\d+)?)\\n`)
	var found int
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		for _, m := range written.FindAllSubmatch(src, -1) {
			found++
			assert.LessOrEqual(t, version.Compare("go"+string(m[1]), "go"+rootFloor), 0,
				"%s writes a module with go %s, above the root's go line %s: its test fails on the floor's toolchain", path, m[1], rootFloor)
		}
		return err
	})
	require.NoError(t, err)
	assert.Positive(t, found, "no test writes a go.mod: the pattern no longer finds them")

	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	for _, floor := range []string{runtimeFloor, rootFloor} {
		assert.Contains(t, string(readme), "Go "+strings.TrimSuffix(floor, ".0"), "README names the floor %s", floor)
	}
}
