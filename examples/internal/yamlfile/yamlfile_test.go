package yamlfile

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// read reads a file of the shape {list: [scalars], map: {key: scalar}}
// and returns what it found, item by item, and the file's error.
func read(t *testing.T, text string) (items []string, err error) {
	t.Helper()
	f, root, err := Parse("f.yaml", []byte(text))
	if err != nil {
		return nil, err
	}
	for key, value := range f.Mapping(root, "the file", "list", "map") {
		switch key.Value {
		case "list":
			for _, item := range f.Scalars(value, "list") {
				items = append(items, item.Text)
			}
		case "map":
			for k, v := range f.Mapping(value, "map") {
				text, ok := f.Scalar(v, "map."+k.Value)
				if ok {
					items = append(items, k.Value+"="+text)
				}
			}
		}
	}
	return items, f.Err()
}

func TestReadsInTheFilesOrder(t *testing.T) {
	items, err := read(t, "map: {b: 2, a: ~, c: }\nlist: [z, '', y]\n")
	require.NoError(t, err)
	require.Equal(t, []string{"b=2", "a=", "c=", "z", "", "y"}, items)
}

func TestNullAndEmpty(t *testing.T) {
	for _, text := range []string{"", "list:\nmap: null\n", "list: ~\n"} {
		items, err := read(t, text)
		require.NoError(t, err, "%q", text)
		require.Empty(t, items, "%q", text)
	}
}

func TestEveryProblemWithItsPosition(t *testing.T) {
	_, err := read(t, `map:
  a: [1]
  b: &x 1
  c: *x
  a: 2
list: {k: v}
other: 1
list: [ok, [no]]
`)
	require.EqualError(t, err, strings.Join([]string{
		"f.yaml:2:6: map.a: want a single value, not a list, a mapping or an alias",
		"f.yaml:4:6: map.c: want a single value, not a list, a mapping or an alias",
		"f.yaml:5:3: map: \"a\" is given twice (first at line 2)",
		"f.yaml:6:7: list: want a list",
		"f.yaml:7:1: the file: unknown key \"other\" (want list, map)",
		"f.yaml:8:1: the file: \"list\" is given twice (first at line 6)",
	}, "\n"))
}

func TestNotAMapping(t *testing.T) {
	_, err := read(t, "- a\n")
	require.EqualError(t, err, "f.yaml:1:1: the file: want a mapping (KEY: value lines)")
}

func TestSyntaxError(t *testing.T) {
	_, err := read(t, "list: [a\nmap: {}\n")
	require.ErrorContains(t, err, "f.yaml:")
	require.NotContains(t, err.Error(), "yaml: line")
}

// TestSyntaxErrorWithoutALine: an error yaml.v3 gives no line for is
// FILE: message.
func TestSyntaxErrorWithoutALine(t *testing.T) {
	_, err := read(t, "list: [a\x01]\n")
	require.EqualError(t, err, "f.yaml: control characters are not allowed")
}

// TestKeyNotAScalar: a key that is a list or a mapping (YAML's "? key"
// form) is a problem at the key, and its entry is skipped.
func TestKeyNotAScalar(t *testing.T) {
	items, err := read(t, "? [a]\n: 1\nlist: [x]\n")
	require.EqualError(t, err, "f.yaml:1:3: the file: a key must be a plain string")
	require.Equal(t, []string{"x"}, items)
}

// TestSecondDocument: a file of two documents is a problem where the
// second starts, since nobody would read it; one --- before the only
// document is not.
func TestSecondDocument(t *testing.T) {
	_, err := read(t, "list: [a]\n---\nmap: {b: 1}\n")
	require.EqualError(t, err, "f.yaml:2:1: a second YAML document: the file holds one")
	_, err = read(t, "---\nlist: [a]\n")
	require.NoError(t, err)
	_, err = read(t, "list: [a]\n---\nmap: {b: [\n")
	require.ErrorContains(t, err, "f.yaml:3: ")
}
