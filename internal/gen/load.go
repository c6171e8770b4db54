package gen

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"

	"go.yaml.in/yaml/v3"
)

// A str is a scalar from the policy file with where it stands.
type str struct {
	Value string
	Pos   Pos
}

// policyFile is a policy as written, before any semantic check: what load
// found under each key, with positions.
type policyFile struct {
	Version    *str
	Package    *str
	Essentials builtinList
	Secrets    secretsSection
	Tasks      []taskDef
}

// builtinList is a section that turns a built-in list on or off and adds
// names to it.
type builtinList struct {
	Builtin bool // default true
	Extra   []str
}

// secretsSection is the policy's secrets key.
type secretsSection struct {
	builtinList
	Pass []str
}

// taskDef is one entry of tasks, as written.
type taskDef struct {
	Key         str
	Mode        *str
	PassThrough []str
	Define      []define
	BinPaths    []str
	Unset       []str
	UnsetKey    *str // the "unset" key itself, to report it in an isolated task
}

// define is one NAME: value entry of a task's define.
type define struct {
	Name, Value str
}

// load parses src as a policy file. It reports YAML syntax errors, unknown
// keys, wrong types and duplicate keys; everything else is check's job.
func load(d *diagnoser, src []byte) *policyFile {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(src))
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			d.errorf(Pos{1, 1}, "empty policy: want a mapping with at least version: 1")
		} else {
			d.errorf(yamlErrorPos(err))
		}
		return nil
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		d.errorf(nodePos(&extra), "a policy is one YAML document; found another here")
	} else if !errors.Is(err, io.EOF) {
		d.errorf(yamlErrorPos(err))
	}
	l := loader{d: d}
	p := &policyFile{Essentials: builtinList{Builtin: true}, Secrets: secretsSection{builtinList: builtinList{Builtin: true}}}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	root = resolve(root)
	if root.Kind != yaml.MappingNode {
		d.errorf(nodePos(root), "a policy is a mapping with version, tasks and so on; got %s", describe(root))
		return nil
	}
	l.mapping(root, "the policy", func(key string, k, v *yaml.Node) {
		switch key {
		case "version":
			p.Version = l.scalar(v, "version")
			if p.Version != nil && resolve(v).ShortTag() != "!!int" {
				l.d.errorf(p.Version.Pos, "version must be the number 1; got %s", describe(resolve(v)))
				p.Version.Value = "" // reported; check need not again
			}
		case "package":
			p.Package = l.scalar(v, "package")
		case "essentials":
			l.mapping(v, "essentials", func(key string, k, v *yaml.Node) {
				switch key {
				case "builtin":
					p.Essentials.Builtin = l.boolean(v, "essentials.builtin", true)
				case "extra":
					p.Essentials.Extra = l.list(v, "essentials.extra")
				default:
					l.unknown(k, key, "essentials", "builtin, extra")
				}
			})
		case "secrets":
			l.mapping(v, "secrets", func(key string, k, v *yaml.Node) {
				switch key {
				case "builtin":
					p.Secrets.Builtin = l.boolean(v, "secrets.builtin", true)
				case "extra":
					p.Secrets.Extra = l.list(v, "secrets.extra")
				case "pass":
					p.Secrets.Pass = l.list(v, "secrets.pass")
				default:
					l.unknown(k, key, "secrets", "builtin, extra, pass")
				}
			})
		case "tasks":
			l.mapping(v, "tasks", func(key string, k, v *yaml.Node) {
				p.Tasks = append(p.Tasks, l.task(str{key, nodePos(k)}, v))
			})
		default:
			l.unknown(k, key, "the policy", "version, package, essentials, secrets, tasks")
		}
	})
	return p
}

// loader walks the YAML tree of one policy, reporting to d.
type loader struct{ d *diagnoser }

// task loads one task's mapping.
func (l *loader) task(key str, n *yaml.Node) taskDef {
	t := taskDef{Key: key}
	what := fmt.Sprintf("task %q", key.Value)
	l.mapping(n, what, func(name string, k, v *yaml.Node) {
		switch name {
		case "mode":
			t.Mode = l.scalar(v, what+" mode")
		case "passThrough":
			t.PassThrough = l.list(v, what+" passThrough")
		case "define":
			l.mapping(v, what+" define", func(name string, k, v *yaml.Node) {
				if val := l.scalar(v, what+" define "+name); val != nil {
					t.Define = append(t.Define, define{Name: str{name, nodePos(k)}, Value: *val})
				}
			})
		case "binPaths":
			t.BinPaths = l.list(v, what+" binPaths")
		case "unset":
			t.UnsetKey = &str{name, nodePos(k)}
			t.Unset = l.list(v, what+" unset")
		default:
			l.unknown(k, name, what, "mode, passThrough, define, binPaths, unset")
		}
	})
	return t
}

