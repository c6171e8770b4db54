package envrt

import (
	"math/bits"
	"slices"
	"strings"
	"sync"
)

// Input is the environment a generated builder reads and the slice it
// appends to. For generated code: Given and OS make one.
type Input struct {
	dst, environ []string
	// owned: environ is this process's environment, read where it holds
	// neither a NUL byte nor a name twice (see ownedOS), into a slice
	// the builder may overwrite: it filters it in place without those
	// checks.
	owned bool
	// fromOS: this process's environment, not read yet (see OS).
	fromOS bool
}

// Given is the input of an Append…Env call: append to dst the
// environment built from environ. For generated code.
func Given(dst, environ []string) Input { return Input{dst: dst, environ: environ} }

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
	if in.fromOS {
		in = readOS(t.compiled(false), len(defines)+len(overrides)+1, readsEnviron(overrides))
	}
	return build(in, t, defines, overrides, path, windows)
}

// build is Build with the name comparison chosen by fold, so that tests
// can run the Windows rules on any OS.
func build(in Input, t *Task, defines []string, overrides []Var, path []Dir, fold bool) []string {
	c := t.compiled(fold)
	dst, environ := in.dst, in.environ
	b := builder{base: len(dst), fold: fold, c: c, environ: environ}
	// Keep and KeepMatching read environ after the filter, which, in
	// place, has overwritten it: they read a copy.
	reads, room := readsEnviron(overrides), dst[len(dst):cap(dst)]
	if in.owned && !fold {
		if reads {
			b.environ = slices.Clone(environ)
		}
		return b.finish(b.filter(dst, environ, c), defines, overrides, path)
	}
	if ahead(room, environ, 1) {
		environ = slices.Clone(environ)
		b.environ = environ
	} else if reads && ahead(room, environ, 0) {
		b.environ = slices.Clone(environ)
	}
	// The de-duplication table, at most half full: on the stack up to 256
	// slots, else from a pool, where it allocates only when the pool has
	// none big enough.
	n := len(environ) + len(defines) + len(overrides) + 1 // PATH too
	size := 64
	for size < 2*n {
		size <<= 1
	}
	var small [256]uint64
	var pooled pooled // not in builder: the escape analysis, which tells no fields apart, would take small to the heap
	b.pooled = &pooled
	if size <= len(small) {
		b.table = small[:size]
	} else {
		s := pooled.get()
		if len(s.table) < size {
			s.table = make([]uint64, size)
		}
		b.table = s.table[:size] // clean: cleared after each use
	}
	out := b.finish(b.filter(dst, environ, c), defines, overrides, path)
	if s := pooled.s; s != nil {
		clear(s.table)
		clear(s.gone) // drop the references to the call's strings
		s.gone = s.gone[:0]
		seens.Put(s)
	}
	return out
}

// seen is a call's de-duplication table past 256 slots and the names it
// must remember whose first entry was left out; seens holds them between
// calls. A call takes one only when it needs one.
type seen struct {
	table []uint64
	gone  []string
}

var seens = sync.Pool{New: func() any { return new(seen) }}

// pooled holds the seen a call took from seens, if any.
type pooled struct{ s *seen }

// get returns p's seen, taking one from seens at the first call.
func (p *pooled) get() *seen {
	if p.s == nil {
		p.s = seens.Get().(*seen)
	}
	return p.s
}

// A call's de-duplication table holds one slot for each name seen in
// environ or given since: the name's tag (tagOf its hash) over 1+the
// index in the output of its entry, or, with the dropped bit, 1+the index
// in seen.gone of a name whose first entry was left out. A probe compares
// tags first, then the names. A slot of 0 is empty.
const dropped = 1 << 31

// tagOf returns the tag of a name whose hash is h, never 0.
func tagOf(h uint64) uint64 { return h>>32 | 1 }

// home returns where a probe for a name whose hash is h starts, once
// masked: h mixed again, since its low bits do not see the top bytes of
// a word (PATH_123 and PATH_124 would share them), which the numbered
// names of a large environment differ in; the task's table, of a few
// names, takes h as it is.
func home(h uint64) uint64 {
	h *= mul
	return h ^ h>>32
}

// filter appends to out the entries of environ that the task c passes,
// the first of each name, and returns out: fast takes every entry whose
// fate the task's tables give it at once; each other entry goes to one.
func (b *builder) filter(out, environ []string, c *compiled) []string {
	for i := 0; i < len(environ); i++ {
		if i, out = fast(out, environ, i, b.table, c); i == len(environ) {
			break
		}
		out = b.one(out, environ[i], c)
	}
	return out
}

