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
	return GenerateWith(file, src, Options{Package: pkg})
}

// Options are what a generation takes beside the policy.
type Options struct {
	// Package is the output's package name; "" for the policy's own.
	Package string
	// InsideRuntime names the overrides' type envimpl.Var, not
	// envrt.Var, so that the output imports envimpl alone: for the
	// runtime's default policy, which envrt imports (internal to envgen).
	InsideRuntime bool
}

// GenerateWith is Generate with options.
func GenerateWith(file string, src []byte, opts Options) ([]byte, error) {
	p, err := policy.Load(file, src)
	if err != nil {
		return nil, err
	}
	pkg := opts.Package
	if pkg == "" {
		pkg = p.Package
	}
	if pkg == "" {
		return nil, ErrNoPackage
	}
	pl := MakePlan(p, pkg, filepath.Base(file))
	pl.InsideRuntime = opts.InsideRuntime
	return emit(pl)
}
