package cmd

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/internal/reference"
)

// This file reads the environment that envgen explain explains: a -env
// file or standard input, or the process's own environment.

// environInput is an environment read for explain: the entries, in
// order, and the pieces of input that are not NAME=value. Those are
// kept by where they are and how long they are, never by their text:
// a piece that does not parse may be a stray line of a secret value.
type environInput struct {
	Entries []string
	Bad     []badInput
}

// badInput is a piece of input that is not NAME=value.
type badInput struct {
	Where string // "line 7", "lines 7-9", or "entry 3" (counting non-empty entries from 1)
	Bytes int
}

// inputEnviron reads the environment that explain and audit look at:
// with envFile "", environ (the process's own); with "-", standard input;
// else the file envFile (see readEnviron). source names it for a header.
func inputEnviron(envFile string, stdin io.Reader, environ []string) (in environInput, source string, err error) {
	switch envFile {
	case "":
		return environList(environ), "this process's environment", nil
	case "-":
		in, err = readEnviron(stdin)
		return in, "standard input", err
	}
	f, err := os.Open(envFile)
	if err != nil {
		return environInput{}, envFile, err
	}
	defer f.Close()
	in, err = readEnviron(f)
	return in, envFile, err
}

// readEnviron reads an environment for -env: NUL-separated if it holds a
// NUL byte (as env -0 and /proc/PID/environ write it), else as env
// writes it, one entry per line (see environLines).
func readEnviron(r io.Reader) (environInput, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return environInput{}, err
	}
	if bytes.IndexByte(data, 0) >= 0 {
		return environList(strings.Split(string(data), "\x00")), nil
	}
	return environLines(string(data)), nil
}

// environList sorts a list of os.Environ entries (the process's own, or
// NUL-separated input) into the entries exec can pass and the rest, which
// are named by their place among the non-empty entries. Empty entries
// are skipped.
func environList(list []string) environInput {
	var in environInput
	n := 0
	for _, e := range list {
		if e == "" {
			continue
		}
		n++
		if _, _, ok := reference.Split(e); ok {
			in.Entries = append(in.Entries, e)
		} else {
			in.Bad = append(in.Bad, badInput{fmt.Sprintf("entry %d", n), len(e)})
		}
	}
	return in
}

// environLines reads newline-separated input as env writes it, where a
// value that holds newlines spans lines. A line starts an entry only
// when it reads NAME=… with NAME a name ([A-Za-z_][A-Za-z0-9_]*, or a
// built-in essential such as ProgramFiles(x86), in any ASCII case);
// every other line continues the value before it, joined with "\n": a
// line of JSON ("auths":{…}), one whose text before '=' holds a '-', a
// ':' or a space, a line of base64 with '+' or '/'. Two exceptions keep a
// key whole: inside an open "-----BEGIN " block (a PEM key, PGP armor), a
// line of base64 continues the value even if it reads NAME=…, as a body
// line ending in '=' padding does; and a line of base64 padded with
// "==" (NAME== would set a value of just "=", which nobody does), or
// padded with '=' after a full line of wrapped base64 (see
// wrappedBase64), continues it too. A CR before a line's newline is dropped; blank lines inside a
// value are part of it, blank lines after it are not. Lines before the
// first entry are not NAME=value: they are reported, one piece per run
// of lines.
//
// A line of a value that itself reads NAME=… (a line "b=2" of a value
// "a=1\nb=2") starts an entry: env's output cannot tell the two apart.
// env -0 output has no such ambiguity.
func environLines(data string) environInput {
	var in environInput
	var cur *lineEntry
	flush := func() {
		if cur == nil {
			return
		}
		if cur.entry {
			in.Entries = append(in.Entries, cur.text.String())
			return
		}
		where := fmt.Sprintf("line %d", cur.first)
		if cur.last > cur.first {
			where = fmt.Sprintf("lines %d-%d", cur.first, cur.last)
		}
		in.Bad = append(in.Bad, badInput{where, cur.text.Len()})
	}
	for i, l := range strings.Split(data, "\n") {
		l = strings.TrimSuffix(l, "\r")
		if l == "" {
			if cur != nil {
				cur.blanks++
				cur.base64Width = 0
			}
			continue
		}
		starts := startsEntry(l)
		if cur != nil && (!starts || cur.inPEM && isBase64Line(l) || isBase64Tail(l, cur.base64Width)) {
			for ; cur.blanks > 0; cur.blanks-- {
				cur.text.WriteByte('\n')
			}
			cur.text.WriteByte('\n')
		} else {
			flush()
			cur = &lineEntry{entry: starts, first: i + 1}
		}
		cur.text.WriteString(l)
		cur.last = i + 1
		cur.inPEM = pemOpen(cur.inPEM, l)
		text := l // the line's part of the value
		if cur.first == i+1 && cur.entry {
			_, text, _ = strings.Cut(l, "=")
		}
		cur.base64Width = 0
		if wrappedBase64(text) {
			cur.base64Width = len(text)
		}
	}
	flush()
	return in
}

