/* want package:"envPackage" */

// Package transport is shaped like an MCP SDK's stdio transport: the
// server's command and its entries are kept until Start, which starts
// the server with this process's environment and the entries after it.
package transport

import (
	"context"
	"os"
	"os/exec"
)

// Stdio is a server reached over its standard input and output.
type Stdio struct {
	command string
	args    []string
	env     []string
	cmd     *exec.Cmd
}

// NewStdio keeps what Start needs.
func NewStdio(command string, env []string, args ...string) *Stdio {
	return &Stdio{command: command, args: args, env: env}
}

// Start starts the server.
func (s *Stdio) Start(ctx context.Context) error { // want Start:"spawns\\(exec.Cmd.Start at transport/transport.go:32 inherit\\+\\)"
	cmd := exec.CommandContext(ctx, s.command, s.args...)
	cmd.Env = append(os.Environ(), s.env...)
	s.cmd = cmd
	return cmd.Start() // want `^exec.Cmd.Start: the environment is os.Environ\(\) or derived`
}
