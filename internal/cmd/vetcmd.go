package cmd

import (
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/envgen/envgen/passes/envgenvet"
)

// vetUsage is the help text of envgen vet.
const vetUsage = `usage: envgen vet [-tests] [PACKAGES]

Reports every place in PACKAGES (default ./...) where a child process
may start with an environment no envgen policy built: an exec.Cmd run
with Env nil, os.Environ() or a slice derived from it; os.StartProcess,
syscall.Exec, ForkExec and StartProcess, and envrt's Command, Start, Run
and LookPath, given such an environment; a builder's result with a
non-constant entry appended after it ran. Findings print as
FILE:LINE:COL: message. A line comment //envgen:inherit REASON on the
reported call's line accepts it. Exit 1 when there are findings (or the
packages do not compile), 0 when none, 2 for bad usage (a bad flag, or
a pattern that names no package).

flags:
  -tests      check _test.go files too
`

// vetMain runs envgen vet: args are those after "vet"; environ is the
// environment of the go command that loads the packages, run in the
// current directory.
func vetMain(args []string, stdout, stderr io.Writer, environ []string) int {
	fs := newFlagSet("envgen vet", stderr)
	tests := fs.Bool("tests", false, "check _test.go files too")
	patterns, code, ok := parseArgs(fs, vetUsage, args, stderr)
	if !ok {
		return code
	}
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Tests: *tests, Env: environ}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		fmt.Fprintf(stderr, "envgen vet: %v\n", err)
		return exitPolicy
	}
	if len(pkgs) == 0 {
		return usageError(stderr, "envgen vet", "no packages match %s", strings.Join(patterns, " "))
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		for _, p := range pkgs {
			if p.Name == "" { // a pattern that names no package
				return usageError(stderr, "envgen vet", "no package to check in %s", strings.Join(patterns, " "))
			}
		}
		fmt.Fprintf(stderr, "envgen vet: %d errors loading the packages; nothing checked\n", n)
		return exitPolicy
	}
	if err := envgenvet.Analyzer.Flags.Set("tests", strconv.FormatBool(*tests)); err != nil {
		panic(err) // the analyzer declares the flag
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{envgenvet.Analyzer}, pkgs, nil)
	if err != nil {
		fmt.Fprintf(stderr, "envgen vet: %v\n", err)
		return exitPolicy
	}
	var findings []finding
	seen := map[string]bool{} // a file in a package and its test variant
	for _, act := range graph.Roots {
		if act.Err != nil {
			fmt.Fprintf(stderr, "envgen vet: %s: %v\n", act.Package.PkgPath, act.Err)
			return exitPolicy
		}
		for _, d := range act.Diagnostics {
			f := finding{act.Package.Fset.Position(d.Pos), d.Message}
			f.pos.Filename = relativePath(f.pos.Filename)
			if !seen[f.String()] {
				seen[f.String()] = true
				findings = append(findings, f)
			}
		}
	}
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
	for _, f := range findings {
		fmt.Fprintln(stdout, f)
	}
	if len(findings) > 0 {
		return exitFindings
	}
	return exitOK
}

// exitFindings is envgen vet's exit code when it reports a site.
const exitFindings = 1

// finding is one report of envgen vet.
type finding struct {
	pos token.Position
	msg string
}

// String formats f as FILE:LINE:COL: message.
func (f finding) String() string {
	return fmt.Sprintf("%s:%d:%d: %s", f.pos.Filename, f.pos.Line, f.pos.Column, f.msg)
}

// relativePath returns name relative to the current directory when it
// lies below it, else name.
func relativePath(name string) string {
	wd, err := os.Getwd()
	if err != nil {
		return name
	}
	rel, err := filepath.Rel(wd, name)
	if err != nil || strings.HasPrefix(rel, "..") {
		return name
	}
	return rel
}
