// Package childtest runs a real child process for the examples' tests and
// reports the environment the child itself sees.
package childtest

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Env runs a real child process with env as its environment and returns
// what the child itself sees, read back through /usr/bin/env -0 or
// /proc/self/environ. It skips the test where neither exists, and fails it
// if the child sees a name twice.
func Env(t *testing.T, env []string) map[string]string {
	t.Helper()
	argv := printer(t)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = env
	out, err := cmd.Output()
	require.NoError(t, err)
	return Parse(t, out)
}

// PrintEnvCommand returns a shell command line that prints its own
// environment for Parse: what a shell child hands the commands it runs.
// It skips the test where there is no way to print it.
func PrintEnvCommand(t *testing.T) string {
	t.Helper()
	return strings.Join(printer(t), " ")
}

// printer returns the argv of a command that prints its environment as
// `env -0` does, or skips the test.
func printer(t *testing.T) []string {
	t.Helper()
	switch {
	case exists("/usr/bin/env"):
		return []string{"/usr/bin/env", "-0"}
	case exists("/proc/self/environ"):
		cat, err := exec.LookPath("cat")
		if err != nil {
			t.Skip("no cat to read /proc/self/environ")
		}
		return []string{cat, "/proc/self/environ"}
	}
	t.Skip("neither /usr/bin/env nor /proc/self/environ exists")
	return nil
}

// Parse returns the environment that a child printed as `env -0` prints
// it, NUL after each NAME=value entry. It fails the test if the child saw
// a name twice, or an entry without '='.
func Parse(t *testing.T, out []byte) map[string]string {
	t.Helper()
	seen := make(map[string]string)
	for _, entry := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		if entry == "" {
			continue
		}
		name, value, ok := strings.Cut(entry, "=")
		require.True(t, ok, "child saw an entry without '=': %q", entry)
		_, dup := seen[name]
		require.False(t, dup, "child saw %s twice", name)
		seen[name] = value
	}
	return seen
}

// RequireAbsent fails unless every name is missing from the child's
// environment. It names the leak without printing the environment, which
// may hold real credentials from the machine running the tests.
func RequireAbsent(t *testing.T, got map[string]string, names ...string) {
	t.Helper()
	for _, name := range names {
		_, leaked := got[name]
		require.False(t, leaked, "%s reached the child", name)
	}
}

// exists reports whether path exists.
func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
