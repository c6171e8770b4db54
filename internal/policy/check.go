package policy

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/envgen/envgen/runtime/envimpl"
)

// Policy is a checked policy: every name, pattern and value valid, each
// list entry sorted into what it does. plan turns it into tables.
type Policy struct {
	Package    string   // from the policy file; the CLI may override it
	Essentials []string // the built-in list (if on), then essentials.extra
	// EssentialsBuiltin is essentials.builtin; EssentialsExtra holds
	// essentials.extra's names, repeats dropped, in order. Essentials
	// is what they make together; these say where each name comes from.
	EssentialsBuiltin bool
	EssentialsExtra   []string
	// Prefix starts every generated identifier (prefix:): each task's Go
	// name, and the policy-wide IsSecret, Secrets, Params, EnvFunc,
	// Lookup and TaskKeys.
	Prefix string
	// PrefixPos is where prefix: is written, or 1:1 without one: where a
	// clash with another generated file of the package is reported.
	PrefixPos Pos
	// SharedParams is params:, the parameters every task takes as one
	// Params struct, in order; HasSharedParams says the policy gives it
	// (possibly empty), and then a task table (Lookup) is generated too.
	SharedParams    []string
	HasSharedParams bool

	SecretNames    []string // built-in (if on) and extra exact names
	SecretPatterns []string // built-in (if on) and extra patterns
	SecretExtra    []string // secrets.extra's names and patterns, in order
	Pass           []string
	// Values is secrets.values (default true): an entry whose value the
	// value detectors report is a secret by value. ValuePrefixes is
	// secrets.valuePrefixes, the prefixes of one's own the detectors add,
	// sorted bytewise (as Go compares strings) without repeats; empty
	// when Values is false (see values.go).
	Values        bool
	ValuePrefixes []string
	Tasks         []Task
}

// Task returns the task of p whose key is key, or nil if p has none.
func (p *Policy) Task(key string) *Task {
	for i := range p.Tasks {
		if p.Tasks[i].Key == key {
			return &p.Tasks[i]
		}
	}
	return nil
}

// Task is one checked task.
type Task struct {
	Key     string
	KeyPos  Pos // where the policy file gives the key
	GoName  string
	Inherit bool
	// Exact names in passThrough; for an isolated task also its patterns
	// and its negations ("!" stripped).
	Exact, Patterns           []string
	NegExact, NegPatterns     []string
	UnsetExact, UnsetPatterns []string
	Params                    []string // in order of first use
	Defines                   []Define
	BinPaths                  [][]Segment
	// DropInjection is set by dropInjection: true. check has added the
	// injection list to UnsetExact and UnsetPatterns (in an isolated
	// task, which has no unset of its own, they hold that list alone,
	// and drop its names from layers 1 and 2 unless Exact lists that
	// spelling); the runtime also drops inherited entries whose value
	// starts with "()", as a bash exported function's does, but for an
	// isolated task's Exact names.
	DropInjection bool
	// FromPreset maps each entry of the task's passThrough, unset,
	// define and binPaths that a preset wrote (merged in by extends) to
	// that preset's key, so that explain can say where to change it; an
	// entry the task writes itself is not in it.
	FromPreset map[Entry]string
	// BuiltinPass maps each name of Exact that only built-in presets
	// (extends: [builtin:…]) list, not the policy's own text, to the
	// built-in preset that lists it, for explain: such a name passes as
	// the other exact names do, but exempts no value, so an entry of it
	// that holds a credential is still a secret by value.
	BuiltinPass map[string]string
}

// Entry is one entry of a task's fields, as the policy writes it: Field
// is "passThrough", "unset", "define" or "binPaths"; Text is the entry
// ("!NAME" for a negation), or for define the name.
type Entry struct{ Field, Text string }

// Define is one checked define.
type Define struct {
	Name  string
	Value []Segment
}

