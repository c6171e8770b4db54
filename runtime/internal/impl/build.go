package impl

import (
	"math/bits"
	"slices"
	"strings"
	"sync"
	"unsafe"
)

// Input is the environment a generated builder reads and the slice it
// appends to. For generated code: Given, Fresh and OS make one.
type Input struct {
	dst, environ []string
	// owned: environ is this process's environment, read where it holds
	// neither a NUL byte nor a name twice (see ownedOS), into a slice
	// the builder may overwrite: it filters it in place without those
	// checks.
	owned bool
	// fromOS: this process's environment, not read yet (see OS).
	fromOS bool
	// fresh: build into a fresh slice as long as the result (see Fresh).
	fresh bool
}

// Given is the input of an Append…Env call: append to dst the
// environment built from environ. For generated code.
func Given(dst, environ []string) Input { return Input{dst: dst, environ: environ} }

// Fresh is the input of an …Env call: the environment built from environ,
// in a new slice as long as the result (built first in a pooled one), so
// that an isolated task that keeps 5 % of a large environment allocates
// for that 5 %. For generated code.
func Fresh(environ []string) Input { return Input{environ: environ, fresh: true} }

// Build returns in's dst with the environment that task t gives a child
// appended: built from in's environ (os.Environ form), the task's defines
// (NAME=value entries), the call's overrides and the task's binPaths
// directories. It never reads or writes dst[:len(dst)]. For generated
// code, which documents what it allocates.
//
// dst may share environ's array: Given(environ[:0], environ) filters in
// place, with the result a separate dst would get and no allocation
// more. A dst whose room starts inside environ, after its first entry,
// would overwrite entries not yet read: Build then copies environ first,
// as it does for Keep and KeepMatching, which read environ after the
// filter, when the room starts anywhere inside it.
func Build(in Input, t *Task, defines []string, overrides []Var, path []Dir) []string {
	if len(overrides) > 0 && reporting(overrides) {
		return buildReporting(in, t, defines, overrides, path, windows)
	}
	switch {
	case in.fromOS:
		in = readOS(t.tables(false), len(defines)+len(overrides)+1, readsEnviron(overrides))
	case in.fresh:
		return buildFresh(in.environ, t, defines, overrides, path, windows)
	}
	return build(in, t, defines, overrides, path, windows)
}

// buildFresh is Build of a Fresh input: built in a pooled slice, then
// copied to one as long as the result.
func buildFresh(environ []string, t *Task, defines []string, overrides []Var, path []Dir, fold bool) []string {
	scratch := scratchPool.Get().(*[]string)
	built := build(Given((*scratch)[:0], environ), t, defines, overrides, path, fold)
	out := make([]string, len(built))
	copy(out, built)
	if cap(built) > cap(*scratch) { // built grew out of scratch, which is dropped
		*scratch = make([]string, 0, cap(built)) // the next call needs no more room (built itself would let environ escape)
	} else {
		clear(built) // drop the references to the call's strings; finish cleared any past len(built)
	}
	scratchPool.Put(scratch)
	return out
}

// build is Build with the name comparison chosen by fold, so that tests
// can run the Windows rules on any OS.
func build(in Input, t *Task, defines []string, overrides []Var, path []Dir, fold bool) []string {
	c := t.tables(fold)
	dst, environ := in.dst, in.environ
	// Written from its second entry on, environ would be overwritten
	// before it is read; and Keep and KeepMatching read it after the
	// filter, which, in place, has overwritten it: they read a copy.
	if room := dst[len(dst):cap(dst)]; ahead(room, environ, 1) || readsEnviron(overrides) && ahead(room, environ, 0) {
		environ = slices.Clone(environ)
	}
	b := builder{base: len(dst), c: c, environ: environ}
	if in.owned && !fold {
		return b.finish(b.filter(dst, environ), defines, overrides, path)
	}
	// The de-duplication table, at most half full: on the stack up to 256
	// slots, else from a pool, where it allocates only when the pool has
	// none big enough.
	size := tableSize(len(environ) + len(defines) + len(overrides) + 1) // PATH too
	var small [256]uint64
	var pooled pooled // not in builder: the escape analysis, which tells no fields apart, would take small to the heap
	b.pooled = &pooled
	if size <= len(small) {
		b.table = small[:size]
	} else {
		b.table = pooled.get().slots(size)
	}
	out := b.finish(b.filter(dst, environ), defines, overrides, path)
	if s := pooled.s; s != nil {
		clear(s.table)
		clear(s.gone) // drop the references to the call's strings
		s.gone = s.gone[:0]
		tablePool.Put(s)
	}
	return out
}

// BuildFold is Build over Given(dst, environ) with the name comparison
// chosen by fold, whatever GOOS: fold true runs the Windows rules. For
// tests, through envimpl.
func BuildFold(dst, environ []string, t *Task, defines []string, overrides []Var, path []Dir, fold bool) []string {
	if reporting(overrides) {
		return buildReporting(Given(dst, environ), t, defines, overrides, path, fold)
	}
	return build(Given(dst, environ), t, defines, overrides, path, fold)
}

// scratchPool holds the slices Fresh inputs are built in first.
var scratchPool = sync.Pool{New: func() any { return new([]string) }}

// pooledTable is a call's de-duplication table past 256 slots and the
// names it must remember whose first entry was left out; tablePool holds
// them between calls. A call takes one only when it needs one.
type pooledTable struct {
	table []uint64
	gone  []string
}

var tablePool = sync.Pool{New: func() any { return new(pooledTable) }}

// tableSize returns the size of a table for n names, at most half full:
// a power of two, 64 at least.
func tableSize(n int) int {
	size := 64
	for size < 2*n {
		size <<= 1
	}
	return size
}

