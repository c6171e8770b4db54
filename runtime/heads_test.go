package envrt

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// picks reports whether s lets entry through.
func picks(s *HeadSet, entry string) bool {
	var picked [1]string
	var index [1]int
	return s.pick([]string{entry}, picked[:], index[:], 0) == 1
}

// TestHeadSetPicksWhatItHolds checks that a HeadSet lets through every
// entry whose name was added, in any ASCII case, or starts with an added
// prefix of 8 bytes or more, whatever the value; and that it drops most
// other names.
func TestHeadSetPicksWhatItHolds(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	var s HeadSet
	var names []string
	for n := 1; n <= 20; n++ {
		for range 3 {
			name := randomName(rng, n)
			if strings.ContainsAny(name, "=") {
				continue
			}
			names = append(names, name)
			s.Add(name)
		}
	}
	prefix := "NEXT_PUBLIC_"
	s.Add(prefix)
	for _, name := range names {
		for _, spelling := range []string{name, upperASCII(name), lowerASCII(name)} {
			for _, value := range []string{"", "v", "=x=", "a value longer than eight bytes"} {
				assert.True(t, picks(&s, spelling+"="+value), "%q=%q", spelling, value)
			}
		}
	}
	for _, e := range []string{"NEXT_PUBLIC_X=1", "next_public_api_url=https://x", "NEXT_PUBx=1"} {
		assert.True(t, picks(&s, e), "%q", e)
	}
	assert.True(t, picks(&s, "=C:=C:\\x"), "'=' names are left to the scan")

	// About one bit in ten is set: a name it does not hold rarely passes.
	other := 0
	for range 1000 {
		if picks(&s, "Q"+randomName(rng, 12)+"=1") {
			other++
		}
	}
	assert.Less(t, other, 250, "names it does not hold pass the filter")

	var none HeadSet
	for _, e := range []string{"", "A", "A=", "AB=c", "ABCDEFG", "ABCDEFGHIJ=k"} {
		assert.False(t, picks(&none, e), "%q: an empty set holds no head", e)
	}
}

// TestHeadSetIndex checks that pick reports where each entry it picks
// came from.
func TestHeadSetIndex(t *testing.T) {
	var s HeadSet
	s.Add("HOME")
	s.Add("PATH")
	chunk := []string{"X=1", "PATH=/bin", "Y=2", "home=/h", "HOME=/root"}
	picked := make([]string, len(chunk))
	index := make([]int, len(chunk))
	n := s.pick(chunk, picked, index, 100)
	assert.Equal(t, []string{"PATH=/bin", "home=/h", "HOME=/root"}, picked[:n])
	assert.Equal(t, []int{101, 103, 104}, index[:n])
}

// TestTableLayoutIsPinned pins values that generated tables hold (a
// pattern filter's tail keys, a head's bit, a name's hash): if one of
// them changes, files generated before no longer match this runtime, and
// LayoutV2 must be renamed so that they stop compiling.
func TestTableLayoutIsPinned(t *testing.T) {
	for s, want := range map[string]byte{"_TOKEN": 103, "_token": 103, "_V2": 180, "ab": 15, "=x": 165} {
		assert.Equal(t, want, tailKey(s), "tailKey(%q)", s)
	}
	var heads HeadSet
	heads.Add("NEXT_PUBLIC_")
	heads.Add("PATH")
	assert.Equal(t, HeadSet{5: 0x80, 7: 0x2000000000000000}, heads)
	assert.Equal(t, uint64(0x7bdb1d1b02ab8292), Hash(0, "PATH"), "Hash(0, PATH)")
}
