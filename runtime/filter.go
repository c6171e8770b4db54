package envrt

import "strings"

// noSlots stands in for a policy without names, so that filter's probe
// needs no check.
var noSlots = []uint64{0}

// batch is how many entries filter scans at a time.
const batch = 64

// filter appends to out the entries of environ that t passes, the first of
// each name, records in slots the names it has seen, and returns out. It is
// the hot loop of every generated builder. Per entry it makes one pass over
// the name's words (scanNames, a batch at a time), a probe of the policy's
// table (its two candidate slots) and one of the call's de-duplication
// table, with no call on the common path but the NUL check; it calls out
// only for names whose decision needs more: a spelling other than the
// table's (Task.keep), or a name that a pattern's filter lets through
// (Task.keepUnnamed).
func (b *builder) filter(out []string, slots []uint64, t *Task) []string {
	p := t.Policy
	table, names, decide := p.Slots, p.Names, t.Decide
	if len(table) == 0 {
		table = noSlots
	}
	tableMask, slotMask := uint64(len(table)-1), uint64(len(slots)-1)
	// The filter that sends a name the table does not hold to
	// Task.keepUnnamed: an isolated task's passThrough patterns, an
	// inherit task's secret and unset patterns.
	patterns := t.Pass
	if t.Inherit {
		patterns = p.SecretPatterns.union(&t.Unset)
	}
	fold, keepBit := b.fold, Keep
	if fold {
		keepBit = KeepFolded
	}
	dropIf := Decision(0) // the decision's keepBit when it says drop
	if t.DecideDrops {
		dropIf = keepBit
	}
	environ := b.environ
	base := b.base
	var scans [batch]scanned
	var picked [batch]string // with Heads: the entries it lets through
	var index [batch]int     // and their indices in environ
	for start := 0; start < len(environ); start += batch {
		chunk := environ[start:min(start+batch, len(environ))]
		if t.Heads != nil {
			chunk = picked[:t.Heads.pick(chunk, picked[:], index[:], start)]
		}
		scanNames(b.seed, chunk, scans[:])
		for j, e := range chunk {
			sc := &scans[j]
			if sc.eq == 0 {
				continue
			}
			name, h := e[:sc.eq], sc.h
			s := table[h&tableMask]
			if s>>32 != h>>32 || s == 0 {
				if s = table[h>>20&tableMask]; s>>32 != h>>32 {
					s = 0
				}
			}
			var keep bool
			switch {
			case s != 0 && names[uint32(s)-1].Name == name:
				keep = decide[uint32(s)-1]&keepBit != dropIf
			case s != 0:
				keep = t.keep(name, h, fold) // another spelling
			case patterns.Loose || patterns.First.Has(name[0]) || len(name) >= 2 && patterns.Tail.Has(tailKey(name)):
				// mayMatch, written out: the compiler will not inline it here
				keep = t.keepUnnamed(name, fold)
			default:
				keep = t.Inherit // no rule names it, no pattern matches it
			}
			// Where names compare exactly, a dropped entry needs no NUL
			// check: a later entry of its name is decided alike.
			if !keep && !fold || strings.IndexByte(e, 0) >= 0 {
				continue
			}
			key := dedupKey(h, sc.cases, fold)
			if !keep || t.DropFunctions && strings.HasPrefix(e[sc.eq+1:], "()") && !t.keepsFunction(name, h) {
				// Dropped, but this entry, not a later one, is the
				// name's: a later spelling or a later entry that is no
				// bash function could be decided otherwise.
				i := start + j
				if t.Heads != nil {
					i = index[j]
				}
				out = b.drop(out, slots, key, i, name)
				continue
			}
			for d := key & slotMask; ; d = (d + 1) & slotMask {
				v := slots[d]
				if v == 0 {
					out = append(out, e)
					slots[d] = key>>32<<32 | uint64(len(out)-base)
					break
				}
				if v>>32 == key>>32 {
					if sameName(b.nameAt(out, uint32(v)), name, fold) {
						break // seen before: the first wins
					}
				}
			}
		}
	}
	return out
}
