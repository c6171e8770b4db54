package bench

import (
	"hash/maphash"
	"strings"
)

// SemanticsFloor is the least work the inherit rules ask of any builder,
// with no policy at all: find each entry's '=' and check it for NUL (both
// strings.IndexByte), de-duplicate names first-wins in an open-addressing
// table under the runtime's own string hash (maphash, AES on amd64), and
// append. It knows no secret, folds no case and reuses one table between
// calls (and skips Windows's "=C:" names rather than find their second '='),
// so every builder that follows the rules does at least this much.
type SemanticsFloor struct {
	seed  maphash.Seed
	table []int32 // 1+the position in the output, or 0; len a power of two
}

// NewSemanticsFloor returns a SemanticsFloor for environments of up to n
// entries.
func NewSemanticsFloor(n int) *SemanticsFloor {
	size := 16
	for size < n+n/2 {
		size <<= 1
	}
	return &SemanticsFloor{seed: maphash.MakeSeed(), table: make([]int32, size)}
}

// Build appends to dst[:0] the first entry of each name in environ that
// has a '=' after its first byte and no NUL.
func (f *SemanticsFloor) Build(dst, environ []string) []string {
	clear(f.table)
	mask := uint64(len(f.table) - 1)
	out := dst[:0]
	for _, e := range environ {
		i := strings.IndexByte(e, '=')
		if i <= 0 || strings.IndexByte(e, 0) >= 0 {
			continue
		}
		name := e[:i+1] // with its '=': an entry's name is the rest's prefix
		for d := maphash.String(f.seed, name) & mask; ; d = (d + 1) & mask {
			v := f.table[d]
			if v == 0 {
				out = append(out, e)
				f.table[d] = int32(len(out))
				break
			}
			if strings.HasPrefix(out[v-1], name) {
				break // seen before: the first wins
			}
		}
	}
	return out
}
