package envgenvet

// This file reports what the analysis found: each site whose environment
// may be one of its bad kinds, and directives without a reason, in
// position order.

import (
	"fmt"
	"go/token"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// report reports the sites whose environment may be one of their bad
// kinds, but those //envgen:inherit accepts, and directives without a
// reason, in position order.
func (c *checker) report() {
	sup := c.sup
	type finding struct {
		pos token.Pos
		msg string
	}
	var found []finding
	for _, info := range c.funcs {
		for key, n := range info.sites {
			k, made := n.kind, n.made
			name := key.name
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
			if !checkTests && strings.HasSuffix(p.Filename, "_test.go") || sup.accepts(p) || sup.acceptsAll(c.pass.Fset, made) {
				continue
			}
			msg := message(name, k, bad, n.bad)
			if n.dep != nil {
				msg = depMessage(name, n.dep)
			}
			found = append(found, finding{pos, msg})
		}
	}
	for _, pos := range sup.noReason {
		found = append(found, finding{pos, inheritDirective + " needs a reason: say why this child may have this process's environment"})
	}
	sort.Slice(found, func(i, j int) bool {
		if found[i].pos != found[j].pos {
			return found[i].pos < found[j].pos
		}
		return found[i].msg < found[j].msg
	})
	for i, f := range found {
		if i == 0 || found[i-1] != f {
			c.pass.Reportf(f.pos, "%s", f.msg)
		}
	}
}

// message says what is wrong with a site whose environment may be k, of
// which bad is a finding; siteBad, the site's findings, tells a builder
// given its environ (badFirstWins) from a child started.
func message(name string, k, bad, siteBad envKind) string {
	some := ""
	if k&^bad != 0 {
		some = " on some paths"
	}
	accept := "; build it with a policy builder, or accept the line with " + inheritDirective + " REASON"
	switch {
	case siteBad == badForwarded:
		return fmt.Sprintf("%s: its entries are os.Environ() or derived from it%s, and Sets passes each as given, which brings back every secret the policy leaves out; pass that environment to the builder as its environ, which it filters, and Sets only the child's own entries", name, some)
	case siteBad == badFirstWins:
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
// that creates a Cmd it starts.
func (c *checker) accepted(at ssa.Instruction, n *siteNote) bool {
	return c.sup.accepts(c.pass.Fset.Position(c.sitePos(at))) || c.sup.acceptsAll(c.pass.Fset, n.made)
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
