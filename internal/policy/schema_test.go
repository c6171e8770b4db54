package policy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/envgen/envgen/internal/testkit"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// schemaPath is the policy's JSON Schema (draft-07, the newest draft that
// yaml-language-server, and so VS Code's YAML extension, fully supports).
const schemaPath = "schema/policy.schema.json"

// schemaBlind lists the error golden cases the schema cannot reject, and
// why: they are about meaning, not shape, or about the YAML or the command
// line. Every other error case must fail the schema.
var schemaBlind = map[string]string{
	"err-duplicate-mapping-key":          "a repeated key is a YAML error, which editors report themselves",
	"err-essential-secret-by-name":       "needs the built-in lists",
	"err-essential-secret-by-pattern":    "needs the built-in lists",
	"err-essential-secret-case":          "needs the built-in lists",
	"err-essential-secret-extra-builtin": "needs the built-in lists",
	"err-secret-pattern-hits-essential":  "needs the built-in lists",
	"err-env-reference-secret":           "needs the built-in lists",
	"err-no-package":                     "about the command line",
	"err-pkg-flag-invalid":               "about the command line",
	"err-task-collision-append":          "about generated Go names",
	"err-task-collision-separators":      "about generated Go names",
	"err-two-documents":                  "a second YAML document is outside what a schema sees",
	"err-yaml-syntax":                    "not YAML at all",
	"err-yaml-first-line":                "not YAML at all",
	"err-yaml-unquoted-brace":            "not YAML at all",
	"err-yaml-unquoted-star":             "not YAML at all",
	"err-yaml-line-separator":            "a raw U+2028 is valid JSON text in a string; only envgen refuses it",
	"err-yaml-key-overindented":          "not YAML at all",
	"err-yaml-key-underindented":         "not YAML at all",
	"err-extends-unknown-preset":         "a reference between entries",
	"err-extends-cycle":                  "a reference between entries",
	"err-extends-task-key":               "a reference between entries",
	"err-param-not-in-params":            "a reference between entries (a value and params:)",
}

// TestSchemaAcceptsGoodPolicies validates every example policy and every
// golden policy that generates against the schema; the init starter is
// among them, as the golden case init-starter (TestInitStarterIsGolden
// holds the two equal).
func TestSchemaAcceptsGoodPolicies(t *testing.T) {
	s := loadSchema(t)
	examples, err := filepath.Glob(filepath.Join("..", "..", "examples", "*", "envpolicy.yaml"))
	require.NoError(t, err)
	require.NotEmpty(t, examples)
	files := examples
	for _, dir := range testkit.GoldenCases(t) {
		if testkit.FileExists(filepath.Join(dir, "policy.go.golden")) {
			files = append(files, filepath.Join(dir, "policy.yaml"))
		}
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		doc, err := yamlToJSON(src)
		require.NoError(t, err, file)
		for _, e := range s.validate(doc) {
			t.Errorf("%s: %s", file, e)
		}
	}
}

// TestSchemaRejectsBadPolicies holds the schema to the error golden cases:
// each must fail it unless schemaBlind says why a schema cannot tell.
func TestSchemaRejectsBadPolicies(t *testing.T) {
	s := loadSchema(t)
	seen := map[string]bool{}
	for _, dir := range testkit.GoldenCases(t) {
		name := filepath.Base(dir)
		if !testkit.FileExists(filepath.Join(dir, "stderr.golden")) {
			continue
		}
		seen[name] = true
		src, err := os.ReadFile(filepath.Join(dir, "policy.yaml"))
		require.NoError(t, err)
		doc, yamlErr := yamlToJSON(src)
		var problems []string
		if yamlErr == nil {
			problems = s.validate(doc)
		}
		if why, blind := schemaBlind[name]; blind {
			assert.True(t, yamlErr != nil || len(problems) == 0,
				"%s is listed as schema-blind (%s), but the schema rejects it: take it off the list\n%s", name, why, strings.Join(problems, "\n"))
			continue
		}
		require.NoError(t, yamlErr, name)
		assert.NotEmpty(t, problems, "%s: the schema accepts a policy envgen rejects; make the schema reject it, or add it to schemaBlind with the reason", name)
	}
	for name := range schemaBlind {
		assert.True(t, seen[name], "schemaBlind lists %s, which is not an error golden case", name)
	}
}

