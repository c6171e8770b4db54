package gen

import (
	"errors"
	"path/filepath"

	"github.com/envgen/envgen/internal/policy"
)

// ErrNoPackage is returned when no package name was given by the caller
// or the policy.
var ErrNoPackage = errors.New("no package name: pass -pkg, run under go generate, or set package: in the policy")

// Generate turns the policy src, read from file, into a Go source file in
// package pkg, or the policy's own package when pkg is "". A bad policy
// returns Diagnostics naming file; positions and the generated header use
// only file's base name beyond that, so output does not depend on where
// the command ran.
func Generate(file string, src []byte, pkg string) ([]byte, error) {
	p, err := policy.Load(file, src)
	if err != nil {
		return nil, err
	}
	if pkg == "" {
		pkg = p.Package
	}
	if pkg == "" {
		return nil, ErrNoPackage
	}
	return emit(MakePlan(p, pkg, filepath.Base(file)))
}
