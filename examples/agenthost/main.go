// Command agenthost shows envgen's inherit mode in an agent host: a program
// that runs shell commands a model chose and starts tool servers that
// someone else wrote. Each child inherits the host's environment minus the
// secrets; a child that needs a secret is handed it, by name, where it is
// spawned.
//
// Usage, from the repository root:
//
//	go run ./examples/agenthost
package main

//go:generate go tool envgen -o envpolicy_gen.go envpolicy.yaml

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	envrt "github.com/envgen/envgen/runtime"
	"github.com/envgen/envgen/runtime/envexec"
)

func main() {
	// Pretend to be a host that holds credentials. The fake values live in
	// this process only; the output shows which child sees which.
	for _, kv := range [][2]string{
		{"GITHUB_TOKEN", "ghp_fake_host_token"},
		{"AWS_SECRET_ACCESS_KEY", "fake_aws_secret"},
		{"AGENT_SESSION_KEY", "fake_session_key"},
		{"MAPBOX_PUBLIC_TOKEN", "pk.fake_public"},
		{"HISTFILE", "/tmp/agenthost_history"},
	} {
		os.Setenv(kv[0], kv[1])
	}
	if err := run(os.Stdout, os.Environ()); err != nil {
		fmt.Fprintln(os.Stderr, "agenthost:", err)
		os.Exit(1)
	}
}

// shown are the variables run reports for each child.
var shown = []string{
	"GITHUB_TOKEN", "AWS_SECRET_ACCESS_KEY", "AGENT_SESSION_KEY",
	"GITHUB_PERSONAL_ACCESS_TOKEN", "MAPBOX_PUBLIC_TOKEN",
	"HISTFILE", "GIT_TERMINAL_PROMPT", "NO_COLOR",
}

// run spawns both kinds of child with environments built from environ
// and writes to w what each of them saw.
func run(w io.Writer, environ []string) error {
	// A shell directive the model chose: the host's environment minus the
	// secrets, HISTFILE and npm_config_*.
	// envexec.Command finds sh in the child's PATH and sets Env.
	directive := "env"
	shell := envexec.Command(ShellEnv(environ), "sh", "-c", directive)

	// A tool server on stdio. A real host would start, say,
	// `npx -y @modelcontextprotocol/server-github` and speak JSON-RPC over
	// its stdin and stdout; this stand-in prints its environment. That
	// server needs a GitHub token, so the host hands it its own, under the
	// name the server reads. This is the one place a secret leaves the host.
	server := envexec.Command(McpServerEnv(environ,
		envrt.Set("GITHUB_PERSONAL_ACCESS_TOKEN", getenv(environ, "GITHUB_TOKEN"))), "env")

	for _, child := range []struct {
		task string
		cmd  *exec.Cmd
	}{{"shell", shell}, {"mcp-server", server}} {
		out, err := child.cmd.Output()
		if err != nil {
			return fmt.Errorf("%s: %w", child.task, err)
		}
		fmt.Fprintf(w, "%s (%s) sees:\n", child.task, strings.Join(child.cmd.Args, " "))
		seen := strings.Split(string(out), "\n")
		for _, name := range shown {
			if value, ok := lookup(seen, name); ok {
				fmt.Fprintf(w, "  %s=%s\n", name, value)
			} else {
				fmt.Fprintf(w, "  %s is not set\n", name)
			}
		}
	}
	return nil
}

// lookup returns the value of name in environ (os.Environ form) and
// whether it is set there.
func lookup(environ []string, name string) (value string, ok bool) {
	for _, e := range environ {
		if value, ok := strings.CutPrefix(e, name+"="); ok {
			return value, true
		}
	}
	return "", false
}

// getenv returns the value of name in environ, or "".
func getenv(environ []string, name string) string {
	value, _ := lookup(environ, name)
	return value
}
