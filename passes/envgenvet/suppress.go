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
// that skip says are not checked are left out.
func readSuppressions(fset *token.FileSet, files []*ast.File, skip func(filename string) bool) suppressions {
	s := suppressions{lines: map[string]map[int]*directive{}}
	for _, f := range files {
		if skip(fset.Position(f.Pos()).Filename) {
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

// accepts reports whether a directive with a reason is on p's line, and
// marks it used if so.
func (s suppressions) accepts(p token.Position) bool {
	d := s.lines[p.Filename][p.Line]
	if d != nil {
		d.used = true
	}
	return d != nil
}

// acceptsAll reports whether each of made (where the holders a site
// starts were created) has a directive with a reason on its line: one on
// the line that creates a Cmd accepts what is found where it runs. Each
// of those directives is marked used even when another line lacks one,
// since the finding is then about the line without.
func (s suppressions) acceptsAll(fset *token.FileSet, made []token.Pos) bool {
	all := len(made) > 0
	for _, pos := range made {
		if !s.accepts(fset.Position(pos)) {
			all = false
		}
	}
	return all
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
