package impl

import (
	"math/bits"
	"strings"

	"github.com/envgen/envgen/runtime/internal/glob"
)

// This file is the filter loop: one pass over environ that keeps what the
// task passes, the first entry of each name (filterRun, the hot loop, and
// filterOne for the entries it leaves).

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
			case s&secretGroup != 0 && glob.Equal(c.names[x].name, name, true):
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
