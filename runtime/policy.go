package envrt

import (
	"slices"
	"strings"
	"sync"
)

// LayoutV3 is named by every generated file, so that a file generated for
// another shape of Policy and Task does not compile against this runtime,
// rather than run with lists it reads otherwise. Its name changes with
// the shape; regenerate with the matching envgen. V3: the tables are the
// policy's own lists, compiled by the runtime at a task's first call.
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
	// Unset holds names and patterns an inherit task drops.
	Unset []string
	// DropInjection drops Policy.Injection's names, and inherited values
	// starting with "()", as sudo does (an exact passThrough name of an
	// isolated task, spelled exactly so, still passes).
	DropInjection bool

	once sync.Once
	c    *compiled
}

// IsSecret reports whether name is a secret of the policy: it matches a
// secret name or pattern ASCII case-insensitively and secrets.pass does
// not list it exactly.
func (p *Policy) IsSecret(name string) bool {
	return !p.compiled().any.compiled().decide(name, false)
}

// IsSecretValue reports whether value looks like a credential to the
// policy's value detectors; false with SecretValues off.
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
// list, and its secret patterns, sorted, in a fresh slice.
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

// compiled is a task's lists made into tables. names holds every
// spelling the policy or the task mentions, sorted so that the spellings
// of one name (ASCII case aside) are next to each other; slots is an
// open-addressing table over them by hashName, each slot the name's tag
// (its hash's top 32 bits) over 1+the index of its first spelling.
type compiled struct {
	inherit bool
	slots   []uint64
	names   []spelling
	// The task's patterns and the policy's secret patterns. An
	// unmentioned name changes fate only by one of deciding's: in an
	// inherit task the patterns that drop it (secret, unset), in an
	// isolated one those that pass it (passThrough's), where it is then
	// dropped by one of dropping's (secret, unset, negated).
	secret, pass, negated, unset patterns
	deciding, dropping           patternIndex
	// heads, for an isolated task, rules out before its name is read an
	// entry whose first bytes no name it can pass starts with (nil when
	// a passThrough pattern's prefix is too short to tell).
	heads         *heads
	dropFunctions bool
	values        *ValueDetector // nil with secrets.values off
	checksValues  bool           // dropFunctions or values: fast leaves kept entries to one
}

// spelling is one spelling of a name that a policy mentions: what the
// lists say of it, and what the task decides for an entry so spelled.
type spelling struct {
	name  string
	word  uint64 // a name of fewer than 8 bytes as a word, for spelling.is
	facts uint8
	keep  uint8
}

// What a list says of a spelling (spelling.facts).
const (
	isEssential uint8 = 1 << iota
	isSecret          // a secret name, ASCII case aside
	isPass            // in secrets.pass
	isListed          // an exact passThrough name
	isNegated         // an exact "!NAME" of passThrough
	isUnset           // an exact name of unset or of the injection list
)

// What a task decides for a spelling (spelling.keep).
const (
	keepExact    uint8 = 1 << iota // where names compare exactly
	keepFolded                     // on Windows
	keepFunction                   // even with a value starting with "()"
	keepValue                      // even with a value that looks like a credential: secrets.pass or an exact passThrough name
	// dropOthers, on the only spelling the lists have of a secret name:
	// any other spelling is dropped (only a listed one could be exempt).
	dropOthers
)

// compiled returns t's tables, compiling them at the first call.
func (t *Task) compiled() *compiled {
	t.once.Do(func() { t.c = compileTask(t) })
	return t.c
}

// compileTask makes t's lists into tables and decides every spelling.
func compileTask(t *Task) *compiled {
	p := t.Policy
	c := &compiled{inherit: t.Inherit, dropFunctions: t.DropInjection, values: p.compiled().values}
	facts := map[string]uint8{}
	add := func(list []string, fact uint8, into *patterns) {
		for _, s := range list {
			if isPattern(s) {
				if into != nil {
					*into = append(*into, compile(s))
				}
				continue
			}
			facts[s] |= fact
		}
	}
	if !t.Inherit {
		add(p.Essentials, isEssential, nil)
	}
	add(p.Secrets, isSecret, &c.secret)
	add(p.Pass, isPass, nil)
	for _, s := range t.PassThrough {
		if neg, ok := strings.CutPrefix(s, "!"); ok {
			add([]string{neg}, isNegated, &c.negated)
		} else {
			add([]string{s}, isListed, &c.pass)
		}
	}
	add(t.Unset, isUnset, &c.unset)
	if t.DropInjection {
		add(p.Injection, isUnset, &c.unset)
	}
	for name, f := range facts {
		c.names = append(c.names, spelling{name: name, facts: f})
	}
	slices.SortFunc(c.names, func(a, b spelling) int {
		if k := compareFold(a.name, b.name); k != 0 {
			return k
		}
		return strings.Compare(a.name, b.name)
	})
	c.index()
	drops := &c.deciding
	if !t.Inherit {
		c.deciding.add(c.pass, false)
		drops = &c.dropping
		drops.add(c.negated, false)
	}
	drops.add(c.secret, true)
	drops.add(c.unset, false)
	for i := range c.names {
		s := &c.names[i]
		if c.decide(s.name, false) {
			s.keep |= keepExact
		}
		if c.decide(s.name, true) {
			s.keep |= keepFolded
		}
		if !t.Inherit && t.DropInjection && s.facts&isListed != 0 {
			s.keep |= keepFunction
		}
		if s.facts&(isPass|isListed) != 0 {
			s.keep |= keepValue
		}
		if s.facts&isSecret != 0 && len(c.group(i)) == 1 && (i == 0 || !EqualFold(c.names[i-1].name, s.name)) {
			s.keep |= dropOthers
		}
		if len(s.name) < 8 {
			s.word = loadTail(s.name, 0, len(s.name))
		}
	}
	c.checksValues = c.dropFunctions || c.values != nil
	if !t.Inherit {
		c.heads = headsOf(c.names, c.pass)
	}
	return c
}

