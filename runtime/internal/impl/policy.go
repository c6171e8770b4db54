package impl

import (
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/envgen/envgen/runtime/secretvalue"
)

// This file compiles a policy's lists into look-up tables once for all
// its tasks (policyTables: every name its lists and its tasks' lists name
// exactly, and its patterns), and a task's lists on top of them
// (taskTables: what they say of those names, their patterns, and the
// task's decision for every name the table holds); rules is the whole of
// the semantics for one name.

// Policy is a policy's policy-wide lists, as its file gives them after
// presets and built-in lists are resolved. For generated code: its fields
// are the generated file's, and change with envimpl's layout guard.
type Policy struct {
	Essentials []string // exact names: an isolated task's first layer
	Secrets    []string // names and patterns: the built-in list (if on) and secrets.extra
	Pass       []string // secrets.pass: exact names that are no secrets
	Injection  []string // names and patterns that a task with DropInjection drops
	// SecretValues is secrets.values: an entry whose value looks like a
	// credential is a secret by value, unless secrets.pass or a task's
	// exact passThrough names its spelling. ValuePrefixes is
	// secrets.valuePrefixes.
	SecretValues  bool
	ValuePrefixes []string
	// TaskNames holds the exact names the policy's tasks list (in
	// PassThrough, negated or not, BuiltinPassThrough and Unset), so that
	// one table, the policy's, holds every name a builder looks up.
	TaskNames []string

	once   [2]sync.Once
	byFold [2]*policyTables // its tables: names compared exactly, then ASCII case aside
}

// Task is one task's lists, as the policy file gives them. For generated
// code: its fields are the generated file's, and change with envimpl's
// layout guard. The runtime compiles them into look-up tables at the task's
// first call.
type Task struct {
	Policy  *Policy
	Inherit bool
	// PassThrough holds exact names and patterns; in an isolated task
	// also negations, written "!NAME" or "!PATTERN".
	PassThrough []string
	// BuiltinPassThrough holds the exact passThrough names that only a
	// built-in preset lists. They pass as PassThrough's exact names do,
	// but exempt no value (only the policy's own text does).
	BuiltinPassThrough []string
	// Unset holds names and patterns an inherit task drops.
	Unset []string
	// DropInjection drops Policy.Injection's names, and inherited values
	// starting with "()", as sudo does (an exact passThrough name of an
	// isolated task, spelled exactly so, still passes).
	DropInjection bool

	once   [2]sync.Once
	byFold [2]*taskTables // its tables, as Policy's
}

// What a list says of a name (spelling.facts), or a pattern that matches
// it (pattern.fact).
const (
	isEssential uint16 = 1 << iota
	isSecret           // a secret name or pattern, ASCII case aside
	isPass             // in secrets.pass
	isInjection        // in the injection list
	isListed           // an exact passThrough name
	isChecked          // an exact passThrough name of BuiltinPassThrough: it exempts no value
	isMatched          // matched by a passThrough pattern
	isNegated          // a "!NAME" or "!PATTERN" of passThrough
	isUnset            // in unset
)

// spelling is one spelling of a name that a list names exactly, and what
// the lists say of it.
type spelling struct {
	name  string
	facts uint16
}

// policyTables is a policy's lists made into tables, for one way of
// comparing names (fold: ASCII case aside, as on Windows), shared by all
// its tasks. names holds every spelling a list names exactly, the
// policy's and its tasks', sorted so that the spellings of one name
// (ASCII case aside) are next to each other, with what the policy's
// lists say of it; slots is an open-addressing table over them by
// hashName, at most an eighth full (a probe for a name no list names ends
// at its first slot about 7 times in 8), each slot the name's tag (its
// hash's top 32 bits) over 1+the index of its first spelling, with
// secretGroup set when that one spelling is a secret.
type policyTables struct {
	slots    []uint64
	names    []spelling
	patterns patternIndex          // secret and injection patterns
	values   *secretvalue.Detector // nil with secrets.values off
}

// secretGroup marks the slot of a name whose one spelling the lists name
// is a secret: another spelling, which no list names, is then a secret
// that no exemption names (exemptions match exactly), and the hot loop
// drops it.
const secretGroup = 1 << 31

