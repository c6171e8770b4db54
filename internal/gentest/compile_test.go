package gentest

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestExtendsCompile checks that Compile, which explain and the reference
// use, sees the merged tasks too, and no preset as a task.
func TestExtendsCompile(t *testing.T) {
	c, err := Compile("policy.yaml", []byte("version: 1\npresets: {node: {passThrough: [NODE_ENV]}}\ntasks: {build: {extends: [node]}}\n"))
	require.NoError(t, err)
	require.Len(t, c.Tasks, 1)
	assert.Nil(t, c.Task("node"))
	env := c.Task("build").Build(nil, []string{"NODE_ENV=dev", "OTHER=1"}, nil)
	assert.Equal(t, "NODE_ENV=dev", strings.Join(env, ","))
}
