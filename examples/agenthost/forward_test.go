package main

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/examples/internal/childtest"
	"github.com/envgen/envgen/runtime/envrt"
)

// TestForwardedEnvironment shows what docs/migrating.md says of a host
// that runs a command for a client (a server mode, a daemon) with the
// client's environment: it passes that environment as the builder's
// environ, which is filtered as the parent's would be, and Sets only for
// the child's own entries, since Sets passes what it is given.
func TestForwardedEnvironment(t *testing.T) {
	client := []string{"PATH=/usr/bin:/bin", "GITHUB_TOKEN=" + childtest.GitHubToken, "LANG=C.UTF-8", "SYNC=" + childtest.OtherToken}

	// The client's environment as environ: its secrets are left out.
	env := ShellEnv(client, envrt.Set("CLIENT_ID", "42"))
	require.Equal(t, []string{"PATH=/usr/bin:/bin", "LANG=C.UTF-8", "GIT_TERMINAL_PROMPT=0", "PAGER=cat", "CLIENT_ID=42"}, env)

	// The client's environment as Sets over the host's: every entry
	// passes, its token with it.
	leaked := ShellEnv([]string{"PATH=/bin"}, envrt.Sets(client)...)
	require.Contains(t, leaked, "GITHUB_TOKEN="+childtest.GitHubToken)
}
