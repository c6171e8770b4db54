package envrt

import "math/bits"

// The hash reads a name 8 bytes at a time, little-endian, the last word
// zero-padded, and mixes in its length. It clears bit 5 of every byte
// (caseBits), the bit that tells an ASCII letter's cases apart, so names
// equal under ASCII case folding hash alike (as do a few other byte
// pairs, such as '_' and DEL, which the final comparison tells apart). The
// cleared bits, kept aside, tell spellings apart where names compare
// exactly.
const (
	caseBits = 0x2020202020202020
	mul      = 0x9e3779b97f4a7c15 // 2^64 / φ, odd
	eqBytes  = 0x3d3d3d3d3d3d3d3d // '=' in every byte
)

// Hash returns the table hash of name from seed, ASCII case-insensitive.
// envgen uses it to lay out the tables it generates.
func Hash(seed uint64, name string) uint64 {
	h, _ := hashWords(seed, name)
	return h
}

// hashWords hashes name as Hash does and keeps its case bits aside, as
// scanName does for a name inside an entry.
func hashWords(seed uint64, name string) (h, cases uint64) {
	h, i := seed, 0
	for ; i+8 <= len(name); i += 8 {
		w := load64(name, i)
		h, cases = mixWord(h, w), mixCases(cases, w)
	}
	if i < len(name) {
		w := loadTail(name, i, len(name))
		h, cases = mixWord(h, w), mixCases(cases, w)
	}
	return finish(h, len(name)), cases
}

// scanName finds the name of an os.Environ-style entry, the bytes before
// the first '=' after the first byte, and hashes it as Hash does, in one
// pass. eq is the name's length, or 0 if the entry has no such '='.
func scanName(seed uint64, e string) (eq int, h, cases uint64) {
	h = seed
	i := 0
	if e != "" && e[0] == '=' {
		i = len(e) // a Windows "=C:" name: the byte loop below
	}
	for ; i+8 <= len(e); i += 8 {
		w := load64(e, i)
		if m := firstZero(w ^ eqBytes); m != 0 {
			n := bits.TrailingZeros64(m) >> 3 // name bytes in w
			if n > 0 {
				w &= 1<<(8*n) - 1
				h, cases = mixWord(h, w), mixCases(cases, w)
			}
			return i + n, finish(h, i+n), cases
		}
		h, cases = mixWord(h, w), mixCases(cases, w)
	}
	if i == len(e) && e != "" && e[0] == '=' {
		i = 0
	}
	for j := max(i, 1); j < len(e); j++ {
		if e[j] == '=' {
			for ; i+8 <= j; i += 8 {
				w := load64(e, i)
				h, cases = mixWord(h, w), mixCases(cases, w)
			}
			if j > i {
				w := loadTail(e, i, j)
				h, cases = mixWord(h, w), mixCases(cases, w)
			}
			return j, finish(h, j), cases
		}
	}
	return 0, 0, 0
}

// mixWord mixes one word of a name into h, ASCII case aside.
func mixWord(h, w uint64) uint64 { return (h ^ w&^caseBits) * mul }

// mixCases keeps the case bits of a word of a name.
func mixCases(cases, w uint64) uint64 { return bits.RotateLeft64(cases, 7) ^ w&caseBits }

// finish mixes in the length of the name, then every bit into the low
// ones, which pick a slot.
func finish(h uint64, n int) uint64 {
	h = (h ^ uint64(n)) * mul
	h = (h ^ h>>32) * mul
	return h ^ h>>29
}

// firstZero returns a word whose lowest set bit is the high bit of the
// first zero byte of w, or 0 if w has none (bits above may be set too).
func firstZero(w uint64) uint64 {
	return (w - 0x0101010101010101) &^ w & 0x8080808080808080
}

// load64 returns the 8 bytes of s at i, little-endian; the compiler makes
// it one load.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// loadTail returns s[i:j], fewer than 8 bytes, as a little-endian word.
func loadTail(s string, i, j int) uint64 {
	var w uint64
	for k := j - 1; k >= i; k-- {
		w = w<<8 | uint64(s[k])
	}
	return w
}

// dedupKey is the hash under which a build call's de-duplication table
// files a name: h itself where names compare ASCII case-insensitively,
// else h mixed with the name's case bits.
func dedupKey(h, cases uint64, fold bool) uint64 {
	if fold {
		return h
	}
	cases = (cases ^ cases>>33) * mul
	cases = (cases ^ cases>>29) * mul
	return h ^ cases ^ cases>>32
}

// nameKey returns the de-duplication key of a name.
func nameKey(seed uint64, name string, fold bool) uint64 {
	h, cases := hashWords(seed, name)
	return dedupKey(h, cases, fold)
}
