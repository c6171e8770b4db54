package impl

import (
	"os"
	"slices"

	"github.com/envgen/envgen/runtime/internal/glob"
)

// This file holds the rollout's overrides, Report and Observe, and the
// path a call that holds one takes: apart from the hot loop, which a call
// without them runs as before (Build's one check is reporting). The
// reasons themselves are reason.go's.

// Dropped is one entry of environ that a call left out: its name as
// environ spells it ("" for an entry with no name) and the rule that
// left it out, in a few words, never a byte of its value.
type Dropped struct {
	Name   string
	Reason string
}

// Report calls fn once for each entry of environ that the call leaves
// out, in environ's order, before the builder returns. An entry is left
// out when its name is absent from the result, or it is a later entry of
// a name already given; one whose value a define or Set replaced is not.
func Report(fn func(Dropped)) Var { return Var{op: opReport, report: &fn} }

// Observe makes the call return environ as it was without the policy,
// and calls fn as Report does for what enforcing the policy would leave
// out. Without the policy means: environ's entries that exec could
// carry, the first of each name (compared as the task compares names), in
// environ's order, then the call's Set, Sets and Unset overrides applied
// as a builder applies them; none of the task's defines, binPaths or
// rules, and no Keep, Drop or KeepMatching, which only shape the report.
func Observe(fn func(Dropped)) Var { return Var{op: opObserve, report: &fn} }

// reporting reports whether overrides hold a Report or an Observe.
func reporting(overrides []Var) bool {
	for i := range overrides {
		if overrides[i].report != nil {
			return true
		}
	}
	return false
}

// buildReporting is Build for a call whose overrides hold a Report or an
// Observe: it builds as Build does (into a scratch slice for Observe),
// then walks environ once for what the result leaves out.
func buildReporting(in Input, t *Task, defines []string, overrides []Var, path []Dir, fold bool) []string {
	environ := in.environ
	switch {
	case in.fromOS:
		environ = os.Environ()
		in = Given(nil, environ)
	case ahead(in.dst[len(in.dst):cap(in.dst)], environ, 0): // filtered in place: walk a copy
		environ = slices.Clone(environ)
	}
	observe := slices.ContainsFunc(overrides, func(v Var) bool { return v.op == opObserve })
	var out []string
	switch {
	case observe:
		report(environ, build(Given(nil, environ), t, defines, overrides, path, fold), t, defines, overrides, fold)
		return observed(in.dst, environ, overrides, t.tables(fold))
	case in.fresh:
		out = buildFresh(environ, t, defines, overrides, path, fold)
	default:
		out = build(in, t, defines, overrides, path, fold)
	}
	report(environ, out[len(in.dst):], t, defines, overrides, fold)
	return out
}

// observed appends to dst what Observe returns (see there), names
// compared as c compares them, and returns dst.
func observed(dst, environ []string, overrides []Var, c *taskTables) []string {
	b := builder{base: len(dst), table: make([]uint64, tableSize(len(environ)+len(overrides))), c: c}
	out := dst
	for _, e := range environ {
		if name, ok := Split(e); ok {
			h := hashName(name)
			if j := b.slot(out, name, h); b.table[j] == 0 {
				b.table[j] = tagOf(h)<<32 | uint64(len(out)+1)
				out = append(out, e)
			}
		}
	}
	own := slices.DeleteFunc(slices.Clone(overrides), func(v Var) bool { return v.op != opSet && v.op != opUnset })
	return b.applyLayers(out, nil, own, nil)
}

// report calls the functions of overrides' Reports and Observes for each
// entry of environ that result, the call's output, leaves out.
func report(environ, result []string, t *Task, defines []string, overrides []Var, fold bool) {
	c := t.tables(fold)
	key := func(name string) string {
		if fold {
			return foldKey(name)
		}
		return name
	}
	present := map[string]bool{}
	for _, e := range result {
		present[key(nameOf(e))] = true
	}
	given := map[string]bool{} // the names whose first entry has been read
	r := reasoner{c: c, t: t, environ: environ}
	for _, e := range environ {
		name, ok := Split(e)
		k := key(name)
		var d Dropped
		switch {
		case !ok:
			d = unnamed(e)
		case given[k]:
			d = Dropped{name, "a later entry of the same name"}
		default:
			given[k] = true
			if present[k] {
				continue
			}
			d = Dropped{name, r.why(name, e[len(name)+1:], defines, overrides)}
		}
		for _, v := range overrides {
			if v.report != nil {
				(*v.report)(d)
			}
		}
	}
}

// unnamed is the Dropped of an entry exec could not carry: named, with a
// NUL byte; or with no '=' after its first byte, and then no name, since
// its text may be a value.
func unnamed(e string) Dropped {
	if name := nameOf(e); len(name) < len(e) {
		return Dropped{name, "it holds a NUL byte, which exec refuses"}
	}
	return Dropped{"", "not NAME=value"}
}

// foldKey returns name with its ASCII letters upper-cased, a key under
// which the names that EqualFold holds equal are one.
func foldKey(name string) string {
	b := []byte(name)
	for i, c := range b {
		b[i] = glob.Upper(c)
	}
	return string(b)
}
