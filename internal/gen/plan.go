package gen

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"strings"

	"github.com/envgen/envgen/internal/policy"
	envrt "github.com/envgen/envgen/runtime"
)

// Plan is everything emit prints, resolved and sorted: no maps, no
// decisions left.
type Plan struct {
	Package string
	Source  string // the policy file's base name, for the header
	// Names holds every spelling of every name the policy mentions,
	// sorted by ASCII upper-cased name, then spelling; Seed and Slots are
	// the perfect hash over them (see envrt.Policy).
	Names          []envrt.Name
	Notes          []string // per Names entry: what the policy says of it, for comments
	Seed           uint64
	Slots          []uint64
	SecretPatterns []string // sorted
	Secrets        []string // what Secrets returns: names less pass, and patterns, sorted
	Tasks          []TaskPlan
	// Essentials says, for the isolated builders' comments, what "the
	// essentials" are.
	Essentials EssentialsNote
	// Prefix starts every generated identifier; SharedParams and
	// HasSharedParams are the policy's params (see policy.Policy).
	Prefix          string
	SharedParams    []string
	HasSharedParams bool
	// Values is the policy's value detection (see emitvalues.go).
	Values ValuePlan
}

// internal returns the name of a policy-wide unexported identifier:
// "envgen", the prefix, then name, so that two policies with their own
// prefixes share a package.
func (pl *Plan) internal(name string) string { return "envgen" + pl.Prefix + name }

// TaskPlan is one task's builder: the checked task plus its decision for
// each entry of plan.Names.
type TaskPlan struct {
	policy.Task
	Decide []envrt.Decision // by index in plan.Names
	// DecideDrops says Decide records what the task drops, not what it
	// keeps: whichever lists fewer entries (see invertIfShorter).
	DecideDrops bool
	Kept        int            // entries of plan.Names it passes in some spelling
	Lookup      []string       // see envrt.Task.Lookup
	Heads       *envrt.HeadSet // see envrt.Task.Heads
	// SharesTablesWith is the Go name of the first task with the same Decide and
	// Lookup, whose tables this task shares (its own Go name if none).
	SharesTablesWith string
}

// MakePlan resolves a checked policy into tables.
func MakePlan(p *policy.Policy, pkg, source string) *Plan {
	pl, _ := makePlanWithin(p, pkg, source, math.MaxInt)
	return pl
}

