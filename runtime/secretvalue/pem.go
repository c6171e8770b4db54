package secretvalue

import "strings"

// This file holds the PEM check: a private key's BEGIN line (RFC 7468
// §2, RFC 4880 §6.2 for PGP armor) anywhere in a value, whatever wraps
// it: leading whitespace, one line with `\n` escapes, a JSON string (a
// service-account key), percent-encoding (a key in a URL or a form:
// %20 or '+' for its spaces, %0A for its line breaks). Its label must
// end in PRIVATE KEY or PRIVATE KEY BLOCK: public keys and certificates
// are not credentials. A key must follow: 32 bytes of base64 before the
// next "-----" (an END line); a BEGIN line with nothing after it, or a
// word, is not reported. Only a value of 64 bytes or more is searched.

// pemMin is the length of the shortest value a private key is looked for
// in: a BEGIN line and 64 bytes of key.
const pemMin = 64

// pemBody is how many bytes of base64 must follow a BEGIN line, within
// pemBodyReach bytes.
const (
	pemBody      = 32
	pemBodyReach = 512
)

// privateKeyIn finds a private key's BEGIN line anywhere in s: each
// "PRIVATE" (its capitals are rare in ordinary values) followed by a
// space (or %20, or '+') and "KEY", checked back to its "-----BEGIN".
func privateKeyIn(s string, h *hit) bool {
	if len(s) < pemMin {
		return false
	}
	for off := 0; ; {
		j := strings.Index(s[off:], "PRIVATE")
		if j < 0 {
			return false
		}
		k := off + j
		off = k + len("PRIVATE")
		sep := pemSpace(s, off)
		if sep == 0 || !strings.HasPrefix(s[off+sep:], "KEY") {
			continue
		}
		b := strings.LastIndex(s[max(0, k-120):k], "-----BEGIN")
		if b < 0 {
			continue
		}
		b += max(0, k-120)
		if end, ok := privateKeyLabel(s, b+10); ok && keyFollows(s, end) {
			if sep > 1 || s[off] == '+' {
				h.form = formPercent
			}
			return h.set(familyPEM, b, pemEnd(s, end))
		}
	}
}

// pemSpace returns the length of the space at s[i] between a label's
// words: 1 for ' ' or '+', 3 for "%20", else 0.
func pemSpace(s string, i int) int {
	switch {
	case i < len(s) && (s[i] == ' ' || s[i] == '+'):
		return 1
	case strings.HasPrefix(s[i:], "%20"):
		return 3
	}
	return 0
}

// privateKeyLabel reports whether the label that follows "-----BEGIN" at
// i, up to 100 bytes of words of [A-Za-z0-9_-] between spaces (or %20,
// or '+') and then "-----", names a private key, and returns the BEGIN
// line's end.
func privateKeyLabel(s string, i int) (int, bool) {
	j := i
	var w1, w2, w3 string // the label's last three words, to see how it ends
	for j < len(s) && j-i <= 100 {
		if strings.HasPrefix(s[j:], "-----") {
			break
		}
		if n := pemSpace(s, j); n > 0 {
			j += n
			continue
		}
		w := j
		for j < len(s) && (in(s[j], alnumDash) || s[j] == '_') && !strings.HasPrefix(s[j:], "-----") {
			j++
		}
		if j == w {
			return j, false
		}
		w1, w2, w3 = w2, w3, s[w:j]
	}
	if !strings.HasPrefix(s[j:], "-----") {
		return j, false
	}
	ok := strings.HasSuffix(w2, "PRIVATE") && w3 == "KEY" || strings.HasSuffix(w1, "PRIVATE") && w2 == "KEY" && w3 == "BLOCK"
	return j + 5, ok
}

// keyFollows reports whether pemBody bytes of base64 follow s[i] (the
// end of a BEGIN line) before the next "-----" (an END line), within
// pemBodyReach bytes: line breaks, escapes and percent-encoding are
// skipped over as they come, their letters counting.
func keyFollows(s string, i int) bool {
	n := 0
	for k := i; k < len(s) && k-i < pemBodyReach && !strings.HasPrefix(s[k:], "-----"); k++ {
		if base64Value[s[k]] != noBase64 {
			if n++; n >= pemBody {
				return true
			}
		}
	}
	return false
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
