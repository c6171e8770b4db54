package cmd

// This file finds identifiers that a generated file would share with
// another envgen file of its package: two policies in one package must
// differ by prefix:, and saying so at the policy beats a compile error.

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/envgen/envgen/internal/gen"
)

// clash returns another envgen-generated file in out's directory, of the
// same package as generated, that declares a top-level name generated
// declares too, and those names; "" if there is none. samePolicy says
// that its first line is generated's, which names the policy file: it is
// most likely this policy's output under an earlier -o name. Files that
// do not parse are skipped: the compiler will say what is wrong with
// them.
func clash(out string, generated []byte) (other string, names []string, samePolicy bool) {
	pkg, mine := topLevelNames(generated)
	if pkg == "" {
		return "", nil, false
	}
	dir := filepath.Dir(out)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", nil, false
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || name == filepath.Base(out) || disjoint(name, filepath.Base(out)) {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.HasPrefix(src, gen.GeneratedHeader) {
			continue
		}
		theirPkg, theirs := topLevelNames(src)
		if theirPkg != pkg {
			continue
		}
		var both []string
		for n := range theirs {
			if mine[n] {
				both = append(both, n)
			}
		}
		if len(both) > 0 {
			slices.Sort(both)
			return filepath.Join(dir, name), both, firstLine(src) == firstLine(generated)
		}
	}
	return "", nil, false
}

// firstLine returns src up to its first newline.
func firstLine(src []byte) string {
	line, _, _ := bytes.Cut(src, []byte("\n"))
	return string(line)
}

// topLevelNames returns the package of a Go file and the names it
// declares at top level (methods and _ aside), or "" if it does not parse.
func topLevelNames(src []byte) (pkg string, names map[string]bool) {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		return "", nil
	}
	names = map[string]bool{}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				names[d.Name.Name] = true
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					names[s.Name.Name] = true
				case *ast.ValueSpec:
					for _, n := range s.Names {
						names[n.Name] = true
					}
				}
			}
		}
	}
	delete(names, "_")
	return f.Name.Name, names
}

// Known GOOS and GOARCH values, as go/build reads them in file names.
var (
	knownOS   = strings.Fields("aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris wasip1 windows zos")
	knownArch = strings.Fields("386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm")
)

// fileTarget returns the GOOS and GOARCH a Go file name restricts the
// file to, as go/build reads name_GOOS_GOARCH.go ("" for none).
func fileTarget(name string) (goos, goarch string) {
	name = strings.TrimSuffix(strings.TrimSuffix(name, ".go"), "_test")
	parts := strings.Split(name, "_")
	if len(parts) < 2 {
		return "", ""
	}
	last := parts[len(parts)-1]
	if len(parts) >= 3 && slices.Contains(knownArch, last) && slices.Contains(knownOS, parts[len(parts)-2]) {
		return parts[len(parts)-2], last
	}
	switch {
	case slices.Contains(knownOS, last):
		return last, ""
	case slices.Contains(knownArch, last):
		return "", last
	}
	return "", ""
}

// disjoint reports whether no build compiles both files a and b, by their
// names: envpolicy_linux.go and envpolicy_windows.go may declare the
// same names. A build for android compiles _linux files too, ios
// _darwin and illumos _solaris ones.
func disjoint(a, b string) bool {
	aOS, aArch := fileTarget(a)
	bOS, bArch := fileTarget(b)
	return aOS != "" && bOS != "" && aOS != bOS && !implies(aOS, bOS) && !implies(bOS, aOS) ||
		aArch != "" && bArch != "" && aArch != bArch
}

// implies reports whether a build for GOOS a also compiles _b files.
func implies(a, b string) bool {
	return a == "android" && b == "linux" || a == "ios" && b == "darwin" || a == "illumos" && b == "solaris"
}