// TestSchemaKnowsEveryKey compares the schema's keys with those the
// loader knows, read from its unknown-key messages, so that a key added
// to load.go without the schema (or the reverse) fails here.
func TestSchemaKnowsEveryKey(t *testing.T) {
	s := loadSchema(t)
	known := func(src string) []string {
		_, err := Load("policy.yaml", []byte(src))
		require.Error(t, err, src)
		m := regexp.MustCompile(`\(known: ([^)]*)\)`).FindStringSubmatch(err.Error())
		require.NotNil(t, m, "no known-keys list in %q", err)
		return slices.Sorted(slices.Values(strings.Split(m[1], ", ")))
	}
	props := func(ptr string) []string {
		node := s.resolvePointer(ptr)
		var keys []string
		for k := range node["properties"].(map[string]any) {
			keys = append(keys, k)
		}
		return slices.Sorted(slices.Values(keys))
	}
	assert.Equal(t, known("version: 1\nzzz: 1\n"), props("#"))
	assert.Equal(t, known("version: 1\nessentials: {zzz: 1}\n"), props("#/properties/essentials"))
	assert.Equal(t, known("version: 1\nsecrets: {zzz: 1}\n"), props("#/properties/secrets"))
	assert.Equal(t, known("version: 1\ntasks: {t: {zzz: 1}}\n"), props("#/definitions/preset"))
	assert.Equal(t, known("version: 1\npresets: {t: {zzz: 1}}\n"), props("#/definitions/preset"))
}

// TestExamplesNameTheSchema checks the yaml-language-server line at the
// top of every example policy, and that its path reaches the schema.
func TestExamplesNameTheSchema(t *testing.T) {
	examples, err := filepath.Glob(filepath.Join("..", "..", "examples", "*", "envpolicy.yaml"))
	require.NoError(t, err)
	for _, file := range examples {
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		first, _, _ := strings.Cut(string(src), "\n")
		rel, ok := strings.CutPrefix(first, "# yaml-language-server: $schema=")
		if !assert.True(t, ok, "%s: the first line should be # yaml-language-server: $schema=PATH", file) {
			continue
		}
		target := filepath.Join(filepath.Dir(file), filepath.FromSlash(rel))
		abs, err := filepath.Abs(target)
		require.NoError(t, err)
		want, err := filepath.Abs(schemaPath)
		require.NoError(t, err)
		assert.Equal(t, want, abs, "%s: the schema line points elsewhere", file)
	}
}

// TestSchemaValidator checks the test's own validator on small cases, so
// that a pass above means something.
func TestSchemaValidator(t *testing.T) {
	s := loadSchema(t)
	for _, tc := range []struct {
		src  string
		want string // a substring of the first problem, or "" for none
	}{
		{"version: 1\n", ""},
		{"version: 1\ntasks:\n", ""},
		{"version: 2\n", "const"},
		{"version: '1'\n", "const"},
		{"tasks: {}\n", "required"},
		{"version: 1\nbogus: 1\n", "bogus"},
		{"version: 1\ntasks: {9x: {}}\n", "pattern"},
		{"version: 1\ntasks: {x: {passThrough: [A, A]}}\n", "unique"},
		{"version: 1\ntasks: {x: {passThrough: [\"!A_*\", \"A*B\", _x]}}\n", ""},
		{"version: 1\ntasks: {x: {passThrough: [\"1A\"]}}\n", "pattern"},
		{"version: 1\ntasks: {x: {mode: inherit, passThrough: [\"A_*\"]}}\n", "pattern"},
		{"version: 1\nsecrets: {pass: [A, \"PROGRAMFILES(X86)\", \"ProgramFiles(x86)\"]}\n", ""},
		{"version: 1\nsecrets: {pass: [\"PATH(X86)\"]}\n", "anyOf"},
		{"version: 1\ntasks: {x: {unset: [A]}}\n", "false schema"},
		{"version: 1\ntasks: {x: {mode: inherit, unset: [A]}}\n", ""},
		{"version: 1\ntasks: {x: {extends: [p], unset: [A]}}\n", ""},
		{"version: 1\npresets: {p: {unset: [A]}}\n", ""},
		{"version: 1\ntasks: {x: {define: {A: \"{ok}{{}}\", B: 0, C: ~, D: 2001-12-14}}}\n", ""},
		{"version: 1\ntasks: {x: {define: {A: \"{Bad}\"}}}\n", "pattern"},
		{"version: 1\ntasks: {x: {define: {A: \"{a}}}\"}}}\n", ""},
		{"version: 1\ntasks: {x: {define: {A: \"{a}}\"}}}\n", "pattern"},
		{"version: 1\ntasks: {x: {define: {A: [1]}}}\n", "type"},
		{"version: 1\npackage: func\n", "not"},
		{"version: 1\nessentials: {builtin: yes}\n", "type"},
		{"version: 1\nsecrets: {values: false, valuePrefixes: []}\n", ""},
		{"version: 1\nsecrets: {values: true, valuePrefixes: [acme_live_, \"a#b~\"]}\n", ""},
		{"version: 1\nsecrets: {valuePrefixes: [\"\\xe4\\xe4\"]}\n", "pattern"},
		{"version: 1\nsecrets: {valuePrefixes: [\"ab cd\"]}\n", "pattern"},
		{"version: 1\nsecrets: {values: false, valuePrefixes: [acme_live_]}\n", "enum"},
		{"version: 1\nsecrets: {values: 1}\n", "type"},
		{"version: 1\nsecrets: {valuePrefixes: [abc]}\n", "pattern"},
		{"version: 1\nsecrets: {valuePrefixes: [\"ab\\0cd\"]}\n", "pattern"},
		{"version: 1\nsecrets: {valuePrefixes: [abcd, abcd]}\n", "unique"},
		{"version: 1\ntasks: {x: {<<: {mode: inherit}}}\n", "<<"},
	} {
		doc, err := yamlToJSON([]byte(tc.src))
		require.NoError(t, err, tc.src)
		problems := s.validate(doc)
		if tc.want == "" {
			assert.Empty(t, problems, tc.src)
			continue
		}
		if assert.NotEmpty(t, problems, tc.src) {
			assert.Contains(t, problems[0], tc.want, tc.src)
		}
	}
}

