package policy

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// This file desugars presets and extends (docs/semantics.md, "Presets"): a task or
// preset that says extends: [a, b] gets presets a and b merged in, in
// order, and then its own fields. Lists are concatenated with repeats
// dropped, define merges by name (the later value wins, in the place the
// name first took), and mode and dropInjection are the last one given.
// What comes out is a plain TaskSource, so that check's task rules, plan and
// emit see no presets at all. Every merged entry keeps the position where
// it was written, so an error in a preset's field points into the preset.

// tasks checks the policy's tasks with their presets merged in, and
// returns them in policy order.
//
// A preset's own fields are checked where they are written, with the
// rules that hold whatever the mode (names, patterns, values); the rules
// of one mode (an inherit task's passThrough takes exact names; unset
// belongs to inherit tasks) are checked in each task that
// extends it, and reported at the preset's line, naming the task and the
// preset. A problem the preset's own check reported is not repeated for
// every task that extends it.
func (c *checker) tasks(f *policySource) []Task {
	x := c.desugar(f)
	goNames := map[string]string{} // generated identifier → task key
	var out []Task
	for _, t := range x.tasks {
		sub := *c
		sub.d = &diagnoser{file: c.d.file}
		out = append(out, sub.task(t, goNames))
		out[len(out)-1].FromPreset = fromPreset(t, x.written)
		for _, dg := range sub.d.list {
			if preset, ok := x.written[dg.Pos]; ok {
				if x.reported[dg.Pos] {
					continue
				}
				dg.Msg += fmt.Sprintf(" (from preset %q)", preset)
			}
			c.d.list = append(c.d.list, dg)
		}
	}
	return out
}

// fromPreset returns, for each entry of the resolved task t that a preset
// wrote, that preset's key, as Task.FromPreset holds it; nil if there is
// none.
func fromPreset(t TaskSource, written map[Pos]string) map[Entry]string {
	var m map[Entry]string
	add := func(field string, list []Text) {
		for _, s := range list {
			if preset, ok := written[s.Pos]; ok {
				if m == nil {
					m = map[Entry]string{}
				}
				m[Entry{field, s.Value}] = preset
			}
		}
	}
	add("passThrough", t.PassThrough)
	add("unset", t.Unset)
	add("binPaths", t.BinPaths)
	for _, d := range t.Define {
		add("define", []Text{d.Name})
	}
	return m
}

// desugared is what desugar returns.
type desugared struct {
	tasks []TaskSource // with their presets merged in, in policy order
	// written maps the position of every field and entry written in a
	// preset to that preset's key; reported holds the positions where a
	// preset's own check found a problem.
	written  map[Pos]string
	reported map[Pos]bool
}

// desugar checks every preset and resolves every extends of f, reporting
// unknown presets, cycles and repeats in a list as written. It counts
// what it merges toward maxEntries as it goes (see resolve), and stops
// where the count passes the limit, returning the tasks resolved so far.
func (c *checker) desugar(f *policySource) desugared {
	r := resolver{
		c:       c,
		f:       f,
		presets: map[string]int{},
		tasks:   map[string]bool{},
		done:    map[string]*TaskSource{},
		onStack: map[string]int{},
		x:       desugared{written: map[Pos]string{}, reported: map[Pos]bool{}},
	}
	for i, p := range f.Presets {
		r.presets[p.Key.Value] = i
		r.record(p)
	}
	for _, t := range f.Tasks {
		r.tasks[t.Key.Value] = true
	}
	for _, p := range f.Presets {
		sub := *c
		sub.d = &diagnoser{file: c.d.file}
		sub.preset(p)
		for _, dg := range sub.d.list {
			r.x.reported[dg.Pos] = true
			c.d.list = append(c.d.list, dg)
		}
	}
	r.addBuiltinPresets()
	for _, p := range f.Presets {
		if r.preset(p.Key.Value); c.size.over {
			return r.x
		}
	}
	for _, t := range f.Tasks {
		t := r.resolve(t, "task")
		if c.size.over {
			break
		}
		r.x.tasks = append(r.x.tasks, t)
	}
	return r.x
}