// mapping calls each for every key of n in order, after reporting a
// non-mapping, a non-scalar key or a repeated key. A null node is an empty
// mapping.
func (l *loader) mapping(n *yaml.Node, what string, each func(key string, k, v *yaml.Node)) {
	pos := nodePos(n)
	n = resolve(n)
	if isNull(n) {
		return
	}
	if n.Kind != yaml.MappingNode {
		l.d.errorf(pos, "%s must be a mapping; got %s", what, describe(n))
		return
	}
	seen := make(map[string]Pos)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := resolve(n.Content[i]), n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			l.d.errorf(nodePos(k), "a key in %s must be a scalar; got %s", what, describe(k))
			continue
		}
		if k.Value == "<<" && k.ShortTag() == "!!merge" {
			l.d.errorf(nodePos(k), "YAML merge keys (<<) are not supported in a policy; repeat the keys, or share lists with anchors and aliases")
			continue
		}
		if first, dup := seen[k.Value]; dup {
			l.d.errorf(nodePos(k), "duplicate key %q in %s (first at line %d)", k.Value, what, first.Line)
			continue
		}
		seen[k.Value] = nodePos(k)
		each(k.Value, k, v)
	}
}

// list returns the scalars of a sequence. A null node is an empty list.
func (l *loader) list(n *yaml.Node, what string) []str {
	pos := nodePos(n)
	n = resolve(n)
	if isNull(n) {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		l.d.errorf(pos, "%s must be a list; got %s", what, describe(n))
		return nil
	}
	var out []str
	for _, item := range n.Content {
		if s := l.scalar(item, "an entry of "+what); s != nil {
			out = append(out, *s)
		}
	}
	return out
}

// scalar returns n's text as written, or nil after reporting a non-scalar.
// An alias stands where it is written: positions are the alias's, not its
// anchor's.
func (l *loader) scalar(n *yaml.Node, what string) *str {
	pos := nodePos(n)
	n = resolve(n)
	if n.Kind != yaml.ScalarNode {
		l.d.errorf(pos, "%s must be a scalar; got %s", what, describe(n))
		return nil
	}
	return &str{n.Value, pos}
}

// boolean returns n as a YAML boolean, or def after reporting anything else.
func (l *loader) boolean(n *yaml.Node, what string, def bool) bool {
	n = resolve(n)
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!bool" {
		if b, err := strconv.ParseBool(n.Value); err == nil {
			return b
		}
		var b bool
		if err := n.Decode(&b); err == nil {
			return b
		}
	}
	l.d.errorf(nodePos(n), "%s must be true or false; got %s", what, describe(n))
	return def
}

// unknown reports an unknown key.
func (l *loader) unknown(k *yaml.Node, key, where, known string) {
	l.d.errorf(nodePos(k), "unknown key %q in %s (known: %s)", key, where, known)
}

// resolve follows an alias to the node it names.
func resolve(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

// isNull reports whether n is an empty or null scalar (a key with no value).
func isNull(n *yaml.Node) bool {
	return n.Kind == 0 || n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

// describe names what n is, for messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if isNull(n) {
			return "nothing"
		}
		return strconv.Quote(n.Value)
	}
	return "nothing"
}

// nodePos returns where n starts.
func nodePos(n *yaml.Node) Pos { return Pos{n.Line, n.Column} }

// yamlLine finds the line number in a yaml.v3 syntax error.
var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// parserProblems are the messages of yaml.v3's parser (not its scanner).
// It reports their line counting from 0 (its scanner's, from 1): the line
// where the unfinished construct, such as an unclosed "[", starts.
var parserProblems = map[string]bool{
	"did not find expected <stream-start>":   true,
	"did not find expected <document start>": true,
	"did not find expected node content":     true,
	"did not find expected '-' indicator":    true,
	"did not find expected key":              true,
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"found undefined tag handle":             true,
	"found duplicate %YAML directive":        true,
	"found duplicate %TAG directive":         true,
	"found incompatible YAML document":       true,
}

// yamlErrorPos splits a yaml.v3 error into a position (a line at best)
// and a message, for errorf.
func yamlErrorPos(err error) (Pos, string, any) {
	msg := err.Error()
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		if parserProblems[m[2]] {
			line++
		}
		return Pos{Line: line}, "YAML syntax: %s", m[2]
	}
	return Pos{}, "YAML syntax: %s", trimYAMLPrefix(msg)
}

// trimYAMLPrefix drops the "yaml: " that yaml.v3 puts before its messages.
func trimYAMLPrefix(msg string) string {
	if len(msg) > 6 && msg[:6] == "yaml: " {
		return msg[6:]
	}
	return msg
}
