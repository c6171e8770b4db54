package envrt

import (
	"math/bits"
	"os"
	"slices"
	"strings"
	"sync"
)

// Input is the environment a generated builder reads and the slice it
// appends to. For generated code: Given and OS make one.
type Input struct {
	dst, environ []string
	// owned: environ is a copy of this process's environment on Unix,
	// which holds neither a NUL byte nor a name twice (the runtime drops
	// repeats at start, and Setenv refuses NUL), and which the builder
	// may overwrite: it filters it in place without those checks.
	owned bool
}

// Given is the input of an Append…Env call: append to dst the
// environment built from environ.
func Given(dst, environ []string) Input { return Input{dst: dst, environ: environ} }

// OS is the input of an …EnvOS call: this process's environment, copied
// once by os.Environ and filtered in place. The result grows past the
// copy, a second allocation, only when the task adds more entries than it
// drops.
func OS() Input {
	environ := os.Environ()
	return Input{dst: environ[:0], environ: environ, owned: !windows}
}

// Build returns in's dst with the environment that task t gives a child
// appended: built from in's environ (os.Environ form), the task's defines
// (NAME=value entries), the call's overrides and the task's binPaths
// directories. It never reads or writes dst[:len(dst)]. For generated
// code, which documents what it allocates.
//
// dst may share environ's array: Given(environ[:0], environ) filters in
// place, with the result a separate dst would get and no allocation
// more. A dst whose room starts inside environ, after its first entry,
// would overwrite entries not yet read: Build then copies environ first.
func Build(in Input, t *Task, defines []string, overrides []Var, path []Dir) []string {
	return build(in, t, defines, overrides, path, windows)
}

// build is Build with the name comparison chosen by fold, so that tests
// can run the Windows rules on any OS.
func build(in Input, t *Task, defines []string, overrides []Var, path []Dir, fold bool) []string {
	c := t.compiled()
	dst, environ := in.dst, in.environ
	if in.owned && !fold {
		b := builder{base: len(dst)}
		return b.finish(filter(dst, environ, nil, c, false), defines, overrides, path)
	}
	if ahead(dst[len(dst):cap(dst)], environ) {
		environ = slices.Clone(environ)
	}
	// The de-duplication table, at most half full: on the stack for up
	// to 128 names, else from a pool, where it allocates only when the
	// pool has none big enough.
	n := len(environ) + len(defines) + len(overrides) + 1 // PATH too
	size := 64
	for size < 2*n {
		size <<= 1
	}
	var table []seen
	var pooled *[]seen
	switch {
	case size <= 64:
		var small [64]seen
		table = small[:]
	case size <= 256:
		var medium [256]seen
		table = medium[:]
	default:
		pooled = tables.Get().(*[]seen)
		if len(*pooled) < size {
			*pooled = make([]seen, size)
		}
		table = (*pooled)[:size] // clean: cleared after each use
	}
	b := builder{table: table, base: len(dst), fold: fold}
	out := b.finish(filter(dst, environ, table, c, fold), defines, overrides, path)
	if pooled != nil {
		clear(table) // drop the references to the call's strings
		tables.Put(pooled)
	}
	return out
}

// tables holds de-duplication tables for calls with many names.
var tables = sync.Pool{New: func() any { return new([]seen) }}

// seen is one slot of a call's de-duplication table: a name seen in
// environ or given since, and its key: the name's tag (tagOf its hash)
// over 1+its index in the output, or 0 for a name left out. A probe
// compares keys' tags first, names only when they agree. A slot with key
// 0 is empty.
type seen struct {
	name string
	key  uint64
}

// tagOf returns the tag of a name whose hash is h, never 0.
func tagOf(h uint64) uint64 { return h>>32 | 1 }

// at returns 1+the index in the output of s's name, or 0.
func (s seen) at() int { return int(uint32(s.key)) }