// yamlToJSON turns a YAML document into the values encoding/json would
// give for the same data, following aliases, the way yaml-language-server
// sees it: mappings with string keys (a merge key << stays a plain key),
// numbers as float64, and a scalar of any other tag (a date, say) as a
// string. A second document is ignored.
func yamlToJSON(src []byte) (any, error) {
	var doc yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(src)).Decode(&doc); err != nil {
		if err.Error() == "EOF" {
			return nil, nil
		}
		return nil, err
	}
	var conv func(n *yaml.Node) (any, error)
	conv = func(n *yaml.Node) (any, error) {
		n = followAlias(n)
		switch n.Kind {
		case yaml.DocumentNode:
			return conv(n.Content[0])
		case yaml.MappingNode:
			m := map[string]any{}
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := followAlias(n.Content[i])
				if k.Kind != yaml.ScalarNode {
					return nil, fmt.Errorf("line %d: a non-scalar key", k.Line)
				}
				v, err := conv(n.Content[i+1])
				if err != nil {
					return nil, err
				}
				m[k.Value] = v
			}
			return m, nil
		case yaml.SequenceNode:
			l := []any{}
			for _, c := range n.Content {
				v, err := conv(c)
				if err != nil {
					return nil, err
				}
				l = append(l, v)
			}
			return l, nil
		case yaml.ScalarNode:
			switch n.ShortTag() {
			case "!!null":
				return nil, nil
			case "!!bool":
				var b bool
				return b, n.Decode(&b)
			case "!!int", "!!float":
				var f float64
				return f, n.Decode(&f)
			}
			return n.Value, nil
		}
		return nil, fmt.Errorf("line %d: unexpected YAML node", n.Line)
	}
	return conv(&doc)
}

// jsonSchema is the subset of JSON Schema draft-07 the policy schema
// uses. validate refuses any keyword outside it, so the schema cannot
// quietly rely on something this test does not check.
type jsonSchema struct{ root map[string]any }

// loadSchema reads and parses the policy schema.
func loadSchema(t *testing.T) *jsonSchema {
	t.Helper()
	raw, err := os.ReadFile(schemaPath)
	require.NoError(t, err)
	var root map[string]any
	require.NoError(t, json.Unmarshal(raw, &root))
	assert.Equal(t, "http://json-schema.org/draft-07/schema#", root["$schema"])
	return &jsonSchema{root}
}

// annotations are keywords that do not validate.
var annotations = map[string]bool{
	"$schema": true, "$id": true, "$comment": true, "title": true, "description": true,
	"default": true, "examples": true, "definitions": true,
}

// resolvePointer returns the schema at a local JSON pointer such as
// "#/definitions/name".
func (s *jsonSchema) resolvePointer(ref string) map[string]any {
	node := any(s.root)
	for _, part := range strings.Split(strings.TrimPrefix(strings.TrimPrefix(ref, "#"), "/"), "/") {
		if part == "" {
			continue
		}
		node = node.(map[string]any)[part]
	}
	return node.(map[string]any)
}

// validate returns the problems of doc against the schema, each as
// "PATH: problem".
func (s *jsonSchema) validate(doc any) []string {
	var out []string
	s.check(s.root, doc, "$", &out)
	return out
}

