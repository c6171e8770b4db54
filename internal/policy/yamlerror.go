package policy

// This file repairs what yaml.v3 says of a syntax error: it gives a line
// at best, so yamlError adds the position src tells.

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

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

// blockProblems are the parser problems of a block collection whose line
// yaml.v3 gives as the line where the collection starts, not the line
// that broke it (an entry indented unlike its siblings).
var blockProblems = map[string]bool{
	"did not find expected key":           true,
	"did not find expected '-' indicator": true,
}

// maxBisectBytes bounds the policies whose broken line firstFailingLine
// looks for: it parses the file a few dozen times, which for a policy of
// a megabyte takes about two seconds. A larger one keeps yaml.v3's line.
const maxBisectBytes = 1 << 20

// firstFailingLine returns the line (from 1) that breaks src, given as
// lines, with the problem msg, that yaml.v3 reported at line from: the
// fewest lines of src, at least from, that fail to parse with msg. A
// prefix of a block collection parses until the line that breaks it, so
// a bisection finds it in a few parses. It returns 0 if no prefix fails
// so.
func firstFailingLine(lines [][]byte, from int, msg string) int {
	fails := func(n int) bool {
		var doc yaml.Node
		err := yaml.NewDecoder(bytes.NewReader(bytes.Join(lines[:n], []byte("\n")))).Decode(&doc)
		return err != nil && strings.HasSuffix(err.Error(), ": "+msg)
	}
	lo, hi := from, len(lines) // the answer is in (lo-1, hi]
	if !fails(hi) {
		return 0
	}
	for lo < hi {
		mid := lo + (hi-lo)/2
		if fails(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return hi
}

// indentPos is the position of line n's first character that is not a
// space.
func indentPos(lines [][]byte, n int) Pos {
	line := lines[n-1]
	return Pos{Line: n, Col: len(line) - len(bytes.TrimLeft(line, " ")) + 1}
}

// indentHint says how line n's indentation differs from that of the line
// above it that holds something (not blank, not only a comment), or "".
func indentHint(lines [][]byte, n int) string {
	col := indentPos(lines, n).Col
	for p := n - 1; p >= 1; p-- {
		trimmed := bytes.TrimLeft(lines[p-1], " ")
		if len(bytes.TrimSpace(trimmed)) == 0 || trimmed[0] == '#' {
			continue
		}
		above := indentPos(lines, p).Col
		if above == col {
			return ""
		}
		return fmt.Sprintf(" (this line starts in column %d, the one above it, line %d, in column %d: entries of one mapping or list start in the same column)", col, p, above)
	}
	return ""
}

// yamlError reports a yaml.v3 error in src. yaml.v3 gives a line at best,
// and none for some errors, so it adds what src tells: the first byte
// that is not UTF-8, the first use of an unknown anchor, line 1 for a
// parser error there (which yaml.v3 leaves unnumbered), a line inside the
// file for an error at its end, for a block mapping or list broken by an
// entry's indentation that entry's line and column (yaml.v3 gives where
// the mapping starts) with how it is indented, and a hint when a tab
// indents the line or the line is longer than YAML allows a key to be.
func yamlError(d *diagnoser, src []byte, err error) {
	pos, format, arg := yamlErrorPos(err)
	msg, _ := arg.(string)
	switch {
	case strings.Contains(msg, "UTF-8") || strings.Contains(msg, "control characters"):
		if i, r := badChar(src); i >= 0 && r == utf8.RuneError {
			pos = offsetPos(src, i)
			msg += fmt.Sprintf(" (byte 0x%02x; a policy is UTF-8 text)", src[i])
		} else if i >= 0 {
			pos = offsetPos(src, i)
			msg += fmt.Sprintf(" (U+%04X)", r)
		}
	case strings.HasPrefix(msg, "unknown anchor '"):
		name := strings.TrimSuffix(strings.TrimPrefix(msg, "unknown anchor '"), "' referenced")
		if i := bytes.Index(src, []byte("*"+name)); i >= 0 {
			pos = offsetPos(src, i)
			if bytes.Contains(src, []byte("&"+name)) {
				msg += " (an anchor must come before its aliases)"
			} else {
				msg += fmt.Sprintf(` (no &%s anchor comes before it; to write a pattern, quote it: "*%s")`, name, name)
			}
		}
	case pos.Line == 0:
		// yaml.v3 numbers no error on the first line, its line 0.
		pos.Line = 1
	}
	lines := YAMLLines(src)
	pos.Line = min(pos.Line, len(lines))
	if blockProblems[msg] && pos.Line > 0 && len(src) <= maxBisectBytes {
		if n := firstFailingLine(lines, pos.Line, msg); n > 0 {
			if col, hint := flowValueHint(lines[n-1]); hint != "" {
				pos, msg = Pos{Line: n, Col: col}, msg+hint
			} else {
				pos, msg = indentPos(lines, n), msg+indentHint(lines, n)
			}
		}
	}
	switch {
	case pos.Line == 0:
	case bytes.HasPrefix(lines[pos.Line-1], []byte("\t")):
		msg += " (YAML indents with spaces, not tabs)"
	case len(lines[pos.Line-1]) > 1024 && (strings.Contains(msg, "expected") || strings.Contains(msg, "mapping values")):
		msg += " (a YAML key is at most 1024 characters long)"
	}
	d.errorf(pos, format, msg)
}

// flowValue finds, in a line, a value that starts with "{" or "[" and
// goes on after its closing bracket: {projectDir}/bin, which YAML reads
// as a flow mapping followed by text it cannot place.
var flowValue = regexp.MustCompile(`(?:^|[:-])\s+([\[{][^\]}]*[\]}][^\s,#\]}][^#]*?)\s*(?:#.*)?$`)

// flowValueHint says to quote such a value if line holds one, and the
// value's column; "" if it holds none.
func flowValueHint(line []byte) (col int, hint string) {
	m := flowValue.FindSubmatchIndex(line)
	if m == nil {
		return 0, ""
	}
	value := line[m[2]:m[3]]
	col = utf8.RuneCount(line[:m[2]]) + 1
	return col, fmt.Sprintf(` (a value that starts with "%c" is read by YAML as a flow collection: quote it, "%s")`, value[0], value)
}

// hiddenBreak returns the offset of the first character of src that
// yaml.v3 takes as a line break and editors and grep do not (NEL, LINE
// SEPARATOR, PARAGRAPH SEPARATOR), and that character; or -1.
func hiddenBreak(src []byte) (int, rune) {
	for i, r := range string(src) {
		if r == 0x85 || r == 0x2028 || r == 0x2029 {
			return i, r
		}
	}
	return -1, 0
}

// badChar returns the offset of the first character of src that YAML
// refuses, a byte that is not UTF-8 (returned as utf8.RuneError) or a
// control character, and that character; or -1. A file in UTF-16 (with
// its byte order mark) is none of its business.
func badChar(src []byte) (int, rune) {
	if bytes.HasPrefix(src, []byte{0xff, 0xfe}) || bytes.HasPrefix(src, []byte{0xfe, 0xff}) {
		return -1, 0
	}
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return i, utf8.RuneError
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r', r == 0x7f,
			0x80 <= r && r < 0xa0 && r != 0x85, r == 0xfffe, r == 0xffff:
			return i, r
		}
		i += size
	}
	return -1, 0
}

