package main

// This file reads the user's configuration (config.yaml is the example)
// into overrides of the compiled policy, envpolicy.yaml, and refuses a
// bad one at start-up, naming each bad entry and never its value. Each
// child's settings are an env block, the block every envgen host reads
// the same way (envrt.Config: drop, keep, keepMatching, set). The policy
// stays the floor: the configuration passes a secret only by its exact
// name (keep, or a ${NAME} value).

import (
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/envgen/envgen/examples/internal/yamlfile"
	"github.com/envgen/envgen/runtime/envrt"
)

// Config is a user's configuration, resolved: whether the host enforces
// its policy, and for each child the overrides its builder applies after
// the policy's own rules, in order.
type Config struct {
	// Enforce is envPolicy: enforce (the default). With envPolicy:
	// observe, the children get the host's environment as they did
	// before the policy, and the host logs what enforcing it would leave
	// out.
	Enforce bool
	Shell   []envrt.Var // for the shell that runs the model's commands
	Servers []Server    // in the file's order
}

// Server is one tool server, started on stdio.
type Server struct {
	Name      string
	Command   string
	Args      []string
	Overrides []envrt.Var
}

// LoadConfig reads the configuration data, the text of the file name, for
// a host whose environment is environ and whose credentials Seal took out
// of it are in sealed (nil if it did not seal), which a ${NAME} value and
// keep read. It returns every problem at once, one per line, as
// FILE:LINE:COL: message.
func LoadConfig(name string, data []byte, environ []string, sealed *envrt.Sealed) (*Config, error) {
	host := hostEnv{environ, sealed}
	f, root, err := yamlfile.Parse(name, data)
	if err != nil {
		return nil, err
	}
	cfg := &Config{Enforce: true}
	var every, shell []envrt.Var
	var servers []Server
	for key, value := range f.Mapping(root, "the configuration", "envPolicy", "env", "shell", "servers") {
		switch key.Value {
		case "envPolicy":
			switch mode, _ := f.Scalar(value, "envPolicy"); mode {
			case "observe":
				cfg.Enforce = false
			case "enforce":
			default:
				f.Errorf(value, "envPolicy: %q is neither observe nor enforce", mode)
			}
		case "env":
			// Every child's settings, before its own: more names or
			// patterns no child inherits, most often.
			every = readEnv(f, key, value, "env", host)
		case "shell":
			for key, value := range f.Mapping(value, "shell", "env") {
				shell = readEnv(f, key, value, "shell.env", host)
			}
		case "servers":
			for name, value := range f.Mapping(value, "servers") {
				servers = append(servers, readServer(f, name, value, host))
			}
		}
	}
	if err := f.Err(); err != nil {
		return nil, err
	}

	// A child's overrides: every child's settings, then its own, each in
	// envrt.Config's order (drop, keep, keepMatching, set), so that a
	// name the child keeps or sets comes back whatever pattern dropped it.
	cfg.Shell = slices.Concat(every, shell)
	for _, s := range servers {
		s.Overrides = slices.Concat(every, s.Overrides)
		cfg.Servers = append(cfg.Servers, s)
	}
	return cfg, nil
}

// readServer reads the server name, whose entry is value.
func readServer(f *yamlfile.File, name, value *yaml.Node, host hostEnv) Server {
	s := Server{Name: name.Value}
	what := "servers." + name.Value
	for key, value := range f.Mapping(value, what, "command", "args", "env") {
		switch key.Value {
		case "command":
			s.Command, _ = f.Scalar(value, what+".command")
		case "args":
			for _, arg := range f.Scalars(value, what+".args") {
				s.Args = append(s.Args, arg.Text)
			}
		case "env":
			s.Overrides = readEnv(f, key, value, what+".env", host)
		}
	}
	if s.Command == "" {
		f.Errorf(name, "%s: no command", what)
	}
	return s
}

// readEnv reads an env block (envrt.Config), the entry value of key,
// into its overrides. keep takes names the policy strips that a child
// needs anyway, such as SSH_AUTH_SOCK for git over ssh: exact names
// only, so that a pattern there is an error, never a way to pass a family
// of secrets. set takes the child's own variables, which win over the
// host's entries and the policy's defines; a value that is exactly
// ${NAME} is the host's NAME. Config.Vars names each bad entry, never a
// value: its lines are recorded at the block.
func readEnv(f *yamlfile.File, key, value *yaml.Node, what string, host hostEnv) []envrt.Var {
	var c envrt.Config
	texts := func(n *yaml.Node, what string) (out []string) {
		for _, item := range f.Scalars(n, what) {
			out = append(out, item.Text)
		}
		return out
	}
	for k, v := range f.Mapping(value, what, "drop", "keep", "keepMatching", "set") {
		switch k.Value {
		case "drop":
			c.Drop = texts(v, what+".drop")
		case "keep":
			c.Keep = texts(v, what+".keep")
		case "keepMatching":
			c.KeepMatching = texts(v, what+".keepMatching")
		case "set":
			c.Set = map[string]string{}
			for name, v := range f.Mapping(v, what+".set") {
				at := what + ".set." + name.Value
				if text, ok := f.Scalar(v, at); ok {
					if text, ok = expand(f, v, at, text, host); ok {
						c.Set[name.Value] = text
					}
				}
			}
		}
	}
	vars, err := c.Vars()
	if err != nil {
		for _, line := range strings.Split(err.Error(), "\n") {
			f.Errorf(key, "%s: %s", what, line)
		}
	}
	return host.handOn(vars, c.Keep)
}

// hostEnv is where the host's own values are: its environment, and the
// credentials Seal took out of it (sealed, nil if it did not seal).
type hostEnv struct {
	environ []string
	sealed  *envrt.Sealed
}

// lookup returns the host's value of name: sealed, or in its
// environment.
func (h hostEnv) lookup(name string) (string, bool) {
	if h.sealed != nil {
		if v, ok := h.sealed.Lookup(name); ok {
			return v, true
		}
	}
	return lookup(h.environ, name)
}

// handOn returns vars with each Keep of a name in keep that Seal took
// out of the host's environment made the sealed value's hand-on
// (Sealed.Var): Keep reads the environment, which no longer holds it.
func (h hostEnv) handOn(vars []envrt.Var, keep []string) []envrt.Var {
	if h.sealed == nil {
		return vars
	}
	for i, v := range vars {
		for _, name := range keep {
			if _, sealed := h.sealed.Lookup(name); sealed && v == envrt.Keep(name) {
				vars[i] = h.sealed.Var(name)
			}
		}
	}
	return vars
}

// expand returns value, or when it is exactly ${NAME}, the value of the
// host's first entry of NAME: how a user hands one child one of the
// host's credentials by name (GITHUB_PERSONAL_ACCESS_TOKEN: ${GITHUB_TOKEN}).
// A reference to an absent name is a problem, as a server started without
// its token would fail later and less clearly.
func expand(f *yamlfile.File, n *yaml.Node, what, value string, host hostEnv) (string, bool) {
	if !strings.HasPrefix(value, "${") || !strings.HasSuffix(value, "}") {
		return value, true
	}
	ref := value[2 : len(value)-1]
	if envrt.CheckVars(envrt.Keep(ref)) != nil { // Keep takes exactly a name
		f.Errorf(n, "%s: a ${...} value names a variable: want ${NAME}, NAME [A-Za-z_][A-Za-z0-9_]*", what)
		return "", false
	}
	if v, found := host.lookup(ref); found {
		return v, true
	}
	f.Errorf(n, "%s: ${%s}: agenthost's environment has no %s", what, ref, ref)
	return "", false
}
