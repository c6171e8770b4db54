package main

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/examples/internal/childtest"
	"github.com/envgen/envgen/runtime/envrt"
)

// TestDeclaredVariablesOnly shows what docs/migrating.md says of a task
// runner whose variable map already holds the parent's environment, as
// go-task's does: the parent's environment is the builder's environ, and
// only the names the task itself declares become Sets. Passing the whole
// map as Sets would hand the task every secret of the parent.
func TestDeclaredVariablesOnly(t *testing.T) {
	parent := []string{"PATH=/bin", "HOME=/home/dev", "GITHUB_TOKEN=" + childtest.GitHubToken}
	vars := map[string]string{ // the parent's environment, then the task file's variables
		"PATH": "/bin", "HOME": "/home/dev", "GITHUB_TOKEN": childtest.GitHubToken,
		"NODE_ENV": "production", "VERSION": "1.2.3",
	}
	declared := []string{"NODE_ENV"} // the names the task's env: lists

	var own []string
	for _, name := range declared {
		own = append(own, name+"="+vars[name])
	}
	env := InheritEnv(parent, Params{Task: "build"}, envrt.Sets(own)...)
	require.Equal(t, []string{"PATH=/bin", "HOME=/home/dev", "TASKFILE_TASK=build", "NODE_ENV=production"}, env)

	var all []string
	for name, value := range vars {
		all = append(all, name+"="+value)
	}
	slices.Sort(all)
	require.Contains(t, InheritEnv(parent, Params{Task: "build"}, envrt.Sets(all)...), "GITHUB_TOKEN="+childtest.GitHubToken)
}
