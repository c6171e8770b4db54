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
	pl, over := makePlanWithin(p, pkg, filepath.Base(file), maxTableEntries)
	if over != nil {
		return nil, policy.ErrorAt(file, over.KeyPos, "policy too large: with task %q, its tasks' tables would hold over %d entries; give tasks that pass the same names the same rules (presets help), or split the policy", over.Key, maxTableEntries)
	}
	pl.Values = PlanValues(p)
	return emit(pl)
}

// maxTableEntries bounds the generated tables: tasks that decide alike
// share one table, and each lists the shorter of what it keeps and what
// it drops, so this takes many tasks that differ over many names. At the
// limit go generate takes about 4 s and 1 GB of allocation on a 2-core
// machine (hostile case tables-at-the-limit).
const maxTableEntries = 250_000

// tableEntries counts the entries emit prints for the tasks' decisions
// and look-up lists, each shared table once.
func (pl *Plan) tableEntries() int {
	n := 0
	for _, t := range pl.Tasks {
		if t.SharesTablesWith == t.GoName {
			n += t.tableEntries()
		}
	}
	return n
}