// offsetPos returns the line and column (in characters, as yaml.v3
// counts them) of byte offset i of src.
func offsetPos(src []byte, i int) Pos {
	line, start := 1, 0
	for j := 0; j < i; {
		if n := lineBreak(src[j:]); n > 0 {
			j += n
			line, start = line+1, j
			continue
		}
		j++
	}
	return Pos{Line: line, Col: utf8.RuneCount(src[start:i]) + 1}
}

// YAMLLines splits src into lines as yaml.v3 counts them (see lineBreak);
// no line follows a final line break, and an empty src is one line.
func YAMLLines(src []byte) [][]byte {
	var lines [][]byte
	start := 0
	for i := 0; i < len(src); {
		if n := lineBreak(src[i:]); n > 0 {
			lines = append(lines, src[start:i])
			i += n
			start = i
			continue
		}
		i++
	}
	if start < len(src) || len(lines) == 0 {
		lines = append(lines, src[start:])
	}
	return lines
}

// lineBreak returns the length of the YAML line break that b starts with
// ("\r\n", "\r", "\n", NEL, LS or PS), or 0.
func lineBreak(b []byte) int {
	for _, br := range []string{"\r\n", "\r", "\n", "\u0085", "\u2028", "\u2029"} {
		if bytes.HasPrefix(b, []byte(br)) {
			return len(br)
		}
	}
	return 0
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
