package envgenvet

// This file reports what the analysis found: each site whose environment
// may be one of its bad kinds, directives without a reason and
// directives that accept nothing, in position order, each with its
// category.

import (
	"fmt"
	"go/token"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// report reports the sites whose environment may be one of their bad
// kinds, but those //envgen:inherit accepts, directives without a reason
// and directives that took part in judging no site, in position order.
func (c *checker) report() {
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
			if skippedFile(c.pass.Fset.Position(pos).Filename) {
				continue
			}
			if c.sup.use(c.pass.Fset, pos, made) {
				continue
			}
			cat := category(bad, n)
			msg := message(key.name, k, bad, cat)
			if n.dep != nil {
				msg = depMessage(key.name, n.dep)
			}
			found = append(found, analysis.Diagnostic{Pos: pos, Category: cat, Message: msg})
		}
	}
	for _, pos := range c.sup.noReason {
		found = append(found, analysis.Diagnostic{Pos: pos, Category: CategoryDirectiveNoReason,
			Message: inheritDirective + " needs a reason: say why this child may have this process's environment"})
	}
	for _, pos := range c.sup.unused() {
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

// category is the kind of finding at the site n, whose environment may
// be bad: a call into a dependency, a store to a field, Sets given the
// parent's entries, a builder given its environ (badFirstWins), or a
// child started.
func category(bad envKind, n *siteNote) string {
	switch {
	case n.dep != nil:
		return CategoryDependency
	case n.field != nil:
		return CategoryFieldStore
	case n.bad == badForwarded:
		return CategoryForwardedSets
	case n.bad == badFirstWins:
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
	switch {
	case cat == CategoryForwardedSets:
		return fmt.Sprintf("%s: its entries are os.Environ() or derived from it%s, and Sets passes each as given, which brings back every secret the policy leaves out; pass that environment to the builder as its environ, which it filters, and Sets only the child's own entries", name, some)
	case cat == CategoryFirstWins:
		return fmt.Sprintf("%s: its environ is os.Environ() with entries appended%s, which lose to this process's entries of the same names (a builder keeps each name's first entry); pass them to the builder as envrt.Set(NAME, value) or envrt.Sets(entries)", name, some)
	case bad&kParent != 0:
		return fmt.Sprintf("%s: the environment is os.Environ() or derived from it%s, so the child gets every secret of this process%s", name, some, accept)
	case bad&kNil != 0:
		return fmt.Sprintf("%s: the environment is nil%s, which gives the child this process's whole environment%s", name, some, accept)
	}
	return fmt.Sprintf("%s: the environment is a builder's result with a non-constant entry appended or written after it ran%s, which bypasses the policy; pass the value to the builder as envrt.Set(NAME, value)", name, some)
}

// depMessage says what is wrong with a call of the function name of a
// dependency that starts a child as dep says.
func depMessage(name string, dep *spawnFuncFact) string {
	return fmt.Sprintf("%s starts a child with %s (%s: %s), so the child gets every secret of this process; give it a builder's result if it takes an environment, or accept the line with %s REASON",
		name, kindPhrase(envKind(dep.Kind)), dep.Where, dep.Site, inheritDirective)
}

// kindPhrase names the worst of the kinds k in a few words.
func kindPhrase(k envKind) string {
	switch {
	case k&kInheritPlus != 0:
		return "os.Environ() plus entries"
	case k&kInherit != 0:
		return "os.Environ()"
	}
	return "a builder's result with a non-constant entry added after it ran"
}

// accepted reports whether a directive accepts the site n at the
// instruction at: on the line where it is reported, or on each line
// that creates a Cmd it starts. It marks no directive used: the flow
// asks it of every site, bad or not; see acceptedFor.
func (c *checker) accepted(at ssa.Instruction, n *siteNote) bool {
	return c.sup.accepts(c.pass.Fset.Position(c.sitePos(at))) || c.sup.acceptsAll(c.pass.Fset, n.made)
}

// acceptedFor is accepted for a site through which an environment
// reaches other sites (a parameter's callers, a field's stores), whose
// findings a directive there accepts: each such directive is marked
// used when kinds holds something it accepts.
func (c *checker) acceptedFor(at ssa.Instruction, n *siteNote, kinds envKind) bool {
	if kinds == 0 {
		return c.accepted(at, n)
	}
	return c.sup.use(c.pass.Fset, c.sitePos(at), n.made)
}

// sitePos is where a finding at the instruction at is reported: a
// call's start, else the instruction's own position.
func (c *checker) sitePos(at ssa.Instruction) token.Pos {
	pos := at.Pos()
	if ce := c.calls[pos]; ce != nil {
		return ce.Pos()
	}
	if key, ok := c.keys[pos]; ok { // a store to a field of a composite literal
		return key
	}
	return pos
}