// check validates a loaded policy, reporting every problem to d, and
// returns it sorted into what each entry does.
func check(d *diagnoser, f *policySource) *Policy {
	c := checker{d: d, size: &sizeCount{}}
	p := &Policy{}
	if f.Version == nil {
		d.errorf(Pos{1, 1}, "missing version: write version: 1")
	} else if f.Version.Value != "1" && f.Version.Value != "" {
		d.errorf(f.Version.Pos, "unsupported version %q: only version 1 exists", f.Version.Value)
	}
	if f.Package != nil {
		p.Package = f.Package.Value
		if !IsPackageName(p.Package) {
			d.errorf(f.Package.Pos, "package %q is not a Go package name", p.Package)
		}
	}

	essentials := c.names(f.Essentials.Extra, "essentials.extra")
	if f.Essentials.Builtin {
		for _, b := range BuiltinEssentials {
			p.Essentials = append(p.Essentials, b.Name)
		}
	}
	var secretExtra []Text
	for _, s := range c.unique(f.Secrets.Extra, "secrets.extra") {
		switch {
		case IsName(s.Value):
			p.SecretNames = append(p.SecretNames, s.Value)
			secretExtra = append(secretExtra, s)
			p.SecretExtra = append(p.SecretExtra, s.Value)
		case IsPattern(s.Value):
			p.SecretPatterns = append(p.SecretPatterns, s.Value)
			secretExtra = append(secretExtra, s)
			p.SecretExtra = append(p.SecretExtra, s.Value)
		default:
			d.errorf(s.Pos, "secrets.extra: %q is neither a name nor a pattern%s", s.Value, whyNeither(s.Value, false))
		}
	}
	if f.Secrets.Builtin {
		for _, b := range BuiltinSecrets {
			if IsPattern(b.Name) {
				p.SecretPatterns = append(p.SecretPatterns, b.Name)
			} else {
				p.SecretNames = append(p.SecretNames, b.Name)
			}
		}
	}
	for _, s := range c.passNames(f.Secrets.Pass) {
		p.Pass = append(p.Pass, s.Value)
	}
	p.Values, p.ValuePrefixes = c.values(f.Secrets)
	c.sharedNames(f, p)
	p.EssentialsBuiltin = f.Essentials.Builtin
	for _, e := range essentials {
		p.Essentials = append(p.Essentials, e.Value)
		p.EssentialsExtra = append(p.EssentialsExtra, e.Value)
	}

	// The limits come before the work they bound: the entry count as
	// lists are read and presets merged, names × patterns before any
	// name is matched against a pattern.
	if !c.listEntries(f) {
		return p
	}
	f.Tasks = c.maxTasks(f.Tasks)
	p.Tasks = c.tasks(f) // presets and extends merged in first: see extends.go
	if c.size.over || !c.maxMatchCost(p, secretExtra) {
		return p
	}
	c.essentialSecrets(p, essentials, secretExtra)
	c.secretReferences(p)
	return p
}

// secretReferences reports every ${NAME} that names a secret the task
// does not exempt exactly (secrets.pass or its own passThrough): a define
// must not copy a secret where the policy would drop it.
func (c *checker) secretReferences(p *Policy) {
	secrets := SecretMatcher(p)
	type match struct {
		by string
		ok bool
	}
	matched := map[string]match{} // each name referenced, matched once
	for _, t := range p.Tasks {
		exact := SetOf(t.Exact)
		for _, v := range valuesOf(t) {
			for _, s := range v {
				if s.Env == "" || exact[s.Env] {
					continue
				}
				m, done := matched[s.Env]
				if !done {
					m.by, m.ok = secrets.Match(s.Env)
					matched[s.Env] = m
				}
				if m.ok {
					c.d.errorf(s.Pos, "task %q: ${%s} references a secret (by %q); list %s exactly in the task's passThrough to let it copy the value", t.Key, s.Env, m.by, s.Env)
				}
			}
		}
	}
}

// valuesOf returns the values of t's defines and binPaths.
func valuesOf(t Task) [][]Segment {
	var values [][]Segment
	for _, d := range t.Defines {
		values = append(values, d.Value)
	}
	return append(values, t.BinPaths...)
}

// SetOf returns the set of list's entries.
func SetOf(list []string) map[string]bool {
	set := make(map[string]bool, len(list))
	for _, s := range list {
		set[s] = true
	}
	return set
}

