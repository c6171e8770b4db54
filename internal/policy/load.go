package policy

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Text is a scalar from the policy file with where it stands.
type Text struct {
	Value string
	Pos   Pos
}

// policySource is a policy as written, before any semantic check: what load
// found under each key, with positions.
type policySource struct {
	Version    *Text
	Package    *Text
	Essentials builtinList
	Secrets    secretsSection
	Presets    []TaskSource // shaped like tasks; see extends.go
	Tasks      []TaskSource
	// Prefix is the prefix key; Params the params list and ParamsKey the
	// key itself, nil when the policy declares no shared parameters (see
	// shared.go).
	Prefix    *Text
	Params    []Text
	ParamsKey *Text
}

// builtinList is a section that turns a built-in list on or off and adds
// names to it.
type builtinList struct {
	Builtin bool // default true
	Extra   []Text
}

// secretsSection is the policy's secrets key.
type secretsSection struct {
	builtinList
	Pass []Text
	// Values is secrets.values (default true); ValuesKey the key itself,
	// nil when the policy does not give it. ValuePrefixes is
	// secrets.valuePrefixes and ValuePrefixesKey its key (see values.go).
	Values           bool
	ValuesKey        *Text
	ValuePrefixes    []Text
	ValuePrefixesKey *Text
}

// TaskSource is one entry of tasks, as written.
type TaskSource struct {
	Key         Text
	Mode        *Text
	PassThrough []Text
	Define      []DefineSource
	BinPaths    []Text
	Unset       []Text
	UnsetKey    *Text // the "unset" key itself, to report it in an isolated task
	// DropInjection is the dropInjection key's value; DropInjectionKey
	// is the key itself, so that extends can tell whether an entry gives it.
	DropInjection    bool
	DropInjectionKey *Text
	// Extends names the presets merged in (see extends.go); ExtendsKey
	// is the key itself.
	Extends    []Text
	ExtendsKey *Text
	// BuiltinPass maps each passThrough name that only built-in presets
	// wrote (merged in by extends) to the first such preset's key
	// ("builtin:network"); nil when there is none. Such a name passes
	// as any exact passThrough name does, but exempts no value: only the
	// policy's own text does (see Task.BuiltinPass).
	BuiltinPass map[string]string
}

// DefineSource is one NAME: value entry of a task's define.
type DefineSource struct {
	Name, Value Text
}

// Load loads and checks the policy src, read from file: the one way from
// policy text to a checked policy. A bad policy returns Diagnostics
// naming file, every problem found, sorted by position.
func Load(file string, src []byte) (*Policy, error) {
	d := &diagnoser{file: file}
	f := load(d, src)
	if f == nil {
		return nil, d.err()
	}
	p := check(d, f)
	if err := d.err(); err != nil {
		return nil, err
	}
	return p, nil
}

// load parses src as a policy file. It reports YAML syntax errors, unknown
// keys, wrong types and duplicate keys; everything else is check's job.
func load(d *diagnoser, src []byte) *policySource {
	if i, r := hiddenBreak(src); i >= 0 {
		// YAML (yaml.v3) breaks lines there and editors do not, so
		// every later position would be off, or the file misread.
		d.errorf(offsetPos(src, i), "U+%04X breaks lines in YAML but not in editors: remove it, or write it as \\u%04X in a double-quoted value", r, r)
		return nil
	}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(src))
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			d.errorf(Pos{1, 1}, "empty policy: want a mapping with at least version: 1")
		} else {
			yamlError(d, src, err)
		}
		return nil
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		d.errorf(nodePos(&extra), "a policy is one YAML document; found another here")
	} else if !errors.Is(err, io.EOF) {
		yamlError(d, src, err)
	}
	if tooBig(d, &doc) {
		return nil
	}
	l := loader{d: d, lines: YAMLLines(src)}
	p := &policySource{Essentials: builtinList{Builtin: true}, Secrets: secretsSection{builtinList: builtinList{Builtin: true}, Values: true}}
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
			} else if n := 0; p.Version != nil && resolve(v).Decode(&n) == nil && n == 1 {
				p.Version.Value = "1" // however YAML spells it: 0x1, 0o1, +1
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
				case "values":
					p.Secrets.ValuesKey = &Text{key, nodePos(k)}
					p.Secrets.Values = l.boolean(v, "secrets.values", true)
				case "valuePrefixes":
					p.Secrets.ValuePrefixesKey = &Text{key, nodePos(k)}
					p.Secrets.ValuePrefixes = l.list(v, "secrets.valuePrefixes")
				default:
					l.unknown(k, key, "secrets", "builtin, extra, pass, values, valuePrefixes")
				}
			})
		case "presets":
			pl := loader{d: l.d, kind: "preset", lines: l.lines}
			p.Presets = make([]TaskSource, 0, len(v.Content)/2) // sized once: 180,000 presets grown by append left 140 MB of large garbage
			l.mapping(v, "presets", func(key string, k, v *yaml.Node) {
				p.Presets = append(p.Presets, pl.task(Text{key, nodePos(k)}, v))
			})
		case "tasks":
			p.Tasks = make([]TaskSource, 0, len(v.Content)/2)
			l.mapping(v, "tasks", func(key string, k, v *yaml.Node) {
				p.Tasks = append(p.Tasks, l.task(Text{key, nodePos(k)}, v))
			})
		case "prefix":
			p.Prefix = l.scalar(v, "prefix")
		case "params":
			p.ParamsKey = &Text{key, nodePos(k)}
			p.Params = l.list(v, "params")
		default:
			l.unknown(k, key, "the policy", "version, package, prefix, params, essentials, secrets, presets, tasks")
		}
	})
	return p
}

