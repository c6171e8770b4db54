package gen

import (
	"cmp"
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
	Seed           uint32
	Slots          []uint32
	SecretPatterns []string // sorted
	Secrets        []string // what Secrets returns: names less pass, and patterns, sorted
	Tasks          []taskPlan
}

// taskPlan is one task's builder: the checked task plus its role for each
// entry of plan.Names that it lists.
type taskPlan struct {
	task
	Roles []roleAt // by index
}

// roleAt is a task's role for plan.Names[Index].
type roleAt struct {
	Index int
	Role  envrt.Role
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

	secrets := secretMatcher(p)
	index := map[string]int{}
	for i, s := range spellings {
		_, secret := secrets.caseless(s)
		pl.Names = append(pl.Names, envrt.Name{
			Name:      s,
			Variant:   i > 0 && foldKey(spellings[i-1]) == foldKey(s),
			Secret:    secret,
			Pass:      slices.Contains(p.Pass, s),
			Essential: slices.Contains(p.Essentials, s),
		})
		index[s] = i
	}
	pl.Seed, pl.Slots = buildTable(pl.Names)

	pl.SecretPatterns = sortedUnique(p.SecretPatterns)
	for _, n := range p.SecretNames {
		if !slices.Contains(p.Pass, n) {
			pl.Secrets = append(pl.Secrets, n)
		}
	}
	pl.Secrets = sortedUnique(append(pl.Secrets, p.SecretPatterns...))

	for _, t := range p.Tasks {
		roles := map[int]envrt.Role{}
		set := func(names []string, r envrt.Role) {
			for _, n := range names {
				roles[index[n]] = r
			}
		}
		// Later roles win: a negation or an unset drops a name that
		// passThrough also lists.
		set(t.Exact, envrt.RolePassThrough)
		set(t.NegExact, envrt.RoleNegated)
		set(t.UnsetExact, envrt.RoleUnset)
		tp := taskPlan{task: t}
		for i, r := range roles {
			tp.Roles = append(tp.Roles, roleAt{i, r})
		}
		slices.SortFunc(tp.Roles, func(a, b roleAt) int { return cmp.Compare(a.Index, b.Index) })
		tp.Patterns = sortedUnique(t.Patterns)
		tp.NegPatterns = sortedUnique(t.NegPatterns)
		tp.UnsetPatterns = sortedUnique(t.UnsetPatterns)
		pl.Tasks = append(pl.Tasks, tp)
	}
	return pl
}

// sortedUnique returns a sorted copy of list without repeats.
func sortedUnique(list []string) []string {
	return slices.Compact(slices.Sorted(slices.Values(list)))
}
