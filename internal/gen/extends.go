package gen

import (
	"fmt"
	"slices"
	"strings"
)

// This file desugars presets and extends (SPEC's Extensions): a task or
// preset that says extends: [a, b] gets presets a and b merged in, in
// order, and then its own fields. Lists are concatenated with repeats
// dropped, define merges by name (the later value wins, in the place the
// name first took), and mode and dropInjection are the last one given.
// What comes out is a plain taskDef, so that check's task rules, plan and
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
func (c *checker) tasks(f *policyFile) []task {
	x := c.desugar(f)
	goNames := map[string]string{} // generated identifier → task key
	var out []task
	for _, t := range x.tasks {
		sub := *c
		sub.d = &diagnoser{file: c.d.file}
		out = append(out, sub.task(t, goNames))
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

// desugared is what desugar returns.
type desugared struct {
	tasks []taskDef // with their presets merged in, in policy order
	// written maps the position of every field and entry written in a
	// preset to that preset's key; reported holds the positions where a
	// preset's own check found a problem.
	written  map[Pos]string
	reported map[Pos]bool
}

// desugar checks every preset and resolves every extends of f, reporting
// unknown presets, cycles and repeats in a list as written.
func (c *checker) desugar(f *policyFile) desugared {
	r := resolver{
		c:       c,
		f:       f,
		presets: map[string]int{},
		tasks:   map[string]bool{},
		done:    map[string]*taskDef{},
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
	for _, p := range f.Presets {
		r.preset(p.Key.Value)
	}
	for _, t := range f.Tasks {
		r.x.tasks = append(r.x.tasks, r.resolve(t, "task"))
	}
	return r.x
}

// resolver resolves extends, each preset once.
type resolver struct {
	c       *checker
	f       *policyFile
	presets map[string]int      // key → index in f.Presets
	tasks   map[string]bool     // task keys, to explain extends of a task
	done    map[string]*taskDef // resolved presets
	stack   []string            // presets being resolved, outermost first
	x       desugared
}

// preset returns the preset key with its own extends merged in, resolving
// it the first time.
func (r *resolver) preset(key string) *taskDef {
	if t, ok := r.done[key]; ok {
		return t
	}
	r.stack = append(r.stack, key)
	t := r.resolve(r.f.Presets[r.presets[key]], "preset")
	r.stack = r.stack[:len(r.stack)-1]
	r.done[key] = &t
	return &t
}

// resolve merges the presets e extends, in order, and then e's own
// fields. kind is "task" or "preset".
func (r *resolver) resolve(e taskDef, kind string) taskDef {
	what := fmt.Sprintf("%s %q", kind, e.Key.Value)
	own := e
	own.PassThrough = r.c.unique(e.PassThrough, what+" passThrough")
	own.BinPaths = r.c.unique(e.BinPaths, what+" binPaths")
	own.Unset = r.c.unique(e.Unset, what+" unset")
	out := taskDef{Key: e.Key}
	for _, ref := range r.c.unique(e.Extends, what+" extends") {
		pos := extendsPos(e.ExtendsKey, ref)
		if _, ok := r.presets[ref.Value]; !ok {
			r.unknown(what, ref.Value, pos)
			continue
		}
		if i := slices.Index(r.stack, ref.Value); i >= 0 {
			cycle := slices.Concat(r.stack[i:], []string{ref.Value})
			r.c.d.errorf(pos, "%s: extends %q, which makes a cycle: %s", what, ref.Value, strings.Join(cycle, " → "))
			continue
		}
		out = mergeEntry(out, *r.preset(ref.Value))
	}
	out = mergeEntry(out, own)
	out.Key, out.Extends, out.ExtendsKey = e.Key, e.Extends, e.ExtendsKey
	return out
}

// extendsPos returns where an error about extends entry ref goes: on the
// extends line, as SPEC says, at the entry itself when the list is written
// on that line, else at the extends key.
func extendsPos(key *str, ref str) Pos {
	if key == nil || ref.Pos.Line == key.Pos.Line {
		return ref.Pos
	}
	return key.Pos
}

// unknown reports an extends entry, name, that names no preset, at pos.
func (r *resolver) unknown(what, name string, pos Pos) {
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
		keys = append(keys, p.Key.Value)
	}
	r.c.d.errorf(pos, "%s: extends unknown preset %q (presets: %s)", what, name, strings.Join(keys, ", "))
}

// record notes the position of every field and entry written in preset p.
func (r *resolver) record(p taskDef) {
	at := func(pos Pos) { r.x.written[pos] = p.Key.Value }
	for _, s := range slices.Concat(p.PassThrough, p.BinPaths, p.Unset) {
		at(s.Pos)
	}
	for _, d := range p.Define {
		at(d.Name.Pos)
		at(d.Value.Pos)
	}
	for _, s := range []*str{p.Mode, p.UnsetKey, p.DropInjectionKey} {
		if s != nil {
			at(s.Pos)
		}
	}
}

// mergeEntry returns base with over merged in: over's list entries
// appended unless base already holds the same text, over's defines
// replacing base's of the same name in place (or appended), and over's
// mode, unset key and dropInjection where over gives them.
func mergeEntry(base, over taskDef) taskDef {
	out := base
	out.PassThrough = appendNew(base.PassThrough, over.PassThrough)
	out.BinPaths = appendNew(base.BinPaths, over.BinPaths)
	out.Unset = appendNew(base.Unset, over.Unset)
	out.Define = slices.Clone(base.Define)
	for _, d := range over.Define {
		i := slices.IndexFunc(out.Define, func(e define) bool { return e.Name.Value == d.Name.Value })
		if i >= 0 {
			out.Define[i] = d
		} else {
			out.Define = append(out.Define, d)
		}
	}
	if over.Mode != nil {
		out.Mode = over.Mode
	}
	if over.UnsetKey != nil {
		out.UnsetKey = over.UnsetKey
	}
	if over.DropInjectionKey != nil {
		out.DropInjection, out.DropInjectionKey = over.DropInjection, over.DropInjectionKey
	}
	return out
}

// appendNew returns a new list: list, then each entry of more whose text
// is not in it yet.
func appendNew(list, more []str) []str {
	out := slices.Clone(list)
	for _, s := range more {
		if !slices.ContainsFunc(out, func(e str) bool { return e.Value == s.Value }) {
			out = append(out, s)
		}
	}
	return out
}

// preset checks what preset p writes itself, with the rules that hold in
// a task of either mode; its repeats, extends and the rules of one mode
// are checked where it is used.
func (c *checker) preset(p taskDef) {
	what := func(field string) string { return fmt.Sprintf("preset %q %s", p.Key.Value, field) }
	if !isTaskKey(p.Key.Value) {
		c.d.errorf(p.Key.Pos, "preset key %q: want [A-Za-z][A-Za-z0-9_.-]*", p.Key.Value)
	}
	if p.Mode != nil && p.Mode.Value != "isolated" && p.Mode.Value != "inherit" {
		c.d.errorf(p.Mode.Pos, "preset %q: mode %q: want isolated or inherit", p.Key.Value, p.Mode.Value)
	}
	for _, s := range p.PassThrough {
		if v := strings.TrimPrefix(s.Value, "!"); !isName(v) && !isPattern(v) {
			c.d.errorf(s.Pos, "%s: %q is neither a name nor a pattern", what("passThrough"), s.Value)
		}
	}
	for _, s := range p.Unset {
		if !isName(s.Value) && !isPattern(s.Value) {
			c.d.errorf(s.Pos, "%s: %q is neither a name nor a pattern", what("unset"), s.Value)
		}
	}
	for _, d := range p.Define {
		if !isName(d.Name.Value) {
			c.d.errorf(d.Name.Pos, "%s: %q is not a name ([A-Za-z_][A-Za-z0-9_]*)", what("define"), d.Name.Value)
		}
		c.value(d.Value, what("define "+d.Name.Value))
	}
	for _, s := range p.BinPaths {
		c.value(s, what("binPaths"))
	}
}
