package impl

import (
	"slices"
	"strings"
	"sync"

	"github.com/envgen/envgen/runtime/internal/glob"
	"github.com/envgen/envgen/runtime/secretvalue"
)

// This file compiles a policy's lists into look-up tables once for all
// its tasks (policyTables: every name its lists and its tasks' lists name
// exactly, and its patterns), and answers the policy-wide questions
// (IsSecret, IsSecretValue, SecretList).

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
		if i > 0 && glob.Equal(t.names[i-1].name, s.name, true) {
			continue
		}
		h := hashName(s.name)
		j := h & uint64(size-1)
		for t.slots[j] != 0 {
			j = (j + 1) & uint64(size-1)
		}
		t.slots[j] = h>>32<<32 | uint64(i+1)
		if only := i+1 == len(t.names) || !glob.Equal(t.names[i+1].name, s.name, true); only && s.facts&isSecret != 0 {
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
		if s := t.slots[j]; s>>32 == h>>32 && glob.Equal(t.names[uint32(s)&^secretGroup-1].name, name, true) {
			first = int(uint32(s)&^secretGroup) - 1
			for end = first + 1; end < len(t.names) && glob.Equal(t.names[end].name, name, true); end++ {
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