// filter appends to out the entries of environ that the task c passes,
// the first of each name, records each name it has seen in table (nil:
// environ is owned, see Input), and returns out. It is the hot loop of
// every generated builder; per entry: one scan of the name (hashing it),
// one probe of the task's table for a name the policy mentions, else its
// pattern index; then, for an entry kept, a NUL check and one probe of
// the de-duplication table. Its common path makes no call, so that the
// loop's values stay in registers; it calls out for what needs more: a
// short entry, a spelling other than the table's first, a name a pattern
// may match, a long entry's NUL check, a value checked for what it holds.
func filter(out, environ []string, table []seen, c *compiled, fold bool) []string {
	slots, names, bit := c.slots, c.names, keepOf(fold)
	mask, tableMask := uint64(len(slots)-1), uint64(len(table)-1)
	for _, e := range environ {
		// The name's length n and hash h, as scanName finds them, written
		// out for a name that ends before the entry's last 8 bytes.
		n, h, w := 0, uint64(0), uint64(0)
		if len(e) >= 8 {
			w = load64(e)
		}
		if len(e) < 8 || w&0xff == '=' {
			if c.heads != nil && !c.heads.may(e) {
				continue // an isolated task passes no name with this head
			}
			if n, h = scanName(e); n == 0 {
				continue // no name: exec would refuse it
			}
		} else {
			m := zeroBytes(w ^ eqBytes) // its lowest bit: the first '=', if any
			if c.heads != nil && !c.heads.has(w&((m&-m)>>7-1)) {
				continue
			}
			for m == 0 && n+16 <= len(e) {
				h, n = mix(h, w), n+8
				w = load64(e[n:])
				m = zeroBytes(w ^ eqBytes)
			}
			if m == 0 {
				if n, h = scanName(e); n == 0 {
					continue
				}
			} else {
				if k := bits.TrailingZeros64(m) >> 3; k > 0 {
					h, n = mix(h, w&(1<<(8*k)-1)), n+k
				}
				h = finish(h, n)
			}
		}
		name := e[:n]
		keep := c.inherit
		j := h & mask
		for slots[j] != 0 && slots[j]>>32 != h>>32 {
			j = (j + 1) & mask
		}
		switch i := int(uint32(slots[j])) - 1; {
		case i >= 0 && names[i].name == name:
			keep = names[i].keep&bit != 0
		case i >= 0 && names[i].keep&keepAlone != 0 && EqualFold(names[i].name, name):
			keep = names[i].keep&(bit<<2) != 0 // a spelling the lists do not have
		case i >= 0: // another spelling, or another name with its tag
			keep = c.keeps(name, h, fold)
		case c.deciding.may(name): // a name the policy does not mention
			keep = c.unmentioned(name, fold)
		}
		// Where names compare exactly, a later entry of a dropped name
		// is dropped alike: it needs no record.
		if !keep && !fold {
			continue
		}
		if table != nil {
			if strings.IndexByte(e, 0) >= 0 {
				continue // exec would refuse it; a later entry may serve
			}
			tag := tagOf(h)
			j = h & tableMask
			for table[j].key != 0 && (table[j].key>>32 != tag || !sameName(table[j].name, name, fold)) {
				j = (j + 1) & tableMask
			}
			if table[j].key != 0 {
				continue // the first entry of a name wins
			}
			table[j] = seen{name: name, key: tag << 32}
			if !keep {
				continue
			}
		}
		// The value of an entry kept by name: under dropInjection, a bash
		// function's; with secrets.values, one that looks like a
		// credential, unless an exemption names this spelling.
		if c.dropFunctions && strings.HasPrefix(e[n+1:], "()") && !c.keepsValue(name, keepFunction) {
			continue
		}
		if c.values != nil && c.values.looks(e[n+1:]) && !c.keepsValue(name, keepValue) {
			continue
		}
		out = append(out, e)
		if table != nil {
			table[j].key |= uint64(len(out))
		}
	}
	return out
}