// index fills c.slots for c.names, at most a quarter full, so that most
// probes for a name the policy does not mention end at the first slot.
func (c *compiled) index() {
	size := 16
	for size < 4*len(c.names) {
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

// lookup returns the index in c.names of the first spelling of name,
// whose hash is h, ASCII case aside; or -1.
func (c *compiled) lookup(name string, h uint64) int {
	mask := uint64(len(c.slots) - 1)
	for j := h & mask; ; j = (j + 1) & mask {
		s := c.slots[j]
		if s == 0 {
			return -1
		}
		if s>>32 == h>>32 && EqualFold(c.names[uint32(s)-1].name, name) {
			return int(uint32(s)) - 1
		}
	}
}

// group returns the spellings of the name whose first spelling is
// c.names[i].
func (c *compiled) group(i int) []spelling {
	j := i + 1
	for j < len(c.names) && EqualFold(c.names[j].name, c.names[i].name) {
		j++
	}
	return c.names[i:j]
}

// spelled returns what the lists say of name, whose hash is h: the
// spelling that is name (nil if none), its facts (exact) and those of the
// name in any spelling (folded); mentioned is false if no list names it.
func (c *compiled) spelled(name string, h uint64) (s *spelling, exact, folded uint8, mentioned bool) {
	i := c.lookup(name, h)
	if i < 0 {
		return nil, 0, 0, false
	}
	group := c.group(i)
	for k := range group {
		if folded |= group[k].facts; group[k].name == name {
			s, exact = &group[k], group[k].facts
		}
	}
	return s, exact, folded, true
}

// keeps reports whether the task passes an inherited entry named name,
// whose hash is h, with names compared ASCII case-insensitively when fold
// is set: from the spelling's decision where the policy lists it, else by
// its rules.
func (c *compiled) keeps(name string, h uint64, fold bool) bool {
	switch s, _, folded, mentioned := c.spelled(name, h); {
	case !mentioned:
		return c.unmentioned(name, fold)
	case s != nil:
		return s.keep&keepOf(fold) != 0
	default:
		return c.rules(name, 0, folded, fold) // a spelling the lists do not have
	}
}

// keepsValue reports whether the task passes an entry named name even
// with a value that bit (keepFunction or keepValue) is about: whether a
// list exempts that exact spelling.
func (c *compiled) keepsValue(name string, bit uint8) bool {
	s, _, _, _ := c.spelled(name, hashName(name))
	return s != nil && s.keep&bit != 0
}

// unmentioned reports whether the task passes an inherited entry whose
// name no list mentions: by the patterns that may match it.
func (c *compiled) unmentioned(name string, fold bool) bool {
	if c.inherit {
		return !c.deciding.match(name, fold)
	}
	return c.deciding.match(name, fold) && !c.dropping.match(name, fold)
}

// keepOf returns the decision bit that applies: keepFolded on Windows.
func keepOf(fold bool) uint8 {
	if fold {
		return keepFolded
	}
	return keepExact
}

// decide applies the policy's rules to an inherited name, with names
// compared ASCII case-insensitively when fold is set. Secret detection
// ignores case while exemptions (secrets.pass, exact passThrough names)
// match exactly, so both fail closed.
func (c *compiled) decide(name string, fold bool) bool {
	_, exact, folded, _ := c.spelled(name, hashName(name))
	return c.rules(name, exact, folded, fold)
}

// rules is decide for a name of which the lists say exact (of this
// spelling) and folded (of any spelling). Each rule can only drop, so
// their order is the cheapest first.
func (c *compiled) rules(name string, exact, folded uint8, fold bool) bool {
	named := exact
	if fold {
		named = folded
	}
	if !c.inherit && named&(isEssential|isListed) == 0 && !c.pass.match(name, fold) {
		return false // no layer of an isolated task passes it
	}
	secret := folded&isSecret != 0 || c.secret.match(name, true)
	if secret && exact&(isPass|isListed) == 0 {
		return false
	}
	unset := named&isUnset != 0 || c.unset.match(name, fold)
	if c.inherit {
		return !unset
	}
	if named&isNegated != 0 || c.negated.match(name, fold) {
		return false
	}
	// dropInjection's names, unless passThrough lists this spelling
	return !unset || exact&isListed != 0
}