// resolver resolves extends, each preset once.
type resolver struct {
	c       *checker
	f       *policySource
	presets map[string]int         // key → index in f.Presets
	tasks   map[string]bool        // task keys, to explain extends of a task
	done    map[string]*TaskSource // resolved presets
	stack   []string               // presets being resolved, outermost first
	onStack map[string]int         // each key of stack → its index there
	next    []int                  // for each of stack, the next of its extends to look at
	x       desugared
}

// preset returns the preset key with its own extends merged in, resolving
// it the first time. It resolves first, in order and deepest first, the
// presets that key extends and that are not resolved yet, as resolve
// would find them, with a stack of its own rather than by recursion, so
// that a chain of presets as long as a policy can hold takes no deep
// call stack.
func (r *resolver) preset(key string) *TaskSource {
	if t, ok := r.done[key]; ok {
		return t
	}
	base := len(r.stack)
	r.push(key)
	for len(r.stack) > base && !r.c.size.over {
		top := len(r.stack) - 1
		e := r.f.Presets[r.presets[r.stack[top]]]
		if next := r.next[top]; next < len(e.Extends) {
			r.next[top]++
			ref := e.Extends[next].Value
			_, known := r.presets[ref]
			_, cycle := r.onStack[ref]
			if _, done := r.done[ref]; known && !cycle && !done {
				r.push(ref)
			}
			continue
		}
		t := r.resolve(e, "preset")
		r.done[r.stack[top]] = &t
		delete(r.onStack, r.stack[top])
		r.stack, r.next = r.stack[:top], r.next[:top]
	}
	if t, ok := r.done[key]; ok {
		return t
	}
	return &TaskSource{Key: r.f.Presets[r.presets[key]].Key} // the size limit stopped it
}

// push puts preset key on the stack of presets being resolved.
func (r *resolver) push(key string) {
	r.onStack[key] = len(r.stack)
	r.stack = append(r.stack, key)
	r.next = append(r.next, 0)
}

// resolve merges the presets e extends, in order, and then e's own
// fields. kind is "task" or "preset".
//
// Before it merges anything it counts it toward maxEntries, and its text
// toward maxScalarBytes: a task's own entries, and the whole of each
// preset that a task or a preset extends, each time (a preset's own
// entries count where it is used). The count
// stops resolve at the entry that passes the limit, so a chain or a fan
// of presets never merges more than the limit allows.
func (r *resolver) resolve(e TaskSource, kind string) TaskSource {
	what := fmt.Sprintf("%s %q", kind, e.Key.Value)
	own := e
	own.PassThrough = r.c.unique(e.PassThrough, what+" passThrough")
	own.BinPaths = r.c.unique(e.BinPaths, what+" binPaths")
	own.Unset = r.c.unique(e.Unset, what+" unset")
	m := newMerger(TaskSource{Key: e.Key})
	if kind == "task" && !r.c.countMerged(own, e.Key.Pos) {
		return m.out
	}
	for _, ref := range r.c.unique(e.Extends, what+" extends") {
		pos := extendsPos(e.ExtendsKey, ref)
		if _, ok := r.presets[ref.Value]; !ok {
			r.unknown(what, ref.Value, pos)
			continue
		}
		if i, ok := r.onStack[ref.Value]; ok {
			cycle := slices.Concat(r.stack[i:], []string{ref.Value})
			r.c.d.errorf(pos, "%s: extends %q, which makes a cycle: %s", what, ref.Value, strings.Join(cycle, " → "))
			continue
		}
		preset := r.preset(ref.Value)
		if !r.c.countMerged(*preset, e.Key.Pos) {
			return m.out
		}
		m.add(*preset)
	}
	m.add(own)
	out := m.out
	out.Key, out.Extends, out.ExtendsKey = e.Key, e.Extends, e.ExtendsKey
	return out
}

// entries counts the list entries and defines of e, as maxEntries does.
func entries(e TaskSource) int {
	return len(e.PassThrough) + len(e.BinPaths) + len(e.Unset) + len(e.Define)
}

