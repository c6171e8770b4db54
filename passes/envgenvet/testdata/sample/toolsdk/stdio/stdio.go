// Package stdio is a small SDK for tool servers spoken to over a child's
// standard input and output, in the shape of the MCP client libraries:
// the command and its entries are kept until Start, which starts the
// server with the host's environment and the entries after it.
package stdio

import (
	"context"
	"io"
	"os"
	"os/exec"
)

// Transport is one server's pipes.
type Transport struct {
	command string
	args    []string
	extra   []string
	cmd     *exec.Cmd
	in      io.WriteCloser
	out     io.ReadCloser
}

// NewTransport keeps what Start needs: extra are NAME=value entries for
// the server.
func NewTransport(command string, extra []string, args ...string) *Transport {
	return &Transport{command: command, args: args, extra: extra}
}

// Start starts the server.
func (t *Transport) Start(ctx context.Context) error {
	cmd := exec.CommandContext(ctx, t.command, t.args...)
	cmd.Env = append(os.Environ(), t.extra...)
	var err error
	if t.in, err = cmd.StdinPipe(); err != nil {
		return err
	}
	if t.out, err = cmd.StdoutPipe(); err != nil {
		return err
	}
	t.cmd = cmd
	return cmd.Start()
}

// Client speaks to one server.
type Client struct{ t *Transport }

// NewClient starts command with the host's environment and extra's
// entries, and returns a client of it.
func NewClient(command string, extra []string, args ...string) (*Client, error) {
	t := NewTransport(command, extra, args...)
	if err := t.Start(context.Background()); err != nil {
		return nil, err
	}
	return &Client{t}, nil
}

// NewClientWithEnv starts command with env as its whole environment.
func NewClientWithEnv(command string, env []string, args ...string) (*Client, error) {
	cmd := exec.Command(command, args...)
	cmd.Env = env
	t := &Transport{command: command, args: args, cmd: cmd}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &Client{t}, nil
}
