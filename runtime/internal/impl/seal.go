package impl

import (
	"slices"

	"github.com/envgen/envgen/runtime/internal/seal"
)

// This file is the policy's side of Seal: which of the process's entries
// a policy seals. Package seal does the sealing.

// SealOption changes what Seal does; HideProcess makes one.
type SealOption struct{ hide bool }

// HideProcess makes Seal also set the process non-dumpable.
func HideProcess() SealOption { return SealOption{hide: true} }

// Sealed holds the values Seal took out of the process's environment.
type Sealed struct{ s *seal.Sealed }

// Seal seals the process's entries that p calls secret: by name, or by
// value unless secrets.pass names the entry's spelling (as for a
// builder, only the policy's own text exempts a value).
func (p *Policy) Seal(opts []SealOption) (*Sealed, error) {
	hide := false
	for _, o := range opts {
		hide = hide || o.hide
	}
	s, err := seal.Seal(func(name, value string) bool {
		return p.IsSecret(name) || value != "" && p.IsSecretValue(value) && !slices.Contains(p.Pass, name)
	}, hide)
	if err != nil {
		return nil, err
	}
	return &Sealed{s}, nil
}

// Names returns the sealed names, sorted.
func (s *Sealed) Names() []string { return s.s.Names() }

// Lookup returns the value name held when it was sealed, and whether it
// is sealed.
func (s *Sealed) Lookup(name string) (string, bool) { return s.s.Lookup(name) }

// Var returns Set(name, its sealed value), or, for a name not sealed, a
// Var that does nothing.
func (s *Sealed) Var(name string) Var {
	if value, ok := s.s.Lookup(name); ok {
		return Set(name, value)
	}
	return Var{op: opNone, name: name}
}
