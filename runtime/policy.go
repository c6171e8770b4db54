package envrt

import (
	"cmp"
	"slices"
	"strings"
	"sync"
)

// LayoutV3 is named by every generated file, so that a file generated for
// another shape of Policy and Task does not compile against this runtime,
// rather than run with lists it reads otherwise. Its name changes with
// the shape; regenerate with the matching envgen. V3: the tables are the
// policy's own lists, compiled by the runtime at a task's first call.
// For generated code.
const LayoutV3 = 3

// Policy is a policy's policy-wide lists, as its file gives them after
// presets and built-in lists are resolved. For generated code: its fields
// are the generated file's, and may change with LayoutV3.
type Policy struct {
	Essentials []string // exact names: an isolated task's first layer
	Secrets    []string // names and patterns: the built-in list (if on) and secrets.extra
	Pass       []string // secrets.pass: exact names that are no secrets
	Injection  []string // names and patterns that a task with DropInjection drops
	// SecretValues is secrets.values: an entry whose value looks like a
	// credential (see ValueDetector) is a secret by value, unless
	// secrets.pass or a task's exact passThrough names its spelling.
	// ValuePrefixes is secrets.valuePrefixes.
	SecretValues  bool
	ValuePrefixes []string

	once   sync.Once
	any    *Task          // an inherit task with no lists of its own, for IsSecret
	values *ValueDetector // with SecretValues: the built-in rules and ValuePrefixes
}

// Task is one task's lists, as the policy file gives them. For generated
// code: its fields are the generated file's, and may change with
// LayoutV3. The runtime compiles them into look-up tables at the task's
// first call (tens of microseconds for a policy of a few hundred names).
type Task struct {
	Policy  *Policy
	Inherit bool
	// PassThrough holds exact names and patterns; in an isolated task
	// also negations, written "!NAME" or "!PATTERN".
	PassThrough []string
	// BuiltinPassThrough holds the exact passThrough names that only a
	// built-in preset lists. They pass as PassThrough's exact names do,
	// but exempt no value (only the policy's own text does): an entry
	// among them whose value looks like a credential is still a secret
	// by value.
	BuiltinPassThrough []string
	// Unset holds names and patterns an inherit task drops.
	Unset []string
	// DropInjection drops Policy.Injection's names, and inherited values
	// starting with "()", as sudo does (an exact passThrough name of an
	// isolated task, spelled exactly so, still passes).
	DropInjection bool

	once [2]sync.Once
	c    [2]*compiled // by fold: names compared exactly, then ASCII case aside
}

// IsSecret reports whether name is a secret of the policy: it matches a
// secret name or pattern ASCII case-insensitively and secrets.pass does
// not list it exactly. For generated code: call the generated IsSecret.
func (p *Policy) IsSecret(name string) bool {
	return !p.compiled().any.compiled(false).decide(name, hashName(name))
}

// IsSecretValue reports whether value looks like a credential to the
// policy's value detectors; false with SecretValues off. For generated
// code: call the generated IsSecretValue.
func (p *Policy) IsSecretValue(value string) bool {
	if d := p.compiled().values; d != nil {
		_, ok := d.Match(value)
		return ok
	}
	return false
}

// compiled returns p with its task for IsSecret and its value detector
// made, at the first call.
func (p *Policy) compiled() *Policy {
	p.once.Do(func() {
		p.any = &Task{Policy: p, Inherit: true}
		if p.SecretValues {
			d := NewValueDetector(p.ValuePrefixes...)
			p.values = &d
		}
	})
	return p
}

