package secretvalue

import "strings"

// This file holds the PEM check: a private key's BEGIN line (RFC 7468
// §2, RFC 4880 §6.2 for PGP armor) anywhere in a value, whatever wraps
// it: leading whitespace, one line with `\n` escapes, a JSON string (a
// service-account key). Its label must end in PRIVATE KEY or PRIVATE KEY
// BLOCK: public keys and certificates are not credentials. Only a value
// of 64 bytes or more is searched (anchors.go): a BEGIN line with no key
// after it is not reported.

// privateKeyIn finds a private key's BEGIN line anywhere in s: each
// "PRIVATE KEY" (its capitals are rare in ordinary values), checked back
// to its "-----BEGIN".
func privateKeyIn(s string, h *hit) bool {
	for off := 0; ; {
		j := strings.Index(s[off:], "PRIVATE KEY")
		if j < 0 {
			return false
		}
		k := off + j
		off = k + len("PRIVATE KEY")
		b := strings.LastIndex(s[max(0, k-110):k], "-----BEGIN")
		if b < 0 {
			continue
		}
		b += max(0, k-110)
		if end, ok := privateKeyLabel(s, b+10); ok {
			return h.set(familyPEM, b, pemEnd(s, end))
		}
	}
}

// privateKeyLabel reports whether the label that follows "-----BEGIN" at
// i, up to 100 bytes of [ A-Za-z0-9_-] and then "-----", names a
// private key, and returns the BEGIN line's end.
func privateKeyLabel(s string, i int) (int, bool) {
	j := i
	for j < len(s) && j-i <= 100 && (s[j] == ' ' || in(s[j], alnumDash) || s[j] == '_') {
		if strings.HasPrefix(s[j:], "-----") {
			break
		}
		j++
	}
	if !strings.HasPrefix(s[j:], "-----") {
		return j, false
	}
	label := s[i:j]
	return j + 5, strings.HasSuffix(label, "PRIVATE KEY") || strings.HasSuffix(label, "PRIVATE KEY BLOCK")
}

// pemEnd returns the end of the block whose BEGIN line ends at i: past
// its END line, or i when there is none.
func pemEnd(s string, i int) int {
	if j := strings.Index(s[i:], "-----END"); j >= 0 {
		k := i + j + len("-----END")
		if m := strings.Index(s[k:], "-----"); m >= 0 {
			return k + m + 5
		}
	}
	return i
}
