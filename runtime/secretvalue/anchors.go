package secretvalue

import (
	"math/bits"
	"strings"
)

// This file holds the scan for the bytes the structural detectors hang
// on: '@' (a URL's userinfo ends there), '=' (key=value), '"' (a JSON
// key ends there) and, in a value long enough to hold a private key, the
// words PRIVATE KEY. A value of up to 24 bytes is read sixteen bytes at
// a time, each eight tested for '@', '=' and '"' at once with the
// has-a-zero-byte test of "Bit Twiddling Hacks" on the word XORed with
// each byte repeated; a longer one is searched for each byte by
// IndexByte, and for '"' only when it starts like JSON text.

const (
	ones8  = 0x0101010101010101
	highs8 = 0x8080808080808080
)

// shortAnchors is the length up to which anchors tests words: past it
// IndexByte's vector instructions cost less than a word test per eight
// bytes, though a call costs about a hundred instructions.
const shortAnchors = 24

// pemMin is the length of the shortest value a private key is looked for
// in: a BEGIN line and 64 bytes of key.
const pemMin = 64

// anchors finds the first credential that a structural detector finds
// at one of s's anchor bytes; s is at least minValue bytes.
func anchors(s string, h *hit) bool {
	n := len(s)
	if n > shortAnchors {
		return anchorsLong(s, h)
	}
	i := 0
	for ; i+16 <= n; i += 16 {
		m1, m2 := anchorBits(load64(s, i)), anchorBits(load64(s, i+8))
		if m1|m2 != 0 && (m1 != 0 && anchorsIn(s, i, m1, h) || m2 != 0 && anchorsIn(s, i+8, m2, h)) {
			return true
		}
	}
	if i+8 <= n {
		if m := anchorBits(load64(s, i)); m != 0 && anchorsIn(s, i, m, h) {
			return true
		}
		i += 8
	}
	if i < n {
		// the last word again, without the bytes already seen
		w := n - 8
		if m := anchorBits(load64(s, w)) &^ (1<<(8*(i-w)) - 1); m != 0 && anchorsIn(s, w, m, h) {
			return true
		}
	}
	return n >= pemMin && privateKeyIn(s, h)
}

// load64 returns the eight bytes of s at i, the first in the low byte.
func load64(s string, i int) uint64 {
	w := s[i : i+8]
	return uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
}

// anchorBits returns, for the eight bytes in x, the high bit of each byte
// that is '@', '=' or '"'. A bit above one that is rightly set may be set
// wrongly (a borrow); callers check the byte.
func anchorBits(x uint64) uint64 {
	a := x ^ ones8*'@'
	q := x ^ ones8*'"'
	e := x ^ ones8*'='
	return ((a-ones8)&^a | (q-ones8)&^q | (e-ones8)&^e) & highs8
}

// anchorsIn checks each byte of the word at s[w] that m marks.
func anchorsIn(s string, w int, m uint64, h *hit) bool {
	for ; m != 0; m &= m - 1 {
		j := w + bits.TrailingZeros64(m)>>3
		switch s[j] {
		case '@':
			if urlAt(s, j, h) {
				return true
			}
		case '=':
			if keyValueAt(s, j, h) {
				return true
			}
		case '"':
			if jsonMemberAt(s, j, h) {
				return true
			}
		}
	}
	return false
}

// anchorsLong is anchors for a longer s: each anchor byte found by
// IndexByte, the two bytes before an '=' checked here. Its '"' are
// searched only when it starts like JSON text, with '{', '[' or a quote.
func anchorsLong(s string, h *hit) bool {
	for off := 0; ; {
		j := strings.IndexByte(s[off:], '=')
		if j < 0 {
			break
		}
		k := off + j
		off = k + 1
		if k >= 2 && (keySuffix2(s[k-2], s[k-1]) || s[k-1] == ' ' || s[k-1] == '\t') && keyValueAt(s, k, h) {
			return true
		}
	}
	for off := 0; ; {
		j := strings.IndexByte(s[off:], '@')
		if j < 0 {
			break
		}
		off += j + 1
		if urlAt(s, off-1, h) {
			return true
		}
	}
	if looksJSON(s) {
		for off := 0; ; {
			j := strings.IndexByte(s[off:], '"')
			if j < 0 {
				break
			}
			off += j + 1
			if jsonMemberAt(s, off-1, h) {
				return true
			}
		}
	}
	return len(s) >= pemMin && privateKeyIn(s, h)
}

// looksJSON reports whether s, after leading whitespace, starts with
// '{', '[' or '"': JSON text, or a JSON string holding JSON.
func looksJSON(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\r':
			continue
		case '{', '[', '"':
			return true
		}
		return false
	}
	return false
}
