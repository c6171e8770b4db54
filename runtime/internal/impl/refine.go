package impl

import (
	"errors"
	"strconv"
	"strings"

	"github.com/envgen/envgen/runtime/internal/glob"
	"github.com/envgen/envgen/runtime/secretvalue"
)

// This file holds the call's overrides: what a program gives a builder
// after environ (docs/semantics.md, layer 4 and "Run-time refinements"),
// how they are made and checked (Var, CheckVars), and how they apply to
// the output (override, keepMatching). They apply in the order given,
// after the defines and before binPaths; the compiled policy is a floor
// that they lower only by exact name (Set, Keep): no pattern given at
// run time ever passes a secret.

// Var is one call-site override, made by Set, Unset, Keep, Drop,
// KeepMatching or Sets.
type Var struct {
	op    op
	name  string // a name, or for Drop and KeepMatching a pattern
	value string
	entry string // Sets' NAME=value entry as given, reused as it is
	// report is Report's or Observe's function, behind a pointer so that
	// Vars stay comparable.
	report *func(Dropped)
}

// op is what a Var does.
type op uint8

const (
	opZero op = iota // the zero Var, which no maker returns
	opSet
	opUnset
	opKeep
	opDrop
	opKeepMatching
	opNoEquals // a Sets entry with no '=' after its first byte, kept in entry: an invalid Set
	opReport
	opObserve
	opNone // does nothing: Sealed.Var of a name not sealed
)

// Set overrides name with value: the child gets NAME=value, whatever the
// policy says of name. An empty name, a name holding '=' or NUL, or a
// value holding NUL is ignored.
func Set(name, value string) Var { return Var{op: opSet, name: name, value: value} }

// Unset removes name from the environment built so far. An empty name,
// or one holding '=' or NUL, is ignored.
func Unset(name string) Var { return Var{op: opUnset, name: name} }

// Keep passes environ's first entry spelled exactly name, even a secret,
// by name or by value: the program names it, as a policy's exact
// passThrough name would. Nothing is added when environ has no such
// entry. A name outside the policy syntax ([A-Za-z_][A-Za-z0-9_]*) is
// ignored.
func Keep(name string) Var { return Var{op: opKeep, name: name} }

// Drop leaves out every entry built so far whose name matches pattern, a
// name or pattern as a policy writes them ('*' matches any run of bytes),
// ASCII case aside. An invalid pattern leaves out every entry built so
// far: a typo in a user's configuration never scrubs less.
func Drop(pattern string) Var { return Var{op: opDrop, name: pattern} }

// KeepMatching passes environ's entries whose names pattern matches (the
// first entry of each name, compared as the task compares names), as a
// passThrough pattern of the task would: never a secret, by name or by
// value, nor a name the task's own rules leave out (unset, negated, an
// injection variable under dropInjection). It is for isolated tasks; in
// an inherit task it brings back only what an earlier override left out.
// An invalid pattern is ignored.
func KeepMatching(pattern string) Var { return Var{op: opKeepMatching, name: pattern} }

// Sets returns entries, each NAME=value as in os.Environ (the name ends
// at the first '=' after its first byte), as Set overrides in the same
// order, so that a later entry of a name wins. It is how entries a
// program would append to os.Environ() reach a builder, whose environ
// keeps a name's first entry. An entry without such a '=' makes an
// invalid override, which builders ignore and CheckVars reports.
func Sets(entries []string) []Var {
	vars := make([]Var, len(entries))
	for i, e := range entries {
		if name := nameOf(e); len(name) < len(e) {
			vars[i] = Var{op: opSet, name: name, value: e[len(name)+1:], entry: e}
		} else {
			vars[i] = Var{op: opNoEquals, entry: e}
		}
	}
	return vars
}

// String returns the override as Go code would write it, with Set's
// value shown as a length alone: Set("NAME", <N bytes>), Unset("NAME"),
// Keep("NAME"), Drop("PATTERN"), KeepMatching("PATTERN"). A name or
// pattern that holds '=', as a NAME=value pasted where a name goes,
// shows only what comes before it ("GITHUB_TOKEN=" + <40 bytes>); one
// that holds a credential, as package secretvalue finds them, shows as
// its length alone (<redacted, 41 bytes>). A Sets entry without a name
// is "Sets entry of N bytes"; the zero Var, "the zero Var".
func (v Var) String() string {
	switch v.op {
	case opZero:
		return "the zero Var"
	case opSet:
		return "Set(" + shown(v.name) + ", <" + strconv.Itoa(len(v.value)) + " bytes>)"
	case opNoEquals:
		return "Sets entry of " + strconv.Itoa(len(v.entry)) + " bytes"
	case opReport, opObserve:
		return [...]string{opReport: "Report", opObserve: "Observe"}[v.op] + "(func)"
	case opNone:
		return "Sealed.Var(" + shown(v.name) + "), not sealed: nothing"
	}
	return [...]string{opUnset: "Unset", opKeep: "Keep", opDrop: "Drop", opKeepMatching: "KeepMatching"}[v.op] + "(" + shown(v.name) + ")"
}

// shown returns a name or pattern, a Var's or a user's entry, Go-quoted
// as written, but never a credential pasted into it: only the text
// before a '=' (with the length of the rest), and <redacted, N bytes>
// when that text holds a credential.
func shown(s string) string {
	name, _, eq := strings.Cut(s, "=")
	switch {
	case secretvalue.Contains(name):
		return "<redacted, " + strconv.Itoa(len(s)) + " bytes>"
	case eq:
		return strconv.Quote(name+"=") + " + <" + strconv.Itoa(len(s)-len(name)-1) + " bytes>"
	}
	return strconv.Quote(s)
}

