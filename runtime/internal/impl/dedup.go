package impl

import (
	"sync"

	"github.com/envgen/envgen/runtime/internal/glob"
)

// This file is a call's de-duplication table, from which the first entry
// of each name wins: its slots and tags, the pool it comes from past 256
// slots, and the look-ups the filter and the layers make in it.

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

// named reports whether the output entry e (NAME=value, or a bare name)
// is named name, compared as glob.Equal does.
func named(e, name string, fold bool) bool {
	return (len(e) == len(name) || len(e) > len(name) && e[len(name)] == '=') && glob.Equal(e[:len(name)], name, fold)
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
