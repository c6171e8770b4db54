package impl

import (
	"cmp"
	"strings"

	"github.com/envgen/envgen/runtime/internal/glob"
)

// This file holds how names are read and compared: the split of an entry,
// the ASCII case fold, and the hash that every table here is keyed by.

const (
	// caseBits is bit 5 of every byte: the bit that tells an ASCII
	// letter's cases apart. The hash clears it, so names equal under
	// ASCII case folding hash alike (as do a few other byte pairs, such
	// as '_' and DEL, which the comparison after a probe tells apart).
	caseBits = 0x2020202020202020
	mul      = 0x9e3779b97f4a7c15 // 2^64 / φ, odd
	lows     = 0x0101010101010101
	highs    = 0x8080808080808080
	eqBytes  = 0x3d3d3d3d3d3d3d3d // '=' in every byte
)

// Split returns the name of an os.Environ-style entry: the bytes before the
// first '=' after the first byte, so "=C:=C:\x" is named "=C:". ok is false
// for an entry with no such '=' or with a NUL byte anywhere; builders
// ignore those entries, as exec would refuse them.
func Split(entry string) (name string, ok bool) {
	if name = nameOf(entry); len(name) == len(entry) || strings.IndexByte(entry, 0) >= 0 {
		return "", false
	}
	return name, true
}

// hashName returns the hash of name, ASCII case aside: its 8-byte words,
// little-endian, mixed in turn, then the bytes left (fewer than 8, maybe
// none) as a zero-padded word, then its length.
func hashName(name string) uint64 {
	h, s := uint64(0), name
	for ; len(s) >= 8; s = s[8:] {
		h = mix(h, load64(s))
	}
	var w uint64 // the bytes left, fewer than 8
	if len(name) >= 8 {
		w = load64(name[len(name)-8:]) >> (8 * (8 - len(s)))
	} else {
		w = loadTail(s)
	}
	return finish(mix(h, w), len(name))
}

// zeroBytes returns a word whose lowest set bit is the top bit of the
// first zero byte of w, or 0 if w has none (bits above may be set too).
func zeroBytes(w uint64) uint64 { return (w - lows) &^ w & highs }

// mix mixes one word of a name into h, ASCII case aside.
func mix(h, w uint64) uint64 { return (h ^ w&^caseBits) * mul }

// finish mixes in the length n of the name, then the high bits into the
// low ones, which pick a slot; the high 32 bits are the name's tag.
func finish(h uint64, n int) uint64 {
	h = (h ^ uint64(n)) * mul
	return h ^ h>>32
}

// load64 returns the first 8 bytes of s, little-endian; the compiler makes
// it one load.
func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// loadTail returns s, at most 8 bytes, as a little-endian word.
func loadTail(s string) uint64 {
	var w uint64
	for k := len(s) - 1; k >= 0; k-- {
		w = w<<8 | uint64(s[k])
	}
	return w
}

// CompareNames is the order the runtime sorts the names of a policy's
// lists in, which envgen writes them in: compareFold's, then that of
// strings.Compare.
func CompareNames(a, b string) int {
	return cmp.Or(compareFold(a, b), strings.Compare(a, b))
}

// compareFold compares a and b as strings.Compare does, with the ASCII
// letters upper-cased (and no other), so that names EqualFold holds equal
// sort next to each other.
func compareFold(a, b string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if c, d := glob.Upper(a[i]), glob.Upper(b[i]); c != d {
			return int(c) - int(d)
		}
	}
	return len(a) - len(b)
}

// EqualFold reports whether a and b are equal under ASCII case folding.
// Unlike strings.EqualFold it folds no other letters, so "K" and the
// Kelvin sign differ, as they do for Windows environment names.
func EqualFold(a, b string) bool { return glob.Equal(a, b, true) }
