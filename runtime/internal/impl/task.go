package impl

import (
	"maps"
	"slices"
	"strings"
	"sync"
)

// This file compiles a task's lists on top of its policy's tables
// (taskTables: what they say of those names, their patterns, and the
// task's decision for every name the table holds), and the heads that let
// an isolated task skip an entry before reading its name.

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