// check validates v at path against schema sch (a map or a boolean),
// appending problems to out.
func (s *jsonSchema) check(sch any, v any, path string, out *[]string) {
	fail := func(format string, args ...any) { *out = append(*out, path+": "+fmt.Sprintf(format, args...)) }
	switch sch := sch.(type) {
	case bool:
		if !sch {
			fail("false schema: not allowed here")
		}
		return
	case map[string]any:
		if ref, ok := sch["$ref"].(string); ok {
			for k := range sch {
				if k != "$ref" && !annotations[k] {
					fail("schema error: %s beside $ref is ignored by draft-07", k)
				}
			}
			s.check(s.resolvePointer(ref), v, path, out)
			return
		}
		_, hasProps := sch["properties"]
		_, hasAdd := sch["additionalProperties"]
		_, hasNames := sch["propertyNames"]
		if hasProps || hasAdd || hasNames {
			s.checkObject(sch, v, path, out)
		}
		for _, k := range sortedKeys(sch) {
			kw := sch[k]
			switch k {
			case "type":
				types := []any{kw}
				if list, ok := kw.([]any); ok {
					types = list
				}
				if !slices.ContainsFunc(types, func(t any) bool { return hasType(v, t.(string)) }) {
					fail("type: got %s, want %v", typeOf(v), kw)
				}
			case "const":
				if !jsonEqual(v, kw) {
					fail("const: got %s, want %s", jsonText(v), jsonText(kw))
				}
			case "enum":
				if !slices.ContainsFunc(kw.([]any), func(e any) bool { return jsonEqual(v, e) }) {
					fail("enum: %s is not one of %s", jsonText(v), jsonText(kw))
				}
			case "pattern":
				if str, ok := v.(string); ok && !regexp.MustCompile(kw.(string)).MatchString(str) {
					fail("pattern: %q does not match %s", str, kw)
				}
			case "required":
				if m, ok := v.(map[string]any); ok {
					for _, r := range kw.([]any) {
						if _, ok := m[r.(string)]; !ok {
							fail("required: %s is missing", r)
						}
					}
				}
			case "properties", "additionalProperties", "propertyNames": // checkObject
			case "items":
				if list, ok := v.([]any); ok {
					for i, item := range list {
						s.check(kw, item, fmt.Sprintf("%s[%d]", path, i), out)
					}
				}
			case "uniqueItems":
				if list, ok := v.([]any); ok && kw == true {
					for i := range list {
						for j := range i {
							if jsonEqual(list[i], list[j]) {
								fail("uniqueItems: %v at %d repeats %d", list[i], i, j)
							}
						}
					}
				}
			case "allOf":
				for _, sub := range kw.([]any) {
					s.check(sub, v, path, out)
				}
			case "anyOf":
				if !slices.ContainsFunc(kw.([]any), func(sub any) bool { return s.passes(sub, v) }) {
					fail("anyOf: matches none")
				}
			case "not":
				if s.passes(kw, v) {
					fail("not: matches a schema it must not")
				}
			case "if":
				if s.passes(kw, v) {
					if then, ok := sch["then"]; ok {
						s.check(then, v, path, out)
					}
				} else if els, ok := sch["else"]; ok {
					s.check(els, v, path, out)
				}
			case "then", "else":
			default:
				if !annotations[k] {
					fail("schema error: keyword %q is outside what this test's validator checks", k)
				}
			}
		}
	default:
		fail("schema error: a schema is an object or a boolean; got %T", sch)
	}
}

// checkObject applies properties, additionalProperties and propertyNames.
func (s *jsonSchema) checkObject(sch map[string]any, v any, path string, out *[]string) {
	m, ok := v.(map[string]any)
	if !ok {
		return
	}
	props, _ := sch["properties"].(map[string]any)
	for _, k := range sortedKeys(m) {
		if names, ok := sch["propertyNames"]; ok {
			s.check(names, k, path+" key "+strconvQuote(k), out)
		}
		if p, ok := props[k]; ok {
			s.check(p, m[k], path+"."+k, out)
		} else if add, ok := sch["additionalProperties"]; ok {
			if add == false {
				*out = append(*out, fmt.Sprintf("%s: additionalProperties: %q is not allowed", path, k))
			} else {
				s.check(add, m[k], path+"."+k, out)
			}
		}
	}
}

// passes reports whether v validates against sch.
func (s *jsonSchema) passes(sch any, v any) bool {
	var out []string
	s.check(sch, v, "", &out)
	return len(out) == 0
}

// hasType reports whether v is of the JSON Schema type t.
func hasType(v any, t string) bool {
	switch t {
	case "integer":
		f, ok := v.(float64)
		return ok && f == math.Trunc(f)
	case "number":
		_, ok := v.(float64)
		return ok
	}
	return typeOf(v) == t
}

// typeOf names v's JSON type.
func typeOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

// jsonText returns v as JSON text, for messages.
func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// jsonEqual compares two JSON values.
func jsonEqual(a, b any) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return bytes.Equal(ja, jb)
}

func strconvQuote(s string) string { return fmt.Sprintf("%q", s) }

// sortedKeys returns m's keys in order, so that problems come out in a
// stable order.
func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

// followAlias follows an alias to the node it names.
func followAlias(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}
