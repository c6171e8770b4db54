package envgenvet

// This file counts the places where the parent's environment goes where
// the analysis cannot follow it (a func value, a field no site is known
// to read, a container that leaves the function), so that a run with no
// findings does not hide them. They are reported as diagnostics of
// their own category when the -unfollowed flag is set (envgen vet sets
// it and counts them), and are otherwise silent.

import (
	"go/token"

	"golang.org/x/tools/go/analysis"
)

// UnfollowedCategory is the category of the diagnostics that mark where
// an environment derived from the parent's goes where the analysis
// cannot follow it: not findings, a count for the driver to give.
const UnfollowedCategory = "unfollowed"

// reportUnfollowed is the -unfollowed flag.
var reportUnfollowed bool

func init() {
	Analyzer.Flags.BoolVar(&reportUnfollowed, "unfollowed", false, "also report, as diagnostics of category \""+UnfollowedCategory+"\", where an environment derived from os.Environ() goes where the analysis cannot follow it")
}

// notFollowed notes that the parent's environment goes at pos where the
// analysis cannot follow it, as why says.
func (c *checker) notFollowed(pos token.Pos, why string) {
	if pos.IsValid() {
		if _, ok := c.unfollowed[pos]; !ok {
			c.unfollowed[pos] = why
		}
	}
}

// reportNotFollowed reports what notFollowed noted, when asked to.
func (c *checker) reportNotFollowed() {
	if !reportUnfollowed {
		return
	}
	for pos, why := range c.unfollowed {
		c.pass.Report(analysis.Diagnostic{Pos: pos, Category: UnfollowedCategory, Message: "the environment, derived from os.Environ(), is " + why})
	}
}
