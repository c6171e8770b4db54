package envgenvet

// This file reads the //envgen:inherit comments that accept a site.

import (
	"go/ast"
	"go/token"
	"strings"
)

// inheritDirective is the comment that accepts a site on its line, or
// on the line that creates the Cmd the site starts.
const inheritDirective = "//envgen:inherit"

// suppressions are the lines //envgen:inherit accepts, by file name and
// line; the directives without a reason are kept apart to be reported.
type suppressions struct {
	lines    map[string]map[int]bool
	noReason []token.Pos
}

// readSuppressions collects the directives of files.
func readSuppressions(fset *token.FileSet, files []*ast.File) suppressions {
	s := suppressions{lines: map[string]map[int]bool{}}
	for _, f := range files {
		for _, g := range f.Comments {
			for _, c := range g.List {
				rest, ok := strings.CutPrefix(c.Text, inheritDirective)
				if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
					continue
				}
				reason, _, _ := strings.Cut(rest, "//") // a comment after the reason is not one
				if strings.TrimSpace(reason) == "" {
					s.noReason = append(s.noReason, c.Pos())
					continue
				}
				p := fset.Position(c.Pos())
				if s.lines[p.Filename] == nil {
					s.lines[p.Filename] = map[int]bool{}
				}
				s.lines[p.Filename][p.Line] = true
			}
		}
	}
	return s
}

// accepts reports whether a directive with a reason is on p's line.
func (s suppressions) accepts(p token.Position) bool {
	return s.lines[p.Filename][p.Line]
}

// acceptsAll reports whether each of made (where the holders a site
// starts were created) has a directive with a reason on its line: one on
// the line that creates a Cmd accepts what is found where it runs.
func (s suppressions) acceptsAll(fset *token.FileSet, made []token.Pos) bool {
	for _, pos := range made {
		if !s.accepts(fset.Position(pos)) {
			return false
		}
	}
	return len(made) > 0
}
