// Command agenthost shows envgen's inherit mode in an agent host: a program
// that runs shell commands a model chose and starts tool servers that its
// user configured. Each child inherits the host's environment minus the
// secrets of the compiled policy (envpolicy.yaml); the user's
// configuration (config.yaml) refines it at run time: more secrets, names
// to keep, each child's own variables. A child that needs a secret is
// handed it by name.
//
// Usage, from the repository root:
//
//	go run ./examples/agenthost [-config FILE]
//
// Without -config the host uses the example built into it, config.yaml.
// It gives itself fake credentials first and seals them out of its own
// environment (envrt.Seal), then prints what each child saw,
// and logs on stderr what its policy left out of each child, and why.
// With envPolicy: observe in the configuration, each child gets the
// host's environment as before the policy, and the log says what
// enforcing it would leave out.
//
// It imports the runtime (envrt, envexec), yamlfile and yaml.v3: what a
// program of its own imports.
package main

//go:generate go tool envgen -o envpolicy_gen.go envpolicy.yaml

import (
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"

	"github.com/envgen/envgen/runtime/envexec"
	"github.com/envgen/envgen/runtime/envrt"
)

// exampleConfig is config.yaml, the configuration used without -config.
//
//go:embed config.yaml
var exampleConfig []byte

func main() {
	configFile := flag.String("config", "", "read the user's configuration from `FILE` (default: the built-in example, config.yaml)")
	flag.Parse()

	// Pretend to be a host that holds credentials. The fake values live in
	// this process only; the output shows which child sees which.
	for _, kv := range fakeHostEnv {
		os.Setenv(kv[0], kv[1])
	}
	name, data := "config.yaml (built in)", exampleConfig
	if *configFile != "" {
		var err error
		name = *configFile
		if data, err = os.ReadFile(name); err != nil {
			fmt.Fprintln(os.Stderr, "agenthost:", err)
			os.Exit(1)
		}
	}
	environ, cfg, err := load(name, data, os.Stderr)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%v\nagenthost: refusing the configuration in %s\n", err, name)
		os.Exit(1)
	}
	if err := run(os.Stdout, os.Stderr, environ, cfg); err != nil {
		fmt.Fprintln(os.Stderr, "agenthost:", err)
		os.Exit(1)
	}
}

// load reads the configuration data, the text of the file name, and,
// when the host enforces its policy, seals its credentials out of its own
// environment (Seal, by this policy's rules: os.Environ, and on Linux the block
// /proc/PID/environ shows), to stay in the Sealed alone, which hands one
// to a child on purpose; the configuration is then read again over what
// is left. Not in observe mode, whose children get what they got before
// the policy; and where it cannot seal, the host goes on unsealed. It
// returns the environment the children's builders filter, and says on
// log what it sealed.
func load(name string, data []byte, log io.Writer) ([]string, *Config, error) {
	environ := os.Environ()
	cfg, err := LoadConfig(name, data, environ, nil)
	if err != nil || !cfg.Enforce {
		return environ, cfg, err
	}
	sealed, err := Seal() // the generated Seal: this policy's rules, secrets.extra too
	if errors.Is(err, errors.ErrUnsupported) {
		return environ, cfg, nil
	} else if err != nil {
		return nil, nil, err
	}
	fmt.Fprintf(log, "agenthost: sealed %s out of its own environment\n", strings.Join(sealed.Names(), " "))
	environ = os.Environ()
	cfg, err = LoadConfig(name, data, environ, sealed)
	return environ, cfg, err
}

