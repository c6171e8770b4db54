package cmd

import (
	"fmt"
	"go/token"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/envgen/envgen/passes/envgenvet"
)

// vetUsage is the help text of envgen vet.
const vetUsage = `usage: envgen vet [-tests] [-format text|json|sarif] [-unfollowed] [PACKAGES]

Reports every place in PACKAGES (default ./...) where a child process
may start with an environment no envgen policy built: an exec.Cmd run
with Env nil, os.Environ() or a slice derived from it; os.StartProcess,
syscall.Exec, ForkExec and StartProcess, and envrt's (envexec's)
Command, Start, Run and LookPath, given such an environment; a shell
(mvdan.cc/sh's interp.Env, interp.New without it) given one; a Cmd with
such an Env stored or passed on where it leaves the function; a
builder's result with a non-constant entry appended or written after it
ran; a builder given entries appended to os.Environ(), which lose to the
parent's. Findings print as FILE:LINE:COL: message. A line comment
//envgen:inherit REASON on the reported line, or on the line that
creates the Cmd, accepts it; one without a reason, or that accepts
nothing, is reported. Packages that do not load are named and skipped,
the rest checked. Exit 1 when there are findings or skipped packages, 0
when none, 2 for bad usage (a bad flag, or a pattern that names no
package).

flags:
  -tests      check _test.go files too
  -format F   text (FILE:LINE:COL: message, the default); json, one
              object {"findings": [{file, line, column, rule, message}],
              "flowsNotFollowed": N, "notFollowed": [...]}; or sarif, a
              SARIF 2.1.0 log for code scanning, one rule per kind of
              finding
  -unfollowed with text, also list on standard error each place where
              the parent's environment goes where vet cannot follow it
              (by default only counted there)
`

// vetMain runs envgen vet: args are those after "vet"; environ is the
// environment of the go command that loads the packages, run in the
// current directory.
func vetMain(args []string, stdout, stderr io.Writer, environ []string) int {
	if slices.Contains(environ, unitEnv+"=1") {
		vetUnit(args) // envgen analysing one package for envgen vet: it exits
	}
	fs := newFlagSet("envgen vet", stderr)
	tests := fs.Bool("tests", false, "check _test.go files too")
	format := fs.String("format", vetFormats[0], "text, json or sarif")
	listUnfollowed := fs.Bool("unfollowed", false, "with text, list each place vet cannot follow an environment past")
	patterns, code, ok := parseArgs(fs, vetUsage, args, stdout, stderr)
	if !ok {
		return code
	}
	if !slices.Contains(vetFormats, *format) {
		return usageError(stderr, "envgen vet", "no format %q; the formats: %s", *format, strings.Join(vetFormats, ", "))
	}
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	pkgs, err := listPackages(patterns, *tests, environ)
	if err != nil {
		fmt.Fprintf(stderr, "envgen vet: %v\n", err)
		return exitPolicy
	}
	var named []*listedPackage
	for _, p := range pkgs {
		if !p.DepOnly && !isTestMain(p) {
			named = append(named, p)
		}
	}
	if len(named) == 0 {
		return usageError(stderr, "envgen vet", "no packages match %s", strings.Join(patterns, " "))
	}
	for _, p := range named {
		if p.Name == "" { // a pattern that names no package
			for _, e := range listErrors(p) {
				fmt.Fprintf(stderr, "envgen vet: %s\n", e)
			}
			return usageError(stderr, "envgen vet", "no package to check in %s", strings.Join(patterns, " "))
		}
	}
	roots, skipped := loadable(pkgs, named, stderr)
	var findings []finding
	var counts vetCounts
	if len(roots) > 0 {
		diags, failed, err := runUnits(pkgs, roots, *tests, environ)
		if err != nil {
			fmt.Fprintf(stderr, "envgen vet: %v\n", err)
			return exitPolicy
		}
		for _, path := range slices.Sorted(maps.Keys(failed)) {
			fmt.Fprintf(stderr, "envgen vet: %s: %s\n", path, failed[path])
			skipped = append(skipped, strings.Fields(path)[0])
		}
		findings, counts = collect(diags)
	}
	if err := writeFindings(stdout, *format, findings, counts); err != nil {
		fmt.Fprintf(stderr, "envgen vet: %v\n", err)
		return exitPolicy
	}
	if n := len(counts.NotFollowed); n > 0 {
		fmt.Fprintf(stderr, "envgen vet: %d place(s) where an environment derived from os.Environ() goes where vet cannot follow it (docs/vet.md, \"What it does not follow\")", n)
		switch {
		case *format != "text":
			fmt.Fprintln(stderr) // the report lists them
		case !*listUnfollowed:
			fmt.Fprintln(stderr, "; -unfollowed lists them")
		default:
			fmt.Fprintln(stderr, ":")
			for _, f := range counts.NotFollowed {
				fmt.Fprintln(stderr, f)
			}
		}
	}
	if counts.Observe > 0 {
		fmt.Fprintf(stderr, "envgen vet: %d place(s) switch a builder to observe mode (envrt.Observe), whose children get this process's whole environment (docs/rollout.md)\n", counts.Observe)
	}
	if len(skipped) > 0 {
		slices.Sort(skipped)
		skipped = slices.Compact(skipped)
		fmt.Fprintf(stderr, "envgen vet: %d packages not checked, as they do not load: %s\n", len(skipped), strings.Join(skipped, ", "))
	}
	if len(findings) > 0 || len(skipped) > 0 {
		return exitFindings
	}
	return exitOK
}