// checker holds what check reports to, and the entry count that the
// limit on a policy's size (maxEntries) is checked against.
type checker struct {
	d    *diagnoser
	size *sizeCount
	// prefix and shared are the policy's prefix and shared parameters
	// (shared nil without params:), which every task's check uses.
	prefix string
	shared []string
}

// unique returns list without repeated entries, reporting each repeat.
func (c *checker) unique(list []Text, what string) []Text {
	seen := map[string]Pos{}
	var out []Text
	for _, s := range list {
		if first, dup := seen[s.Value]; dup {
			c.d.errorf(s.Pos, "%s: %q is listed twice (first at line %d)", what, s.Value, first.Line)
			continue
		}
		seen[s.Value] = s.Pos
		out = append(out, s)
	}
	return out
}

// names returns the valid exact names of list, reporting the rest.
func (c *checker) names(list []Text, what string) []Text {
	var out []Text
	for _, s := range c.unique(list, what) {
		if !IsName(s.Value) {
			c.d.errorf(s.Pos, "%s: %q is not a name ([A-Za-z_][A-Za-z0-9_]*)%s", what, s.Value, patternHint(s.Value))
			continue
		}
		out = append(out, s)
	}
	return out
}

// passNames returns the valid entries of secrets.pass, reporting the
// rest: names, and the built-in essentials in any ASCII case, so that a
// secret pattern matching PROGRAMFILES(X86), the one built-in name
// outside the name syntax, can be cured without turning the built-in
// essentials off.
func (c *checker) passNames(list []Text) []Text {
	var out []Text
	for _, s := range c.unique(list, "secrets.pass") {
		if !IsName(s.Value) && !isBuiltinEssential(s.Value) {
			c.d.errorf(s.Pos, "secrets.pass: %q is not a name ([A-Za-z_][A-Za-z0-9_]*) or a built-in essential%s", s.Value, patternHint(s.Value))
			continue
		}
		out = append(out, s)
	}
	return out
}

// isBuiltinEssential reports whether name spells a built-in essential,
// ASCII case aside.
func isBuiltinEssential(name string) bool {
	for _, b := range BuiltinEssentials {
		if FoldKey(b.Name) == FoldKey(name) {
			return true
		}
	}
	return false
}

// patternHint explains why a pattern is refused where a name is wanted.
func patternHint(s string) string {
	if strings.Contains(s, "*") {
		return "; patterns are not allowed here"
	}
	return ""
}

// essentialSecrets reports every essential that is also a secret, at the
// entry the policy file gave: the essentials.extra name, or else the
// secrets.extra entry that matches a built-in essential.
func (c *checker) essentialSecrets(p *Policy, essentials, secretExtra []Text) {
	extraPos, secretPos := map[string]Pos{}, map[string]Pos{}
	for _, e := range essentials {
		extraPos[e.Value] = e.Pos
	}
	for _, s := range secretExtra {
		secretPos[s.Value] = s.Pos
	}
	sp := SecretMatcher(p)
	for _, e := range p.Essentials {
		by, ok := sp.Match(e)
		if !ok {
			continue
		}
		pos, fromExtra := extraPos[e]
		if !fromExtra {
			pos = secretPos[by]
		}
		c.d.errorf(pos, "essential %q is also a secret (by %q); drop one, or exempt it with secrets.pass", e, by)
	}
}

// SecretSet matches names against a policy's secrets the way the
// generated IsSecret does, and says which entry matched.
type SecretSet struct {
	names    map[string]string // fold key → name as listed
	patterns []string
	compiled []envimpl.GlobPattern
	pass     map[string]bool
}

// SecretMatcher returns the policy-wide secret set of p.
func SecretMatcher(p *Policy) SecretSet {
	s := SecretSet{names: map[string]string{}, patterns: p.SecretPatterns, pass: SetOf(p.Pass)}
	for _, n := range p.SecretNames {
		if _, ok := s.names[FoldKey(n)]; !ok {
			s.names[FoldKey(n)] = n
		}
	}
	for _, pat := range p.SecretPatterns {
		s.compiled = append(s.compiled, envimpl.CompileGlob(pat))
	}
	return s
}