// slots returns s's table cut to size slots, made anew if it has fewer;
// clean, since every user clears it before putting s back.
func (s *pooledTable) slots(size int) []uint64 {
	if len(s.table) < size {
		s.table = make([]uint64, size)
	}
	return s.table[:size]
}

// pooled holds the pooledTable a call took from tablePool, if any.
type pooled struct{ s *pooledTable }

// get returns p's table, taking one from tablePool at the first call.
func (p *pooled) get() *pooledTable {
	if p.s == nil {
		p.s = tablePool.Get().(*pooledTable)
	}
	return p.s
}

// A call's de-duplication table holds one slot for each name seen in
// environ or given since: the name's tag (tagOf its hash) over 1+the
// index in the output of its entry, or, with the dropped bit, 1+the index
// in pooledTable.gone of a name whose first entry was left out. A probe
// compares tags first, then the names. A slot of 0 is empty.
const dropped = 1 << 31

// tagOf returns the tag of a name whose hash is h, never 0.
func tagOf(h uint64) uint64 { return h>>32 | 1 }

// home returns where a probe for a name whose hash is h starts, once
// masked: h mixed again, since its low bits do not see the top bytes of
// a word (PATH_123 and PATH_124 would share them), which the numbered
// names of a large environment differ in; the tables of the policy's and
// the task's lists take h as it is.
func home(h uint64) uint64 {
	h *= mul
	return h ^ h>>32
}

// filter appends to out the entries of environ that the task passes, the
// first of each name, and returns out: filterRun takes every entry whose
// fate the tables give at once; each other entry goes to filterOne.
func (b *builder) filter(out, environ []string) []string {
	for i := 0; i < len(environ); i++ {
		if !b.c.rulesOnly {
			if i, out = filterRun(out, environ, i, b.table, b.c); i == len(environ) {
				break
			}
		}
		out = b.filterOne(out, environ[i])
	}
	return out
}

// filterRun is the hot loop of every generated builder. It filters
// environ from i into out until an entry it leaves to filterOne: an entry
// shorter than 8 bytes or starting with '=', one a value check drops, a
// name's second entry (or another with its tag), and on Windows one
// dropped (filterOne records its name). It returns that entry's index
// (len(environ) at the end) and out. Per entry: for an isolated task,
// its head (most fail there); the name's scan a word at a time, hashing
// it; a probe of the policy's table, which holds the names its tasks list
// too, and a compare of the name (decide, by a call, for another
// spelling), or the patterns' index; for an entry kept, the value checks,
// then the NUL check and one probe of the de-duplication table (both
// skipped for an owned environ, see Input, where table is nil). Its
// common path makes no call but IndexByte, and the string compare for a
// name a table holds.
func filterRun(out, environ []string, i int, table []uint64, c *taskTables) (int, []string) {
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
		var keep bool
		listed, mask := c.policyTables.slots, uint64(len(c.policyTables.slots)-1)
		j := h & mask
		for listed[j] != 0 && listed[j]>>32 != h>>32 {
			j = (j + 1) & mask
		}
		if s := listed[j]; s != 0 {
			switch x := uint32(s)&^secretGroup - 1; {
			case c.names[x].name == name:
				keep = c.keep[x/64]>>(x%64)&1 != 0
			case s&secretGroup != 0 && EqualFold(c.names[x].name, name):
				keep = false // another spelling of a secret: only one a list names can be exempt
			default:
				keep = c.decide(name, h) // another spelling, or another name with its tag
			}
		} else if c.gate.may(name) {
			matched := c.patterns.facts(name, c.fold)
			keep = c.rules(matched, matched)
		} else {
			keep = c.inherit
		}
		if !keep {
			if c.fold {
				return i + at, out // on Windows the name is recorded: its later spellings are dropped alike
			}
			continue // a later entry of the name is dropped alike
		}
		if c.checksValues { // filterOne decides an entry dropped by value: an exemption may name its spelling
			if v := e[n+1:]; c.dropInjection && strings.HasPrefix(v, "()") || c.values != nil && c.values.Contains(v) {
				return i + at, out
			}
		}
		if table != nil {
			if strings.IndexByte(e, 0) >= 0 {
				continue // exec would refuse it; a later entry may serve
			}
			tag, tableMask := tagOf(h), uint64(len(table)-1)
			j := home(h) & tableMask
			for ; table[j] != 0; j = (j + 1) & tableMask {
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

// filterOne is filter for one entry, any filterRun leaves: it decides the
// entry by the task's rules and appends it to out, or, if it is left out
// after it counts as its name's first entry, records its name.
func (b *builder) filterOne(out []string, e string) []string {
	name, ok := Split(e)
	if !ok {
		return out // no name, or a NUL byte: exec would refuse it; a later entry may serve
	}
	h := hashName(name)
	keep := b.c.decide(name, h)
	if !keep && !b.c.fold {
		return out // where names compare exactly, a later entry is dropped alike
	}
	var j uint64
	if b.table != nil {
		if j = b.slot(out, name, h); b.table[j] != 0 {
			return out // the first entry of a name wins
		}
	}
	if keep && b.c.checksValues && b.c.dropsValue(name, e[len(name)+1:], true) {
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
// not yet read; from 0, entries read before. It compares addresses, as
// crypto/internal/alias does: room starts inside environ's array only if
// they share it, since arrays do not overlap.
func ahead(room, environ []string, from int) bool {
	if cap(room) == 0 || len(environ) <= from {
		return false
	}
	start := uintptr(unsafe.Pointer(unsafe.SliceData(room)))
	first := uintptr(unsafe.Pointer(&environ[from]))
	end := uintptr(unsafe.Pointer(unsafe.SliceData(environ))) + uintptr(len(environ))*unsafe.Sizeof("")
	return first <= start && start < end
}
