/* want package:"envPackage" */

// Package client is shaped like an MCP SDK's client: its constructor
// starts the server at once, through the transport.
package client

import (
	"context"

	"example.test/sdk/transport"
)

// Client talks to one server.
type Client struct{ t *transport.Stdio }

// NewStdioClient starts command with env's entries and returns a client
// of it.
func NewStdioClient(command string, env []string, args ...string) (*Client, error) { // want NewStdioClient:"spawns\\(exec.Cmd.Start at transport/transport.go:32 inherit\\+\\)"
	t := transport.NewStdio(command, env, args...)
	if err := t.Start(context.Background()); err != nil {
		return nil, err
	}
	return &Client{t}, nil
}
