// Package yamlfile reads the examples' own configuration files, a user's
// YAML read at run time, strictly: a key nobody reads, a key given twice,
// a value of the wrong shape or a second document is a problem, and every
// problem is kept with its position, for an error of lines
// FILE:LINE:COL: message.
//
// It walks yaml.v3's nodes rather than decoding into structs, so that a
// loader reads the file in its own order, knows where each entry stands,
// and never follows an alias.
// It imports only yaml.v3 and the standard library.
package yamlfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// File is one YAML file being read: its name, which errors start with,
// and the problems found so far.
type File struct {
	name     string
	problems []problem
}

// problem is one thing wrong with a file, at a line and column.
type problem struct {
	line, col int
	msg       string
}

// syntaxLine finds the line in a yaml.v3 syntax error.
var syntaxLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// Parse parses data, the text of the file name, and returns the file and
// its top-level node; an empty file is an empty mapping. A syntax error
// is returned at once, as FILE:LINE: message. A second document (after a
// --- line) is a problem: nobody would read it.
func Parse(name string, data []byte) (*File, *yaml.Node, error) {
	f := &File{name: name}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc, more yaml.Node
	err := dec.Decode(&doc)
	if err == nil {
		if err = dec.Decode(&more); err == nil {
			f.Errorf(&more, "a second YAML document: the file holds one")
		}
	}
	if err != nil && err != io.EOF {
		return nil, nil, syntaxError(name, err)
	}
	if len(doc.Content) == 0 {
		return f, &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: 1, Column: 1}, nil
	}
	return f, doc.Content[0], nil
}

// syntaxError returns yaml.v3's error err about the file name as
// FILE:LINE: message, or FILE: message when it gives no line.
func syntaxError(name string, err error) error {
	if m := syntaxLine.FindStringSubmatch(err.Error()); m != nil {
		line, _ := strconv.Atoi(m[1])
		return fmt.Errorf("%s:%d: %s", name, line, m[2])
	}
	return fmt.Errorf("%s: %s", name, strings.TrimPrefix(err.Error(), "yaml: "))
}

// Errorf records a problem at n's position.
func (f *File) Errorf(n *yaml.Node, format string, args ...any) {
	f.problems = append(f.problems, problem{n.Line, n.Column, fmt.Sprintf(format, args...)})
}

// Err returns every problem recorded, sorted by position, one per line as
// FILE:LINE:COL: message; nil when there is none.
func (f *File) Err() error {
	slices.SortStableFunc(f.problems, func(a, b problem) int {
		if a.line != b.line {
			return a.line - b.line
		}
		return a.col - b.col
	})
	errs := make([]error, len(f.problems))
	for i, p := range f.problems {
		errs[i] = fmt.Errorf("%s:%d:%d: %s", f.name, p.line, p.col, p.msg)
	}
	return errors.Join(errs...)
}

// Mapping yields the keys of the mapping n and their values, in the
// file's order. what names n in problems. When keys are given, any other
// key is a problem and is skipped; so is a key given twice, and a key
// that is not a scalar. A null n (`servers:` with nothing after it) is
// an empty mapping; anything else but a mapping is a problem.
func (f *File) Mapping(n *yaml.Node, what string, keys ...string) iter.Seq2[*yaml.Node, *yaml.Node] {
	return func(yield func(key, value *yaml.Node) bool) {
		if isNull(n) {
			return
		}
		if n.Kind != yaml.MappingNode {
			f.Errorf(n, "%s: want a mapping (KEY: value lines)", what)
			return
		}
		first := map[string]int{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			key, value := n.Content[i], n.Content[i+1]
			switch {
			case key.Kind != yaml.ScalarNode:
				f.Errorf(key, "%s: a key must be a plain string", what)
			case first[key.Value] != 0:
				f.Errorf(key, "%s: %q is given twice (first at line %d)", what, key.Value, first[key.Value])
			case len(keys) > 0 && !slices.Contains(keys, key.Value):
				f.Errorf(key, "%s: unknown key %q (want %s)", what, key.Value, strings.Join(keys, ", "))
			default:
				first[key.Value] = key.Line
				if !yield(key, value) {
					return
				}
			}
		}
	}
}

// Item is one scalar of a list: its text, and its node for positions.
type Item struct {
	Text string
	Node *yaml.Node
}

// Scalars returns the items of the list n, each a scalar; what names n
// in problems. A null n is an empty list; an item that is not a scalar is
// a problem and is left out.
func (f *File) Scalars(n *yaml.Node, what string) []Item {
	if isNull(n) {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		f.Errorf(n, "%s: want a list", what)
		return nil
	}
	var items []Item
	for _, node := range n.Content {
		if text, ok := f.Scalar(node, what); ok {
			items = append(items, Item{text, node})
		}
	}
	return items
}

// Scalar returns the text of the scalar n as written ("" for null); what
// names n in problems. Anything else is a problem, and ok is false.
func (f *File) Scalar(n *yaml.Node, what string) (text string, ok bool) {
	switch {
	case isNull(n):
		return "", true
	case n.Kind == yaml.ScalarNode:
		return n.Value, true
	}
	f.Errorf(n, "%s: want a single value, not a list, a mapping or an alias", what)
	return "", false
}

// isNull reports whether n is YAML's null: an empty value, `~` or `null`.
func isNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.Tag == "!!null"
}