// loader walks the YAML tree of one policy, reporting to d.
type loader struct {
	d     *diagnoser
	kind  string   // "preset" while loading presets, else "" for tasks
	lines [][]byte // the policy's lines, to look at how an entry is written
}

// task loads one task's mapping.
func (l *loader) task(key Text, n *yaml.Node) TaskSource {
	t := TaskSource{Key: key}
	what := fmt.Sprintf("%s %q", cmp.Or(l.kind, "task"), key.Value)
	l.mapping(n, what, func(name string, k, v *yaml.Node) {
		switch name {
		case "mode":
			t.Mode = l.scalar(v, what+" mode")
		case "passThrough":
			t.PassThrough = l.list(v, what+" passThrough")
		case "define":
			l.mapping(v, what+" define", func(name string, k, v *yaml.Node) {
				if val := l.scalar(v, what+" define "+name); val != nil {
					t.Define = append(t.Define, DefineSource{Name: Text{name, nodePos(k)}, Value: *val})
				}
			})
		case "binPaths":
			t.BinPaths = l.list(v, what+" binPaths")
		case "unset":
			t.UnsetKey = &Text{name, nodePos(k)}
			t.Unset = l.list(v, what+" unset")
		case "dropInjection":
			t.DropInjectionKey = &Text{name, nodePos(k)}
			t.DropInjection = l.boolean(v, what+" dropInjection", false)
		case "extends":
			t.ExtendsKey = &Text{name, nodePos(k)}
			t.Extends = l.list(v, what+" extends")
		default:
			l.unknown(k, name, what, "mode, passThrough, define, binPaths, unset, dropInjection, extends")
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
// The entries of a list written as an alias (*name) stand where the
// alias is written: that use is where a problem with them is.
func (l *loader) list(n *yaml.Node, what string) []Text {
	pos, alias := nodePos(n), n.Kind == yaml.AliasNode
	n = resolve(n)
	if isNull(n) {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		l.d.errorf(pos, "%s must be a list; got %s", what, describe(n))
		return nil
	}
	var out []Text
	for _, item := range n.Content {
		if !alias && l.misindentedItem(item, what) {
			continue
		}
		if s := l.scalar(item, "an entry of "+what); s != nil {
			if alias {
				s.Pos = pos
			}
			out = append(out, *s)
		}
	}
	return out
}

// misindentedItem reports whether list item n is a plain scalar that runs
// on to a line starting "- ", reporting that line: a list item indented
// deeper than the one before it, which YAML reads as more words of that
// one ("A - B").
func (l *loader) misindentedItem(n *yaml.Node, what string) bool {
	if n.Kind != yaml.ScalarNode || n.Style != 0 || !strings.Contains(n.Value, " - ") || n.Line < 1 || n.Line > len(l.lines) {
		return false
	}
	// The column of the "-" before the item, from 0; the text before the
	// item is spaces and dashes, so bytes count as columns.
	first := l.lines[n.Line-1]
	dash := min(n.Column-2, len(first)-1)
	for dash >= 0 && first[dash] == ' ' {
		dash--
	}
	if dash < 0 || first[dash] != '-' {
		return false // a flow list, or the item on a line of its own
	}
	for line := n.Line; line < len(l.lines); line++ {
		text := string(l.lines[line]) // the line after line n.Line, ...
		trimmed := strings.TrimLeft(text, " ")
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if indent := len(text) - len(trimmed); strings.HasPrefix(trimmed, "- ") && indent > dash {
			l.d.errorf(Pos{line + 1, indent + 1}, "%s: this list item is indented deeper than the one on line %d, so YAML reads it as more of that one (%q): start its - in column %d, under the one above", what, n.Line, n.Value, dash+1)
			return true
		}
		if len(text)-len(trimmed) <= dash {
			return false
		}
	}
	return false
}

// scalar returns n's text as written, or nil after reporting a non-scalar.
// An alias stands where it is written: positions are the alias's, not its
// anchor's.
func (l *loader) scalar(n *yaml.Node, what string) *Text {
	pos := nodePos(n)
	n = resolve(n)
	if n.Kind != yaml.ScalarNode {
		l.d.errorf(pos, "%s must be a scalar; got %s", what, describe(n))
		return nil
	}
	if strings.HasPrefix(n.Tag, "!") && !strings.HasPrefix(n.Tag, "!!") {
		text := strings.TrimSpace(n.Tag + " " + n.Value)
		l.d.errorf(pos, `%s: %q is a YAML tag (a value that starts with "!" is one): quote it, "%s"`, what, text, text)
		return nil
	}
	return &Text{n.Value, pos}
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
	if near := nearestKey(key, strings.Split(known, ", ")); near != "" {
		l.d.errorf(nodePos(k), "unknown key %q in %s: did you mean %s? (known: %s)", key, where, near, known)
		return
	}
	l.d.errorf(nodePos(k), "unknown key %q in %s (known: %s)", key, where, known)
}

// nearestKey returns the one key of known that key is a typo of: the
// same but for ASCII case, else at most two edits away (one for a key of
// up to four letters); or "" if there is none or more than one.
func nearestKey(key string, known []string) string {
	for _, k := range known {
		if strings.EqualFold(k, key) {
			return k
		}
	}
	best, bestDist, ties := "", 3, 0
	if len(key) <= 4 {
		bestDist = 2
	}
	for _, k := range known {
		switch d := editDistance(strings.ToLower(key), strings.ToLower(k)); {
		case d < bestDist:
			best, bestDist, ties = k, d, 1
		case d == bestDist && best != "":
			ties++
		}
	}
	if ties != 1 {
		return ""
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes:
// keys are ASCII.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
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

// maxNodes bounds the YAML nodes of a policy, counting each alias as a
// copy of what it names, so that a few kilobytes of nested aliases (a
// "billion laughs" file) cannot stand for more than load can walk.
const maxNodes = 1_000_000

// maxScalarBytes bounds the text of a policy's scalars (keys, names,
// patterns, values and directories), counting each alias as a copy of
// what it names, so that one large value named by many aliases cannot
// stand for more than generating can take: a 1 MB define aliased 300
// times would be 300 MB of values, 5 GB of memory and a 600 MB Go file.
// A 10 MB value written out is within it.
const maxScalarBytes = 16_000_000

// expansion is what a YAML node stands for when each alias counts as a
// copy of what it names: its nodes and the bytes of its scalars' text,
// each counted to one past its limit and no further.
type expansion struct{ nodes, bytes int }

// plus returns e and f together, each count stopped one past its limit.
func (e expansion) plus(f expansion) expansion {
	return expansion{min(e.nodes+f.nodes, maxNodes+1), min(e.bytes+f.bytes, maxScalarBytes+1)}
}

// over reports whether e passes a limit.
func (e expansion) over() bool { return e.nodes > maxNodes || e.bytes > maxScalarBytes }

// own is what n counts for itself, without what it holds: one node, and
// a scalar's text.
func own(n *yaml.Node) expansion {
	if n.Kind == yaml.ScalarNode {
		return expansion{1, len(n.Value)}
	}
	return expansion{1, 0}
}

// tooBig reports, at the node where the count passes it, a document with
// more than maxNodes nodes or maxScalarBytes bytes of scalar text when
// each alias counts as a copy of what it names. It runs before anything
// reads the document, and takes time in proportion to the nodes as
// written.
func tooBig(d *diagnoser, doc *yaml.Node) bool {
	sizes := map[*yaml.Node]expansion{} // what a node stands for, each count at most one past its limit
	var size func(n *yaml.Node) expansion
	size = func(n *yaml.Node) expansion {
		if n.Kind == yaml.AliasNode && n.Alias != nil {
			return size(n.Alias)
		}
		if s, ok := sizes[n]; ok {
			return s
		}
		sizes[n] = expansion{maxNodes + 1, maxScalarBytes + 1} // a node inside itself (yaml.v3 refuses those) is too big
		s := own(n)
		for _, c := range n.Content {
			if s = s.plus(size(c)); s.over() {
				break
			}
		}
		sizes[n] = s
		return s
	}
	var total expansion
	var walk func(n *yaml.Node) bool // in document order; false once past a limit
	walk = func(n *yaml.Node) bool {
		if n.Kind == yaml.AliasNode && n.Alias != nil {
			total = total.plus(size(n))
		} else {
			total = total.plus(own(n))
		}
		switch {
		case total.nodes > maxNodes:
			d.errorf(nodePos(n), "policy too large: over %d YAML nodes, counting each alias as a copy of what it names", maxNodes)
			return false
		case total.bytes > maxScalarBytes:
			d.errorf(nodePos(n), "policy too large: over %d bytes of keys, names and values, counting each alias as a copy of what it names", maxScalarBytes)
			return false
		}
		if n.Kind != yaml.AliasNode {
			for _, c := range n.Content {
				if !walk(c) {
					return false
				}
			}
		}
		return true
	}
	return !walk(doc)
}