// SecretList returns the policy's secret names that secrets.pass does not
// list, and its secret patterns, sorted, in a fresh slice. For generated
// code: call the generated Secrets.
func (p *Policy) SecretList() []string {
	out := []string{}
	for _, s := range p.Secrets {
		if !slices.Contains(p.Pass, s) {
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return out
}

// compiled is a task's lists made into tables, for one way of comparing
// names (fold: ASCII case aside, as on Windows). names holds every
// spelling a list names exactly, sorted so that the spellings of one name
// (ASCII case aside) are next to each other; slots is an open-addressing
// table over them by hashName, each slot the name's tag (its hash's top 32
// bits) over 1+the index of its first spelling. patterns holds the lists'
// patterns.
type compiled struct {
	inherit, fold bool
	slots         []uint64
	names         []spelling
	patterns      patternIndex
	// heads, for an isolated task, rules out before its name is read an
	// entry whose first bytes no name it can pass starts with (nil when
	// a passThrough pattern's prefix is too short to tell).
	heads         *heads
	dropFunctions bool           // dropInjection: values starting with "()" too
	values        *ValueDetector // nil with secrets.values off
	checksValues  bool           // dropFunctions or values: fast leaves kept entries to one
	// lookup, for an isolated task without passThrough patterns whose
	// names compare exactly, lists the spellings it can pass (not nil,
	// maybe empty), which readOS may look up one by one.
	lookup []string
}

// spelling is one spelling of a name that a list names exactly: what the
// lists say of it, and whether the task passes an entry so spelled.
type spelling struct {
	name  string
	facts uint8
	keep  bool
	// dropOthers, on the only spelling the lists have of a secret name:
	// any other spelling is dropped (only a listed one could be exempt).
	dropOthers bool
}

// What a list says of a name (spelling.facts), or a pattern that matches
// it (pattern.fact).
const (
	isEssential uint8 = 1 << iota
	isSecret          // a secret name or pattern, ASCII case aside
	isPass            // in secrets.pass
	isListed          // an exact passThrough name
	isMatched         // matched by a passThrough pattern
	isNegated         // a "!NAME" or "!PATTERN" of passThrough
	isUnset           // in unset, or in the injection list with dropInjection
	isChecked         // an exact passThrough name of BuiltinPassThrough: it exempts no value
)

// compiled returns t's tables for names compared as fold says, compiling
// them at the first call.
func (t *Task) compiled(fold bool) *compiled {
	i := 0
	if fold {
		i = 1
	}
	t.once[i].Do(func() { t.c[i] = compileTask(t, fold) })
	return t.c[i]
}

// compileTask makes t's lists into tables and decides every spelling they
// name.
func compileTask(t *Task, fold bool) *compiled {
	p := t.Policy
	c := &compiled{inherit: t.Inherit, fold: fold, dropFunctions: t.DropInjection, values: p.compiled().values}
	c.checksValues = c.dropFunctions || c.values != nil
	facts := map[string]uint8{}
	var prefixes []string // of passThrough patterns, for heads
	add := func(list []string, fact uint8) {
		for _, s := range list {
			parts := strings.Split(s, "*")
			switch {
			case len(parts) == 1, fact == isEssential, fact == isPass: // exact names only
				facts[s] |= fact
			case fact == isListed: // a passThrough pattern exempts no name
				c.patterns.add(parts, isMatched)
				prefixes = append(prefixes, parts[0])
			default:
				c.patterns.add(parts, fact)
			}
		}
	}
	if !t.Inherit {
		add(p.Essentials, isEssential)
	}
	add(p.Secrets, isSecret)
	add(p.Pass, isPass)
	for _, s := range t.PassThrough {
		if neg, ok := strings.CutPrefix(s, "!"); ok {
			add([]string{neg}, isNegated)
		} else {
			add([]string{s}, isListed)
		}
	}
	add(t.BuiltinPassThrough, isListed|isChecked)
	add(t.Unset, isUnset)
	if t.DropInjection {
		add(p.Injection, isUnset)
	}
	for name, f := range facts {
		c.names = append(c.names, spelling{name: name, facts: f})
	}
	slices.SortFunc(c.names, func(a, b spelling) int {
		return cmp.Or(compareFold(a.name, b.name), strings.Compare(a.name, b.name))
	})
	c.index()
	for i := range c.names {
		s := &c.names[i]
		s.keep = c.decide(s.name, hashName(s.name))
		s.dropOthers = s.facts&isSecret != 0 && (i == 0 || !EqualFold(c.names[i-1].name, s.name)) &&
			(i+1 == len(c.names) || !EqualFold(c.names[i+1].name, s.name))
	}
	if !t.Inherit {
		c.heads = headsOf(c.names, prefixes)
	}
	if !t.Inherit && !fold && len(prefixes) == 0 { // see compiled.lookup
		c.lookup = []string{}
		for _, s := range c.names {
			if s.keep {
				c.lookup = append(c.lookup, s.name)
			}
		}
	}
	return c
}

// index fills c.slots for c.names, at most an eighth full, so that a
// probe for a name the lists do not name ends at its first slot about 7
// times in 8: fewer probes, and a branch a processor predicts better in
// an environment whose order it has not learnt.
func (c *compiled) index() {
	size := 16
	for size < 8*len(c.names) {
		size <<= 1
	}
	c.slots = make([]uint64, size)
	for i, s := range c.names {
		if i > 0 && EqualFold(c.names[i-1].name, s.name) {
			continue
		}
		h := hashName(s.name)
		j := h & uint64(size-1)
		for c.slots[j] != 0 {
			j = (j + 1) & uint64(size-1)
		}
		c.slots[j] = h>>32<<32 | uint64(i+1)
	}
}

// spelled returns what the lists say of name, whose hash is h: of this
// spelling (exact) and of the name in any spelling (folded).
func (c *compiled) spelled(name string, h uint64) (exact, folded uint8) {
	mask := uint64(len(c.slots) - 1)
	for j := h & mask; c.slots[j] != 0; j = (j + 1) & mask {
		if s := c.slots[j]; s>>32 == h>>32 && EqualFold(c.names[uint32(s)-1].name, name) {
			for _, sp := range c.names[uint32(s)-1:] {
				if !EqualFold(sp.name, name) {
					break
				}
				if folded |= sp.facts; sp.name == name {
					exact = sp.facts
				}
			}
			return exact, folded
		}
	}
	return 0, 0
}

// decide reports whether the task passes an inherited entry named name,
// whose hash is h, by what its lists and patterns say of the name.
func (c *compiled) decide(name string, h uint64) bool {
	exact, folded := c.spelled(name, h)
	matched := c.patterns.facts(name, c.fold)
	return c.rules(exact|matched, folded|matched)
}

// rules is decide for a name of which the lists and patterns say exact
// (of this spelling) and folded (of the name in any spelling). Secret
// detection ignores case while exemptions (secrets.pass, exact
// passThrough names) match exactly, so both fail closed.
func (c *compiled) rules(exact, folded uint8) bool {
	named := exact // what applies where names compare exactly
	if c.fold {
		named = folded
	}
	if !c.inherit && named&(isEssential|isListed|isMatched) == 0 {
		return false // no layer of an isolated task passes it
	}
	if folded&isSecret != 0 && exact&(isPass|isListed) == 0 {
		return false
	}
	if c.inherit {
		return named&isUnset == 0
	}
	// dropInjection's names, unless passThrough lists this spelling
	return named&isNegated == 0 && (named&isUnset == 0 || exact&isListed != 0)
}

// passesMatched reports whether the task would pass an inherited entry
// name=value that a passThrough pattern matches (what KeepMatching
// passes): by the task's rules for such a name, then its value checks.
func (c *compiled) passesMatched(name, value string) bool {
	exact, folded := c.spelled(name, hashName(name))
	matched := c.patterns.facts(name, c.fold) | isMatched
	return c.rules(exact|matched, folded|matched) && !c.dropsValue(name, value, true)
}

// dropsValue reports whether the task drops an entry spelled name, passed
// by its name, for its value: with functions under dropInjection a bash
// function's (unless an isolated task's passThrough lists the spelling),
// with secrets.values one that looks like a credential (unless
// secrets.pass or an exact passThrough name outside BuiltinPassThrough
// does).
func (c *compiled) dropsValue(name, value string, functions bool) bool {
	function := functions && c.dropFunctions && strings.HasPrefix(value, "()")
	credential := c.values != nil && c.values.looks(value)
	if !function && !credential {
		return false
	}
	exact, _ := c.spelled(name, hashName(name))
	exempt := exact&isPass != 0 || exact&(isListed|isChecked) == isListed
	return function && (c.inherit || exact&isListed == 0) || credential && !exempt
}