// fakeHostEnv is what main adds to the host's environment: fake
// credentials, some under innocent names, and ordinary variables.
var fakeHostEnv = [][2]string{
	{"GITHUB_TOKEN", "ghp_" + strings.Repeat("0", 36)},
	{"ANTHROPIC_API_KEY", "sk-ant-api03-" + strings.Repeat("x", 93) + "AA"},
	{"AWS_ACCESS_KEY_ID", "AKIAIOSFODNN7EXAMPLE"}, // AWS's own documentation example
	{"AWS_SECRET_ACCESS_KEY", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"},
	{"ORDERS_DB", "postgres://app:pw@db.internal:5432/orders"}, // a credential by its value
	{"SYNC_CONFIG", "ghp_" + strings.Repeat("1", 36)},          // a token under an innocent name
	{"MY_CORP_SSO", "corp-session-4711"},                       // a secret only the user's config names
	{"SSH_AUTH_SOCK", "/tmp/ssh-fake/agent.sock"},
	{"HISTFILE", "/tmp/agenthost_history"},
	{"EDITOR", "vi"},
	{"LOG_LEVEL", "info"},
}

// watched are the names run reports for each child.
var watched = []string{
	"GITHUB_TOKEN", "ANTHROPIC_API_KEY", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY",
	"ORDERS_DB", "SYNC_CONFIG", "MY_CORP_SSO", "SSH_AUTH_SOCK", "HISTFILE",
	"GITHUB_PERSONAL_ACCESS_TOKEN", "PAGER", "EDITOR", "LOG_LEVEL",
}

// run spawns the host's children with environments built from environ by
// the generated builders, refined by cfg, writes to w what each saw, and
// logs to log what the policy left out of each (or, with envPolicy:
// observe, would leave out).
func run(w, log io.Writer, environ []string, cfg *Config) error {
	h := &host{log: log, enforce: cfg.Enforce, logged: map[string]bool{}}
	// A shell directive the model chose: the host's environment minus the
	// secrets, HISTFILE and npm_config_*, then the user's refinements.
	// envexec.Command finds sh in the child's PATH and sets Env.
	directive := "env"
	children := []child{{"shell", envexec.Command(ShellEnv(environ, h.mode("shell", cfg.Shell)...), "sh", "-c", directive)}}

	// The tool servers, each with its own overrides. A real host would
	// speak JSON-RPC over each one's stdin and stdout; the stand-ins print
	// their environment.
	for _, s := range cfg.Servers {
		name := "server " + s.Name
		children = append(children, child{name, envexec.Command(McpServerEnv(environ, h.mode(name, s.Overrides)...), s.Command, s.Args...)})
	}

	for _, c := range children {
		out, err := c.cmd.Output()
		if err != nil {
			return fmt.Errorf("%s: %w", c.name, err)
		}
		report(w, c.name+" ("+strings.Join(c.cmd.Args, " ")+")", strings.Split(string(out), "\n"))
	}
	return nil
}

// host logs what its policy leaves out of each kind of child, once.
type host struct {
	log     io.Writer
	enforce bool
	logged  map[string]bool // the children logged so far
}

// mode returns overrides with the one that switches the policy's mode
// appended: envrt.Report when the host enforces its policy, envrt.Observe
// when it observes, so that the child gets what it got before the policy.
// Either logs what the policy leaves out of child the first time child
// starts; a later start of an enforced child needs no Report at all.
func (h *host) mode(child string, overrides []envrt.Var) []envrt.Var {
	overrides = slices.Clip(overrides) // appending must not write into the caller's array
	if h.logged[child] {
		if h.enforce {
			return overrides
		}
		return append(overrides, envrt.Observe(func(envrt.Dropped) {}))
	}
	h.logged[child] = true
	heading := "agenthost: the policy leaves out of " + child + ":"
	if !h.enforce {
		heading = "agenthost: observing; enforcing the policy would leave out of " + child + ":"
	}
	log := func(d envrt.Dropped) {
		if heading != "" {
			fmt.Fprintln(h.log, heading)
			heading = ""
		}
		fmt.Fprintf(h.log, "  %s: %s\n", d.Name, d.Reason)
	}
	if !h.enforce {
		return append(overrides, envrt.Observe(log))
	}
	return append(overrides, envrt.Report(log))
}

// child is one child process of the host, named for the report.
type child struct {
	name string
	cmd  *exec.Cmd
}

// report writes to w which of the watched names the child saw, with their
// values, and which it did not.
func report(w io.Writer, child string, seen []string) {
	fmt.Fprintf(w, "%s sees:\n", child)
	var unset []string
	for _, name := range watched {
		if value, ok := lookup(seen, name); ok {
			fmt.Fprintf(w, "  %s=%s\n", name, value)
		} else {
			unset = append(unset, name)
		}
	}
	fmt.Fprintf(w, "  and not: %s\n", strings.Join(unset, " "))
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