// keepsValue reports whether the task passes an entry named name even
// with a value that bit (keepFunction or keepValue) is about: whether a
// list exempts that exact spelling.
func (c *compiled) keepsValue(name string, bit uint8) bool {
	if i := c.lookup(name, hashName(name)); i >= 0 {
		for _, s := range c.group(i) {
			if s.name == name {
				return s.keep&bit != 0
			}
		}
	}
	return false
}

// hasValue reports whether an output entry is NAME=value rather than the
// bare name an Unset left.
func hasValue(e string) bool { return len(e) > 1 && strings.IndexByte(e[1:], '=') >= 0 }

// ahead reports whether room, where the output goes, starts inside
// environ after its first entry, where writing would overwrite entries
// not yet read.
func ahead(room, environ []string) bool {
	if cap(room) == 0 || len(environ) < 2 {
		return false
	}
	first := &room[:1][0]
	if first == &environ[0] {
		return false
	}
	for i := 1; i < len(environ); i++ {
		if first == &environ[i] {
			return true
		}
	}
	return false
}

// builder applies the layers after the filter: defines, overrides and
// binPaths. Its table is the filter's (nil for an owned environ: names
// are then found by a scan of the output).
type builder struct {
	table   []seen
	base    int
	fold    bool
	removed bool
}

// finish applies defines, overrides and path to out, the filter's output,
// and returns the result.
func (b *builder) finish(out []string, defines []string, overrides []Var, path []Dir) []string {
	for _, d := range defines {
		if strings.IndexByte(d, 0) < 0 {
			out = b.put(out, d, d[:strings.IndexByte(d[1:], '=')+1])
		}
	}
	for _, v := range overrides {
		switch {
		case !v.valid():
		case v.unset:
			// The entry keeps its place as its bare name: a later
			// Set of the name takes it back.
			if i := b.find(out, v.name); i >= 0 && hasValue(out[i]) {
				out[i] = v.name
				b.removed = true
			}
		default:
			out = b.put(out, v.name+"="+v.value, v.name)
		}
	}
	out = b.prependPath(out, path, os.PathListSeparator)
	if !b.removed {
		return out
	}
	kept := slices.DeleteFunc(out[b.base:], func(e string) bool { return !hasValue(e) })
	return out[:b.base+len(kept)]
}

// find returns the index in out of the entry named name, or of the bare
// name an Unset left, or -1.
func (b *builder) find(out []string, name string) int {
	if b.table == nil {
		for i := b.base; i < len(out); i++ {
			if e := out[i]; strings.HasPrefix(e, name) && (len(e) == len(name) || e[len(name)] == '=') {
				return i
			}
		}
		return -1
	}
	if at := b.table[b.slot(name)].at(); at > 0 {
		return at - 1
	}
	return -1
}

// slot returns the index in b.table of name's slot: the one holding it,
// or the empty one where it would go.
func (b *builder) slot(name string) uint64 {
	mask, h := uint64(len(b.table)-1), hashName(name)
	j := h & mask
	for k := b.table[j].key; k != 0; k = b.table[j].key {
		if k>>32 == tagOf(h) && sameName(b.table[j].name, name, b.fold) {
			break
		}
		j = (j + 1) & mask
	}
	return j
}

// record notes that name's entry is at out[at-1], or none with at 0.
func (b *builder) record(name string, at int) {
	if b.table != nil {
		j := b.slot(name)
		if b.table[j].key == 0 {
			b.table[j].name = name
		}
		b.table[j].key = tagOf(hashName(name))<<32 | uint64(at)
	}
}

// put sets entry, replacing the entry of the same name if out holds one,
// else appending it, and returns out.
func (b *builder) put(out []string, entry, name string) []string {
	if i := b.find(out, name); i >= 0 {
		out[i] = entry
		return out
	}
	out = append(out, entry)
	b.record(name, len(out))
	return out
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
		name = out[i][:strings.IndexByte(out[i][1:], '=')+1]
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
