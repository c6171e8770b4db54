package policy

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Pos is a position in a policy file. Line and Col count from 1; 0 means
// unknown (a YAML syntax error may carry only a line).
type Pos struct{ Line, Col int }

// Diagnostic is one problem found in a policy file.
type Diagnostic struct {
	File string
	Pos  Pos
	Msg  string
}

// String formats d as FILE:LINE:COL: message, leaving out what is unknown.
func (d Diagnostic) String() string {
	switch {
	case d.Pos.Line == 0:
		return fmt.Sprintf("%s: %s", d.File, d.Msg)
	case d.Pos.Col == 0:
		return fmt.Sprintf("%s:%d: %s", d.File, d.Pos.Line, d.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", d.File, d.Pos.Line, d.Pos.Col, d.Msg)
}

// Diagnostics is every problem found in a policy, sorted by position. It is
// the error Generate returns for a bad policy.
type Diagnostics []Diagnostic

// Error returns the diagnostics one per line.
func (ds Diagnostics) Error() string {
	lines := make([]string, len(ds))
	for i, d := range ds {
		lines[i] = d.String()
	}
	return strings.Join(lines, "\n")
}

// diagnoser collects the diagnostics of one file.
type diagnoser struct {
	file string
	list Diagnostics
}

// errorf records a problem at pos. A name or value that format quotes
// (%q) and that is longer than maxQuoted bytes is shortened: the position
// already points at it.
func (d *diagnoser) errorf(pos Pos, format string, args ...any) {
	shortenQuoted(format, args)
	d.list = append(d.list, Diagnostic{File: d.file, Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// shortenQuoted shortens each string of args that format prints with %q
// and that is longer than maxQuoted bytes. The messages here use plain
// verbs, without argument indexes or '*' widths.
func shortenQuoted(format string, args []any) {
	arg := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		for i++; i < len(format) && strings.IndexByte("+-# 0123456789.", format[i]) >= 0; i++ {
		}
		if i == len(format) || format[i] == '%' {
			continue
		}
		if format[i] == 'q' && arg < len(args) {
			if s, ok := args[arg].(string); ok && len(s) > maxQuoted {
				args[arg] = shorten(s)
			}
		}
		arg++
	}
}

// maxQuoted is the longest text a diagnostic quotes in full.
const maxQuoted = 100

// shorten returns the first bytes of s, cut at a character, then "…" and
// its length.
func shorten(s string) string {
	n := maxQuoted / 2
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return fmt.Sprintf("%s… (%d bytes)", s[:n], len(s))
}

// err returns the diagnostics sorted by position (stable, so two at one
// place keep the order they were found in), each said once, or nil if
// there are none.
func (d *diagnoser) err() error {
	if len(d.list) == 0 {
		return nil
	}
	slices.SortStableFunc(d.list, func(a, b Diagnostic) int {
		return cmp.Or(cmp.Compare(a.Pos.Line, b.Pos.Line), cmp.Compare(a.Pos.Col, b.Pos.Col))
	})
	seen := make(map[Diagnostic]bool, len(d.list))
	d.list = slices.DeleteFunc(d.list, func(x Diagnostic) bool {
		repeat := seen[x]
		seen[x] = true
		return repeat
	})
	return d.list
}

// ErrorAt returns Diagnostics holding one problem at pos of file, quoted
// names shortened as for a check's own.
func ErrorAt(file string, pos Pos, format string, args ...any) error {
	d := &diagnoser{file: file}
	d.errorf(pos, format, args...)
	return d.err()
}