// tables returns p's tables for names compared as fold says, making them
// at the first call.
func (p *Policy) tables(fold bool) *policyTables {
	i := btoi(fold)
	p.once[i].Do(func() { p.byFold[i] = newPolicyTables(p, nil) })
	return p.byFold[i]
}

// newPolicyTables makes p's lists, its TaskNames and more into tables.
// The names end up sorted by CompareNames, so that the spellings of a
// name are next to each other: each list in one pass when it comes so
// sorted, as generated code gives it, then merged into the others.
func newPolicyTables(p *Policy, more []string) *policyTables {
	t := &policyTables{}
	var list []spelling
	add := func(names []string, fact uint16) {
		var run []spelling
		for _, s := range names {
			if fact&(isEssential|isPass) == 0 && strings.IndexByte(s, '*') >= 0 {
				t.patterns.add(s, fact)
			} else {
				run = append(run, spelling{s, fact})
			}
		}
		bySpelling := func(a, b spelling) int { return CompareNames(a.name, b.name) }
		if !slices.IsSortedFunc(run, bySpelling) { // a list envgen did not write, or one edited by hand
			slices.SortFunc(run, bySpelling)
		}
		if len(list) < len(run) {
			list, run = run, list
		}
		merged := make([]spelling, 0, len(list)+len(run))
		for _, s := range run { // each into the longer list, by a binary search
			i, _ := slices.BinarySearchFunc(list, s, bySpelling)
			merged = append(append(merged, list[:i]...), s)
			list = list[i:]
		}
		list = append(merged, list...)
	}
	add(p.Essentials, isEssential)
	add(p.Secrets, isSecret)
	add(p.Pass, isPass)
	add(p.Injection, isInjection)
	add(p.TaskNames, 0)
	add(more, 0)
	t.patterns.index()
	for _, s := range list {
		if n := len(t.names); n > 0 && t.names[n-1].name == s.name {
			t.names[n-1].facts |= s.facts
		} else {
			t.names = append(t.names, s)
		}
	}
	size := 16
	for size < 8*len(t.names) {
		size <<= 1
	}
	t.slots = make([]uint64, size)
	for i, s := range t.names {
		if i > 0 && EqualFold(t.names[i-1].name, s.name) {
			continue
		}
		h := hashName(s.name)
		j := h & uint64(size-1)
		for t.slots[j] != 0 {
			j = (j + 1) & uint64(size-1)
		}
		t.slots[j] = h>>32<<32 | uint64(i+1)
		if only := i+1 == len(t.names) || !EqualFold(t.names[i+1].name, s.name); only && s.facts&isSecret != 0 {
			t.slots[j] |= secretGroup
		}
	}
	if p.SecretValues {
		t.values = secretvalue.New(p.ValuePrefixes...)
	}
	return t
}

// group returns the index in t.names of the first spelling of name,
// whose hash is h, ASCII case aside, and the index past its last; 0, 0
// if t names none.
func (t *policyTables) group(name string, h uint64) (first, end int) {
	mask := uint64(len(t.slots) - 1)
	for j := h & mask; t.slots[j] != 0; j = (j + 1) & mask {
		if s := t.slots[j]; s>>32 == h>>32 && EqualFold(t.names[uint32(s)&^secretGroup-1].name, name) {
			first = int(uint32(s)&^secretGroup) - 1
			for end = first + 1; end < len(t.names) && EqualFold(t.names[end].name, name); end++ {
			}
			return first, end
		}
	}
	return 0, 0
}

// btoi returns 1 for true, 0 for false.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// IsSecret reports whether name is a secret of the policy: it matches a
// secret name or pattern ASCII case-insensitively and secrets.pass does
// not list it exactly. For generated code: call the generated IsSecret.
func (p *Policy) IsSecret(name string) bool {
	t := p.tables(false)
	first, end := t.group(name, hashName(name))
	secret := t.patterns.facts(name, false)&isSecret != 0
	for _, s := range t.names[first:end] {
		if s.name == name && s.facts&isPass != 0 {
			return false
		}
		secret = secret || s.facts&isSecret != 0
	}
	return secret
}