// textBytes counts the bytes of e's list entries and defines' names and
// values, as maxScalarBytes bounds them once presets are merged in: a
// preset's text is copied into each task that extends it.
func textBytes(e TaskSource) int {
	n := 0
	for _, list := range [][]Text{e.PassThrough, e.BinPaths, e.Unset} {
		for _, s := range list {
			n += len(s.Value)
		}
	}
	for _, d := range e.Define {
		n += len(d.Name.Value) + len(d.Value.Value)
	}
	return n
}

// extendsPos returns where an error about extends entry ref goes: on the
// extends line, at the entry itself when the list is written
// on that line, else at the extends key.
func extendsPos(key *Text, ref Text) Pos {
	if key == nil || ref.Pos.Line == key.Pos.Line {
		return ref.Pos
	}
	return key.Pos
}

// addBuiltinPresets adds to the presets the resolver knows each built-in
// preset that an extends entry names ("builtin:go"), placed at the first
// such entry. They are not the policy's own presets: they are neither
// checked nor recorded as written (builtinpresets_test.go checks them).
func (r *resolver) addBuiltinPresets() {
	var added []TaskSource
	for _, list := range [][]TaskSource{r.f.Presets, r.f.Tasks} {
		for _, e := range list {
			for _, ref := range e.Extends {
				b, ok := builtinPreset(ref.Value)
				if _, known := r.presets[ref.Value]; !ok || known {
					continue
				}
				r.presets[ref.Value] = len(r.f.Presets) + len(added)
				added = append(added, b.source(extendsPos(e.ExtendsKey, ref)))
			}
		}
	}
	if len(added) > 0 { // the policy's own presets are copied only then
		g := *r.f
		g.Presets = slices.Concat(r.f.Presets, added)
		r.f = &g
	}
}

// unknown reports an extends entry, name, that names no preset, at pos.
func (r *resolver) unknown(what, name string, pos Pos) {
	if strings.HasPrefix(name, BuiltinPresetPrefix) {
		r.c.d.errorf(pos, "%s: extends unknown built-in preset %q (built-in presets: %s)", what, name, strings.Join(builtinPresetKeys(), ", "))
		return
	}
	if r.tasks[name] {
		r.c.d.errorf(pos, "%s: extends %q, which is a task; only presets can be extended (move what they share into a preset under presets:)", what, name)
		return
	}
	if len(r.f.Presets) == 0 {
		r.c.d.errorf(pos, "%s: extends unknown preset %q (the policy has no presets:)", what, name)
		return
	}
	var keys []string
	for _, p := range r.f.Presets {
		if !strings.HasPrefix(p.Key.Value, BuiltinPresetPrefix) {
			keys = append(keys, p.Key.Value)
		}
	}
	r.c.d.errorf(pos, "%s: extends unknown preset %q (presets: %s; envgen's own: %s)", what, name, strings.Join(keys, ", "), strings.Join(builtinPresetKeys(), ", "))
}

// record notes the position of every field and entry written in preset p.
func (r *resolver) record(p TaskSource) {
	at := func(pos Pos) { r.x.written[pos] = p.Key.Value }
	for _, s := range slices.Concat(p.PassThrough, p.BinPaths, p.Unset) {
		at(s.Pos)
	}
	for _, d := range p.Define {
		at(d.Name.Pos)
		at(d.Value.Pos)
	}
	for _, s := range []*Text{p.Mode, p.UnsetKey, p.DropInjectionKey} {
		if s != nil {
			at(s.Pos)
		}
	}
}

// mergeEntry returns base with over merged in: over's list entries
// appended unless base already holds the same text, over's defines
// replacing base's of the same name in place (or appended), and over's
// mode, unset key and dropInjection where over gives them.
func mergeEntry(base, over TaskSource) TaskSource {
	m := newMerger(base)
	m.add(over)
	return m.out
}

// A merger merges entries into out one after another, as mergeEntry
// says, in time linear in what it merges: it remembers what out holds.
type merger struct {
	out TaskSource
	// seen holds the texts in out's PassThrough, BinPaths and Unset.
	seen [3]map[string]bool
	// defined maps each define name in out to its index in out.Define.
	defined map[string]int
}

