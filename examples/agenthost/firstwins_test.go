package main

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/examples/internal/childtest"
	"github.com/envgen/envgen/runtime/envrt"
)

// TestAppendedEntriesLose shows the rule docs/migrating.md warns of: a
// builder keeps a name's first entry, where exec.Cmd.Env keeps the last.
func TestAppendedEntriesLose(t *testing.T) {
	environ := []string{"PATH=/usr/bin:/bin", "EDITOR=vi"}

	// exec.Cmd.Env: the entry appended last wins.
	require.Equal(t, "nano", childtest.Env(t, append(environ, "EDITOR=nano"))["EDITOR"])

	// A builder: the parent's entry, first, wins; the appended one is lost.
	require.Equal(t, "vi", childtest.Env(t, ShellEnv(append(environ, "EDITOR=nano")))["EDITOR"])

	// An override applies after the filter, and wins.
	require.Equal(t, "nano", childtest.Env(t, ShellEnv(environ, envrt.Set("EDITOR", "nano")))["EDITOR"])
	require.Equal(t, "nano", childtest.Env(t, ShellEnv(environ, envrt.Sets([]string{"EDITOR=nano"})...))["EDITOR"])
}