// makePlanWithin is MakePlan that stops at the first task whose tables
// take the tasks' tables past maxTable entries (see tableEntries), and
// returns that task too (nil if none does), so that a policy whose tables
// would be too large is refused without planning every task.
//
// Each task takes time in proportion to the names the policy mentions
// (all spellings), plus the patterns it uses, each of which is matched
// against the names once for all tasks (see patternHits); check has
// bounded names × patterns (maxPatternTests).
func makePlanWithin(p *policy.Policy, pkg, source string, maxTable int) (*Plan, *policy.Task) {
	pl := &Plan{Package: pkg, Source: source, Essentials: EssentialsNote{Builtin: p.EssentialsBuiltin, Extra: p.EssentialsExtra},
		Prefix: p.Prefix, SharedParams: p.SharedParams, HasSharedParams: p.HasSharedParams}
	r := newRules(p)
	ns := nameSetOf(p, r)
	for _, g := range ns.groups {
		for i := g.first; i < g.end; i++ {
			s := ns.list[i]
			pl.Names = append(pl.Names, envrt.Name{Name: s, Variant: i > g.first, Secret: g.by != "", Pass: r.pass[s]})
			pl.Notes = append(pl.Notes, r.note(s, g.by))
		}
	}
	pl.Seed, pl.Slots = buildTable(pl.Names)

	pl.SecretPatterns = sortedUnique(p.SecretPatterns)
	for _, n := range p.SecretNames {
		if !r.pass[n] {
			pl.Secrets = append(pl.Secrets, n)
		}
	}
	pl.Secrets = sortedUnique(append(pl.Secrets, p.SecretPatterns...))

	flips := ns.decisionBits()
	// owners maps the tables of each task that first had them (its
	// Decide and whether it has Lookup, as a string) to that task.
	owners := map[string]*TaskPlan{}
	entries := 0
	dc := ns.newDecider()
	var key []byte
	for ti := range p.Tasks {
		t := &p.Tasks[ti]
		tp := TaskPlan{Task: *t}
		tp.Patterns = sortedUnique(t.Patterns)
		tp.NegPatterns = sortedUnique(t.NegPatterns)
		tp.UnsetPatterns = sortedUnique(t.UnsetPatterns)
		tp.Decide = dc.decide(t)
		tp.invertIfShorter(flips)
		var undo []envrt.Decision // what turns Decide back into what the task keeps
		if tp.DecideDrops {
			undo = flips
		}
		keeps := false // in some spelling, where names compare exactly
		key = key[:0]
		for i, d := range tp.Decide {
			key = append(key, byte(d))
			if undo != nil {
				d ^= undo[i]
			}
			keeps = keeps || d&envrt.Keep != 0
		}
		lookup := !t.Inherit && len(t.Patterns) == 0 && keeps
		key = append(key, boolByte(tp.DecideDrops), boolByte(lookup))
		owner, shared := owners[string(key)]
		if shared {
			tp.SharesTablesWith, tp.Decide, tp.Lookup = owner.GoName, owner.Decide, owner.Lookup
		} else {
			tp.SharesTablesWith = t.GoName
			tp.Decide = slices.Clone(tp.Decide)
			if lookup {
				for i, d := range tp.Decide {
					if undo != nil {
						d ^= undo[i]
					}
					if d&envrt.Keep != 0 {
						tp.Lookup = append(tp.Lookup, pl.Names[i].Name)
					}
				}
			}
			entries += tp.tableEntries()
		}
		if !t.Inherit {
			// The heads follow from what the task keeps and its patterns.
			if shared && owner.Heads != nil && slices.Equal(owner.Patterns, tp.Patterns) {
				tp.Heads = owner.Heads
			} else {
				tp.Heads = headsOf(pl.Names, tp.Decide, undo, tp.Patterns)
			}
		}
		if !shared {
			owners[string(key)] = &tp
		}
		pl.Tasks = append(pl.Tasks, tp)
		if entries > maxTable {
			return pl, t
		}
	}
	return pl, nil
}

// boolByte is 1 for true, 0 for false.
func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// tableEntries counts the entries emit prints for t's own tables: its
// decisions and its look-up list.
func (t *TaskPlan) tableEntries() int {
	n := len(t.Lookup)
	for _, d := range t.Decide {
		if d != 0 {
			n++
		}
	}
	return n
}

// nameSet is the names a policy mentions, every spelling, sorted by ASCII
// upper-cased name, then spelling, and grouped by name.
type nameSet struct {
	list    []string
	index   map[string]int // spelling → its index in list
	groups  []nameGroup
	groupOf []int // by index in list: the index of its group
	// essential and pass say, by index in list, whether the spelling is
	// an essential, and in secrets.pass.
	essential, pass []bool
}

// nameGroup is one name of a nameSet: its spellings, and what the policy
// says of the name whatever the spelling.
type nameGroup struct {
	first, end int // its spellings are list[first:end]
	// other is a spelling of the name that the policy does not list, if
	// hasOther (see otherSpelling).
	other    string
	hasOther bool
	// by is the secret name or pattern that the name matches, ASCII case
	// aside, or "" if none.
	by string
	// essential says that one of its spellings is an essential.
	essential bool
}