// isTestMain reports whether p is the main package go list -test makes
// to run a package's tests: generated, not the program's.
func isTestMain(p *listedPackage) bool {
	return p.Name == "main" && strings.HasSuffix(p.ImportPath, ".test")
}

// loadable returns the packages of named that loaded, with every
// package they import, and the paths of the others; it prints each load
// error once, as FILE:LINE:COL: message.
func loadable(pkgs, named []*listedPackage, stderr io.Writer) (roots []*listedPackage, skipped []string) {
	printed := map[string]bool{}
	broken := map[string]bool{}
	for _, p := range pkgs { // dependencies first
		for _, e := range listErrors(p) {
			if !printed[e] {
				printed[e] = true
				fmt.Fprintln(stderr, e)
			}
			broken[p.ImportPath] = true
		}
		for _, imp := range p.Imports {
			if broken[imp] {
				broken[p.ImportPath] = true
			}
		}
	}
	for _, p := range named {
		if broken[p.ImportPath] {
			skipped = append(skipped, strings.Fields(p.ImportPath)[0])
		} else {
			roots = append(roots, p)
		}
	}
	return roots, skipped
}

// listErrors returns p's own load errors (not its dependencies'), each
// as FILE:LINE:COL: message, its file relative to the current
// directory, or as the message alone where the go command gives no
// position; a compiler's output is its lines without the "# package"
// header.
func listErrors(p *listedPackage) []string {
	if p.Error == nil {
		return nil
	}
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(p.Error.Err), "\n") {
		if line == "" || strings.HasPrefix(line, "# ") {
			continue
		}
		if p.Error.Pos != "" && p.Error.Pos != "-" {
			line = relativePath(p.Error.Pos) + ": " + line
		}
		out = append(out, line)
	}
	return out
}

// collect returns the findings among diags, and the places the analysis
// could not follow an environment at, each sorted and given once (a file
// in a package and its test variant), and the places in observe mode,
// counted.
func collect(diags []unitDiagnostic) ([]finding, vetCounts) {
	var findings, unfollowed []finding
	seen := map[string]bool{}
	observe := map[string]bool{}
	for _, d := range diags {
		if d.Category == envgenvet.ObserveCategory {
			observe[d.Posn] = true
			continue
		}
		f := finding{parsePosition(d.Posn), d.Message, d.Category}
		f.pos.Filename = relativePath(f.pos.Filename)
		if seen[f.String()] {
			continue
		}
		seen[f.String()] = true
		if d.Category == envgenvet.UnfollowedCategory {
			unfollowed = append(unfollowed, f)
		} else {
			findings = append(findings, f)
		}
	}
	sortFindings(findings)
	sortFindings(unfollowed)
	return findings, vetCounts{NotFollowed: unfollowed, Observe: len(observe)}
}

// sortFindings sorts findings by file, line and column.
func sortFindings(findings []finding) {
	sort.Slice(findings, func(i, j int) bool {
		a, b := findings[i].pos, findings[j].pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
}

// parsePosition reads FILE:LINE:COL (or FILE:LINE) as a position.
func parsePosition(s string) token.Position {
	var p token.Position
	rest := s
	for _, n := range []*int{&p.Column, &p.Line} {
		i := strings.LastIndexByte(rest, ':')
		if i < 0 {
			break
		}
		v, err := strconv.Atoi(rest[i+1:])
		if err != nil {
			break
		}
		*n, rest = v, rest[:i]
	}
	if p.Line == 0 { // FILE:LINE only
		p.Line, p.Column = p.Column, 0
	}
	p.Filename = rest
	return p
}

// exitFindings is envgen vet's exit code when it reports a site.
const exitFindings = 1

// finding is one report of envgen vet.
type finding struct {
	pos  token.Position
	msg  string
	rule string // its kind, the diagnostic's category
}

// String formats f as FILE:LINE:COL: message.
func (f finding) String() string {
	return fmt.Sprintf("%s:%d:%d: %s", f.pos.Filename, f.pos.Line, f.pos.Column, f.msg)
}

// relativePath returns name (a file name, maybe followed by
// :LINE:COL) relative to the current directory when it lies below it,
// else name.
func relativePath(name string) string {
	wd, err := os.Getwd()
	if err != nil {
		return name
	}
	if rest, ok := strings.CutPrefix(name, wd+string(filepath.Separator)); ok {
		return rest
	}
	return name
}
