// Package lsp starts language servers as an editor library does: the
// server's own variables, from the user's configuration, are added to
// the host's environment.
package lsp

import (
	"context"
	"os"
	"os/exec"
)

// Config is one language server.
type Config struct {
	Command     string
	Args        []string
	Environment map[string]string
}

// Server is a running language server.
type Server struct{ cmd *exec.Cmd }

// Start starts the server of cfg.
func Start(ctx context.Context, cfg Config) (*Server, error) {
	cmd := exec.CommandContext(ctx, cfg.Command, cfg.Args...)
	if len(cfg.Environment) > 0 {
		cmd.Env = os.Environ()
		for k, v := range cfg.Environment {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &Server{cmd}, nil
}
