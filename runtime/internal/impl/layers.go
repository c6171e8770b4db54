package impl

import (
	"os"
	"slices"
	"strings"
)

// This file applies the layers after the filter: the defines, the call's
// overrides (refine.go), and binPaths in front of PATH.

// applyLayers applies defines, overrides and path to out, the filter's output,
// and returns the result.
func (b *builder) applyLayers(out []string, defines []string, overrides []Var, path []Dir) []string {
	for _, d := range defines {
		if strings.IndexByte(d, 0) < 0 {
			out = b.put(out, d, nameOf(d))
		}
	}
	for _, v := range overrides {
		out = b.override(out, v)
	}
	out = b.prependPath(out, path, os.PathListSeparator)
	if !b.removed {
		return out
	}
	kept := slices.DeleteFunc(out[b.base:], func(e string) bool { return !hasValue(e) })
	return out[:b.base+len(kept)]
}

// hasValue reports whether an output entry is NAME=value rather than the
// bare name an Unset left.
func hasValue(e string) bool { return len(e) > 1 && strings.IndexByte(e[1:], '=') >= 0 }

// nameOf returns the name of an output entry: NAME=value, or the bare
// name an Unset or Drop left.
func nameOf(e string) string {
	if i := strings.IndexByte(e[min(1, len(e)):], '='); i >= 0 {
		return e[:i+1]
	}
	return e
}

// prependPath puts the first-seen directories that Dir.skip keeps in
// front of PATH, joined by sep; with no PATH so far, or an empty one,
// PATH is just them. PATH keeps its spelling. It returns out.
func (b *builder) prependPath(out []string, dirs []Dir, sep byte) []string {
	size := 0 // of the directories, without separators
	for _, d := range dirs {
		for _, piece := range d {
			size += len(piece)
		}
	}
	if size == 0 {
		return out // every directory is empty
	}
	name, old := "PATH", ""
	if i := b.find(out, name); i >= 0 && hasValue(out[i]) {
		name = nameOf(out[i])
		old = out[i][len(name)+1:]
	}
	var sb strings.Builder
	sb.Grow(len(name) + 1 + size + len(dirs) + len(old))
	sb.WriteString(name)
	sb.WriteByte('=')
	written := false
	for i, d := range dirs {
		if d.skip() || d.repeats(dirs[:i]) {
			continue
		}
		if written {
			sb.WriteByte(sep)
		}
		for _, piece := range d {
			sb.WriteString(piece)
		}
		written = true
	}
	if !written {
		return out
	}
	if old != "" {
		sb.WriteByte(sep)
		sb.WriteString(old)
	}
	return b.put(out, sb.String(), name)
}

// Dir is one binPaths directory as the pieces a call concatenates: literal
// text and parameter values, in order. Generated code never gives an empty
// literal piece, so an empty piece is a {param} (or a ${NAME}) that reads
// empty, and the directory is skipped: "{projectDir}/node_modules/.bin"
// with no projectDir would name a root-relative "/node_modules/.bin" that
// nobody meant. A directory with no pieces, or holding a NUL byte, is
// skipped too. For generated code.
type Dir []string

// skip reports whether d has no pieces, an empty piece (a parameter or
// reference that reads empty) or a NUL byte; such a directory is left out.
func (d Dir) skip() bool {
	if len(d) == 0 {
		return true
	}
	for _, piece := range d {
		if piece == "" || strings.IndexByte(piece, 0) >= 0 {
			return true
		}
	}
	return false
}

// repeats reports whether d resolves to the same text as one of earlier
// that is kept (a skipped directory is no first copy).
func (d Dir) repeats(earlier []Dir) bool {
	for _, e := range earlier {
		if !e.skip() && d.equal(e) {
			return true
		}
	}
	return false
}

// equal reports whether d and e concatenate to the same text, without
// building either.
func (d Dir) equal(e Dir) bool {
	var a, b string
	for i, j := 0, 0; ; {
		for a == "" && i < len(d) {
			a, i = d[i], i+1
		}
		for b == "" && j < len(e) {
			b, j = e[j], j+1
		}
		n := min(len(a), len(b))
		if n == 0 {
			return a == b
		}
		if a[:n] != b[:n] {
			return false
		}
		a, b = a[n:], b[n:]
	}
}