// problem returns why v is invalid, or "" if it is valid.
func (v Var) problem() string {
	switch v.op {
	case opZero:
		return "made by none of Set, Unset, Keep, Drop, KeepMatching and Sets"
	case opNoEquals:
		return "no '=' after its first byte, so no name (the entry is not shown: it may hold a secret)"
	case opSet, opUnset:
		switch {
		case v.name == "":
			return "empty name"
		case strings.IndexByte(v.name, '=') >= 0:
			return "the name holds '='"
		case strings.IndexByte(v.name, 0) >= 0:
			return "the name holds a NUL byte"
		case strings.IndexByte(v.value, 0) >= 0:
			return "the value holds a NUL byte"
		}
	case opKeep:
		if !glob.Valid(v.name) || strings.IndexByte(v.name, '*') >= 0 {
			return "not a name: want [A-Za-z_][A-Za-z0-9_]*"
		}
	case opDrop, opKeepMatching:
		if !glob.Valid(v.name) {
			return "neither a name nor a pattern: want [A-Za-z0-9_*]+, not starting with a digit, '*' matching any run of characters"
		}
	}
	return ""
}

// VarError is one invalid override that CheckVars found. It names the
// override, never a value.
type VarError struct {
	Index   int    // in the vars given to CheckVars, from 0
	Var     string // the override, as Var.String writes it
	Problem string
}

// Error returns "override N, Keep("1X"): not a name: …", N being Index,
// counted from 0 as Go counts the vars given to CheckVars.
func (e *VarError) Error() string {
	return "override " + strconv.Itoa(e.Index) + ", " + e.Var + ": " + e.Problem
}

// CheckVars returns every invalid override of vars, each a *VarError,
// joined by errors.Join; nil when all are valid. Builders ignore an
// invalid Set, Unset, Keep or KeepMatching, and an invalid Drop leaves
// out every entry built so far; a program that takes overrides from its
// users' configuration calls CheckVars at start-up to refuse a bad
// entry, named, instead.
func CheckVars(vars ...Var) error {
	var errs []error
	for i, v := range vars {
		if p := v.problem(); p != "" {
			errs = append(errs, &VarError{Index: i, Var: v.String(), Problem: p})
		}
	}
	return errors.Join(errs...)
}

// override applies v to out and returns out. An entry an Unset or Drop
// removes keeps its place as its bare name, so that a later Set of the
// name takes it back; applyLayers deletes the bare names left.
func (b *builder) override(out []string, v Var) []string {
	switch valid := v.problem() == ""; {
	case v.op == opDrop:
		p := glob.Compile(v.name)
		for i := b.base; i < len(out); i++ {
			if !valid || glob.MayMatch(v.name, out[i][0], true) {
				if name := nameOf(out[i]); len(name) < len(out[i]) && (!valid || p.Match(name, true)) {
					out[i], b.removed = name, true
				}
			}
		}
	case !valid:
	case v.op == opUnset:
		if i := b.find(out, v.name); i >= 0 && hasValue(out[i]) {
			out[i], b.removed = v.name, true
		}
	case v.entry != "": // from Sets: the entry as given
		out = b.put(out, v.entry, v.name)
	case v.op == opSet:
		out = b.put(out, v.name+"="+v.value, v.name)
	case v.op == opKeep:
		if e, n := firstEntry(b.environ, v.name, false); n != "" {
			out = b.put(out, e, n)
		}
	case v.op == opKeepMatching:
		out = b.keepMatching(out, v.name)
	}
	return out
}

// keepMatching puts in out the first entry of each name of b.environ
// that pattern matches and that the task would pass by a passThrough
// pattern, and returns out. It tells first entries by a table of the
// names matched so far, from tablePool, probed as build's de-duplication
// table is (slot): each slot a name's tag over 1+its entry's index in
// b.environ.
func (b *builder) keepMatching(out []string, pattern string) []string {
	s := tablePool.Get().(*pooledTable)
	seen := builder{table: s.slots(tableSize(len(b.environ))), c: b.c} // its entries are b.environ's
	p := glob.Compile(pattern)
	for i, e := range b.environ {
		if e == "" || !glob.MayMatch(pattern, e[0], b.c.fold) {
			continue
		}
		name := nameOf(e) // as Split reads it, if e matches
		if len(name) == len(e) || !p.Match(name, b.c.fold) || strings.IndexByte(e, 0) >= 0 {
			continue
		}
		h := hashName(name)
		if j := seen.slot(b.environ, name, h); seen.table[j] == 0 { // the name's first entry
			seen.table[j] = tagOf(h)<<32 | uint64(i+1)
			if b.c.passesMatched(name, e[len(name)+1:]) {
				out = b.put(out, e, name)
			}
		}
	}
	clear(seen.table)
	tablePool.Put(s)
	return out
}

// readsEnviron reports whether an override reads the call's environ
// (Keep, KeepMatching), which a filter in place would overwrite first.
func readsEnviron(overrides []Var) bool {
	for _, v := range overrides {
		if v.op == opKeep || v.op == opKeepMatching {
			return true
		}
	}
	return false
}