// nameSetOf returns the names p mentions, each group's secret worked out
// once by r, whatever the number of its spellings.
func nameSetOf(p *policy.Policy, r *rules) *nameSet {
	type keyed struct{ key, name string }
	var all []keyed
	add := func(list []string) {
		for _, s := range list {
			all = append(all, keyed{policy.FoldKey(s), s})
		}
	}
	add(p.Essentials)
	add(p.SecretNames)
	add(p.Pass)
	for _, t := range p.Tasks {
		add(t.Exact)
		add(t.NegExact)
		add(t.UnsetExact)
	}
	slices.SortFunc(all, func(a, b keyed) int {
		return cmp.Or(strings.Compare(a.key, b.key), strings.Compare(a.name, b.name))
	})
	all = slices.CompactFunc(all, func(a, b keyed) bool { return a.name == b.name })

	ns := &nameSet{index: make(map[string]int, len(all))}
	for i, k := range all {
		ns.list = append(ns.list, k.name)
		ns.index[k.name] = i
		ns.essential = append(ns.essential, r.essential[k.name])
		ns.pass = append(ns.pass, r.pass[k.name])
		if i > 0 && all[i-1].key == k.key {
			ns.groupOf = append(ns.groupOf, len(ns.groups)-1)
			g := &ns.groups[len(ns.groups)-1]
			g.end++
			g.essential = g.essential || r.essential[k.name]
			continue
		}
		by, _ := r.secrets.Caseless(k.name)
		ns.groupOf = append(ns.groupOf, len(ns.groups))
		ns.groups = append(ns.groups, nameGroup{first: i, end: i + 1, by: by, essential: r.essential[k.name]})
	}
	for i := range ns.groups {
		g := &ns.groups[i]
		g.other, g.hasOther = otherSpelling(ns.list[g.first:g.end])
	}
	return ns
}

// decisionBits returns, for each spelling, the decision bits that the
// runtime can read: Keep and KeepFolded, and KeepVariant on a name's
// first spelling if the name has a spelling the list lacks.
func (ns *nameSet) decisionBits() []envrt.Decision {
	out := make([]envrt.Decision, len(ns.list))
	for _, g := range ns.groups {
		for i := g.first; i < g.end; i++ {
			out[i] = envrt.Keep | envrt.KeepFolded
		}
		if g.hasOther {
			out[g.first] |= envrt.KeepVariant
		}
	}
	return out
}

// A decider works out each task's decisions over a nameSet. A name that
// a task neither names nor matches by a pattern is decided as in any
// task of its mode, so each task starts from those decisions and works
// out only the names it touches.
type decider struct {
	ns   *nameSet
	hits map[string]*patternHits // by pattern, for all tasks
	base [2][]envrt.Decision     // for a task that touches no name, isolated and inherit
	// The current task: how it names each spelling (named…), what its
	// passThrough patterns, negations and unset patterns match, the
	// groups it touches (marked with its number), and its decisions.
	named                  []uint8
	passed, negated, unset patternHits
	touched                []int
	task                   int
	out                    []envrt.Decision
}

// How a task names a spelling, in decider.named.
const (
	namedListed uint8 = 1 << iota // in passThrough
	namedNegated
	namedUnset
)

// newDecider returns a decider over ns.
func (ns *nameSet) newDecider() *decider {
	n := len(ns.list)
	d := &decider{ns: ns, hits: map[string]*patternHits{}, named: make([]uint8, n), touched: make([]int, len(ns.groups)), out: make([]envrt.Decision, n)}
	for _, h := range []*patternHits{&d.passed, &d.negated, &d.unset} {
		*h = newPatternHits(ns)
	}
	for mode, t := range []*policy.Task{{}, {Inherit: true}} {
		d.base[mode] = make([]envrt.Decision, n)
		for gi := range ns.groups {
			d.decideGroup(t, gi, d.base[mode])
		}
	}
	return d
}

