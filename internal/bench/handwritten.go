package bench

import (
	"slices"
	"strings"

	"github.com/envgen/envgen/internal/bench/benchdata"
)

// HandFilter is the filter a careful user writes without envgen: a secret
// set and an allowlist as maps, strings.Cut, a seen-map for first-wins
// de-duplication, strings.ToUpper only for the secret look-up, and each
// kept entry appended as it is. It implements the same semantics as the
// generated builders for the benchmark policies (value detection off).
type HandFilter struct {
	secrets  map[string]bool // upper-cased
	suffixes []string        // upper-cased secret pattern suffixes
	allow    map[string]bool // isolated: essentials and passThrough names
	prefixes []string        // isolated: passThrough pattern prefixes
}

// NewHandFilter returns the hand-written filter of a benchmark policy
// with these secret names.
func NewHandFilter(secrets []string) *HandFilter {
	h := &HandFilter{secrets: map[string]bool{}, allow: map[string]bool{}, prefixes: []string{"NEXT_PUBLIC_"}}
	for _, s := range secrets {
		h.secrets[s] = true
	}
	for _, pat := range benchdata.SecretPatterns {
		h.suffixes = append(h.suffixes, strings.TrimPrefix(pat, "*"))
	}
	for _, e := range append(slices.Clip(essentials), "NODE_ENV", "GOFLAGS") {
		h.allow[e] = true
	}
	return h
}

// Inherit returns environ less secrets and HISTFILE, plus CGO_ENABLED=0
// for comparison with the isolated task's define.
func (h *HandFilter) Inherit(environ []string) []string {
	seen := make(map[string]bool, len(environ))
	out := make([]string, 0, len(environ))
	for _, e := range environ {
		name, _, ok := strings.Cut(e, "=")
		if !ok || name == "" || strings.IndexByte(e, 0) >= 0 || seen[name] {
			continue
		}
		seen[name] = true
		if h.secret(name) || name == "HISTFILE" {
			continue
		}
		out = append(out, e)
	}
	return out
}

// Isolated returns the allowed names of environ and CGO_ENABLED=0.
func (h *HandFilter) Isolated(environ []string) []string {
	seen := make(map[string]bool, len(environ))
	out := make([]string, 0, len(h.allow)+1)
	for _, e := range environ {
		name, _, ok := strings.Cut(e, "=")
		if !ok || name == "" || strings.IndexByte(e, 0) >= 0 || seen[name] {
			continue
		}
		seen[name] = true
		if h.allow[name] || h.prefixed(name) && !h.secret(name) {
			out = append(out, e)
		}
	}
	for i, e := range out {
		if strings.HasPrefix(e, "CGO_ENABLED=") {
			out[i] = "CGO_ENABLED=0"
			return out
		}
	}
	return append(out, "CGO_ENABLED=0")
}

func (h *HandFilter) secret(name string) bool {
	upper := strings.ToUpper(name)
	if h.secrets[upper] {
		return true
	}
	for _, s := range h.suffixes {
		if strings.HasSuffix(upper, s) {
			return true
		}
	}
	return false
}

func (h *HandFilter) prefixed(name string) bool {
	for _, p := range h.prefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}
