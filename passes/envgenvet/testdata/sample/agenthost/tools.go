package main

// The host's tools, each in a leaking shape and fixed: the bash tool's
// shell, the user's ! commands, a server's commands, hooks, MCP servers
// and language servers started by the libraries that speak to them, and
// a client's environment forwarded to a server.

import (
	"context"
	"os"

	"envgen.test/sample/agenthost/shell"
	"envgen.test/toolsdk/lsp"
	"envgen.test/toolsdk/stdio"
	"github.com/envgen/envgen/runtime/envexec"
	"github.com/envgen/envgen/runtime/envrt"
)

// bashTool is the model's shell, as the leaking host makes it (its
// shell keeps the host's environment: reported in package shell).
func bashTool(dir string) *shell.Shell { return shell.New(dir) }

// policyBashTool is its fix.
func policyBashTool(dir string) *shell.Shell { return shell.NewWith(dir, ShellEnvOS()) }

// bangCommand runs a line the user typed after !, with no environment:
// the shell package's default gives it the host's (reported there).
func bangCommand(ctx context.Context, dir, line string) error {
	return shell.RunOrInherit(ctx, shell.Options{Command: line, Dir: dir})
}

// policyBangCommand is its fix.
func policyBangCommand(ctx context.Context, dir, line string) error {
	return shell.Run(ctx, shell.Options{Command: line, Dir: dir, Env: ShellEnvOS()})
}

// workspace is a project the host serves, with its own variables.
type workspace struct {
	Dir string
	Env []string
}

// serverCommand runs a command a client of the host's server asked for.
func serverCommand(ctx context.Context, ws workspace, command string) error {
	return shell.Run(ctx, shell.Options{
		Command: command,
		Dir:     ws.Dir,
		Env:     append(os.Environ(), ws.Env...), // finding: stored to Options.Env, which reaches interp.Env
	})
}

// policyServerCommand is its fix: the workspace's variables are
// overrides.
func policyServerCommand(ctx context.Context, ws workspace, command string) error {
	return shell.Run(ctx, shell.Options{Command: command, Dir: ws.Dir, Env: ShellEnvOS(envrt.Sets(ws.Env)...)})
}

// hookEnviron is a hook's environment as the leaking host makes it.
func hookEnviron(event string) []string {
	return append(os.Environ(), "HOOK_EVENT="+event)
}

// runHooks runs the hooks of an event side by side, each with env.
func runHooks(ctx context.Context, hooks []string, env []string) error {
	errs := make(chan error, len(hooks))
	for _, h := range hooks {
		go func(command string) {
			errs <- shell.Run(ctx, shell.Options{Command: command, Env: env})
		}(h)
	}
	var first error
	for range hooks {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	return first
}

// onEvent runs an event's hooks.
func onEvent(ctx context.Context, event string, hooks []string) error {
	return runHooks(ctx, hooks, hookEnviron(event)) // finding: os.Environ() given to runHooks
}

// policyOnEvent is its fix.
func policyOnEvent(ctx context.Context, event string, hooks []string) error {
	return runHooks(ctx, hooks, HookEnvOS(envrt.Set("HOOK_EVENT", event)))
}

// toolServer is an MCP server the user configured.
type toolServer struct {
	Command string
	Args    []string
	Env     []string
}

// connect starts a server through the SDK, which adds its entries to
// the host's environment.
func connect(s toolServer) (*stdio.Client, error) {
	return stdio.NewClient(s.Command, s.Env, s.Args...) // finding: the SDK starts it with os.Environ() plus entries
}

// policyConnect is its fix: the SDK's call that takes a whole
// environment, given the server's builder.
func policyConnect(s toolServer) (*stdio.Client, error) {
	return stdio.NewClientWithEnv(s.Command, McpServerEnvOS(envrt.Sets(s.Env)...), s.Args...)
}

// startLanguageServer starts a language server through a library that
// adds the server's variables to the host's environment.
func startLanguageServer(ctx context.Context, command string, vars map[string]string) (*lsp.Server, error) {
	return lsp.Start(ctx, lsp.Config{Command: command, Environment: vars}) // finding: the library starts it with os.Environ() plus entries
}

// policyLanguageServer is its fix: the host starts the server itself,
// with the server's builder.
func policyLanguageServer(ctx context.Context, command string, vars map[string]string) error {
	var overrides []envrt.Var
	for k, v := range vars {
		overrides = append(overrides, envrt.Set(k, v))
	}
	return envexec.CommandContext(ctx, McpServerEnvOS(overrides...), command).Start()
}

// forward starts a server for a client of the host, with the client's
// environment as the leaking host forwards it: as overrides, which
// pass every secret the client had.
func forward(clientEnv []string) []string {
	return McpServerEnvOS(envrt.Sets(append(os.Environ(), clientEnv...))...) // finding: envrt.Sets given os.Environ()
}

// policyForward is its fix: the forwarded environment is the builder's
// environ, which it filters; Sets is for the server's own entries.
func policyForward(clientEnv, own []string) []string {
	return McpServerEnv(clientEnv, envrt.Sets(own)...)
}
