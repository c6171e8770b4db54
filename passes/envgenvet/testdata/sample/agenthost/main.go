// Command agenthost is a sample agent host: a model's shell commands
// run in an in-process shell, MCP servers start through the MCP SDK, the
// user's editor through bubbletea, and hooks as shell commands.
package main

import (
	"context"
	"os"
	"os/exec"

	tea "charm.land/bubbletea/v2"
	"github.com/envgen/envgen/runtime/envexec"
	"github.com/envgen/envgen/runtime/envrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
)

func main() {}

// newShell is the model's shell as the leaking host makes it: every
// command the model runs gets the host's whole environment.
func newShell(dir string) (*interp.Runner, error) {
	return interp.New( // the options below are the shell's
		interp.Dir(dir),
		interp.Env(expand.ListEnviron(os.Environ()...)), // finding: os.Environ()
	)
}

// newPolicyShell is its fix: the shell's environment is the shell task's.
func newPolicyShell(dir string) (*interp.Runner, error) {
	return interp.New(interp.Dir(dir), interp.Env(expand.ListEnviron(ShellEnvOS()...)))
}

// serverConfig is an MCP server the user configured.
type serverConfig struct {
	Command string
	Args    []string
	Env     map[string]string
}

// pairs returns c's variables as NAME=value entries.
func (c serverConfig) pairs() []string {
	var out []string
	for k, v := range c.Env {
		out = append(out, k+"="+v)
	}
	return out
}

// stdioTransport is an MCP server started by the SDK when the client
// connects, with the host's environment and the server's variables.
func stdioTransport(ctx context.Context, c serverConfig) mcp.Transport {
	cmd := exec.CommandContext(ctx, c.Command, c.Args...)
	cmd.Env = append(os.Environ(), c.pairs()...)
	return &mcp.CommandTransport{Command: cmd} // finding: leaves with os.Environ()
}

// policyTransport is its fix: the server's variables are overrides.
func policyTransport(ctx context.Context, c serverConfig) mcp.Transport {
	var vars []envrt.Var
	for k, v := range c.Env {
		vars = append(vars, envrt.Set(k, v))
	}
	cmd := exec.CommandContext(ctx, c.Command, c.Args...)
	cmd.Env = McpServerEnvOS(vars...)
	return &mcp.CommandTransport{Command: cmd}
}

// editorDone reports that the editor exited.
type editorDone struct{ err error }

// openEditor hands $EDITOR to bubbletea, which runs it later.
func openEditor(path string) tea.Cmd {
	c := exec.Command(os.Getenv("EDITOR"), path)
	return tea.ExecProcess(c, func(err error) tea.Msg { return editorDone{err} }) // finding: nil
}

// openPolicyEditor is its fix.
func openPolicyEditor(path string) tea.Cmd {
	c := envexec.Command(EditorEnvOS(), os.Getenv("EDITOR"), path)
	return tea.ExecProcess(c, func(err error) tea.Msg { return editorDone{err} })
}

// hookEnv is a hook's environment: the event's variables appended to
// the host's before the builder, where they lose to the host's own.
func hookEnv(event string) []string {
	return HookEnv(append(os.Environ(), "HOOK_EVENT="+event)) // finding: first wins
}

// policyHookEnv is its fix: the event's variables are overrides.
func policyHookEnv(event string) []string {
	return HookEnvOS(envrt.Set("HOOK_EVENT", event))
}

// runHook runs a hook's command in a shell of its own.
func runHook(ctx context.Context, event string) error {
	r, err := interp.New(interp.Env(expand.ListEnviron(policyHookEnv(event)...)))
	if err != nil {
		return err
	}
	_ = r
	return ctx.Err()
}
