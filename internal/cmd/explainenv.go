package cmd

import (
	"bytes"
	"fmt"
	"io"
	"os"
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
// value that holds newlines spans lines. A line starts an entry when it
// reads NAME=… with NAME a non-empty run of bytes that are neither '=',
// a space nor a control character (so ProgramFiles(x86)=… starts one
// too); every other line (no '=', a leading '=', a space or tab before
// the first '=') continues the value before it, joined with "\n". One
// exception keeps a PEM key (or PGP armor) whole: inside an open
// "-----BEGIN " block, a line of base64 continues the value even if it
// reads NAME=…, as a body line ending in '=' padding does. A CR before a
// line's newline is dropped; blank lines inside a value are part of it,
// blank lines after it are not. Lines before the first entry are not
// NAME=value: they are reported, one piece per run of lines.
//
// A line of a value that itself reads NAME=… (a line "b=2" of a value
// "a=1\nb=2") starts an entry: env's output cannot tell the two apart,
// and taking it for an entry never hides a real entry inside another
// name's value. env -0 output has no such ambiguity.
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
			}
			continue
		}
		starts := startsEntry(l)
		if cur != nil && (!starts || cur.inPEM && isBase64Line(l)) {
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
}

// startsEntry reports whether line starts an entry: NAME=… with NAME
// non-empty and free of spaces and control bytes.
func startsEntry(line string) bool {
	i := strings.IndexByte(line, '=')
	if i <= 0 {
		return false
	}
	for j := 0; j < i; j++ {
		if c := line[j]; c <= ' ' || c == 0x7f {
			return false
		}
	}
	return true
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
