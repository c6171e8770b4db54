package bench

import "strings"

// handFilter is what people write today without envgen: a secret set and
// an allowlist as maps, strings.Cut, strings.ToUpper for case-insensitive
// secret detection, a seen-map for first-wins de-duplication, and a
// concatenation per kept entry. It implements the same semantics as the
// generated builders for the benchmark policies.
type handFilter struct {
	secrets  map[string]bool // upper-cased
	suffixes []string        // upper-cased secret pattern suffixes
	allow    map[string]bool // isolated: essentials and passThrough names
	prefixes []string        // isolated: passThrough pattern prefixes
}

// inherit returns environ less secrets and HISTFILE, plus CGO_ENABLED=0
// for comparison with the isolated task's define.
func (h *handFilter) inherit(environ []string) []string {
	seen := make(map[string]bool, len(environ))
	out := make([]string, 0, len(environ))
	for _, e := range environ {
		name, value, ok := strings.Cut(e, "=")
		if !ok || name == "" || strings.IndexByte(e, 0) >= 0 || seen[name] {
			continue
		}
		seen[name] = true
		if h.secret(name) || name == "HISTFILE" {
			continue
		}
		out = append(out, name+"="+value)
	}
	return out
}

// isolated returns the allowed names of environ and CGO_ENABLED=0.
func (h *handFilter) isolated(environ []string) []string {
	seen := make(map[string]bool, len(environ))
	out := make([]string, 0, len(h.allow)+1)
	for _, e := range environ {
		name, value, ok := strings.Cut(e, "=")
		if !ok || name == "" || strings.IndexByte(e, 0) >= 0 || seen[name] {
			continue
		}
		seen[name] = true
		if h.allow[name] || h.prefixed(name) && !h.secret(name) {
			out = append(out, name+"="+value)
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

func (h *handFilter) secret(name string) bool {
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

func (h *handFilter) prefixed(name string) bool {
	for _, p := range h.prefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}