// decide returns the decisions of task t for each spelling, in a buffer
// that the next call reuses.
func (d *decider) decide(t *policy.Task) []envrt.Decision {
	ns := d.ns
	d.task++
	mode := 0
	if t.Inherit {
		mode = 1
	}
	copy(d.out, d.base[mode])
	touch := func(gi int) {
		if d.touched[gi] != d.task {
			d.touched[gi] = d.task
			d.decideGroup(t, gi, d.out)
		}
	}
	mark := func(names []string, how uint8) {
		for _, n := range names {
			d.named[ns.index[n]] |= how
		}
	}
	mark(t.Exact, namedListed)
	mark(t.NegExact, namedNegated)
	mark(t.UnsetExact, namedUnset)
	d.match(&d.passed, t.Patterns)
	d.match(&d.negated, t.NegPatterns)
	d.match(&d.unset, t.UnsetPatterns)
	for _, list := range [][]string{t.Exact, t.NegExact, t.UnsetExact} {
		for _, n := range list {
			touch(ns.groupOf[ns.index[n]])
		}
	}
	// A spelling matches exactly only if its name matches folded.
	for _, h := range []patternHits{d.passed, d.negated, d.unset} {
		h.folded.each(touch)
	}
	for _, list := range [][]string{t.Exact, t.NegExact, t.UnsetExact} {
		for _, n := range list {
			d.named[ns.index[n]] = 0
		}
	}
	return d.out
}

// decideGroup writes into out task t's decisions for the spellings of
// group gi, from what d holds of the task.
func (d *decider) decideGroup(t *policy.Task, gi int, out []envrt.Decision) {
	ns, g := d.ns, d.ns.groups[gi]
	var any uint8 // how the task names any spelling of the name
	for i := g.first; i < g.end; i++ {
		any |= d.named[i]
	}
	folded := nameFacts{
		secret: g.by != "", essential: g.essential,
		listed: any&namedListed != 0, negated: any&namedNegated != 0, unset: any&namedUnset != 0,
		passed: d.passed.folded.has(gi), negMatched: d.negated.folded.has(gi), unsetMatched: d.unset.folded.has(gi),
	}
	for i := g.first; i < g.end; i++ {
		named := d.named[i]
		exact := nameFacts{
			secret: folded.secret, exempt: ns.pass[i] || named&namedListed != 0, essential: ns.essential[i],
			listed: named&namedListed != 0, negated: named&namedNegated != 0, unset: named&namedUnset != 0,
			passed: d.passed.exact.has(i), negMatched: d.negated.exact.has(i), unsetMatched: d.unset.exact.has(i),
		}
		exact.listedExactly = exact.listed
		// Exemptions match exactly, also on Windows.
		folded.exempt, folded.listedExactly = exact.exempt, exact.listed
		var dec envrt.Decision
		if keep(t.Inherit, exact) {
			dec |= envrt.Keep
		}
		if keep(t.Inherit, folded) {
			dec |= envrt.KeepFolded
		}
		// dropInjection drops values starting with "()", except, in an
		// isolated task, those of an exact passThrough name spelled so.
		if dec != 0 && !t.Inherit && t.DropInjection && exact.listed {
			dec |= envrt.KeepFunction
		}
		out[i] = dec
	}
	// The spelling the policy does not list is exempt from nothing.
	if folded.exempt, folded.listedExactly = false, false; g.hasOther && keep(t.Inherit, folded) {
		out[g.first] |= envrt.KeepVariant
	}
}

// match sets into what the names that any of patterns matches.
func (d *decider) match(into *patternHits, patterns []string) {
	clear(into.exact)
	clear(into.folded)
	for _, p := range patterns {
		h, ok := d.hits[p]
		if !ok {
			h = d.ns.matchPattern(p)
			d.hits[p] = h
		}
		into.exact.or(h.exact)
		into.folded.or(h.folded)
	}
}

// patternHits are the names that a pattern, or several, matches: the
// spellings it matches exactly, and the names (nameSet groups) it matches
// ASCII case aside.
type patternHits struct{ exact, folded bitset }

// newPatternHits returns empty hits over ns.
func newPatternHits(ns *nameSet) patternHits {
	return patternHits{exact: newBitset(len(ns.list)), folded: newBitset(len(ns.groups))}
}

// matchPattern returns what pattern p matches in ns. A spelling matches
// exactly only if its name matches ASCII case aside, so only those
// names' spellings are tried.
func (ns *nameSet) matchPattern(p string) *patternHits {
	h := newPatternHits(ns)
	pat := compilePattern(p)
	for gi, g := range ns.groups {
		if !pat.Match(ns.list[g.first], true) {
			continue
		}
		h.folded.set(gi)
		for i := g.first; i < g.end; i++ {
			if pat.Match(ns.list[i], false) {
				h.exact.set(i)
			}
		}
	}
	return &h
}