// Caseless reports whether name is a secret before exemptions (ASCII case
// aside), and by which name or pattern.
func (s SecretSet) Caseless(name string) (by string, ok bool) {
	if n, ok := s.names[FoldKey(name)]; ok {
		return n, true
	}
	for i := range s.compiled {
		if s.compiled[i].Match(name, true) {
			return s.patterns[i], true
		}
	}
	return "", false
}

// Match is caseless less the exact secrets.pass exemptions.
func (s SecretSet) Match(name string) (by string, ok bool) {
	if s.pass[name] {
		return "", false
	}
	return s.Caseless(name)
}

// task checks one task and records its generated identifiers in goNames.
func (c *checker) task(t TaskSource, goNames map[string]string) Task {
	out := Task{Key: t.Key.Value, KeyPos: t.Key.Pos, GoName: c.prefix + goName(t.Key.Value)}
	if !IsTaskKey(t.Key.Value) {
		c.d.errorf(t.Key.Pos, "task key %q: want [A-Za-z][A-Za-z0-9_.-]*", t.Key.Value)
	}
	modeKnown := true
	if t.Mode != nil {
		switch t.Mode.Value {
		case "isolated":
		case "inherit":
			out.Inherit = true
		default:
			modeKnown = false
			c.d.errorf(t.Mode.Pos, "task %q: mode %q: want isolated or inherit", out.Key, t.Mode.Value)
		}
	}
	where := func(list string) string { return fmt.Sprintf("task %q %s", out.Key, list) }

	for _, s := range c.unique(t.PassThrough, where("passThrough")) {
		v, neg := strings.CutPrefix(s.Value, "!")
		switch {
		case out.Inherit && (neg || !IsName(v)) && (IsName(v) || IsPattern(v)):
			c.d.errorf(s.Pos, "%s: %q: an inherit task's passThrough takes exact names only (it only keeps secrets)", where("passThrough"), s.Value)
		case IsName(v) && neg:
			out.NegExact = append(out.NegExact, v)
		case IsName(v):
			out.Exact = append(out.Exact, v)
			if from, ok := t.BuiltinPass[v]; ok {
				if out.BuiltinPass == nil {
					out.BuiltinPass = map[string]string{}
				}
				out.BuiltinPass[v] = from
			}
		case IsPattern(v) && neg:
			out.NegPatterns = append(out.NegPatterns, v)
		case IsPattern(v):
			out.Patterns = append(out.Patterns, v)
		default:
			c.d.errorf(s.Pos, "%s: %q is neither a name nor a pattern%s", where("passThrough"), s.Value, whyNeither(s.Value, !out.Inherit))
		}
	}

	if t.UnsetKey != nil && !out.Inherit && modeKnown {
		c.d.errorf(t.UnsetKey.Pos, "task %q: unset belongs to inherit tasks only (an isolated task passes only its essentials and what its passThrough lists)", out.Key)
	}
	for _, s := range c.unique(t.Unset, where("unset")) {
		switch {
		case IsName(s.Value):
			out.UnsetExact = append(out.UnsetExact, s.Value)
		case IsPattern(s.Value):
			out.UnsetPatterns = append(out.UnsetPatterns, s.Value)
		default:
			c.d.errorf(s.Pos, "%s: %q is neither a name nor a pattern%s", where("unset"), s.Value, whyNeither(s.Value, false))
		}
	}
	if t.DropInjection {
		out.DropInjection = true
		out.UnsetExact, out.UnsetPatterns = withInjection(out.UnsetExact, out.UnsetPatterns)
	}

	for _, def := range t.Define {
		if !IsName(def.Name.Value) {
			c.d.errorf(def.Name.Pos, "%s: %q is not a name ([A-Za-z_][A-Za-z0-9_]*)", where("define"), def.Name.Value)
		}
		if segs, ok := c.value(def.Value, where("define "+def.Name.Value)); ok {
			out.Defines = append(out.Defines, Define{Name: def.Name.Value, Value: segs})
		}
	}
	for _, s := range c.unique(t.BinPaths, where("binPaths")) {
		if segs, ok := c.value(s, where("binPaths")); ok {
			out.BinPaths = append(out.BinPaths, segs)
		}
	}
	out.Params = params(out)
	if c.shared != nil && len(out.Params) > 0 {
		c.sharedParamsOnly(out)
		out.Params = c.shared // the task takes the policy's Params
	}

	idents := []string{out.GoName + "Env", "Append" + out.GoName + "Env", out.GoName + "EnvOS"}
	if len(out.Params) > 0 && c.shared == nil {
		idents = append(idents, out.GoName+"Params")
	}
	for _, id := range idents {
		if other, taken := goNames[id]; taken {
			c.d.errorf(t.Key.Pos, "task %q: its Go identifier %s collides with task %q's", out.Key, id, other)
			break
		}
	}
	for _, id := range idents {
		if _, taken := goNames[id]; !taken {
			goNames[id] = out.Key
		}
	}
	return out
}

