package impl

import (
	"errors"
	"strconv"
	"strings"

	"github.com/envgen/envgen/runtime/internal/glob"
	"github.com/envgen/envgen/runtime/secretvalue"
)

// This file holds the call's overrides: what a program gives a builder
// after environ (docs/semantics.md, layer 4 and "Run-time refinements").
// They apply in the order given, after the defines and before binPaths;
// the compiled policy is a floor that they lower only by exact name (Set,
// Keep): no pattern given at run time ever passes a secret.

// Var is one call-site override, made by Set, Unset, Keep, Drop,
// KeepMatching or Sets.
type Var struct {
	op    op
	name  string // a name, or for Drop and KeepMatching a pattern
	value string
	entry string // Sets' NAME=value entry as given, reused as it is
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
	}
	return [...]string{opUnset: "Unset", opKeep: "Keep", opDrop: "Drop", opKeepMatching: "KeepMatching"}[v.op] + "(" + shown(v.name) + ")"
}

// shown returns a Var's name or pattern as String writes it.
func shown(s string) string {
	if secretvalue.Contains(s) {
		return "<redacted, " + strconv.Itoa(len(s)) + " bytes>"
	}
	if i := strings.IndexByte(s, '='); i >= 0 {
		return strconv.Quote(s[:i+1]) + " + <" + strconv.Itoa(len(s)-i-1) + " bytes>"
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