// IsSecretValue reports whether value looks like a credential to the
// policy's value detectors; false with SecretValues off. For generated
// code: call the generated IsSecretValue.
func (p *Policy) IsSecretValue(value string) bool {
	d := p.tables(false).values
	return d != nil && d.Contains(value)
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

// taskTables is a task's lists made into tables on top of its policy's:
// what its lists say of the names the policy's table holds (facts, by
// index), its patterns with the policy's, and its decision for every
// name the table holds, which the hot loop reads.
type taskTables struct {
	*policyTables
	facts         map[int]uint16 // what the task's lists say of names[i]
	patterns      patternIndex   // the policy's patterns, then its passThrough, negation and unset patterns
	keep          []uint64       // bit i: the task passes policyTables.names[i]
	inherit, fold bool
	dropInjection bool // dropInjection: the injection list's names, and values starting with "()"
	checksValues  bool // dropInjection or value detection: filterRun leaves kept entries to filterOne
	// gate is the patterns a name not in the table must may-match before
	// the hot loop tries patterns: all of them for an inherit task, only
	// the passThrough patterns, which alone can pass such a name, for an
	// isolated one.
	gate           patternIndex
	heads          *heads // an isolated task's: the heads of the names it can pass
	isolatedLookup []string
	// rulesOnly sends every entry to filterOne, which decides by rules
	// alone: the tests that hold filterRun and the decisions made at
	// compile time to rules set it.
	rulesOnly bool
}

// tables returns t's tables for names compared as fold says, making them
// (and the policy's) at the first call.
func (t *Task) tables(fold bool) *taskTables {
	i := btoi(fold)
	t.once[i].Do(func() { t.byFold[i] = compileTask(t, fold) })
	return t.byFold[i]
}

// compileTask makes t's lists into tables and decides every spelling its
// policy's table holds. A task whose names the policy's TaskNames lacks
// (one not generated with it) gets a table of its own.
func compileTask(t *Task, fold bool) *taskTables {
	p := t.Policy.tables(fold)
	c := &taskTables{policyTables: p, inherit: t.Inherit, fold: fold, dropInjection: t.DropInjection}
	c.checksValues = c.dropInjection || p.values != nil
	c.patterns = p.patterns // the policy's patterns, then the task's, in one index
	c.patterns.list = slices.Clip(c.patterns.list)
	var passing patternIndex   // the passThrough patterns
	own := map[string]uint16{} // what the task's lists say of the names they name
	add := func(list []string, fact uint16) {
		for _, s := range list {
			fact := fact
			if neg, ok := strings.CutPrefix(s, "!"); ok {
				s, fact = neg, isNegated
			}
			switch {
			case strings.IndexByte(s, '*') < 0:
				own[s] |= fact
			case fact == isListed: // a passThrough pattern exempts no name
				c.patterns.add(s, isMatched)
				passing.add(s, isMatched)
			default:
				c.patterns.add(s, fact)
			}
		}
	}
	add(t.PassThrough, isListed)
	add(t.BuiltinPassThrough, isListed|isChecked)
	add(t.Unset, isUnset)
	c.patterns.index()
	for name := range own {
		if c.index(name) < 0 { // a name the table lacks: a table of the task's own
			c.policyTables = newPolicyTables(t.Policy, slices.Collect(maps.Keys(own)))
			break
		}
	}
	c.facts = map[int]uint16{}
	for name, f := range own {
		c.facts[c.index(name)] = f
	}
	c.gate = c.patterns
	if !t.Inherit {
		passing.index()
		c.gate = passing
	}
	if !t.Inherit && len(passing.list) == 0 { // see readOS
		c.isolatedLookup = []string{}
	}
	c.keep = make([]uint64, (len(c.names)+63)/64)
	for i, s := range c.names {
		if c.decide(s.name, hashName(s.name)) {
			c.keep[i/64] |= 1 << (i % 64)
			if c.isolatedLookup != nil {
				c.isolatedLookup = append(c.isolatedLookup, s.name)
			}
		}
	}
	if !t.Inherit {
		c.heads = c.headsOf(passing.list)
	}
	return c
}

// heads is a set of heads, the first 8 bytes of names (all of a shorter
// one) ASCII case aside, by 9 bits of their hash, which rules out, before
// its name is read, an entry an isolated task cannot pass.
type heads [8]uint64

// headBit returns the bit of a head, read as a little-endian word.
func headBit(w uint64) uint64 { return (w &^ caseBits) * mul >> 55 }

// has reports whether the head w, the bytes of a name's first word
// before its '=' (all 8 without one), is in s.
func (s *heads) has(w uint64) bool { return s[headBit(w)>>6]>>(headBit(w)&63)&1 != 0 }

// headsOf returns the heads of the names c passes in some spelling and of
// the prefixes of its passThrough patterns, or nil if a prefix is shorter
// than a head: the names it matches can have any.
func (c *taskTables) headsOf(patterns []pattern) *heads {
	var s heads
	add := func(name string) {
		k := headBit(loadTail(name[:min(len(name), 8)]))
		s[k>>6] |= 1 << (k & 63)
	}
	for _, p := range patterns {
		if len(p.Prefix) < 8 {
			return nil
		}
		add(p.Prefix)
	}
	for i, n := range c.names {
		if c.keep[i/64]>>(i%64)&1 != 0 { // a spelling no list names passes only if a listed one does
			add(n.name)
		}
	}
	return &s
}

// index returns the index in c.names of the spelling name, or -1.
func (c *taskTables) index(name string) int {
	first, end := c.group(name, hashName(name))
	for i := first; i < end; i++ {
		if c.names[i].name == name {
			return i
		}
	}
	return -1
}

// spelled returns what the policy's lists and the task's say of name,
// whose hash is h, and the patterns that match it: of this spelling
// (exact) and of the name in any spelling (folded).
func (c *taskTables) spelled(name string, h uint64) (exact, folded uint16) {
	first, end := c.group(name, h)
	for i := first; i < end; i++ {
		f := c.names[i].facts | c.facts[i]
		if folded |= f; c.names[i].name == name {
			exact = f
		}
	}
	matched := c.patterns.facts(name, c.fold)
	return exact | matched, folded | matched
}

// decide reports whether the task passes an inherited entry named name,
// whose hash is h.
func (c *taskTables) decide(name string, h uint64) bool {
	return c.rules(c.spelled(name, h))
}

// rules is decide for a name of which the lists and patterns say exact
// (of this spelling) and folded (of the name in any spelling). Secret
// detection ignores case while exemptions (secrets.pass, exact
// passThrough names) match exactly, so both fail closed.
func (c *taskTables) rules(exact, folded uint16) bool {
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
	unset := named&isUnset != 0 || c.dropInjection && named&isInjection != 0
	if c.inherit {
		return !unset
	}
	// dropInjection's names, unless passThrough lists this spelling
	return named&isNegated == 0 && (!unset || exact&isListed != 0)
}

// passesMatched reports whether the task would pass an inherited entry
// name=value that a passThrough pattern matches (what KeepMatching
// passes): by the task's rules for such a name, then its value checks.
func (c *taskTables) passesMatched(name, value string) bool {
	exact, folded := c.spelled(name, hashName(name))
	return c.rules(exact|isMatched, folded|isMatched) && !c.dropsValue(name, value, true)
}

// dropsValue reports whether the task drops an entry spelled name, passed
// by its name, for its value: with functions under dropInjection a bash
// function's (unless an isolated task's passThrough lists the spelling),
// with secrets.values one that looks like a credential (unless
// secrets.pass or an exact passThrough name outside BuiltinPassThrough
// does).
func (c *taskTables) dropsValue(name, value string, functions bool) bool {
	function := functions && c.dropInjection && strings.HasPrefix(value, "()")
	credential := c.values != nil && c.values.Contains(value)
	if !function && !credential {
		return false
	}
	exact, _ := c.spelled(name, hashName(name))
	exempt := exact&isPass != 0 || exact&(isListed|isChecked) == isListed
	return function && (c.inherit || exact&isListed == 0) || credential && !exempt
}