// fast is the hot loop of every generated builder. It filters environ
// from i into out until an entry it leaves to one: an entry shorter than
// 8 bytes or starting with '=', one a value check drops, a name's second
// entry (or another with its tag), and on Windows one dropped (one
// records its name). It returns that entry's index (len(environ) at the
// end) and out. Per entry: for an isolated task, its head (most fail
// there); the name's scan a word at a time, hashing it; one probe of the
// task's table and a compare of the name (decide, by a call, for another
// spelling or a name a pattern may match); for an entry kept, the value
// checks, then the NUL check and one probe of the de-duplication table
// (both skipped for an owned environ, see Input, where table is nil).
// Its common path makes no call but IndexByte, and the string compare
// for a name the table holds.
func fast(out, environ []string, i int, table []uint64, c *compiled) (int, []string) {
	for at, e := range environ[i:] {
		if len(e) < 8 {
			return i + at, out
		}
		// The name's length n, and its hash h as hashName computes it.
		w := load64(e)
		m := zeroBytes(w ^ eqBytes) // its lowest bit: the first '=', if any
		if m&0x80 != 0 {
			return i + at, out // '=' first, Windows's "=C:": the name runs to the next
		}
		if c.heads != nil && !c.heads.has(w&((m&-m)>>7-1)) {
			continue // an isolated task passes no name with this head
		}
		s, h := e, uint64(0) // s: the entry from the word w
		for m == 0 && len(s) >= 16 {
			h, s = mix(h, w), s[8:]
			w = load64(s)
			m = zeroBytes(w ^ eqBytes)
		}
		if m == 0 { // the last bytes, fewer than 8, high bytes zero: no '='
			if len(s) <= 8 {
				return i + at, out // no '='
			}
			h, s = mix(h, w), s[8:]
			w = load64(e[len(e)-8:]) >> (8 * (8 - len(s)) & 63)
			if m = zeroBytes(w ^ eqBytes); m == 0 {
				return i + at, out
			}
		}
		n := len(e) - len(s)
		k := bits.TrailingZeros64(m|1<<63) >> 3 // the '=' is byte k of w
		n += k
		h = finish(mix(h, w&(1<<(8*k&63)-1)), n)
		name := e[:n]
		// The task's decision: the spelling's, where a list names it;
		// else by the patterns that may match it, or the mode's default.
		keep := c.inherit
		slots, mask := c.slots, uint64(len(c.slots)-1)
		j := h & mask
		for slots[j] != 0 && slots[j]>>32 != h>>32 {
			j = (j + 1) & mask
		}
		if s := slots[j]; s != 0 {
			if sp := &c.names[uint32(s)-1]; sp.name == name {
				keep = sp.keep
			} else if sp.dropOthers && EqualFold(sp.name, name) {
				keep = false // another spelling of a secret name
			} else {
				keep = c.decide(name, h) // another spelling, or another name with its tag
			}
		} else if c.patterns.may(name) {
			matched := c.patterns.facts(name, c.fold)
			keep = c.rules(matched, matched)
		}
		if !keep {
			if c.fold {
				return i + at, out // on Windows the name is recorded: its later spellings are dropped alike
			}
			continue // a later entry of the name is dropped alike
		}
		if c.checksValues { // one decides an entry dropped by value: an exemption may name its spelling
			if v := e[n+1:]; c.dropFunctions && strings.HasPrefix(v, "()") || c.values != nil && c.values.looks(v) {
				return i + at, out
			}
		}
		if table != nil {
			if strings.IndexByte(e, 0) >= 0 {
				continue // exec would refuse it; a later entry may serve
			}
			tag, tableMask := tagOf(h), uint64(len(table)-1)
			for j = home(h) & tableMask; table[j] != 0; j = (j + 1) & tableMask {
				if table[j]>>32 == tag {
					return i + at, out // maybe the name's second entry
				}
			}
			table[j] = tag<<32 | uint64(len(out)+1)
		}
		out = append(out, e)
	}
	return len(environ), out
}

// one is filter for one entry, any fast leaves: it decides the entry by
// the task's rules and appends it to out, or, if it is left out after it
// counts as its name's first entry, records its name.
func (b *builder) one(out []string, e string, c *compiled) []string {
	name, ok := Split(e)
	if !ok {
		return out // no name, or a NUL byte: exec would refuse it; a later entry may serve
	}
	h := hashName(name)
	keep := c.decide(name, h)
	if !keep && !c.fold {
		return out // where names compare exactly, a later entry is dropped alike
	}
	var j uint64
	if b.table != nil {
		if j = b.slot(out, name, h); b.table[j] != 0 {
			return out // the first entry of a name wins
		}
	}
	if keep && c.checksValues && c.dropsValue(name, e[len(name)+1:], true) {
		keep = false
	}
	switch {
	case b.table == nil: // an owned environ, whose names do not repeat
	case keep:
		b.table[j] = tagOf(h)<<32 | uint64(len(out)+1)
	default: // later entries of the name are left out too
		s := b.pooled.get()
		s.gone = append(s.gone, name)
		b.table[j] = tagOf(h)<<32 | dropped | uint64(len(s.gone))
	}
	if keep {
		out = append(out, e)
	}
	return out
}

// ahead reports whether room, where the output goes, starts inside
// environ at index from or later: from 1, writing would overwrite entries
// not yet read; from 0, entries read before.
func ahead(room, environ []string, from int) bool {
	if cap(room) == 0 {
		return false
	}
	first := &room[:1][0]
	for i := from; i < len(environ); i++ {
		if first == &environ[i] {
			return true
		}
	}
	return false
}
