package envgenvet

// This file reports what the analysis found: each site whose environment
// may be one of its bad kinds, directives without a reason and
// directives that accept nothing, in position order, each with its
// category.

import (
	"fmt"
	"go/token"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// report reports the sites whose environment may be one of their bad
// kinds, but those //envgen:inherit accepts, directives without a reason
// and directives that took part in judging no site, in position order.
func (c *checker) report() {
	skipped := func(filename string) bool { return !checkTests && strings.HasSuffix(filename, "_test.go") }
	sup := readSuppressions(c.pass.Fset, c.pass.Files, skipped)
	var found []analysis.Diagnostic
	for _, info := range c.funcs {
		for key, n := range info.sites {
			k, made := n.kind, n.made
			for _, g := range n.vars {
				k |= c.cmdVarKind(g)
				made = append(made, c.cmdVar(g).made...)
			}
			if k&kBuiltParam != 0 { // a builder's result with whatever the parameter holds
				k = k&^kBuiltParam | kExtended
			}
			bad := k & n.bad
			if bad == 0 {
				continue
			}
			pos := c.sitePos(key.at)
			p := c.pass.Fset.Position(pos)
			if skipped(p.Filename) {
				continue
			}
			onLine, whereMade := sup.accepts(p), sup.acceptsAll(c.pass.Fset, made) // both, to mark each used
			if onLine || whereMade {
				continue
			}
			cat := category(bad, n.bad)
			found = append(found, analysis.Diagnostic{Pos: pos, Category: cat, Message: message(key.name, k, bad, cat)})
		}
	}
	for _, pos := range sup.noReason {
		found = append(found, analysis.Diagnostic{Pos: pos, Category: CategoryDirectiveNoReason,
			Message: inheritDirective + " needs a reason: say why this child may have this process's environment"})
	}
	for _, pos := range sup.unused() {
		found = append(found, analysis.Diagnostic{Pos: pos, Category: CategoryDirectiveUnused,
			Message: inheritDirective + " accepts nothing here: no finding is on this line, nor about a Cmd created on it, in the build configuration checked; remove it"})
	}
	sort.Slice(found, func(i, j int) bool {
		if found[i].Pos != found[j].Pos {
			return found[i].Pos < found[j].Pos
		}
		return found[i].Message < found[j].Message
	})
	for i, d := range found {
		if i == 0 || found[i-1].Pos != d.Pos || found[i-1].Message != d.Message {
			c.pass.Report(d)
		}
	}
}

// category is the kind of finding at a site whose environment may be
// bad; siteBad, the site's findings, tells a builder given its environ
// (badFirstWins) from a child started.
func category(bad, siteBad envKind) string {
	switch {
	case siteBad == badFirstWins:
		return CategoryFirstWins
	case bad&kParent != 0:
		return CategoryParentEnv
	case bad&kNil != 0:
		return CategoryNilEnv
	}
	return CategoryExtendedBuilder
}

// message says what is wrong with a site whose environment may be k, of
// which bad is a finding of category cat.
func message(name string, k, bad envKind, cat string) string {
	some := ""
	if k&^bad != 0 {
		some = " on some paths"
	}
	accept := "; build it with a policy builder, or accept the line with " + inheritDirective + " REASON"
	switch cat {
	case CategoryFirstWins:
		return fmt.Sprintf("%s: its environ is os.Environ() with entries appended%s, which lose to this process's entries of the same names (a builder keeps each name's first entry); pass them to the builder as envrt.Set(NAME, value) or envrt.Sets(entries)", name, some)
	case CategoryParentEnv:
		return fmt.Sprintf("%s: the environment is os.Environ() or derived from it%s, so the child gets every secret of this process%s", name, some, accept)
	case CategoryNilEnv:
		return fmt.Sprintf("%s: the environment is nil%s, which gives the child this process's whole environment%s", name, some, accept)
	}
	return fmt.Sprintf("%s: the environment is a builder's result with a non-constant entry appended or written after it ran%s, which bypasses the policy; pass the value to the builder as envrt.Set(NAME, value)", name, some)
}

// sitePos is where a finding at the instruction at is reported: a
// call's start, else the instruction's own position.
func (c *checker) sitePos(at ssa.Instruction) token.Pos {
	pos := at.Pos()
	if ce := c.calls[pos]; ce != nil {
		return ce.Pos()
	}
	return pos
}