// value checks a define or binPaths value and splits it into segments.
func (c *checker) value(s Text, what string) ([]Segment, bool) {
	if i := strings.IndexByte(s.Value, 0); i >= 0 {
		c.d.errorf(s.Pos, "%s: the value holds a NUL byte (at byte %d), which no environment can carry", what, i)
		return nil, false
	}
	segs, err := ParseValue(s.Value)
	if err != nil {
		c.d.errorf(s.Pos, "%s: %v", what, err)
		return nil, false
	}
	for i := range segs {
		segs[i].Pos = s.Pos
	}
	return segs, true
}

// params lists the parameters a task's values use, in order of first use.
func params(t Task) []string {
	var out []string
	seen := map[string]bool{}
	for _, v := range valuesOf(t) {
		for _, s := range v {
			if s.Param != "" && !seen[s.Param] {
				seen[s.Param] = true
				out = append(out, s.Param)
			}
		}
	}
	return out
}

// withInjection returns a task's unset names and patterns with the
// built-in injection list added, each once.
func withInjection(names, patterns []string) ([]string, []string) {
	for _, b := range BuiltinInjection {
		switch {
		case IsPattern(b.Name) && !slices.Contains(patterns, b.Name):
			patterns = append(patterns, b.Name)
		case !IsPattern(b.Name) && !slices.Contains(names, b.Name):
			names = append(names, b.Name)
		}
	}
	return names, patterns
}

// Limits on the size of a policy, so that a hostile one fails fast with a
// clear error instead of running envgen out of time or memory. Real
// policies are far smaller: a few tasks and a few hundred entries.
const (
	maxTasks   = 1_000   // tasks in a policy
	maxEntries = 100_000 // names, patterns, values and directories in all, after aliases and extends
)

// maxTasks reports a policy with more than maxTasks tasks, at the first
// task past the limit, and returns the tasks up to it.
func (c *checker) maxTasks(tasks []TaskSource) []TaskSource {
	if len(tasks) <= maxTasks {
		return tasks
	}
	c.d.errorf(tasks[maxTasks].Key.Pos, "too many tasks: %d; a policy holds at most %d", len(tasks), maxTasks)
	return tasks[:maxTasks]
}

// sizeCount is the count of a policy's entries toward maxEntries, which
// check keeps as it reads the lists and merges presets.
type sizeCount struct {
	n     int
	bytes int  // of the names and values merged by extends, toward maxScalarBytes
	over  bool // the count passed maxEntries or maxScalarBytes, and that was reported
}

// tooLarge is the error at the entry that passes maxEntries.
const tooLarge = "policy too large: over %d names, patterns, values and directories in all, counting each use of an alias or preset anew"

// tooManyBytes is the error at the task that passes maxScalarBytes of
// names and values once presets are merged in.
const tooManyBytes = "policy too large: over %d bytes of names and values in all, counting each use of a preset anew"

// countMerged counts what extends merges: e's entries toward maxEntries
// (countEntries), then their text toward maxScalarBytes. Once either
// count passes its limit it reports that at pos and returns false, as it
// does from then on, reporting nothing more.
func (c *checker) countMerged(e TaskSource, pos Pos) bool {
	if !c.countEntries(entries(e), pos) {
		return false
	}
	if c.size.bytes += textBytes(e); c.size.bytes > maxScalarBytes {
		c.size.over = true
		c.d.errorf(pos, tooManyBytes, maxScalarBytes)
		return false
	}
	return true
}

