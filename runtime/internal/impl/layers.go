package impl

import (
	"os"
	"slices"
	"strings"

	"github.com/envgen/envgen/runtime/internal/glob"
)

// hasValue reports whether an output entry is NAME=value rather than the
// bare name an Unset left.
func hasValue(e string) bool { return len(e) > 1 && strings.IndexByte(e[1:], '=') >= 0 }

// builder filters environ by the task c and applies the layers after the
// filter: defines, overrides and binPaths. table is the de-duplication
// table (nil for an owned environ: names are then found by a scan of the
// output). base is the length of dst, whose entries it never touches.
// environ is the call's environment as given, for the overrides that
// read it (Keep, KeepMatching).
type builder struct {
	table   []uint64
	pooled  *pooled // the names left out, in pooled.s.gone
	base    int
	removed bool // an Unset or Drop left a bare name in the output
	environ []string
	c       *taskTables
}

// finish applies defines, overrides and path to out, the filter's output,
// and returns the result.
func (b *builder) finish(out []string, defines []string, overrides []Var, path []Dir) []string {
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

// override applies v to out and returns out. An entry an Unset or Drop
// removes keeps its place as its bare name, so that a later Set of the
// name takes it back; finish deletes the bare names left.
func (b *builder) override(out []string, v Var) []string {
	switch valid := v.problem() == ""; {
	case v.op == opDrop:
		p := glob.Compile(v.name)
		for i := b.base; i < len(out); i++ {
			if !valid || glob.MayMatch(v.name, out[i][0], true) {
				if name := nameOf(out[i]); len(name) < len(out[i]) && (!valid || p.Match(name, true)) {
					out[i], b.removed = name, true
				}
			}
		}
	case !valid:
	case v.op == opUnset:
		if i := b.find(out, v.name); i >= 0 && hasValue(out[i]) {
			out[i], b.removed = v.name, true
		}
	case v.entry != "": // from Sets: the entry as given
		out = b.put(out, v.entry, v.name)
	case v.op == opSet:
		out = b.put(out, v.name+"="+v.value, v.name)
	case v.op == opKeep:
		if e, n := firstEntry(b.environ, v.name, false); n != "" {
			out = b.put(out, e, n)
		}
	case v.op == opKeepMatching:
		out = b.keepMatching(out, v.name)
	}
	return out
}

// keepMatching puts in out the first entry of each name of b.environ
// that pattern matches and that the task would pass by a passThrough
// pattern, and returns out. It tells first entries by a table of the
// names matched so far, from tablePool, probed as build's de-duplication
// table is (slot): each slot a name's tag over 1+its entry's index in
// b.environ.
func (b *builder) keepMatching(out []string, pattern string) []string {
	s := tablePool.Get().(*pooledTable)
	seen := builder{table: s.slots(tableSize(len(b.environ))), c: b.c} // its entries are b.environ's
	p := glob.Compile(pattern)
	for i, e := range b.environ {
		if e == "" || !glob.MayMatch(pattern, e[0], b.c.fold) {
			continue
		}
		name := nameOf(e) // as Split reads it, if e matches
		if len(name) == len(e) || !p.Match(name, b.c.fold) || strings.IndexByte(e, 0) >= 0 {
			continue
		}
		h := hashName(name)
		if j := seen.slot(b.environ, name, h); seen.table[j] == 0 { // the name's first entry
			seen.table[j] = tagOf(h)<<32 | uint64(i+1)
			if b.c.passesMatched(name, e[len(name)+1:]) {
				out = b.put(out, e, name)
			}
		}
	}
	clear(seen.table)
	tablePool.Put(s)
	return out
}

// nameOf returns the name of an output entry: NAME=value, or the bare
// name an Unset or Drop left.
func nameOf(e string) string {
	if i := strings.IndexByte(e[min(1, len(e)):], '='); i >= 0 {
		return e[:i+1]
	}
	return e
}

// find returns the index in out of the entry named name, or of the bare
// name an Unset or Drop left, or -1.
func (b *builder) find(out []string, name string) int {
	if b.table == nil {
		for i := b.base; i < len(out); i++ {
			if named(out[i], name, false) {
				return i
			}
		}
		return -1
	}
	if k := b.table[b.slot(out, name, hashName(name))]; k != 0 && k&dropped == 0 {
		return int(uint32(k)) - 1
	}
	return -1
}

// slot returns the index in b.table of the slot of name, whose hash is
// h: the one holding it, or the empty one where it would go.
func (b *builder) slot(out []string, name string, h uint64) uint64 {
	mask, tag := uint64(len(b.table)-1), tagOf(h)
	j := home(h) & mask
	for k := b.table[j]; k != 0; k = b.table[j] {
		if k>>32 == tag && named(b.entry(out, k), name, b.c.fold) {
			break
		}
		j = (j + 1) & mask
	}
	return j
}

// entry returns the output entry, or the name left out, of the slot k.
func (b *builder) entry(out []string, k uint64) string {
	if k&dropped != 0 {
		return b.pooled.s.gone[uint32(k&^dropped)-1]
	}
	return out[uint32(k)-1]
}

// named reports whether the output entry e (NAME=value, or a bare name)
// is named name, compared as sameName does.
func named(e, name string, fold bool) bool {
	return (len(e) == len(name) || len(e) > len(name) && e[len(name)] == '=') && sameName(e[:len(name)], name, fold)
}

// put sets entry, replacing the entry of the same name if out holds one,
// else appending it, and returns out. It hashes name and probes for it
// once: the slot that finds the entry is where a new one goes.
func (b *builder) put(out []string, entry, name string) []string {
	if b.table == nil {
		if i := b.find(out, name); i >= 0 {
			out[i] = entry
			return out
		}
		return append(out, entry)
	}
	h := hashName(name)
	j := b.slot(out, name, h)
	if k := b.table[j]; k != 0 && k&dropped == 0 {
		out[uint32(k)-1] = entry
		return out
	}
	b.table[j] = tagOf(h)<<32 | uint64(len(out)+1)
	return append(out, entry)
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
