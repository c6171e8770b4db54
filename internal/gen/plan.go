package gen

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"

	envrt "github.com/envgen/envgen/runtime"
)

// plan is everything emit prints, resolved and sorted: no maps, no
// decisions left.
type plan struct {
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
	Tasks          []taskPlan
}

// taskPlan is one task's builder: the checked task plus its decision for
// each entry of plan.Names.
type taskPlan struct {
	task
	Decide []envrt.Decision // by index in plan.Names
	// DecideDrops says Decide records what the task drops, not what it
	// keeps: whichever lists fewer entries (see invertIfShorter).
	DecideDrops bool
	Kept        int            // entries of plan.Names it passes in some spelling
	Lookup      []string       // see envrt.Task.Lookup
	Heads       *envrt.HeadSet // see envrt.Task.Heads
	// TablesOf is the Go name of the first task with the same Decide and
	// Lookup, whose tables this task shares (its own Go name if none).
	TablesOf string
}

// makePlan resolves a checked policy into tables.
func makePlan(p *policy, pkg, source string) *plan {
	pl := &plan{Package: pkg, Source: source}
	spellings := slices.Concat(p.Essentials, p.SecretNames, p.Pass)
	for _, t := range p.Tasks {
		spellings = slices.Concat(spellings, t.Exact, t.NegExact, t.UnsetExact)
	}
	slices.SortFunc(spellings, func(a, b string) int {
		return cmp.Or(cmp.Compare(foldKey(a), foldKey(b)), cmp.Compare(a, b))
	})
	spellings = slices.Compact(spellings)

	r := newRules(p)
	for i, s := range spellings {
		pl.Names = append(pl.Names, envrt.Name{
			Name:    s,
			Variant: i > 0 && foldKey(spellings[i-1]) == foldKey(s),
			Secret:  r.secret(s),
			Pass:    r.pass[s],
		})
		pl.Notes = append(pl.Notes, r.note(s))
	}
	pl.Seed, pl.Slots = buildTable(pl.Names)

	pl.SecretPatterns = sortedUnique(p.SecretPatterns)
	for _, n := range p.SecretNames {
		if !r.pass[n] {
			pl.Secrets = append(pl.Secrets, n)
		}
	}
	pl.Secrets = sortedUnique(append(pl.Secrets, p.SecretPatterns...))

	flips := decisionBits(spellings)
	owners := map[string]string{} // tables → the task that first had them
	for _, t := range p.Tasks {
		tp := taskPlan{task: t, Decide: make([]envrt.Decision, len(pl.Names))}
		tr := r.forTask(&t)
		for first := 0; first < len(spellings); {
			end := first + 1
			for end < len(spellings) && pl.Names[end].Variant {
				end++
			}
			key, secret := spellings[first:end], pl.Names[first].Secret
			for i, s := range key {
				if tr.keep(key, s, secret, false) {
					tp.Decide[first+i] |= envrt.Keep
				}
				if tr.keep(key, s, secret, true) {
					tp.Decide[first+i] |= envrt.KeepFolded
				}
				if tp.Decide[first+i]&(envrt.Keep|envrt.KeepFolded) != 0 && tr.keepsFunction(s) {
					tp.Decide[first+i] |= envrt.KeepFunction
				}
			}
			if other, ok := otherSpelling(key); ok && tr.keep(key, other, secret, true) {
				tp.Decide[first] |= envrt.KeepVariant
			}
			first = end
		}
		if !t.Inherit && len(t.Patterns) == 0 {
			for i, d := range tp.Decide {
				if d&envrt.Keep != 0 {
					tp.Lookup = append(tp.Lookup, pl.Names[i].Name)
				}
			}
		}
		if !t.Inherit {
			tp.Heads = headsOf(pl.Names, tp.Decide, t.Patterns)
		}
		tp.invertIfShorter(flips)
		key := fmt.Sprint(tp.DecideDrops, len(tp.Lookup) > 0, string(tp.Decide)) // Lookup follows from Decide
		if tp.TablesOf = owners[key]; tp.TablesOf == "" {
			tp.TablesOf = t.GoName
			owners[key] = t.GoName
		}
		tp.Patterns = sortedUnique(t.Patterns)
		tp.NegPatterns = sortedUnique(t.NegPatterns)
		tp.UnsetPatterns = sortedUnique(t.UnsetPatterns)
		pl.Tasks = append(pl.Tasks, tp)
	}
	return pl
}

// decisionBits returns, for each of the sorted spellings, the decision
// bits that the runtime can read: Keep and KeepFolded, and KeepVariant on
// a name's first spelling if the name has a spelling the list lacks.
func decisionBits(spellings []string) []envrt.Decision {
	out := make([]envrt.Decision, len(spellings))
	for first := 0; first < len(spellings); {
		end := first + 1
		for end < len(spellings) && foldKey(spellings[end]) == foldKey(spellings[first]) {
			end++
		}
		for i := first; i < end; i++ {
			out[i] = envrt.Keep | envrt.KeepFolded
		}
		if _, ok := otherSpelling(spellings[first:end]); ok {
			out[first] |= envrt.KeepVariant
		}
		first = end
	}
	return out
}

// invertIfShorter counts Kept, then makes Decide record what the task
// drops when that lists fewer entries than what it keeps: an inherit task
// that keeps all but a few of the names other tasks mention. flips are
// decisionBits. Lookup and Heads must be worked out first, from the
// decisions as kept.
func (t *taskPlan) invertIfShorter(flips []envrt.Decision) {
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
func (t taskPlan) mostInherited() (int, bool) {
	if t.Inherit || len(t.Patterns) > 0 {
		return 0, false
	}
	return t.Kept, true
}

// headsOf returns the heads filter of an isolated task: the heads of the
// names it passes in any spelling and of its passThrough patterns'
// prefixes; nil if a pattern's prefix is shorter than a head, so that the
// names it matches can have any head.
func headsOf(names []envrt.Name, decide []envrt.Decision, patterns []string) *envrt.HeadSet {
	var heads envrt.HeadSet
	for _, p := range patterns {
		prefix := compilePattern(p)[0]
		if len(prefix) < 8 {
			return nil
		}
		heads.Add(prefix)
	}
	for i, d := range decide {
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
		if isLetter(key[0][i]) {
			letters = append(letters, i)
		}
	}
	b := []byte(key[0])
	for mask := 1; mask <= len(key) && bits.Len(uint(mask)) <= len(letters); mask++ {
		copy(b, key[0])
		for j, at := range letters {
			if mask>>j&1 != 0 {
				b[at] ^= 0x20
			}
		}
		if s := string(b); !slices.Contains(key, s) {
			return s, true
		}
	}
	return "", false
}

// sortedUnique returns a sorted copy of list without repeats.
func sortedUnique(list []string) []string {
	return slices.Compact(slices.Sorted(slices.Values(list)))
}
