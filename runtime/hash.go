package envrt

import (
	"math/bits"
	"strings"
)

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
// scanNames does for a name inside an entry.
func hashWords(seed uint64, name string) (h, cases uint64) {
	h, i := seed, 0
	for ; i+8 <= len(name); i += 8 {
		w := load64(name[i:])
		h, cases = mixWord(h, w), mixCases(cases, w)
	}
	if i < len(name) {
		w := loadTail(name, i, len(name))
		h, cases = mixWord(h, w), mixCases(cases, w)
	}
	return finish(h, len(name)), cases
}

// scanned is what scanNames finds in one entry.
type scanned struct {
	h, cases uint64 // the name's hash (see Hash) and case bits (see hashWords)
	eq       int    // the name's length, or 0 if the entry has none
}

// scanNames finds the name of each os.Environ-style entry of environ, the
// bytes before its first '=' after the first byte, and hashes it as Hash
// does, in one pass over its words (a name that starts with '=' takes
// scanWindowsName's two). It records them in out[i] for environ[i]; eq is
// 0 for an entry with no such '='.
//
// It is the first step of the builder's hot loop, kept apart so that the
// loop that decides a batch of entries makes no call per entry.
func scanNames(seed uint64, environ []string, out []scanned) {
	out = out[:len(environ)]
	for x := range environ {
		e := environ[x]
		if e != "" && e[0] == '=' {
			out[x] = scanWindowsName(seed, e)
			continue
		}
		h, cases := seed, uint64(0)
		i := 0          // the word scanned next
		var w, m uint64 // the word that holds the '=', and m marks it
		for {
			if len(e)-i < 8 {
				// Fewer than 8 bytes are left: put them in the low bytes
				// of w. The bytes above are zero, so they cannot match
				// '='.
				if len(e) >= 8 {
					w = load64(e[len(e)-8:]) >> (8 * (i + 8 - len(e)))
				} else {
					w = loadTail(e, 0, len(e))
				}
				m = firstZero(w ^ eqBytes)
				break
			}
			w = load64(e[i:])
			if m = firstZero(w ^ eqBytes); m != 0 {
				break
			}
			h, cases = mixWord(h, w), mixCases(cases, w)
			i += 8
		}
		if m == 0 {
			out[x] = scanned{}
			continue
		}
		k := bits.TrailingZeros64(m) >> 3 // name bytes in w
		w &= 1<<(8*k) - 1
		hw, cw := mixWord(h, w), mixCases(cases, w)
		if k != 0 { // without a branch, which no predictor could learn
			h, cases = hw, cw
		}
		out[x] = scanned{h: finish(h, i+k), cases: cases, eq: i + k}
	}
}

// scanWindowsName is scanNames for an entry whose name starts with '=', as
// Windows's per-drive "=C:" names do: the name runs to the next '='.
func scanWindowsName(seed uint64, e string) scanned {
	i := strings.IndexByte(e[1:], '=')
	if i < 0 {
		return scanned{}
	}
	h, cases := hashWords(seed, e[:i+1])
	return scanned{h: h, cases: cases, eq: i + 1}
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

// load64 returns the first 8 bytes of s, little-endian; the compiler makes
// it one load.
func load64(s string) uint64 {
	s = s[:8]
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
