package cmd

import (
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
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
syscall.Exec, ForkExec and StartProcess, and envrt's (envexec's)
Command, Start, Run and LookPath, given such an environment; a shell
(mvdan.cc/sh's interp.Env, interp.New without it) given one; a Cmd with
such an Env stored or passed on where it leaves the function; a
builder's result with a non-constant entry appended or written after it
ran; a builder given entries appended to os.Environ(), which lose to the
parent's. Findings print as FILE:LINE:COL: message. A line comment
//envgen:inherit REASON on the reported line, or on the line that
creates the Cmd, accepts it. Packages that do not load are named and
skipped, the rest checked. Exit 1 when there are findings or skipped
packages, 0 when none, 2 for bad usage (a bad flag, or a pattern that
names no package).

flags:
  -tests      check _test.go files too
`

// vetMain runs envgen vet: args are those after "vet"; environ is the
// environment of the go command that loads the packages, run in the
// current directory.
func vetMain(args []string, stdout, stderr io.Writer, environ []string) int {
	fs := newFlagSet("envgen vet", stderr)
	tests := fs.Bool("tests", false, "check _test.go files too")
	patterns, code, ok := parseArgs(fs, vetUsage, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Tests: *tests, Env: environ}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		fmt.Fprintf(stderr, "envgen vet: %v\n", err)
		return exitPolicy
	}
	if len(pkgs) == 0 {
		return usageError(stderr, "envgen vet", "no packages match %s", strings.Join(patterns, " "))
	}
	for _, p := range pkgs {
		if p.Name == "" { // a pattern that names no package
			for _, e := range p.Errors {
				fmt.Fprintf(stderr, "envgen vet: %s\n", loadError(e))
			}
			return usageError(stderr, "envgen vet", "no package to check in %s", strings.Join(patterns, " "))
		}
	}
	roots, skipped := loadable(pkgs, stderr)
	if err := envgenvet.Analyzer.Flags.Set("tests", strconv.FormatBool(*tests)); err != nil {
		panic(err) // the analyzer declares the flag
	}
	var findings []finding
	if len(roots) > 0 {
		graph, err := checker.Analyze([]*analysis.Analyzer{envgenvet.Analyzer}, roots, nil)
		if err != nil {
			fmt.Fprintf(stderr, "envgen vet: %v\n", err)
			return exitPolicy
		}
		findings = collect(graph, stderr, &skipped)
	}
	for _, f := range findings {
		fmt.Fprintln(stdout, f)
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

// loadable returns the packages of pkgs that loaded, with every package
// they import, and the paths of the others; it prints each load error
// once, as FILE:LINE:COL: message.
func loadable(pkgs []*packages.Package, stderr io.Writer) (roots []*packages.Package, skipped []string) {
	printed := map[string]bool{}
	broken := map[*packages.Package]bool{}
	for p := range packages.Postorder(pkgs) {
		for _, e := range p.Errors {
			if msg := loadError(e); !printed[msg] {
				printed[msg] = true
				fmt.Fprintln(stderr, msg)
			}
			broken[p] = true
		}
		for _, imp := range p.Imports {
			if broken[imp] {
				broken[p] = true
			}
		}
	}
	for _, p := range pkgs {
		if broken[p] {
			skipped = append(skipped, p.PkgPath)
		} else {
			roots = append(roots, p)
		}
	}
	return roots, skipped
}

// loadError formats a load error as FILE:LINE:COL: message, its file
// relative to the current directory, or as the message alone where the
// go command gives no position ("-").
func loadError(e packages.Error) string {
	if e.Pos == "" || e.Pos == "-" {
		return e.Msg
	}
	return relativePath(e.Pos) + ": " + e.Msg
}

// collect returns the findings of the analysis, sorted, each once (a
// file in a package and its test variant); a package whose analysis
// failed is added to skipped, with its error printed.
func collect(graph *checker.Graph, stderr io.Writer, skipped *[]string) []finding {
	var findings []finding
	seen := map[string]bool{}
	for _, act := range graph.Roots {
		if act.Err != nil {
			fmt.Fprintf(stderr, "envgen vet: %s: %v\n", act.Package.PkgPath, act.Err)
			*skipped = append(*skipped, act.Package.PkgPath)
			continue
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
	return findings
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
