package cmd

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/envgen/envgen/internal/gen"
	"github.com/envgen/envgen/internal/policy"
)

// Exit codes of the envgen command.
const (
	exitOK     = 0
	exitPolicy = 1 // a bad or unreadable policy, or -check found a stale file
	exitUsage  = 2 // bad flags or arguments, or no package name
)

const usage = `usage: envgen [flags] POLICY.yaml
       envgen init [-o FILE] [FILE]
       envgen explain [flags] POLICY.yaml [TASK]
       envgen list essentials|secrets|injection|presets
       envgen audit [-env FILE] POLICY.yaml [TASK]
       envgen vet [-tests] [-format F] [PACKAGES]

Generates Go code building the environment of each task in POLICY.yaml.
envgen init writes a starter policy; envgen explain shows what a task
would pass from an environment, and why each name is in or out; envgen
list prints a built-in list with sources; envgen audit lists what the
inherit tasks would pass that looks like a credential; envgen vet reports
spawn sites whose child may get an environment no policy built (run
envgen init -h, explain -h, list -h, audit -h or vet -h for their flags).

flags:
  -o FILE     write here (default: standard output); written only if changed
  -pkg NAME   package name (default: $GOPACKAGE, which go generate sets,
              else the policy's package)
  -check      with -o: write nothing; exit 1 if FILE is missing or differs,
              and show how (missing, or a unified diff of what would change)
  -version    print envgen's version and exit

-o - is standard output. Flags may follow POLICY.yaml. With -check and
no other package name, the package is the one FILE declares.
`

// Do runs the envgen command line and returns its exit code: args
// without the program name; stdin, stdout and stderr the streams; environ
// the process environment, as os.Environ gives it ($GOPACKAGE for the
// package name, and what explain explains without -env). It reads
// nothing else of the process.
//
// A first argument "init", "explain", "list", "audit" or "vet" runs that subcommand
// instead (a policy file of such a name is reached as ./init, ...).
func Do(args []string, stdin io.Reader, stdout, stderr io.Writer, environ []string) int {
	if len(args) > 0 {
		switch args[0] {
		case "init":
			return initMain(args[1:], stdout, stderr)
		case "explain":
			return explainMain(args[1:], stdin, environ, stdout, stderr)
		case "list":
			return listMain(args[1:], stdout, stderr)
		case "audit":
			return auditMain(args[1:], stdin, environ, stdout, stderr)
		case "vet":
			return vetMain(args[1:], stdout, stderr, environ)
		}
	}
	return generateMain(args, stdout, stderr, environ)
}

// generateMain runs envgen without a subcommand: generate, or with
// -check compare.
func generateMain(args []string, stdout, stderr io.Writer, environ []string) int {
	fs := newFlagSet("envgen", stderr)
	out := fs.String("o", "", "write here (default: standard output)")
	pkg := fs.String("pkg", "", "package name")
	checkOnly := fs.Bool("check", false, "with -o: exit 1 if FILE is missing or differs")
	version := fs.Bool("version", false, "print envgen's version and exit")
	// -inside-runtime is internal to envgen (docs/cli.md): the runtime's
	// default policy, which envrt imports, is generated with it.
	insideRuntime := fs.Bool("inside-runtime", false, "name the overrides envimpl.Var (internal)")
	positional, code, ok := parseArgs(fs, usage, args, stdout, stderr)
	if !ok {
		return code
	}
	usageErr := func(format string, args ...any) int {
		return usageError(stderr, "envgen", format, args...)
	}
	if *version {
		fmt.Fprintln(stdout, "envgen", buildVersion())
		return exitOK
	}
	if *out == "-" {
		*out = ""
	}
	switch {
	case len(positional) == 0:
		return usageErr("no policy file")
	case len(positional) > 1:
		return usageErr("one policy file at a time; got %d: %s", len(positional), strings.Join(positional, " "))
	case *checkOnly && *out == "":
		return usageErr("-check needs -o FILE")
	case *pkg != "" && !policy.IsPackageName(*pkg):
		return usageErr("-pkg %q is not a Go package name", *pkg)
	}
	name := *pkg
	if name == "" {
		name = lookup(environ, "GOPACKAGE")
	}
	if name != "" && !policy.IsPackageName(name) {
		return usageErr("$GOPACKAGE %q is not a Go package name", name)
	}

	file := positional[0]
	src, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintf(stderr, "envgen: %v\n", err)
		return exitPolicy
	}
	opts := gen.Options{Package: name, InsideRuntime: *insideRuntime}
	generated, err := gen.GenerateWith(file, src, opts)
	if errors.Is(err, gen.ErrNoPackage) && *checkOnly {
		// -check with no other source: the package FILE declares.
		if opts.Package = declaredPackage(*out); opts.Package != "" {
			generated, err = gen.GenerateWith(file, src, opts)
		}
	}
	var diags policy.Diagnostics
	switch {
	case errors.As(err, &diags):
		for _, d := range diags {
			fmt.Fprintln(stderr, d)
		}
		return exitPolicy
	case errors.Is(err, gen.ErrNoPackage):
		return usageErr("%v", err)
	case err != nil:
		fmt.Fprintf(stderr, "envgen: %s: %v\n", file, err)
		return exitPolicy
	}

	if *out != "" {
		if other, names, samePolicy := clash(*out, generated); other != "" {
			if samePolicy {
				fmt.Fprintln(stderr, policy.ErrorAt(file, policy.Pos{Line: 1, Col: 1}, "%s was generated from %s too, most likely by this policy under an earlier -o name, and declares the same names (%s): delete %s", other, filepath.Base(file), quoteList(names, 3), other))
				return exitPolicy
			}
			pos := policy.Pos{Line: 1, Col: 1}
			if p, err := policy.Load(file, src); err == nil {
				pos = p.PrefixPos
			}
			fmt.Fprintln(stderr, policy.ErrorAt(file, pos, "its generated code would declare %s, which %s, another policy's generated file in the package, declares too; give one of the policies its own prefix: (e.g. prefix: Web)", quoteList(names, 5), other))
			return exitPolicy
		}
	}
	switch {
	case *out == "":
		if _, err := stdout.Write(generated); err != nil {
			fmt.Fprintf(stderr, "envgen: %v\n", err)
			return exitPolicy
		}
	case *checkOnly:
		return check(stderr, *out, file, generated)
	default:
		if _, err := gen.WriteIfChanged(*out, generated); err != nil {
			fmt.Fprintf(stderr, "envgen: %v\n", err)
			return exitPolicy
		}
	}
	return exitOK
}

// lookup returns the value of the first entry of environ that sets name,
// as os.Getenv would, or "".
func lookup(environ []string, name string) string {
	for _, e := range environ {
		if k, v, ok := strings.Cut(e, "="); ok && k == name {
			return v
		}
	}
	return ""
}

// quoteList quotes at most max of names, saying how many more there are.
func quoteList(names []string, max int) string {
	var q []string
	for i, n := range names {
		if i == max {
			q = append(q, fmt.Sprintf("and %d more", len(names)-max))
			break
		}
		q = append(q, strconv.Quote(n))
	}
	return strings.Join(q, ", ")
}