// bitset is a set of small integers.
type bitset []uint64

// newBitset returns an empty set for 0 … n-1.
func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

// has reports whether i is in b.
func (b bitset) has(i int) bool { return b[i>>6]>>(i&63)&1 != 0 }

// set puts i in b.
func (b bitset) set(i int) { b[i>>6] |= 1 << (i & 63) }

// each calls f with each member of b, in increasing order.
func (b bitset) each(f func(int)) {
	for i, w := range b {
		for w != 0 {
			f(i<<6 | bits.TrailingZeros64(w))
			w &= w - 1
		}
	}
}

// or puts the members of o in b, which is as large.
func (b bitset) or(o bitset) {
	for i, w := range o {
		b[i] |= w
	}
}

// invertIfShorter counts Kept, then makes Decide record what the task
// drops when that lists fewer entries than what it keeps: an inherit task
// that keeps all but a few of the names other tasks mention. flips are
// decisionBits. Lookup and Heads must be worked out first, from the
// decisions as kept.
func (t *TaskPlan) invertIfShorter(flips []envrt.Decision) {
	dropped := 0
	for i, d := range t.Decide {
		if d != 0 {
			t.Kept++
		}
		if d^flips[i] != 0 {
			dropped++
		}
	}
	if dropped >= t.Kept {
		return
	}
	for i := range t.Decide {
		t.Decide[i] ^= flips[i]
	}
	t.DecideDrops = true
}

// mostInherited returns how many entries of environ an isolated task
// without passThrough patterns can keep at most: one per policy entry it
// passes in some spelling (the output never holds a name twice).
func (t TaskPlan) mostInherited() (int, bool) {
	if t.Inherit || len(t.Patterns) > 0 {
		return 0, false
	}
	return t.Kept, true
}

// headsOf returns the heads filter of an isolated task: the heads of the
// names it passes in any spelling and of its passThrough patterns'
// prefixes; nil if a pattern's prefix is shorter than a head, so that the
// names it matches can have any head. undo, if not nil, is what decide
// is XORed with to say what the task keeps (see invertIfShorter).
func headsOf(names []envrt.Name, decide, undo []envrt.Decision, patterns []string) *envrt.HeadSet {
	var heads envrt.HeadSet
	for _, p := range patterns {
		prefix := compilePattern(p)[0]
		if len(prefix) < 8 {
			return nil
		}
		heads.Add(prefix)
	}
	for i, d := range decide {
		if undo != nil {
			d ^= undo[i]
		}
		if d != 0 {
			heads.Add(names[i].Name)
		}
	}
	return &heads
}

// otherSpelling returns a spelling of key's name, ASCII case aside, that
// key (the name's distinct spellings) does not list, if the name has one.
// It tries the spellings that flip the case of the letters that masks
// 1, 2, … len(key) select: with mask 0, key[0] itself, that is one more
// spelling than key lists, so one of them is unlisted, unless the name
// has too few letters to spell them, and then key lists every spelling.
func otherSpelling(key []string) (string, bool) {
	var letters []int
	for i := range len(key[0]) {
		if policy.IsLetter(key[0][i]) {
			letters = append(letters, i)
		}
	}
	listed := policy.SetOf(key)
	b := []byte(key[0])
	for mask := 1; mask <= len(key) && bits.Len(uint(mask)) <= len(letters); mask++ {
		copy(b, key[0])
		for j, at := range letters {
			if mask>>j&1 != 0 {
				b[at] ^= 0x20
			}
		}
		if s := string(b); !listed[s] {
			return s, true
		}
	}
	return "", false
}

// sortedUnique returns a sorted copy of list without repeats.
func sortedUnique(list []string) []string {
	return slices.Compact(slices.Sorted(slices.Values(list)))
}
