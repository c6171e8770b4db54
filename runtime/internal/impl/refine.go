package impl

import (
	"strings"

	"github.com/envgen/envgen/runtime/internal/glob"
)

// This file applies the call's overrides (vars.go makes them) to the
// output: Set and Unset, and the refinements Keep, Drop and KeepMatching
// (docs/semantics.md, "Run-time refinements").

// override applies v to out and returns out. An entry an Unset or Drop
// removes keeps its place as its bare name, so that a later Set of the
// name takes it back; applyLayers deletes the bare names left.
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

// readsEnviron reports whether an override reads the call's environ
// (Keep, KeepMatching), which a filter in place would overwrite first.
func readsEnviron(overrides []Var) bool {
	for _, v := range overrides {
		if v.op == opKeep || v.op == opKeepMatching {
			return true
		}
	}
	return false
}
