package envgenvet

// This file reads the //envgen:inherit comments that accept a site, and
// keeps which of them accepted one, so that the others can be reported.

import (
	"go/ast"
	"go/token"
	"strings"
)

// inheritDirective is the comment that accepts a site on its line, or
// on the line that creates the Cmd the site starts.
const inheritDirective = "//envgen:inherit"

// suppressions are the //envgen:inherit directives with a reason, by
// file name and line; the directives without a reason are kept apart to
// be reported.
type suppressions struct {
	lines    map[string]map[int]*directive
	noReason []token.Pos
}

// directive is one //envgen:inherit with a reason: where it is, and
// whether it took part in judging a site (accepted a finding, or sits on
// a line that creates a Cmd a finding is about).
type directive struct {
	pos  token.Pos
	used bool
}

// readSuppressions collects the directives of files; those in files
// left out of the check (skippedFile) are left out.
func readSuppressions(fset *token.FileSet, files []*ast.File) suppressions {
	s := suppressions{lines: map[string]map[int]*directive{}}
	for _, f := range files {
		if skippedFile(fset.Position(f.Pos()).Filename) {
			continue
		}
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
					s.lines[p.Filename] = map[int]*directive{}
				}
				s.lines[p.Filename][p.Line] = &directive{pos: c.Pos()}
			}
		}
	}
	return s
}

// skippedFile reports whether the file named filename is left out of
// the check: a test file, unless the -tests flag is set.
func skippedFile(filename string) bool {
	return !checkTests && strings.HasSuffix(filename, "_test.go")
}

// accepts reports whether a directive with a reason is on p's line.
func (s suppressions) accepts(p token.Position) bool {
	return s.lines[p.Filename][p.Line] != nil
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

// use reports whether a directive accepts a finding at pos about holders
// created at made, as accepts and acceptsAll do, and marks used every
// directive that took part: the one on pos's line, and each one on a
// line of made even when another line lacks one, since the finding is
// then about the line without.
func (s suppressions) use(fset *token.FileSet, pos token.Pos, made []token.Pos) bool {
	mark := func(p token.Position) bool {
		d := s.lines[p.Filename][p.Line]
		if d != nil {
			d.used = true
		}
		return d != nil
	}
	onLine := mark(fset.Position(pos))
	whereMade := len(made) > 0
	for _, m := range made {
		whereMade = mark(fset.Position(m)) && whereMade
	}
	return onLine || whereMade
}

// unused returns where the directives with a reason are that took part
// in judging no site.
func (s suppressions) unused() []token.Pos {
	var out []token.Pos
	for _, byLine := range s.lines {
		for _, d := range byLine {
			if !d.used {
				out = append(out, d.pos)
			}
		}
	}
	return out
}