// lineEntry is an entry (or a run of lines that is not one) being read
// by environLines.
type lineEntry struct {
	text        strings.Builder
	entry       bool // it starts NAME=
	first, last int  // its first and last line, from 1
	blanks      int  // blank lines since its last line
	inPEM       bool // a "-----BEGIN " block is open at its end
	base64Width int  // the length of its last line if that is a full line of wrapped base64, else 0
}

// startsEntry reports whether line starts an entry: NAME=… with NAME a
// name, or a built-in essential outside the name syntax
// (ProgramFiles(x86)), ASCII case aside.
func startsEntry(line string) bool {
	name, _, ok := strings.Cut(line, "=")
	if !ok {
		return false
	}
	return policy.IsName(name) || slices.ContainsFunc(policy.BuiltinEssentials, func(b policy.Builtin) bool {
		return strings.EqualFold(b.Name, name)
	})
}

// wrappedBase64 reports whether line looks like a full line of base64
// wrapped at a fixed width, as base64(1), MIME and PEM write it: 60 bytes
// or more of the base64 alphabet without padding, a multiple of 4 long,
// and not all hexadecimal digits (a SHA-256 digest is 64 of those).
func wrappedBase64(line string) bool {
	if len(line) < 60 || len(line)%4 != 0 || strings.IndexByte(line, '=') >= 0 || !isBase64Line(line) {
		return false
	}
	return strings.ContainsFunc(line, func(r rune) bool {
		return !('0' <= r && r <= '9' || 'a' <= r && r <= 'f' || 'A' <= r && r <= 'F')
	})
}

// isBase64Tail reports whether line is the last line of base64, which
// continues a value although it reads NAME=: base64 a multiple of 4 long
// that ends in "==", or, after a full line of base64 wrapped at width (0
// for none), in '=' and is no longer than width.
func isBase64Tail(line string, width int) bool {
	body := strings.TrimRight(line, "=")
	if body == "" || len(line)%4 != 0 || strings.IndexByte(body, '=') >= 0 || !isBase64Line(body) {
		return false
	}
	switch len(line) - len(body) {
	case 2:
		return true
	case 1:
		return len(line) <= width
	}
	return false
}

// pemOpen reports whether a "-----BEGIN " block is open after line,
// given whether one was open before it.
func pemOpen(open bool, line string) bool {
	begin, end := strings.LastIndex(line, "-----BEGIN "), strings.LastIndex(line, "-----END ")
	if begin < 0 && end < 0 {
		return open
	}
	return begin > end
}

// isBase64Line reports whether line consists of base64 bytes only
// (A-Z a-z 0-9 + / and '=' padding), as the body lines of a PEM block
// and PGP armor's checksum line do.
func isBase64Line(line string) bool {
	for i := 0; i < len(line); i++ {
		c := line[i]
		if !policy.IsLetter(c) && !policy.IsDigit(c) && c != '+' && c != '/' && c != '=' {
			return false
		}
	}
	return line != ""
}