// newMerger returns a merger that starts from a copy of base.
func newMerger(base TaskSource) *merger {
	m := &merger{out: base, defined: map[string]int{}}
	m.out.BuiltinPass = maps.Clone(base.BuiltinPass)
	for i, list := range []*[]Text{&m.out.PassThrough, &m.out.BinPaths, &m.out.Unset} {
		*list = slices.Clone(*list)
		m.seen[i] = map[string]bool{}
		for _, s := range *list {
			m.seen[i][s.Value] = true
		}
	}
	m.out.Define = slices.Clone(base.Define)
	for i, d := range base.Define {
		if _, ok := m.defined[d.Name.Value]; !ok {
			m.defined[d.Name.Value] = i
		}
	}
	return m
}

// add merges over into m.out.
func (m *merger) add(over TaskSource) {
	for i, l := range []struct {
		list *[]Text
		more []Text
	}{
		{&m.out.PassThrough, over.PassThrough},
		{&m.out.BinPaths, over.BinPaths},
		{&m.out.Unset, over.Unset},
	} {
		for _, s := range l.more {
			if i == 0 {
				m.passFrom(s.Value, over.BuiltinPass[s.Value])
			}
			if !m.seen[i][s.Value] {
				m.seen[i][s.Value] = true
				*l.list = append(*l.list, s)
			}
		}
	}
	for _, d := range over.Define {
		if i, ok := m.defined[d.Name.Value]; ok {
			m.out.Define[i] = d
		} else {
			m.defined[d.Name.Value] = len(m.out.Define)
			m.out.Define = append(m.out.Define, d)
		}
	}
	if over.Mode != nil {
		m.out.Mode = over.Mode
	}
	if over.UnsetKey != nil {
		m.out.UnsetKey = over.UnsetKey
	}
	if over.DropInjectionKey != nil {
		m.out.DropInjection, m.out.DropInjectionKey = over.DropInjection, over.DropInjectionKey
	}
}

// passFrom records where the passThrough entry name comes from: builtin,
// the built-in preset that wrote it, or "" for the policy's own text. A
// name stays in m.out.BuiltinPass only while no entry of the policy's own
// text has named it, whichever came first.
func (m *merger) passFrom(name, builtin string) {
	_, listed := m.out.BuiltinPass[name]
	switch {
	case builtin == "":
		delete(m.out.BuiltinPass, name)
	case !listed && m.seen[0][name]:
		// the policy's own text named it first
	case !listed:
		if m.out.BuiltinPass == nil {
			m.out.BuiltinPass = map[string]string{}
		}
		m.out.BuiltinPass[name] = builtin
	}
}

// preset checks what preset p writes itself, with the rules that hold in
// a task of either mode; its repeats, extends and the rules of one mode
// are checked where it is used.
func (c *checker) preset(p TaskSource) {
	what := func(field string) string { return fmt.Sprintf("preset %q %s", p.Key.Value, field) }
	if !IsTaskKey(p.Key.Value) {
		c.d.errorf(p.Key.Pos, "preset key %q: want [A-Za-z][A-Za-z0-9_.-]*", p.Key.Value)
	}
	if p.Mode != nil && p.Mode.Value != "isolated" && p.Mode.Value != "inherit" {
		c.d.errorf(p.Mode.Pos, "preset %q: mode %q: want isolated or inherit", p.Key.Value, p.Mode.Value)
	}
	for _, s := range p.PassThrough {
		if v := strings.TrimPrefix(s.Value, "!"); !IsName(v) && !IsPattern(v) {
			c.d.errorf(s.Pos, "%s: %q is neither a name nor a pattern%s", what("passThrough"), s.Value, whyNeither(s.Value, true))
		}
	}
	for _, s := range p.Unset {
		if !IsName(s.Value) && !IsPattern(s.Value) {
			c.d.errorf(s.Pos, "%s: %q is neither a name nor a pattern%s", what("unset"), s.Value, whyNeither(s.Value, false))
		}
	}
	for _, d := range p.Define {
		if !IsName(d.Name.Value) {
			c.d.errorf(d.Name.Pos, "%s: %q is not a name ([A-Za-z_][A-Za-z0-9_]*)", what("define"), d.Name.Value)
		}
		c.value(d.Value, what("define "+d.Name.Value))
	}
	for _, s := range p.BinPaths {
		c.value(s, what("binPaths"))
	}
}
