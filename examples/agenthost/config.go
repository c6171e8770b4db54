package main

// This file reads the user's configuration (config.yaml is the example)
// into overrides of the compiled policy, envpolicy.yaml, and refuses a
// bad one at start-up, naming each bad entry and never its value. The
// policy stays the floor: the configuration passes a secret only by its
// exact name (keep, or a ${NAME} value).

import (
	"errors"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/envgen/envgen/examples/internal/yamlfile"
	"github.com/envgen/envgen/runtime/envrt"
)

// Config is a user's configuration, resolved: for each child, the
// overrides its builder applies after the policy's own rules, in order.
type Config struct {
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

// override is one override with the entry of the file it comes from.
type override struct {
	v    envrt.Var
	at   *yaml.Node
	what string // where in the file: "secrets", "servers.github.env"
}

// LoadConfig reads the configuration data, the text of the file name, for
// a host whose environment is environ (which a ${NAME} value reads). It
// returns every problem at once, one per line, as FILE:LINE:COL: message.
func LoadConfig(name string, data []byte, environ []string) (*Config, error) {
	f, root, err := yamlfile.Parse(name, data)
	if err != nil {
		return nil, err
	}
	var secrets []override
	var shell childEntries
	var servers []serverEntries
	for key, value := range f.Mapping(root, "the configuration", "secrets", "shell", "servers") {
		switch key.Value {
		case "secrets":
			// More names or patterns no child inherits. An invalid one
			// would scrub every entry (Drop fails closed); CheckVars below
			// refuses it instead.
			for _, s := range f.Scalars(value, "secrets") {
				secrets = append(secrets, override{envrt.Drop(s.Text), s.Node, "secrets"})
			}
		case "shell":
			for key, value := range f.Mapping(value, "shell", "keep", "env") {
				shell.read(f, key, value, "shell", environ)
			}
		case "servers":
			for name, value := range f.Mapping(value, "servers") {
				servers = append(servers, readServer(f, name, value, environ))
			}
		}
	}

	// Every override once, the shared secrets first.
	all := slices.Concat(secrets, shell.keep, shell.env)
	for _, s := range servers {
		all = slices.Concat(all, s.keep, s.env)
	}
	checkOverrides(f, all)
	if err := f.Err(); err != nil {
		return nil, err
	}

	// A child's overrides: the secrets dropped first, so that a name the
	// child keeps or sets comes back whatever pattern matched it, then the
	// names kept, then the child's env, which wins over all the rest.
	cfg := &Config{Shell: vars(secrets, shell.keep, shell.env)}
	for _, s := range servers {
		s.Overrides = vars(secrets, s.keep, s.env)
		cfg.Servers = append(cfg.Servers, s.Server)
	}
	return cfg, nil
}

// serverEntries are a server and the overrides of its keep and env keys.
type serverEntries struct {
	Server
	childEntries
}

// readServer reads the server name, whose entry is value.
func readServer(f *yamlfile.File, name, value *yaml.Node, environ []string) serverEntries {
	s := serverEntries{Server: Server{Name: name.Value}}
	what := "servers." + name.Value
	for key, value := range f.Mapping(value, what, "command", "args", "keep", "env") {
		switch key.Value {
		case "command":
			s.Command, _ = f.Scalar(value, what+".command")
		case "args":
			for _, arg := range f.Scalars(value, what+".args") {
				s.Args = append(s.Args, arg.Text)
			}
		default:
			s.read(f, key, value, what, environ)
		}
	}
	if s.Command == "" {
		f.Errorf(name, "%s: no command", what)
	}
	return s
}

// childEntries are the overrides of a child's keep and env keys.
type childEntries struct {
	keep, env []override
}

// read reads key (keep or env) of a child's entry, what: keep's names as
// Keep, env's entries as Set.
func (c *childEntries) read(f *yamlfile.File, key, value *yaml.Node, what string, environ []string) {
	switch key.Value {
	case "keep":
		// Names the policy strips that this child needs anyway, such as
		// SSH_AUTH_SOCK for git over ssh: exact names only, so a pattern
		// here is an error, never a way to pass a family of secrets.
		for _, s := range f.Scalars(value, what+".keep") {
			c.keep = append(c.keep, override{envrt.Keep(s.Text), s.Node, what + ".keep"})
		}
	case "env":
		// The child's own variables. As overrides they win over the
		// host's entries of the same names, and over the policy's
		// defines; appended to environ they would lose, since a builder
		// keeps a name's first entry. One Set per entry, rather than
		// envrt.Sets over NAME=value strings: the map gives name and
		// value apart, and CheckVars then names a key that holds '='.
		for name, v := range f.Mapping(value, what+".env") {
			at := what + ".env." + name.Value
			value, ok := f.Scalar(v, at)
			if !ok {
				continue
			}
			value, ok = expand(f, v, at, value, environ)
			if ok {
				c.env = append(c.env, override{envrt.Set(name.Value, value), name, what + ".env"})
			}
		}
	}
}

// expand returns value, or when it is exactly ${NAME}, the value of the
// host's first entry of NAME: how a user hands one child one of the
// host's credentials by name (GITHUB_PERSONAL_ACCESS_TOKEN: ${GITHUB_TOKEN}).
// A reference to an absent name is a problem, as a server started without
// its token would fail later and less clearly.
func expand(f *yamlfile.File, n *yaml.Node, what, value string, environ []string) (string, bool) {
	if !strings.HasPrefix(value, "${") || !strings.HasSuffix(value, "}") {
		return value, true
	}
	ref := value[2 : len(value)-1]
	if envrt.CheckVars(envrt.Keep(ref)) != nil { // Keep takes exactly a name
		f.Errorf(n, "%s: a ${...} value names a variable: want ${NAME}, NAME [A-Za-z_][A-Za-z0-9_]*", what)
		return "", false
	}
	if v, found := lookup(environ, ref); found {
		return v, true
	}
	f.Errorf(n, "%s: ${%s}: agenthost's environment has no %s", what, ref, ref)
	return "", false
}

// checkOverrides records, at its entry, each override that CheckVars
// finds invalid: the override and what is wrong with it, never a value.
func checkOverrides(f *yamlfile.File, all []override) {
	for _, o := range all {
		var bad *envrt.VarError
		if errors.As(envrt.CheckVars(o.v), &bad) {
			f.Errorf(o.at, "%s: %s: %s", o.what, bad.Var, bad.Problem)
		}
	}
}

// vars returns the Vars of the overrides of each list, in order.
func vars(lists ...[]override) []envrt.Var {
	var out []envrt.Var
	for _, list := range lists {
		for _, o := range list {
			out = append(out, o.v)
		}
	}
	return out
}
