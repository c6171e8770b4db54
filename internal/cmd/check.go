package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"runtime/debug"

	"github.com/envgen/envgen/internal/gen"
)

// check compares the file at path with generated, the code envgen would
// write there from policyFile, and says on stderr which of the ways a
// generated file goes wrong this is: missing, in another package, with
// CRLF line ends (a checkout that converts them), or stale, with a
// unified diff of what regenerating would change. It returns the exit
// code: 0 if the file is up to date, 1 otherwise.
func check(stderr io.Writer, path, policyFile string, generated []byte) int {
	have, err := gen.ReadOutput(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		fmt.Fprintf(stderr, "envgen: %s is missing; run go generate (or envgen -o %s %s) to write it\n", path, path, policyFile)
		return exitPolicy
	case err != nil:
		fmt.Fprintf(stderr, "envgen: %v\n", err)
		return exitPolicy
	case bytes.Equal(have, generated):
		return exitOK
	}
	if lf := bytes.ReplaceAll(have, []byte("\r\n"), []byte("\n")); bytes.Equal(lf, generated) {
		fmt.Fprintf(stderr, "envgen: %s has CRLF line ends but is otherwise up to date: the checkout converted them (set `*_gen.go text eol=lf` in .gitattributes, or core.autocrlf=false)\n", path)
		return exitPolicy
	}
	if declared, want := declaredPackage(path), declaredPackageOf(generated); declared != "" && declared != want {
		fmt.Fprintf(stderr, "envgen: %s declares package %s, but envgen would write package %s: pass -pkg %s, or fix the policy's package\n", path, declared, want, declared)
		return exitPolicy
	}
	fmt.Fprintf(stderr, "envgen: %s is out of date with %s; run go generate. What it would change:\n", path, policyFile)
	stderr.Write(unifiedDiff(path, path+" (regenerated)", have, generated))
	return exitPolicy
}

// declaredPackage returns the package name the Go file at path declares,
// or "" if it cannot be read or parsed that far.
func declaredPackage(path string) string {
	src, err := gen.ReadOutput(path)
	if err != nil {
		return ""
	}
	return declaredPackageOf(src)
}

// declaredPackageOf returns the package name Go source src declares, or
// "".
func declaredPackageOf(src []byte) string {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.PackageClauseOnly)
	if err != nil {
		return ""
	}
	return f.Name.Name
}

// buildVersion returns envgen's version as the build info records it
// (see versionOf), or "(unknown)" without build info.
func buildVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	return versionOf(info)
}

// versionOf returns the version info records for its main module: the
// module version when built by go install or go tool; under a replace
// directive the replacement's, which is "(devel)" for a directory, as go
// version -m says (the version required, often the zero pseudo-version
// v0.0.0-00010101000000-000000000000, names nothing that was built);
// else "(devel)". The VCS revision follows when the build recorded one.
func versionOf(info *debug.BuildInfo) string {
	v := info.Main.Version
	if r := info.Main.Replace; r != nil {
		v = r.Version
	}
	if v == "" {
		v = "(devel)"
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" {
			v += " " + s.Value
		}
	}
	return v
}
