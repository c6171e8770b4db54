package secretvalue

import (
	"math/bits"
	"strings"
)

// This file holds the search for the bytes the structural detectors hang
// on: '@' (a URL's userinfo ends there), '=' (key=value), '"' (a JSON
// key ends there, in a value that starts like JSON text) and, in a value
// long enough to hold a private key, the words PRIVATE KEY.
//
// A value of up to 64 bytes is read eight bytes at a time, each word
// tested for '=' and '@' at once with the has-a-zero-byte test of "Bit
// Twiddling Hacks" on the word XORed with each byte repeated. A longer
// one is searched by IndexByte, whose vector instructions cost less past
// a few words, though a call costs about a hundred instructions: where
// '=' turns out dense (LS_COLORS holds one every ten bytes) the search
// goes back to word tests.

const (
	ones8  = 0x0101010101010101
	highs8 = 0x8080808080808080
)

// shortAnchors is the length up to which anchors tests words.
const shortAnchors = 64

// pemMin is the length of the shortest value a private key is looked for
// in: a BEGIN line and 64 bytes of key.
const pemMin = 64

// anchors finds the first credential that a structural detector finds
// at one of s's anchor bytes; s is at least minValue bytes.
func anchors(s string, h *hit) bool {
	if looksJSON(s) && jsonMembers(s, h) {
		return true
	}
	if len(s) > shortAnchors {
		return keyValues(s, h) || urls(s, h) || privateKeyIn(s, h)
	}
	return anchorWords(s, 0, h) || len(s) >= pemMin && privateKeyIn(s, h)
}

// load64 returns the eight bytes of s at i, the first in the low byte.
func load64(s string, i int) uint64 {
	w := s[i : i+8]
	return uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
}

// anchorBits returns, for the eight bytes in x, the high bit of each byte
// that is '=' or '@'. A bit above one that is rightly set may be set
// wrongly (a borrow); callers check the byte.
func anchorBits(x uint64) uint64 {
	e := x ^ ones8*'='
	a := x ^ ones8*'@'
	return ((e-ones8)&^e | (a-ones8)&^a) & highs8
}

// anchorWords checks each '=' and '@' of s from i on, eight bytes at a
// time; s is at least eight bytes.
func anchorWords(s string, i int, h *hit) bool {
	n := len(s)
	for ; i+8 <= n; i += 8 {
		if m := anchorBits(load64(s, i)); m != 0 && anchorsIn(s, i, m, h) {
			return true
		}
	}
	if i < n {
		// the last word again, without the bytes already seen
		w := n - 8
		if m := anchorBits(load64(s, w)) &^ (1<<(8*(i-w)) - 1); m != 0 {
			return anchorsIn(s, w, m, h)
		}
	}
	return false
}

// anchorsIn checks each byte of the word at s[w] that m marks.
func anchorsIn(s string, w int, m uint64, h *hit) bool {
	for ; m != 0; m &= m - 1 {
		j := w + bits.TrailingZeros64(m)>>3
		switch s[j] {
		case '=':
			if mayBeKey(s, j) && keyValueAt(s, j, h) {
				return true
			}
		case '@':
			if urlAt(s, j, h) {
				return true
			}
		}
	}
	return false
}

// mayBeKey reports whether the two bytes before the '=' at s[j], or a
// space (INI's "key = value"), may end a key that names a credential.
func mayBeKey(s string, j int) bool {
	return j >= 2 && (keySuffix2(s[j-2], s[j-1]) || s[j-1] == ' ' || s[j-1] == '\t')
}

// keyValues checks each '=' of a long s, by IndexByte until they turn
// out dense, then by word tests.
func keyValues(s string, h *hit) bool {
	hits := 0
	for off := 0; ; {
		j := strings.IndexByte(s[off:], '=')
		if j < 0 {
			return false
		}
		k := off + j
		off = k + 1
		if mayBeKey(s, k) && keyValueAt(s, k, h) {
			return true
		}
		if hits++; hits >= 8 && hits*32 > off && off+8 <= len(s) {
			return equalsWords(s, off, h)
		}
	}
}

// equalsWords checks each '=' of s from i on, eight bytes at a time; s
// has eight bytes from i.
func equalsWords(s string, i int, h *hit) bool {
	n := len(s)
	for ; ; i += 8 {
		w := i
		if i+8 > n {
			if i >= n {
				return false
			}
			w = n - 8
		}
		x := load64(s, w) ^ ones8*'='
		m := (x - ones8) &^ x & highs8
		if w < i {
			m &^= 1<<(8*(i-w)) - 1
		}
		for ; m != 0; m &= m - 1 {
			j := w + bits.TrailingZeros64(m)>>3
			if s[j] == '=' && mayBeKey(s, j) && keyValueAt(s, j, h) {
				return true
			}
		}
	}
}

// urls checks each '@' of a long s.
func urls(s string, h *hit) bool {
	for off := 0; ; {
		j := strings.IndexByte(s[off:], '@')
		if j < 0 {
			return false
		}
		off += j + 1
		if urlAt(s, off-1, h) {
			return true
		}
	}
}

// jsonMembers checks each '"' of s.
func jsonMembers(s string, h *hit) bool {
	for off := 0; ; {
		j := strings.IndexByte(s[off:], '"')
		if j < 0 {
			return false
		}
		off += j + 1
		if jsonMemberAt(s, off-1, h) {
			return true
		}
	}
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
