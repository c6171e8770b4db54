package secretvalue

import (
	"math/bits"
	"strings"
)

// This file holds the search for the bytes the anchored detectors hang
// on (detectors.go): '=', ':', '>' and '@'. Each byte found is
// handed to the detectors of that byte, whose first check (the two bytes
// of a key before it, a protocol after it) rules out almost every one.
//
// A value of up to 64 bytes is read eight bytes at a time, each word
// tested for every anchor byte at once with the has-a-zero-byte test of
// "Bit Twiddling Hacks" on the word XORed with each byte repeated. A
// longer one is searched byte by byte value by IndexByte, whose vector
// instructions cost less past a few words, though a call costs about a
// hundred instructions: where a byte turns out dense (LS_COLORS holds a
// ':' and a '=' every ten bytes) the search for it goes back to word
// tests.

const (
	ones8  = 0x0101010101010101
	highs8 = 0x8080808080808080
)

// shortAnchors is the length up to which anchors tests words.
const shortAnchors = 64

// anchors finds the first credential that an anchored detector finds
// at one of s's anchor bytes; s is at least minValue bytes.
func anchors(s string, h *hit) bool {
	if len(s) <= shortAnchors {
		return anchorWords(s, h)
	}
	for _, c := range anchorBytes {
		if anchorsOf(s, c, h) {
			return true
		}
	}
	return false
}

// load64 returns the eight bytes of s at i, the first in the low byte.
func load64(s string, i int) uint64 {
	w := s[i : i+8]
	return uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
}

// zeroBytes returns the high bit of each byte of x that is zero; a bit
// above one that is rightly set may be set wrongly (a borrow), so
// callers check the byte.
func zeroBytes(x uint64) uint64 { return (x - ones8) &^ x & highs8 }

// anchorRepeats holds each anchor byte repeated in a word; past the
// anchor bytes, the first again.
var anchorRepeats = func() (r [maxAnchors]uint64) {
	for k := range r {
		r[k] = ones8 * uint64(anchorBytes[k%len(anchorBytes)])
	}
	return r
}()

// anchorBits returns, for the eight bytes in x, the high bit of each byte
// that is an anchor byte, and maybe of others above one (callers check).
func anchorBits(x uint64) uint64 {
	r := &anchorRepeats
	return zeroBytes(x^r[0]) | zeroBytes(x^r[1]) | zeroBytes(x^r[2]) | zeroBytes(x^r[3])
}

// anchorWords checks each anchor byte of s, eight bytes at a time; s is
// at least eight bytes.
func anchorWords(s string, h *hit) bool {
	n := len(s)
	i := 0
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
		if j := w + bits.TrailingZeros64(m)>>3; atAnchor(s, j, h) {
			return true
		}
	}
	return false
}

// atAnchor runs the detectors of the byte at s[j], none if it is not an
// anchor byte; a keyed anchor's only where a key may end before it.
func atAnchor(s string, j int, h *hit) bool {
	if anchorKeyed[s[j]] && !keyMayEnd(s, j) {
		return false
	}
	fs := &anchorFinds[s[j]]
	for k := 0; k < maxPerAnchor && fs[k] != 0; k++ {
		if fs[k].call(s, j, h) {
			return true
		}
	}
	return false
}

// anchorsOf checks each c of a long s, by IndexByte until they turn out
// dense, then by word tests.
func anchorsOf(s string, c byte, h *hit) bool {
	hits := 0
	for off := 0; ; {
		j := strings.IndexByte(s[off:], c)
		if j < 0 {
			return false
		}
		k := off + j
		off = k + 1
		if atAnchor(s, k, h) {
			return true
		}
		if hits++; hits >= 8 && hits*32 > off && off+8 <= len(s) {
			return byteWords(s, off, c, h)
		}
	}
}

// byteWords checks each c of s from i on, eight bytes at a time; s has
// eight bytes from i.
func byteWords(s string, i int, c byte, h *hit) bool {
	n := len(s)
	r := ones8 * uint64(c)
	for ; ; i += 8 {
		w := i
		if i+8 > n {
			if i >= n {
				return false
			}
			w = n - 8
		}
		m := zeroBytes(load64(s, w) ^ r)
		if w < i {
			m &^= 1<<(8*(i-w)) - 1
		}
		for ; m != 0; m &= m - 1 {
			if j := w + bits.TrailingZeros64(m)>>3; s[j] == c && atAnchor(s, j, h) {
				return true
			}
		}
	}
}
