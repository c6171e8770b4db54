package policy

import (
	"fmt"
	"strings"
)

// Segment is one piece of a value: literal text, or a {param}.
type Segment struct {
	Lit   string
	Param string // the parameter's name; Lit is empty then
	Env   string // ${NAME}: NAME's value in environ at the call
	Pos   Pos    // of the value, for errors about an Env reference
}

// ParseValue splits a define or binPaths value into literal text,
// {param} references and ${NAME} environment references. "{{" and "}}"
// are literal braces, and "$${" a literal "${" (with the "...}" it opens,
// so "$${HOME}" is the text "${HOME}"); any other brace is an error,
// reported with its byte offset in s.
func ParseValue(s string) ([]Segment, error) {
	var segs []Segment
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			segs = append(segs, Segment{Lit: lit.String()})
			lit.Reset()
		}
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case strings.HasPrefix(s[i:], "$${"):
			// A literal "${", and the "...}" it opens, as written.
			if end := strings.IndexByte(s[i:], '}'); end >= 0 {
				lit.WriteString(s[i+1 : i+end+1])
				i += end
			} else {
				lit.WriteString("${")
				i += 2
			}
		case strings.HasPrefix(s[i:], "${"):
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return nil, fmt.Errorf("unclosed '${' at byte %d (write $${ for a literal ${)", i)
			}
			name := s[i+2 : i+end]
			if !IsName(name) {
				return nil, fmt.Errorf("bad environment reference ${%s} at byte %d: a name is [A-Za-z_][A-Za-z0-9_]*", name, i)
			}
			flush()
			segs = append(segs, Segment{Env: name})
			i += end
		case c == '{' && strings.HasPrefix(s[i:], "{{"), c == '}' && strings.HasPrefix(s[i:], "}}"):
			lit.WriteByte(c)
			i++
		case c == '}':
			return nil, fmt.Errorf("unmatched '}' at byte %d (write }} for a literal brace)", i)
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return nil, fmt.Errorf("unclosed '{' at byte %d (write {{ for a literal brace)", i)
			}
			name := s[i+1 : i+end]
			if !IsParam(name) {
				return nil, fmt.Errorf("bad parameter {%s} at byte %d: a parameter is [a-z][A-Za-z0-9]*", name, i)
			}
			flush()
			segs = append(segs, Segment{Param: name})
			i += end
		default:
			lit.WriteByte(c)
		}
	}
	flush()
	return segs, nil
}
