// Package childtest runs a real child process for the examples' tests and
// reports the environment the child itself sees.
// It imports only testify and the standard library; only the examples'
// tests import it.
package childtest

import (
	"bytes"
	"errors"
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
		require.True(t, ok, "child saw an entry without '=' (%d bytes, not shown: it may hold a credential)", len(entry))
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

// Fake credentials for the examples' tests, built here rather than written
// out. Each is a credential by its value alone: the tests check that with
// their policy's IsSecretValue before relying on it.
var (
	GitHubToken  = "ghp_" + strings.Repeat("a", 36)
	OtherToken   = "ghp_" + strings.Repeat("b", 36) // for a name that looks innocent
	AnthropicKey = "sk-ant-api03-" + strings.Repeat("c", 93) + "AA"
	AWSKeyID     = "AKIAIOSFODNN7EXAMPLE" // AWS's own documentation example
	AWSSecret    = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
	DatabaseURL  = "postgres://app:pw@db.internal:5432/orders" // a password in the URL
)

// RequireSecretValues holds the fakes to their comments: it fails the
// test unless isSecretValue, the generated IsSecretValue of the test's
// policy, reports each fake that is a credential by its value alone (all
// but AWSSecret, forty base64 characters that only its name gives away).
func RequireSecretValues(t *testing.T, isSecretValue func(value string) bool) {
	t.Helper()
	for _, value := range []string{GitHubToken, OtherToken, AnthropicKey, DatabaseURL, AWSKeyID} {
		require.True(t, isSecretValue(value), "a fake credential the value detectors miss")
	}
}

// RunSelf runs this test binary again with args, and with the variable
// name set to 1 in its environment, for a TestMain that then calls the
// program's main in place of the tests (as stringer's test runs the tool).
// It returns what the run wrote to its standard output and error, and its
// exit code.
func RunSelf(t *testing.T, name string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), name+"=1")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run() //envgen:inherit the test binary itself, run as the example's program, which builds its children's environments
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return out.String(), errOut.String(), exit.ExitCode()
	}
	require.NoError(t, err)
	return out.String(), errOut.String(), 0
}