// countEntries adds n entries to the count. Once the count passes
// maxEntries it reports that at pos and returns false, as it does from
// then on, reporting nothing more.
func (c *checker) countEntries(n int, pos Pos) bool {
	if c.size.over {
		return false
	}
	if c.size.n += n; c.size.n > maxEntries {
		c.size.over = true
		c.d.errorf(pos, tooLarge, maxEntries)
		return false
	}
	return true
}

// listEntries counts the entries of essentials and secrets toward
// maxEntries, reporting at the entry that passes it; tasks and presets
// are counted as they are merged (see resolve).
func (c *checker) listEntries(f *policySource) bool {
	for _, list := range [][]Text{f.Essentials.Extra, f.Secrets.Extra, f.Secrets.Pass, f.Secrets.ValuePrefixes} {
		if room := maxEntries - c.size.n; len(list) > room {
			return c.countEntries(len(list), list[room].Pos)
		}
		c.countEntries(len(list), Pos{})
	}
	return true
}

// maxMatchCost bounds the work of matching a policy's names against its
// patterns, which generating it does and its first call at run time does
// again: every name it lists, in each spelling, and every name a value
// references is tried against every pattern it holds, each distinct
// pattern once however many tasks use it. A test costs what the matcher
// may take for it, in time linear in both: testCost, plus nameByteCost
// for each byte of the name and 1 for each byte of the pattern. At the
// limit, in the costliest shapes, a first call takes 0.21-0.26 s of CPU
// on a 2-core machine (TestFirstCallAtTheMatchLimit).
const (
	maxMatchCost = 500_000_000
	testCost     = 16
	nameByteCost = 8
)

// maxMatchCost reports a policy whose names against its patterns pass
// maxMatchCost, at the pattern that passes the limit: the secrets.extra
// entry, else the key of the task whose pattern does.
func (c *checker) maxMatchCost(p *Policy, secretExtra []Text) bool {
	names := map[string]bool{}
	for _, list := range [][]string{p.Essentials, p.SecretNames, p.Pass} {
		for _, n := range list {
			names[n] = true
		}
	}
	for _, t := range p.Tasks {
		for _, list := range [][]string{t.Exact, t.NegExact, t.UnsetExact} {
			for _, n := range list {
				names[n] = true
			}
		}
		for _, v := range valuesOf(t) {
			for _, s := range v {
				if s.Env != "" {
					names[s.Env] = true
				}
			}
		}
	}
	nameBytes := 0
	for n := range names {
		nameBytes += len(n)
	}
	written := map[string]Pos{}
	for _, s := range secretExtra {
		if _, ok := written[s.Value]; !ok {
			written[s.Value] = s.Pos
		}
	}
	patterns := map[string]bool{}
	cost, patternBytes := 0, 0
	add := func(list []string, at func(string) Pos) bool {
		for _, pat := range list {
			if patterns[pat] {
				continue
			}
			patterns[pat] = true
			patternBytes += len(pat)
			if cost += len(names)*(testCost+len(pat)) + nameByteCost*nameBytes; cost > maxMatchCost {
				c.d.errorf(at(pat), "policy too large: its %d names (each spelling, and each ${NAME} referenced; %d bytes) against its %d patterns so far (%d bytes) pass %d units of matching (%d a test, %d a byte of the name, 1 a byte of the pattern); use fewer or shorter names or patterns",
					len(names), nameBytes, len(patterns), patternBytes, maxMatchCost, testCost, nameByteCost)
				return false
			}
		}
		return true
	}
	var builtin, extra []string // the built-in patterns first, so that a line of the file passes the limit
	for _, pat := range p.SecretPatterns {
		if _, ok := written[pat]; ok {
			extra = append(extra, pat)
		} else {
			builtin = append(builtin, pat)
		}
	}
	if !add(append(builtin, extra...), func(pat string) Pos { return cmp.Or(written[pat], Pos{1, 1}) }) {
		return false
	}
	for _, t := range p.Tasks {
		at := func(string) Pos { return t.KeyPos }
		if !add(t.Patterns, at) || !add(t.NegPatterns, at) || !add(t.UnsetPatterns, at) {
			return false
		}
	}
	return true
}
