package envrt

import (
	"fmt"
	"iter"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// This file tests the runtime directly, helper by helper, with hand-built
// tables and tasks; semantics_test.go tests SPEC's rules through the tables
// gentest.Compile builds. It is an internal test so that it can reach the
// unexported helpers the build loop relies on. (It cannot import
// internal/gen, which imports this package: the tables here are laid out by
// the layout helper below, and the decisions are written by hand.)

// pat compiles a pattern as envgen does: the literal runs around its '*'s.
func pat(s string) Pattern { return strings.Split(s, "*") }

// pats compiles patterns into a filtered list.
func pats(list ...string) Patterns {
	var ps []Pattern
	for _, s := range list {
		ps = append(ps, pat(s))
	}
	return MakePatterns(ps...)
}

// upperASCII upper-cases the ASCII letters of s and nothing else.
func upperASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - ('a' - 'A')
		}
	}
	return string(b)
}

// lowerASCII lower-cases the ASCII letters of s and nothing else.
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + ('a' - 'A')
		}
	}
	return string(b)
}

// sep is the PATH list separator, as a string.
var sep = string(os.PathListSeparator)

// join joins PATH directories with sep.
func join(dirs ...string) string { return strings.Join(dirs, sep) }

// everything is an inherit task over an empty policy: every name passes.
var everything = &Task{Policy: &Policy{}, Inherit: true}

// allDecisions is every decision bit at once.
const allDecisions = Keep | KeepFolded | KeepVariant

func TestSplit(t *testing.T) {
	for _, c := range []struct {
		entry, name, value string
		ok                 bool
	}{
		{"A=1", "A", "1", true},
		{"A=b=c", "A", "b=c", true},
		{"E=", "E", "", true},
		{"=C:=C:\\x", "=C:", "C:\\x", true},
		{"==x", "=", "x", true},
		{"==", "=", "", true},
		{"a==", "a", "=", true},
		{"PATH=/bin:/usr/bin", "PATH", "/bin:/usr/bin", true},
		{"\u212a=kelvin", "\u212a", "kelvin", true},
		{"ABCDEFGH=8", "ABCDEFGH", "8", true},
		{"ABCDEFGHI=9", "ABCDEFGHI", "9", true},
		{"=ABCDEFGHIJKLMNOP=x", "=ABCDEFGHIJKLMNOP", "x", true},
		{"", "", "", false},
		{"=", "", "", false},
		{"A", "", "", false},
		{"NOEQUALS", "", "", false},
		{"NOEQUALSNOEQUALSX", "", "", false},
		{"=C:", "", "", false},
		{"\x00", "", "", false},
		{"\x00=1", "", "", false},
		{"A\x00=1", "", "", false},
		{"A=\x00", "", "", false},
		{"A=b\x00c", "", "", false},
		{"A=1\x00=2", "", "", false},
		{"=\x00=", "", "", false},
	} {
		name, ok := Split(c.entry)
		assert.Equal(t, c.ok, ok, "%q", c.entry)
		eq, _, _ := scanName(0, c.entry)
		if !c.ok {
			if !strings.Contains(c.entry, "\x00") {
				assert.Zero(t, eq, "scanName(%q) finds no name", c.entry)
			}
			continue
		}
		assert.Equal(t, c.name, name, "%q", c.entry)
		assert.Equal(t, c.value, c.entry[len(name)+1:], "%q", c.entry)
		// The builder's own scans agree with Split on entries it keeps,
		// and a removed entry (cut to its bare name) has no value.
		assert.Equal(t, len(name), eq, "scanName(%q)", c.entry)
		assert.Equal(t, name, nameOf(c.entry), "nameOf(%q)", c.entry)
		assert.True(t, hasValue(c.entry), "hasValue(%q)", c.entry)
		assert.Equal(t, name, nameOf(name), "nameOf(%q)", name)
		assert.False(t, hasValue(name), "hasValue(%q)", name)
	}
}

func TestNameOfAndHasValue(t *testing.T) {
	for _, c := range []struct {
		entry, name string
		value       bool
	}{
		{"A=1", "A", true},
		{"E=", "E", true},
		{"=C:=C:\\x", "=C:", true},
		{"=C:", "=C:", false},
		{"==", "=", true},
		{"=", "=", false},
		{"A", "A", false},
		{"", "", false},
	} {
		assert.Equal(t, c.name, nameOf(c.entry), "nameOf(%q)", c.entry)
		assert.Equal(t, c.value, hasValue(c.entry), "hasValue(%q)", c.entry)
	}
}

func TestVar(t *testing.T) {
	for _, c := range []struct {
		v     Var
		str   string
		valid bool
	}{
		{Set("A", "1"), "A=1", true},
		{Set("A", ""), "A=", true},
		{Set("A", "b=c"), "A=b=c", true},
		{Set("a_1", "x y"), "a_1=x y", true},
		{Unset("A"), "-A", true},
		{Set("", "x"), "=x", false},
		{Set("A=B", "x"), "A=B=x", false},
		{Set("=C:", "x"), "=C:=x", false},
		{Set("A\x00", "x"), "A\x00=x", false},
		{Set("A", "x\x00"), "A=x\x00", false},
		{Unset(""), "-", false},
		{Unset("A=1"), "-A=1", false},
		{Unset("A\x00"), "-A\x00", false},
	} {
		assert.Equal(t, c.str, c.v.String())
		assert.Equal(t, c.valid, c.v.valid(), "%q", c.v.String())
	}
}

func TestEqualFold(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"", "", true},
		{"PATH", "PATH", true},
		{"Path", "PATH", true},
		{"path", "pATh", true},
		{"A_1", "a_1", true},
		{"K", "\u212a", false}, // Kelvin sign: strings.EqualFold says true
		{"k", "\u212a", false},
		{"\u212a", "\u212a", true},
		{"é", "É", false}, // only ASCII letters fold
		{"é", "é", true},
		{"@", "`", false}, // differ by 0x20 but are not letters
		{"[", "{", false},
		{"_", "\x7f", false},
		{"\xdf", "\xff", false},
		{"A", "AB", false},
		{"AB", "A", false},
		{"a", "", false},
	} {
		assert.Equal(t, c.want, EqualFold(c.a, c.b), "EqualFold(%q, %q)", c.a, c.b)
		assert.Equal(t, c.want, EqualFold(c.b, c.a), "EqualFold(%q, %q)", c.b, c.a)
	}
	assert.True(t, strings.EqualFold("K", "\u212a"), "the Kelvin sign is why EqualFold exists")
	// Every pair of bytes: equal, or the two cases of one ASCII letter.
	for a := range 256 {
		for b := range 256 {
			letter := 'A' <= a && a <= 'Z' || 'a' <= a && a <= 'z'
			want := a == b || letter && a^0x20 == b
			if got := EqualFold(string([]byte{byte(a)}), string([]byte{byte(b)})); got != want {
				t.Fatalf("EqualFold(%#x, %#x) = %v", a, b, got)
			}
			// In longer names too, in every position of a word, in
			// names shorter than a word, one word and a bit (the last
			// word overlaps the first) and two words.
			for _, c := range []struct {
				x  string
				at []int
			}{{"abcde", []int{0, 2, 4}}, {"abcdefg", []int{0, 6}}, {"abcdefgh", []int{0, 7}}, {"abcdefghi", []int{0, 8}},
				{"abcdefghijk", []int{0, 2, 7, 8, 10}}, {"abcdefghijklmnop", []int{0, 8, 15}}} {
				x := c.x
				for _, i := range c.at {
					sa := x[:i] + string([]byte{byte(a)}) + x[i+1:]
					sb := strings.ToUpper(x[:i]) + string([]byte{byte(b)}) + x[i+1:]
					if got := EqualFold(sa, sb); got != want {
						t.Fatalf("EqualFold(%q, %q) = %v", sa, sb, got)
					}
				}
			}
		}
	}
}

var hashSeeds = []uint64{0, 1, 2, 63, 0xdeadbeef, 1 << 40, 1<<64 - 1}

func TestHash(t *testing.T) {
	for _, seed := range hashSeeds {
		// ASCII case-insensitive, in every position of every word.
		for _, s := range []string{"PATH", "GITHUB_TOKEN", "a", "abcdefgh", "abcdefghi", "npm_config_cache_dir_x", "=c:"} {
			assert.Equal(t, Hash(seed, s), Hash(seed, upperASCII(s)), "seed %#x %q", seed, s)
			assert.Equal(t, Hash(seed, strings.ToLower(s)), Hash(seed, upperASCII(s)), "seed %#x %q", seed, s)
		}
		assert.Equal(t, Hash(seed, "PATH"), Hash(seed, "Path"), "seed %#x", seed)
		// Length-sensitive: the zero padding of the last word does not
		// make a name equal to itself with NULs appended.
		for _, s := range []string{"", "A", "PATH", "ABCDEFG", "ABCDEFGH", "ABCDEFGHIJKLMNO"} {
			assert.NotEqual(t, Hash(seed, s), Hash(seed, s+"\x00"), "seed %#x %q", seed, s)
			assert.NotEqual(t, Hash(seed, s), Hash(seed, s+"\x00\x00\x00\x00\x00\x00\x00\x00"), "seed %#x %q", seed, s)
		}
		assert.NotEqual(t, Hash(seed, "PATH"), Hash(seed, "PATHS"), "seed %#x", seed)
		assert.NotEqual(t, Hash(seed, "PATH"), Hash(seed, "PAT"), "seed %#x", seed)
		// Other bytes are told apart.
		assert.NotEqual(t, Hash(seed, "K"), Hash(seed, "\xe2"), "seed %#x", seed)
		assert.NotEqual(t, Hash(seed, "K"), Hash(seed, "\u212a"), "seed %#x", seed)
		assert.NotEqual(t, Hash(seed, "PATH"), Hash(seed, "HOME"), "seed %#x", seed)
		assert.NotEqual(t, Hash(seed, "AB"), Hash(seed, "BA"), "seed %#x", seed)
		// A few non-letter pairs differ only in bit 5 and hash alike,
		// as documented; Lookup and the builder compare names after.
		assert.Equal(t, Hash(seed, "@"), Hash(seed, "`"), "seed %#x", seed)
		assert.Equal(t, Hash(seed, "_"), Hash(seed, "\x7f"), "seed %#x", seed)
	}
	// Seed-dependent, in every part of the seed.
	for _, name := range []string{"", "PATH", "A_LONGER_NAME_THAN_A_WORD"} {
		seen := map[uint64]uint64{}
		for _, seed := range hashSeeds {
			h := Hash(seed, name)
			if prev, ok := seen[h]; ok {
				t.Errorf("%q: seeds %#x and %#x hash alike", name, prev, seed)
			}
			seen[h] = seed
		}
	}
	// Distinct names spread: no collisions of the full 64 bits among
	// many ordinary names, nor of the top 32 bits the tables keep.
	full, top := map[uint64]string{}, map[uint64]string{}
	for i := range 20000 {
		name := fmt.Sprintf("VAR_%d", i)
		h := Hash(0, name)
		if prev, ok := full[h]; ok {
			t.Fatalf("%q and %q hash alike", prev, name)
		}
		full[h] = name
		if prev, ok := top[h>>32]; ok {
			t.Errorf("%q and %q share the top 32 bits", prev, name)
		}
		top[h>>32] = name
	}
}

// randomName returns a random name of n bytes with no '=' after the first
// byte: letters, digits and '_' mostly, with NUL and bytes from 0x80 up
// sometimes, and a leading '=' (a Windows "=C:" name) sometimes.
func randomName(rng *rand.Rand, n int) string {
	const common = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_"
	b := make([]byte, n)
	for i := range b {
		switch rng.IntN(10) {
		case 0:
			b[i] = byte(0x80 + rng.IntN(0x80))
		case 1:
			for b[i] = byte(rng.IntN(0x80)); b[i] == '='; b[i] = byte(rng.IntN(0x80)) {
			}
		default:
			b[i] = common[rng.IntN(len(common))]
		}
	}
	if n > 0 && rng.IntN(8) == 0 {
		b[0] = '='
	}
	return string(b)
}

// TestHashMatchesScanName checks that scanName, which finds an entry's
// name and hashes it in one pass, agrees with Hash (which the generated
// tables use) and with nameKey (which the builder uses for defines and
// overrides).
func TestHashMatchesScanName(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	var names []string
	for n := 1; n <= 40; n++ {
		for range 60 {
			names = append(names, randomName(rng, n))
		}
	}
	names = append(names, "=C:", "=c:", "=D:", "=", "=ExitCode", "=ABCDEFGHIJKLMNOPQRSTUVWXYZ",
		"PATH", "Path", "\u212a", "é", "\xff\xff\xff\xff\xff\xff\xff\xff\xff", "\x80", "A\x00B", "\x00")
	values := []string{"", "v", "=", "b=c", "C:\\x", "\x00", "a longer value = with = signs", "\xff=\xfe"}
	for _, seed := range hashSeeds {
		for _, name := range names {
			h := Hash(seed, name)
			for _, v := range values {
				e := name + "=" + v
				eq, sh, cases := scanName(seed, e)
				if eq != len(name) || sh != h {
					t.Fatalf("seed %#x: scanName(%q) = %d, %#x; want %d, Hash %#x", seed, e, eq, sh, len(name), h)
				}
				for _, fold := range []bool{false, true} {
					if k := nameKey(seed, name, fold); k != dedupKey(sh, cases, fold) {
						t.Fatalf("seed %#x fold=%v: nameKey(%q) = %#x, scanName's key %#x", seed, fold, name, k, dedupKey(sh, cases, fold))
					}
				}
			}
			// Case variants share the folded key and, where the
			// spelling differs, not the exact one.
			if other := upperASCII(name); other != name {
				assert.Equal(t, nameKey(seed, name, true), nameKey(seed, other, true), "%q", name)
				assert.NotEqual(t, nameKey(seed, name, false), nameKey(seed, other, false), "%q", name)
			}
		}
	}
}

// TestScanNameEquals checks where scanName finds the end of the name.
func TestScanNameEquals(t *testing.T) {
	body := "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	// No '=' after the first byte: no name.
	for _, e := range []string{"", "=", "A", "AB", "ABCDEFG", "ABCDEFGH", "ABCDEFGHI", body[:16], body[:17], body,
		"=A", "=ABCDEFGHIJ", "=" + body, "\xff\xfe", "\x00\x00\x00\x00\x00\x00\x00\x00\x00"} {
		for _, seed := range hashSeeds {
			eq, h, cases := scanName(seed, e)
			assert.Zero(t, eq, "%q", e)
			assert.Zero(t, h, "%q", e)
			assert.Zero(t, cases, "%q", e)
		}
	}
	// '=' first: the name runs to the next '='.
	for _, c := range []struct {
		e  string
		eq int
	}{
		{"==", 1}, {"==x", 1}, {"===", 1}, {"=C:=C:\\x", 3}, {"=C:=", 3},
		{"=ABCDEFG=x", 8}, {"=ABCDEFGH=x", 9}, {"=ABCDEFGHIJKLMNO=x", 16},
		{"=" + body + "=x=y", 1 + len(body)},
	} {
		for _, seed := range hashSeeds {
			eq, h, _ := scanName(seed, c.e)
			assert.Equal(t, c.eq, eq, "%q", c.e)
			assert.Equal(t, Hash(seed, c.e[:c.eq]), h, "%q", c.e)
		}
	}
	// '=' at every position from 1 to 20, whatever follows.
	for p := 1; p <= 20; p++ {
		for _, name := range []string{body[:p], strings.Repeat("\xbd", p), "=" + body[:p-1], strings.Repeat("\xff", p)} {
			for _, tail := range []string{"", "=", "x", body, "=" + body, strings.Repeat("=", 9)} {
				e := name + "=" + tail
				for _, seed := range hashSeeds {
					eq, h, _ := scanName(seed, e)
					if eq != p || h != Hash(seed, name) {
						t.Fatalf("scanName(%q) = %d, %#x; want %d, %#x", e, eq, h, p, Hash(seed, name))
					}
				}
			}
		}
	}
}

func TestDedupKey(t *testing.T) {
	for _, seed := range hashSeeds {
		// Folded, the key is the hash; exact, the spelling counts.
		for _, name := range []string{"PATH", "Path", "a", "=C:", "ABCDEFGHIJKLMNOPQ"} {
			assert.Equal(t, Hash(seed, name), nameKey(seed, name, true), "%q", name)
		}
		keys := map[uint64]string{}
		for _, name := range []string{"PATH", "Path", "path", "pATH", "PATh", "@", "`", "_", "\x7f", "é", "É"} {
			k := nameKey(seed, name, false)
			if prev, ok := keys[k]; ok {
				t.Errorf("seed %#x: %q and %q have one key", seed, prev, name)
			}
			keys[k] = name
		}
	}
}

func TestPatternMatch(t *testing.T) {
	for _, c := range []struct {
		pattern, name string
		exact, fold   bool // want without and with folding
	}{
		{"*", "", true, true},
		{"*", "A", true, true},
		{"*", "anything=at all", true, true},
		{"**", "", true, true},
		{"NEXT_*", "NEXT_", true, true},
		{"NEXT_*", "NEXT_A", true, true},
		{"NEXT_*", "NEXT", false, false},
		{"NEXT_*", "XNEXT_A", false, false},
		{"NEXT_*", "next_a", false, true},
		{"NEXT_*", "Next_", false, true},
		{"*_TOKEN", "_TOKEN", true, true},
		{"*_TOKEN", "GH_TOKEN", true, true},
		{"*_TOKEN", "gh_token", false, true},
		{"*_TOKEN", "GH_TOKEN_X", false, false},
		{"*_TOKEN", "TOKEN", false, false},
		{"*A*B*", "AB", true, true},
		{"*A*B*", "xAyBz", true, true},
		{"*A*B*", "BA", false, false},
		{"*A*B*", "BxA", false, false},
		{"*A*B*", "A", false, false},
		{"*A*B*", "ab", false, true},
		{"A**B", "AB", true, true},
		{"A**B", "AxyB", true, true},
		{"A**B", "A", false, false},
		{"A**B", "B", false, false},
		{"A**B", "ABA", false, false},
		{"A*B", "AB", true, true},
		{"A*A", "A", false, false}, // prefix and suffix may not overlap
		{"A*A", "AA", true, true},
		{"AB*BA", "ABA", false, false},
		{"AB*BA", "ABBA", true, true},
		{"AB*AB", "ABAB", true, true},
		{"AB*AB", "ABBAB", true, true},
		{"*AB*AB*", "ABAB", true, true},
		{"*AB*AB*", "ABABAB", true, true},
		{"*AB*AB*", "ABxAB", true, true},
		{"*AB*AB*", "ABA B", false, false},
		{"*AB*AB*", "ABA", false, false},
		{"*AB*AB*", "AABB", false, false},
		{"*AB*AB*", "abAB", false, true},
		{"*A*A*", "A", false, false}, // middles may not overlap either
		{"*A*A*", "AA", true, true},
		{"*ab*cd*", "xABxCDx", false, true},
		{"*ab*cd*", "xCDxABx", false, false},
		{"K*", "\u212aX", false, false},
		{"*k", "\u212a", false, false},
		{"*é*", "É", false, false},
		{"*é*", "xéx", true, true},
		{"*_KEY*", "A_KEY_B", true, true},
		{"*@", "`", false, false}, // not letters: never folded
		{"_*", "\x7fX", false, false},
	} {
		p := pat(c.pattern)
		assert.Equal(t, c.exact, p.Match(c.name, false), "%q matching %q exactly", c.pattern, c.name)
		assert.Equal(t, c.fold, p.Match(c.name, true), "%q matching %q folded", c.pattern, c.name)
		// A list of one pattern agrees, except that no list matches
		// the empty string, which is never a name.
		ps := MakePatterns(p)
		if c.name != "" {
			assert.Equal(t, c.exact, ps.Match(c.name, false), "[%q] matching %q exactly", c.pattern, c.name)
			assert.Equal(t, c.fold, ps.Match(c.name, true), "[%q] matching %q folded", c.pattern, c.name)
		}
	}
}

// words returns every string of up to n bytes over alphabet.
func words(alphabet string, n int) []string {
	out := []string{""}
	for prev := out; n > 0; n-- {
		var next []string
		for _, w := range prev {
			for _, c := range alphabet {
				next = append(next, w+string(c))
			}
		}
		out, prev = append(out, next...), next
	}
	return out
}

// TestPatternMatchExhaustive compares Match with a regular expression for
// every pattern of up to five bytes over {A, B, *} and every name of up to
// five bytes over {A, B, a}.
func TestPatternMatchExhaustive(t *testing.T) {
	names := words("ABa", 5)
	for _, s := range words("AB*", 5) {
		if !strings.Contains(s, "*") {
			continue
		}
		quoted := strings.Split(s, "*")
		for i := range quoted {
			quoted[i] = regexp.QuoteMeta(quoted[i])
		}
		exact := regexp.MustCompile("^" + strings.Join(quoted, ".*") + "$")
		fold := regexp.MustCompile("^(?i)" + strings.Join(quoted, ".*") + "$")
		p := pat(s)
		for _, name := range names {
			if p.Match(name, false) != exact.MatchString(name) || p.Match(name, true) != fold.MatchString(name) {
				t.Fatalf("%q matching %q: exact %v, folded %v; want %v, %v", s, name,
					p.Match(name, false), p.Match(name, true), exact.MatchString(name), fold.MatchString(name))
			}
		}
	}
}

func TestMakePatternsFilter(t *testing.T) {
	ps := pats("*_TOKEN", "NEXT_*", "a*B", "*X")
	assert.True(t, ps.Tail.Has(tailKey("_TOKEN")))
	assert.True(t, ps.Tail.Has(tailKey("en")), "the tail key ignores case")
	for _, c := range []byte("NnAa") {
		assert.True(t, ps.First.Has(c), "%q", c)
	}
	assert.False(t, ps.First.Has('X'), "a one-byte suffix with no prefix is loose")
	assert.True(t, ps.Loose)
	assert.False(t, pats("*_TOKEN", "NEXT_*").Loose)
	assert.True(t, pats("*").Loose)
	assert.True(t, pats("**").Loose)
	assert.True(t, pats("*A*B*").Loose)
	assert.False(t, (&Patterns{}).Match("A", false), "no patterns")
	var s ByteSet
	for _, c := range []byte{0, 1, 63, 64, 127, 128, 200, 255} {
		assert.False(t, s.Has(c))
		s.Add(c)
		assert.True(t, s.Has(c))
	}
	for c := range 256 {
		assert.Equal(t, slices.Contains([]byte{0, 1, 63, 64, 127, 128, 200, 255}, byte(c)), s.Has(byte(c)), "%d", c)
	}
}

// TestPatternsMatchesLoop checks the filtered Patterns.Match against a
// plain loop over Pattern.Match on random pattern lists and names: the
// filter may skip patterns but must never reject a match.
func TestPatternsMatchesLoop(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 19))
	alphabet := "ABab_1=\xc3\xa9\x7f@`"
	piece := func(max int) string {
		b := make([]byte, rng.IntN(max+1))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		return string(b)
	}
	randomPattern := func() Pattern {
		switch rng.IntN(8) {
		case 0: // prefix only
			return Pattern{piece(3), ""}
		case 1: // a one-byte suffix
			i := rng.IntN(len(alphabet))
			return Pattern{piece(2), alphabet[i : i+1]}
		case 2: // loose: no prefix, a short suffix
			return Pattern{"", piece(1)}
		case 3: // loose with middles
			return Pattern{"", piece(2), ""}
		default:
			p := Pattern{piece(2)}
			for range rng.IntN(3) {
				p = append(p, piece(2))
			}
			return append(p, piece(3))
		}
	}
	checked, matched, filtered := 0, 0, 0
	for range 20000 {
		var list []Pattern
		for range 1 + rng.IntN(4) {
			list = append(list, randomPattern())
		}
		ps := MakePatterns(list...)
		for range 8 {
			name := piece(7)
			if name == "" || rng.IntN(3) == 0 {
				// Build a name from a pattern so that matches are common.
				p := list[rng.IntN(len(list))]
				name = strings.Join(p, piece(2))
				if rng.IntN(2) == 0 {
					name = lowerASCII(name)
				} else if rng.IntN(2) == 0 {
					name = upperASCII(name)
				}
			}
			if name == "" {
				continue
			}
			for _, fold := range []bool{false, true} {
				want := false
				for _, p := range list {
					want = want || p.Match(name, fold)
				}
				checked++
				if want {
					matched++
					if !ps.Loose {
						filtered++
					}
				}
				if got := ps.Match(name, fold); got != want {
					t.Fatalf("%q matching %q, fold=%v: %v, want %v", list, name, fold, got, want)
				}
			}
		}
	}
	assert.Greater(t, matched, checked/10, "matches are common enough to test the filter")
	assert.Greater(t, filtered, 10000, "many matches go through the filter (no loose pattern)")
	t.Logf("%d cases, %d matches, %d through the filter", checked, matched, filtered)
}

// layout returns a Policy over names as envgen would generate it, with a
// naive layout: it searches seeds from 0, at the smallest power-of-two
// size at least twice the number of names and then larger ones, for one
// that puts every first spelling in a slot of its own, its first candidate
// slot (or its second, if second is set, the first then left empty or
// holding another name). Slots hold Hash>>32<<32 | 1+index.
func layout(t testing.TB, second bool, names []Name, secret ...Pattern) *Policy {
	t.Helper()
	var keys []int
	for i, n := range names {
		if !n.Variant {
			keys = append(keys, i)
		}
	}
	size := 2
	for size < 2*len(keys) {
		size <<= 1
	}
	for ; size <= 1<<16; size <<= 1 {
		mask := uint64(size - 1)
	seeds:
		for seed := uint64(0); seed < 2000; seed++ {
			slots := make([]uint64, size)
			for _, k := range keys {
				h := Hash(seed, names[k].Name)
				at := h & mask
				if second {
					if at == h>>20&mask {
						continue seeds
					}
					at = h >> 20 & mask
				}
				if slots[at] != 0 {
					continue seeds
				}
				slots[at] = h>>32<<32 | uint64(k+1)
			}
			p := &Policy{Seed: seed, Slots: slots, Names: names, SecretPatterns: MakePatterns(secret...)}
			for i, n := range names {
				first := i
				for names[first].Variant {
					first--
				}
				require.Equal(t, first, p.Lookup(n.Name), "layout of %q", n.Name)
			}
			return p
		}
	}
	t.Fatal("no seed places every name")
	return nil
}

// names is a small policy's name table: a secret with a lower-case
// variant (a task exempts that spelling), essentials (PATH, HOME, LANG),
// a secret that secrets.pass exempts, and names tasks list, one of them
// hashing like a name it is not (A@B, A`B) and one of four words.
var names = []Name{
	{Name: "GITHUB_TOKEN", Secret: true},
	{Name: "github_token", Variant: true, Secret: true},
	{Name: "PATH"},
	{Name: "SLEUTH_KEY", Secret: true, Pass: true},
	{Name: "HOME"},
	{Name: "NODE_ENV"},
	{Name: "LANG"},
	{Name: "A@B"},
	{Name: "A_VERY_LONG_NAME_OF_MANY_WORDS_1"},
}

func TestPolicyLookup(t *testing.T) {
	for _, second := range []bool{false, true} {
		p := layout(t, second, names, pat("*_KEY"), pat("*_TOKEN"))
		for name, want := range map[string]int{
			"GITHUB_TOKEN": 0, "github_token": 0, "GitHub_Token": 0,
			"PATH": 2, "path": 2, "Path": 2,
			"SLEUTH_KEY": 3, "sleuth_key": 3,
			"HOME": 4, "NODE_ENV": 5, "node_env": 5, "LANG": 6,
			"A@B": 7, "a@b": 7, "A`B": -1, "a`b": -1, // hash alike, differ
			"A_VERY_LONG_NAME_OF_MANY_WORDS_1": 8, "a_very_long_name_of_many_words_1": 8,
			"A_VERY_LONG_NAME_OF_MANY_WORDS_2": -1, "A_VERY_LONG_NAME_OF_MANY_WORDS_": -1,
			"": -1, "PAT": -1, "PATHS": -1, "MY_TOKEN": -1, "P\u212aTH": -1, "HOME\x00": -1, "LANG\x00\x00\x00\x00": -1,
		} {
			assert.Equal(t, want, p.Lookup(name), "second=%v %q", second, name)
			assert.Equal(t, want, p.lookup(Hash(p.Seed, name), name), "second=%v %q", second, name)
		}
	}
	assert.Equal(t, -1, (&Policy{}).Lookup("PATH"), "empty policy")
}

func TestPolicyLookupSecondSlot(t *testing.T) {
	// One name, in its second candidate slot; its first holds another
	// name that must not be taken for it.
	const size = 64
	var seed uint64
	h := Hash(seed, "PATH")
	for h&(size-1) == h>>20&(size-1) {
		seed++
		h = Hash(seed, "PATH")
	}
	slots := make([]uint64, size)
	home := Hash(seed, "HOME")
	slots[h>>20&(size-1)] = h>>32<<32 | 1
	slots[h&(size-1)] = home>>32<<32 | 2
	p := &Policy{Seed: seed, Slots: slots, Names: []Name{{Name: "PATH"}, {Name: "HOME"}}}
	assert.Equal(t, 0, p.Lookup("PATH"))
	assert.Equal(t, 0, p.Lookup("path"))
	slots[h>>20&(size-1)] = 0
	assert.Equal(t, -1, p.Lookup("PATH"), "first slot holds HOME")
	// A slot whose tag matches but whose name differs is no match: the
	// name is compared.
	slots[h&(size-1)] = h>>32<<32 | 2
	assert.Equal(t, -1, p.Lookup("PATH"), "PATH's tag over HOME's index")
	slots[h>>20&(size-1)] = h>>32<<32 | 1
	assert.Equal(t, 0, p.Lookup("PATH"), "then the second slot")
	// A slot whose name matches but whose tag differs is no match.
	slots[h&(size-1)], slots[h>>20&(size-1)] = (h>>32^1)<<32|1, 0
	assert.Equal(t, -1, p.Lookup("PATH"), "tag differs")
}

func TestPolicyIsSecret(t *testing.T) {
	for _, second := range []bool{false, true} {
		p := layout(t, second, names, pat("*_KEY"), pat("*_TOKEN"))
		for name, want := range map[string]bool{
			"GITHUB_TOKEN": true, "github_token": true, "Github_Token": true,
			"SLEUTH_KEY": false, "sleuth_key": true, "Sleuth_Key": true, // pass is exact
			"PATH": false, "path": false, "HOME": false, "NODE_ENV": false,
			"A_KEY": true, "a_key": true, "MY_TOKEN": true, "my_token": true,
			"KEY": false, "TOKEN": false, "": false, "A_\u212aEY": false,
			"A_VERY_LONG_NAME_OF_MANY_WORDS_1": false, "A_VERY_LONG_NAME_OF_MANY_WORDS_KEY": true,
		} {
			assert.Equal(t, want, p.IsSecret(name), "second=%v %q", second, name)
		}
	}
	// An exemption on a variant spelling exempts that spelling only.
	q := layout(t, false, []Name{
		{Name: "SLEUTH_KEY", Secret: true},
		{Name: "sleuth_key", Variant: true, Secret: true, Pass: true},
		{Name: "OTHER"},
	})
	assert.True(t, q.IsSecret("SLEUTH_KEY"))
	assert.False(t, q.IsSecret("sleuth_key"))
	assert.True(t, q.IsSecret("Sleuth_key"))
	assert.False(t, q.IsSecret("OTHER"))
	assert.False(t, q.IsSecret("other"))
	assert.False(t, (&Policy{}).IsSecret("GITHUB_TOKEN"), "empty policy")
	assert.True(t, (&Policy{SecretPatterns: pats("*_TOKEN")}).IsSecret("github_token"), "patterns alone")
}

// decide returns a task's decisions for names, by spelling.
func decide(byName map[string]Decision) []Decision {
	out := make([]Decision, len(names))
	for i, n := range names {
		out[i] = byName[n.Name]
	}
	return out
}

// The two tasks TestTaskKeep runs, with the decisions envgen works out for
// them over names (internal/gen/rules.go):
//
//	isolated: passThrough [github_token, NODE_ENV, "NEXT_*", "!LANG",
//	          "!NEXT_SECRET_*"]; PATH and HOME are essentials.
//	inherit:  passThrough [github_token]; unset [NODE_ENV, "npm_config_*"].
func keepTasks(t *testing.T, second bool) (isolated, inherit *Task) {
	p := layout(t, second, names, pat("*_KEY"), pat("*_TOKEN"))
	isolated = &Task{
		Policy: p,
		Decide: decide(map[string]Decision{
			"github_token": Keep | KeepFolded, // its other spellings are secrets
			"PATH":         allDecisions,
			"HOME":         allDecisions,
			"NODE_ENV":     allDecisions,
		}),
		Pass:    pats("NEXT_*"),
		Negated: pats("NEXT_SECRET_*"),
	}
	inherit = &Task{
		Policy:  p,
		Inherit: true,
		Decide: decide(map[string]Decision{
			"github_token":                     Keep | KeepFolded,
			"PATH":                             allDecisions,
			"SLEUTH_KEY":                       Keep | KeepFolded,
			"HOME":                             allDecisions,
			"LANG":                             allDecisions,
			"A@B":                              allDecisions,
			"A_VERY_LONG_NAME_OF_MANY_WORDS_1": allDecisions,
		}),
		Unset: pats("npm_config_*"),
	}
	return isolated, inherit
}

func TestTaskKeep(t *testing.T) {
	for _, second := range []bool{false, true} {
		isolated, inherit := keepTasks(t, second)
		for _, c := range []struct {
			task        *Task
			name        string
			exact, fold bool // want without and with folding
		}{
			{isolated, "PATH", true, true},
			{isolated, "path", false, true}, // an essential in another spelling
			{isolated, "HOME", true, true},
			{isolated, "LANG", false, false}, // negated beats essential
			{isolated, "lang", false, false},
			{isolated, "NODE_ENV", true, true},
			{isolated, "node_env", false, true},
			{isolated, "github_token", true, true}, // exempt by its exact spelling
			{isolated, "GITHUB_TOKEN", false, false},
			{isolated, "Github_Token", false, false}, // listed on Windows, but still a secret
			{isolated, "SLEUTH_KEY", false, false},   // not a secret, but not listed
			{isolated, "NEXT_A", true, true},
			{isolated, "next_a", false, true},
			{isolated, "NEXT_SECRET_A", false, false},
			{isolated, "next_secret_a", false, false},
			{isolated, "NEXT_KEY", false, false}, // a pattern passes no secret
			{isolated, "next_key", false, false},
			{isolated, "OTHER", false, false},
			{isolated, "A`B", false, false},
			{inherit, "OTHER", true, true},
			{inherit, "PATH", true, true},
			{inherit, "GITHUB_TOKEN", false, false},
			{inherit, "github_token", true, true},
			{inherit, "Github_Token", false, false},
			{inherit, "SLEUTH_KEY", true, true},
			{inherit, "sleuth_key", false, false},
			{inherit, "NODE_ENV", false, false},
			{inherit, "node_env", true, false},
			{inherit, "npm_config_cache", false, false},
			{inherit, "NPM_CONFIG_CACHE", true, false},
			{inherit, "MY_TOKEN", false, false},
			{inherit, "my_token", false, false},
			{inherit, "a_key", false, false},
			{inherit, "A@B", true, true},
			{inherit, "A`B", true, true}, // hashes like A@B, is not A@B
			{inherit, "a_very_long_name_of_many_words_1", true, true},
			{inherit, "A_VERY_LONG_NAME_OF_MANY_WORDS_1_KEY", false, false},
		} {
			mode := "isolated"
			if c.task.Inherit {
				mode = "inherit"
			}
			h := Hash(c.task.Policy.Seed, c.name)
			assert.Equal(t, c.exact, c.task.keep(c.name, h, false), "second=%v %s %q exact", second, mode, c.name)
			assert.Equal(t, c.fold, c.task.keep(c.name, h, true), "second=%v %s %q folded", second, mode, c.name)
		}
	}
}

// TestTaskKeepReadsDecisions sets each entry's decision to every
// combination of bits and checks that keep reads the right one: Keep for
// the entry's exact spelling where names compare exactly, KeepFolded for
// it on Windows, KeepVariant (on the first spelling) for a spelling no
// entry has on Windows; and, where names compare exactly, a spelling no
// entry has is decided by its secrecy and the patterns alone.
func TestTaskKeepReadsDecisions(t *testing.T) {
	p := layout(t, false, names, pat("*_KEY"), pat("*_TOKEN"))
	others := map[string]string{ // a spelling of each entry's name that no entry has
		"GITHUB_TOKEN": "Github_Token", "github_token": "gitHub_token", "PATH": "Path",
		"SLEUTH_KEY": "sleuth_key", "HOME": "home", "NODE_ENV": "Node_Env", "LANG": "lang",
		"A@B": "a@b", "A_VERY_LONG_NAME_OF_MANY_WORDS_1": "A_VERY_LONG_NAME_OF_MANY_WORDs_1",
	}
	for _, inherit := range []bool{false, true} {
		for j, n := range names {
			first := j
			for names[first].Variant {
				first--
			}
			other := others[n.Name]
			require.Equal(t, first, p.Lookup(other), "%q", other)
			require.Equal(t, -1, slices.IndexFunc(names, func(m Name) bool { return m.Name == other }))
			for d, drops := range decisionsBothWays() {
				task := &Task{Policy: p, Inherit: inherit, Decide: make([]Decision, len(names)),
					Pass: pats("*"), Unset: pats("NOTHING_*"), DecideDrops: drops}
				for i := range task.Decide {
					task.Decide[i] = ^d & allDecisions // the others say the opposite
				}
				task.Decide[j] = d
				if drops {
					d = ^d & allDecisions // what the recorded bits mean
				}
				hn, ho := Hash(p.Seed, n.Name), Hash(p.Seed, other)
				assert.Equal(t, d&Keep != 0, task.keep(n.Name, hn, false), "inherit=%v %q decision %03b exact", inherit, n.Name, d)
				assert.Equal(t, d&KeepFolded != 0, task.keep(n.Name, hn, true), "inherit=%v %q decision %03b folded", inherit, n.Name, d)
				if j == first {
					assert.Equal(t, d&KeepVariant != 0, task.keep(other, ho, true), "inherit=%v %q decision %03b folded", inherit, other, d)
				}
				// Exact: the other spelling is no entry's; a secret
				// is dropped, anything else passes (pattern "*", and
				// no unset matches it).
				assert.Equal(t, !names[first].Secret, task.keep(other, ho, false), "inherit=%v %q decision %03b exact", inherit, other, d)
			}
		}
	}
	// Exact, another spelling: the task's patterns decide, compared
	// exactly, and the first spelling's secrecy.
	isolated := &Task{Policy: p, Decide: make([]Decision, len(names)), Pass: pats("Node_*", "hom*"), Negated: pats("*_Env")}
	for i := range isolated.Decide {
		isolated.Decide[i] = allDecisions
	}
	for name, want := range map[string]bool{
		"Node_Env": false, "Node_ENV": true, "node_ENV": false, "home": true, "Home": false, "Path": false,
	} {
		assert.Equal(t, want, isolated.keep(name, Hash(p.Seed, name), false), "%q", name)
	}
	inherit := &Task{Policy: p, Inherit: true, Decide: make([]Decision, len(names)), Unset: pats("Node_*")}
	for name, want := range map[string]bool{
		"Node_Env": false, "node_Env": true, "Path": true, "Github_Token": false, "sleuth_key": false,
	} {
		assert.Equal(t, want, inherit.keep(name, Hash(p.Seed, name), false), "%q", name)
	}
}

// TestTaskKeepNotInTable checks names the table does not hold: the
// task's patterns decide, the secret patterns drop secrets whatever the
// case, and an empty policy works.
func TestTaskKeepNotInTable(t *testing.T) {
	p := layout(t, false, names, pat("*_KEY"), pat("*_TOKEN"))
	isolated := &Task{Policy: p, Decide: make([]Decision, len(names)),
		Pass: pats("NEXT_*", "*_URL", "*"), Negated: pats("*_PRIVATE_*")}
	for _, c := range []struct {
		name        string
		exact, fold bool
	}{
		{"NEXT_A", true, true},
		{"ANYTHING", true, true},
		{"x", true, true},
		{"A_PRIVATE_B", false, false},
		{"a_private_b", true, false},
		{"A_TOKEN", false, false},
		{"a_token", false, false},
		{"a_Key", false, false},
	} {
		h := Hash(p.Seed, c.name)
		assert.Equal(t, c.exact, isolated.keep(c.name, h, false), "%q exact", c.name)
		assert.Equal(t, c.fold, isolated.keep(c.name, h, true), "%q folded", c.name)
	}
	none := &Task{Policy: p, Decide: make([]Decision, len(names))}
	assert.False(t, none.keep("NEXT_A", Hash(p.Seed, "NEXT_A"), false), "an isolated task without patterns")
	empty := &Task{Policy: &Policy{SecretPatterns: pats("*_TOKEN")}, Pass: pats("A*")}
	assert.True(t, empty.keep("ABC", Hash(0, "ABC"), false))
	assert.False(t, empty.keep("A_TOKEN", Hash(0, "A_TOKEN"), false))
	assert.False(t, empty.keep("a_token", Hash(0, "a_token"), true))
	assert.False(t, empty.keep("BC", Hash(0, "BC"), true))
	assert.True(t, everything.keep("GITHUB_TOKEN", Hash(0, "GITHUB_TOKEN"), false), "no secrets at all")
}

func TestBuildFirstWinsManyNames(t *testing.T) {
	// Three rounds of n names in different orders: the first round
	// wins; the second is spelled in lower case, so it is a new name
	// only where names compare exactly. 3n+1 up to 85, 170 and 341 takes
	// the three tables on the stack; above, the heap table.
	for _, n := range []int{1, 5, 28, 29, 56, 57, 100, 113, 114, 600} {
		rng := rand.New(rand.NewPCG(uint64(n), 1))
		var environ, first, second []string
		for round, spell := range []string{"V%d=%d", "v%d=%d", "V%d=%d"} {
			for _, i := range rng.Perm(n) {
				e := fmt.Sprintf(spell, i, round)
				environ = append(environ, e)
				switch round {
				case 0:
					first = append(first, e)
				case 1:
					second = append(second, e)
				}
			}
		}
		assert.Equal(t, append(slices.Clone(first), second...), build(nil, environ, everything, nil, nil, nil, false), "n=%d exact", n)
		assert.Equal(t, first, build(nil, environ, everything, nil, nil, nil, true), "n=%d folded", n)
	}
}

// TestBuildTableSizes runs calls of every size around the tables'
// limits, with the names spread over lengths that take every path of the
// hash, and checks first-wins, defines in place and overrides.
func TestBuildTableSizes(t *testing.T) {
	for _, n := range []int{84, 85, 86, 169, 170, 171, 340, 341, 342, 1000} {
		// n counts environ, defines, overrides and one: make it so.
		const defines, overrides = 3, 2
		var environ, want []string
		name := func(i int) string { return fmt.Sprintf("N%0*d", 1+i%40, i) } // 2 to 41 bytes
		for i := range n - 1 - defines - overrides {
			if i%3 == 2 {
				environ = append(environ, name(i-1)+"=dup") // a repeat of the one before
				continue
			}
			environ = append(environ, name(i)+"=1")
			want = append(want, name(i)+"=1")
		}
		require.Equal(t, n, len(environ)+defines+overrides+1)
		first, second, third, fourth := nameOf(want[0]), nameOf(want[1]), nameOf(want[2]), nameOf(want[3])
		lower := lowerASCII(second)
		defs := []string{first + "=d", "NEW=d", lower + "=d"}
		ovs := []Var{Unset(third), Set(fourth, "s")}
		exact := slices.Clone(want)
		exact[0], exact[3] = first+"=d", fourth+"=s"
		exact = append(slices.Delete(exact, 2, 3), "NEW=d", lower+"=d")
		folded := slices.Clone(want)
		folded[0], folded[1], folded[3] = first+"=d", lower+"=d", fourth+"=s"
		folded = append(slices.Delete(folded, 2, 3), "NEW=d")
		require.Equal(t, exact, build(nil, environ, everything, defs, ovs, nil, false), "n=%d exact", n)
		require.Equal(t, folded, build(nil, environ, everything, defs, ovs, nil, true), "n=%d folded", n)
	}
}

// TestBuildHashAlikeNames checks names that hash alike but differ: case
// variants where names compare exactly, and pairs such as '@' and '`'
// that differ only in bit 5 but are not letters.
func TestBuildHashAlikeNames(t *testing.T) {
	env := []string{"A@=1", "A`=2", "_=3", "\x7f=4", "é=5", "É=6", "ABCDEFGH@=7", "ABCDEFGH`=8", "a@=9", "path=10", "PATH=11"}
	for _, fold := range []bool{false, true} {
		want := env
		if fold {
			want = []string{"A@=1", "A`=2", "_=3", "\x7f=4", "é=5", "É=6", "ABCDEFGH@=7", "ABCDEFGH`=8", "path=10"}
		}
		assert.Equal(t, want, build(nil, env, everything, nil, nil, nil, fold), "fold=%v", fold)
		// Defines and overrides find the right one.
		got := build(nil, env, everything, []string{"A`=d"}, []Var{Unset("\x7f"), Set("ABCDEFGH@", "s")}, nil, fold)
		want = slices.Clone(want)
		want[1] = "A`=d"
		want[6] = "ABCDEFGH@=s"
		want = slices.Delete(want, 3, 4)
		assert.Equal(t, want, got, "fold=%v", fold)
	}
}

// TestBuildLongNames checks every name length from 1 to 40, where the
// builder's keys for inherited names (scanName) and for defines and
// overrides (nameKey) must agree.
func TestBuildLongNames(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 1; n <= 40; n++ {
		for range 10 {
			name := randomName(rng, n)
			if strings.Contains(name, "\x00") || name[0] == '=' {
				continue // not a name a define or override can give
			}
			lower := lowerASCII(name)
			env := []string{"X=1", name + "=a", "Y=2"}
			for _, fold := range []bool{false, true} {
				assert.Equal(t, []string{"X=1", name + "=d", "Y=2"},
					build(nil, env, everything, []string{name + "=d"}, nil, nil, fold), "%q fold=%v", name, fold)
				assert.Equal(t, []string{"X=1", "Y=2"},
					build(nil, env, everything, nil, []Var{Unset(name)}, nil, fold), "%q fold=%v", name, fold)
				assert.Equal(t, []string{"X=1", name + "=s", "Y=2"},
					build(nil, env, everything, nil, []Var{Set(name, "s")}, nil, fold), "%q fold=%v", name, fold)
				if lower != name {
					want := []string{"X=1", name + "=a", "Y=2", lower + "=d"}
					if fold {
						want = []string{"X=1", lower + "=d", "Y=2"}
					}
					assert.Equal(t, want, build(nil, env, everything, []string{lower + "=d"}, nil, nil, fold), "%q fold=%v", name, fold)
				}
			}
		}
	}
	// Windows "=C:" names de-duplicate too, and a define replaces them.
	env := []string{"=C:=C:\\x", "=c:=other", "=D:=D:\\", "A=1"}
	assert.Equal(t, env, build(nil, env, everything, nil, nil, nil, false))
	assert.Equal(t, []string{"=C:=C:\\x", "=D:=D:\\", "A=1"}, build(nil, env, everything, nil, nil, nil, true))
	assert.Equal(t, []string{"=c:=y", "=D:=D:\\", "A=1"}, build(nil, env, everything, []string{"=c:=y"}, nil, nil, true))
}

func TestBuildIgnoresMalformedEntries(t *testing.T) {
	env := []string{"", "=", "NOEQUALS", "=C:", "A=x\x00y", "A\x00=1", "A=1", "B=1\x00", "B=2", "\x00=x", "C==", "=x"}
	want := []string{"A=1", "B=2", "C=="}
	for _, fold := range []bool{false, true} {
		assert.Equal(t, want, build(nil, env, everything, nil, nil, nil, fold), "fold=%v", fold)
		// A NUL entry is not a dropped spelling either: a later one
		// of the same name still passes, and a define adds it anew.
		assert.Equal(t, []string{"a=2"}, build(nil, []string{"A=x\x00", "a=2"}, everything, nil, nil, nil, fold), "fold=%v", fold)
		assert.Equal(t, []string{"A=1", "B=2", "C==", "N=d"},
			build(nil, env, everything, []string{"N=x\x00", "N=d"}, nil, nil, fold), "fold=%v", fold)
	}
}

func TestBuildDroppedSpellingWinsWhenFolding(t *testing.T) {
	_, inherit := keepTasks(t, false)
	env := []string{"GITHUB_TOKEN=a", "github_token=b", "A=1"}
	assert.Equal(t, []string{"github_token=b", "A=1"}, build(nil, env, inherit, nil, nil, nil, false))
	assert.Equal(t, []string{"A=1"}, build(nil, env, inherit, nil, nil, nil, true))
	// A define of a dropped name is added, in the define's spelling.
	assert.Equal(t, []string{"A=1", "Github_Token=d"}, build(nil, env, inherit, []string{"Github_Token=d"}, nil, nil, true))
	assert.Equal(t, []string{"A=1"}, build(nil, env, inherit, nil, []Var{Unset("GITHUB_TOKEN")}, nil, true))
	assert.Equal(t, []string{"A=1", "github_token=s"}, build(nil, env, inherit, nil, []Var{Unset("GITHUB_TOKEN"), Set("github_token", "s")}, nil, true))
	// The exempt spelling first: it passes, and the later one is a repeat.
	env = []string{"github_token=b", "GITHUB_TOKEN=a", "A=1"}
	assert.Equal(t, []string{"github_token=b", "A=1"}, build(nil, env, inherit, nil, nil, nil, false))
	assert.Equal(t, []string{"github_token=b", "A=1"}, build(nil, env, inherit, nil, nil, nil, true))
	// Many dropped names, past the stack tables, still block variants
	// on Windows. (Unset patterns compare like names: s…_k passes where
	// names compare exactly.)
	var many, want []string
	for i := range 400 {
		many = append(many, fmt.Sprintf("S%d_K=x", i))
	}
	for i := range 400 {
		many = append(many, fmt.Sprintf("s%d_k=y", i), fmt.Sprintf("K%d=z", i))
		want = append(want, fmt.Sprintf("K%d=z", i))
	}
	unset := &Task{Policy: &Policy{}, Inherit: true, Unset: pats("S*_K")}
	assert.Equal(t, want, build(nil, many, unset, nil, nil, nil, true))
	assert.Len(t, build(nil, many, unset, nil, nil, nil, false), 800, "exact: s…_k is not unset")
	secret := &Task{Policy: &Policy{SecretPatterns: pats("S*_K")}, Inherit: true}
	assert.Equal(t, want, build(nil, many, secret, nil, nil, nil, false), "secrets ignore case everywhere")
}

// TestBuildDropFunctions checks DropFunctions (dropInjection): an
// inherited entry whose value starts with "()" is dropped under any name,
// as sudo's "*=()*" env_delete entry drops it, whatever follows ("(){",
// "()\t{", "()"); defines and overrides are the policy's and the
// caller's own.
func TestBuildDropFunctions(t *testing.T) {
	drop := &Task{Policy: &Policy{}, Inherit: true, DropFunctions: true}
	env := []string{"F=() { :; }", "G=(){ x", "H=() {", "BASH_FUNC_x%%=() { echo; }", "A=1", "B= () { :; }", "C=x() { :; }", "D=() {\n}",
		"I=()\t{ :; }", "J=()", "K=(", "L=( )"}
	for _, fold := range []bool{false, true} {
		assert.Equal(t, []string{"A=1", "B= () { :; }", "C=x() { :; }", "K=(", "L=( )"}, build(nil, env, drop, nil, nil, nil, fold), "fold=%v", fold)
		assert.Equal(t, env, build(nil, env, everything, nil, nil, nil, fold), "fold=%v: off", fold)
		assert.Equal(t, []string{"A=1", "B= () { :; }", "C=x() { :; }", "K=(", "L=( )", "F=() { d; }", "H=() { s; }"},
			build(nil, env, drop, []string{"F=() { d; }"}, []Var{Set("H", "() { s; }")}, nil, fold), "fold=%v", fold)
		// A dropped function's name is still seen: a later spelling
		// of it on Windows is a repeat.
		if fold {
			assert.Equal(t, []string{"A=1"}, build(nil, []string{"F=() { :; }", "f=2", "A=1"}, drop, nil, nil, nil, fold))
		} else {
			assert.Equal(t, []string{"f=2", "A=1"}, build(nil, []string{"F=() { :; }", "f=2", "A=1"}, drop, nil, nil, nil, fold))
		}
		// Past the stack tables too.
		var many, want []string
		for i := range 400 {
			many = append(many, fmt.Sprintf("F%d=() { :; }", i), fmt.Sprintf("K%d=z", i))
			want = append(want, fmt.Sprintf("K%d=z", i))
		}
		assert.Equal(t, want, build(nil, many, drop, nil, nil, nil, fold), "fold=%v", fold)
	}
}

// TestBuildDropFunctionsFirstWins checks SPEC's rule 2 with a dropped
// function: the first occurrence of a name wins even when it is dropped,
// so a later entry of the same name does not reach the child.
func TestBuildDropFunctionsFirstWins(t *testing.T) {
	drop := &Task{Policy: &Policy{}, Inherit: true, DropFunctions: true}
	env := []string{"F=() { :; }", "A=1", "F=2"}
	for _, fold := range []bool{false, true} {
		assert.Equal(t, []string{"A=1"}, build(nil, env, drop, nil, nil, nil, fold), "fold=%v", fold)
		assert.Equal(t, []string{"A=1"}, build(nil, []string{"F=() { :; }", "A=1", "F=2", "F=() { :; }"}, drop, nil, nil, nil, fold), "fold=%v", fold)
	}
}

func TestBuildDefinesAndOverrides(t *testing.T) {
	env := []string{"A=1", "B=2", "Path=/bin"}
	for _, c := range []struct {
		what        string
		defines     []string
		overrides   []Var
		exact, fold []string
	}{
		{"define replaces in place", []string{"B=d"}, nil,
			[]string{"A=1", "B=d", "Path=/bin"}, nil},
		{"define takes its spelling", []string{"a=d"}, nil,
			[]string{"A=1", "B=2", "Path=/bin", "a=d"}, []string{"a=d", "B=2", "Path=/bin"}},
		{"define with NUL skipped", []string{"A=x\x00", "C=3"}, nil,
			[]string{"A=1", "B=2", "Path=/bin", "C=3"}, nil},
		{"later define wins", []string{"C=1", "C=2"}, nil,
			[]string{"A=1", "B=2", "Path=/bin", "C=2"}, nil},
		{"unset inherited", nil, []Var{Unset("A")},
			[]string{"B=2", "Path=/bin"}, nil},
		{"unset other spelling", nil, []Var{Unset("a")},
			[]string{"A=1", "B=2", "Path=/bin"}, []string{"B=2", "Path=/bin"}},
		{"unset missing", nil, []Var{Unset("Z")},
			[]string{"A=1", "B=2", "Path=/bin"}, nil},
		{"unset then set", nil, []Var{Unset("A"), Set("A", "9")},
			[]string{"A=9", "B=2", "Path=/bin"}, nil},
		{"unset then set another spelling", nil, []Var{Unset("A"), Set("a", "9")},
			[]string{"B=2", "Path=/bin", "a=9"}, []string{"a=9", "B=2", "Path=/bin"}},
		{"set then unset", nil, []Var{Set("C", "3"), Unset("C")},
			[]string{"A=1", "B=2", "Path=/bin"}, nil},
		{"unset, set, unset", nil, []Var{Unset("B"), Set("B", "x"), Unset("B")},
			[]string{"A=1", "Path=/bin"}, nil},
		{"unset of a define", []string{"D=d"}, []Var{Unset("D")},
			[]string{"A=1", "B=2", "Path=/bin"}, nil},
		{"unset of a define, then set", []string{"D=d"}, []Var{Unset("D"), Set("D", "o")},
			[]string{"A=1", "B=2", "Path=/bin", "D=o"}, nil},
		{"unset of a define over an inherited name", []string{"B=d"}, []Var{Unset("B")},
			[]string{"A=1", "Path=/bin"}, nil},
		{"set over a define", []string{"D=d"}, []Var{Set("D", "o")},
			[]string{"A=1", "B=2", "Path=/bin", "D=o"}, nil},
		{"last set wins", nil, []Var{Set("C", "1"), Set("A", "x"), Set("C", "2")},
			[]string{"A=x", "B=2", "Path=/bin", "C=2"}, nil},
		{"set takes its spelling", nil, []Var{Set("PATH", "/o")},
			[]string{"A=1", "B=2", "Path=/bin", "PATH=/o"}, []string{"A=1", "B=2", "PATH=/o"}},
		{"empty value", nil, []Var{Set("A", "")},
			[]string{"A=", "B=2", "Path=/bin"}, nil},
		{"invalid overrides ignored", nil, []Var{Set("", "x"), Set("A=B", "x"), Set("A\x00", "x"), Set("A", "x\x00"), Unset(""), Unset("A=1"), Unset("A\x00")},
			[]string{"A=1", "B=2", "Path=/bin"}, nil},
		{"everything removed", nil, []Var{Unset("A"), Unset("B"), Unset("Path")},
			[]string{}, nil},
	} {
		if c.fold == nil {
			c.fold = c.exact
		}
		assert.Equal(t, c.exact, build(nil, env, everything, c.defines, c.overrides, nil, false), "%s, exact", c.what)
		assert.Equal(t, c.fold, build(nil, env, everything, c.defines, c.overrides, nil, true), "%s, folded", c.what)
	}
}

func TestBuildPath(t *testing.T) {
	a, b := Dir{"/a"}, Dir{"/b"}
	for _, c := range []struct {
		what        string
		environ     []string
		overrides   []Var
		dirs        []Dir
		exact, fold []string
	}{
		{"no PATH", []string{"X=1"}, nil, []Dir{a, b},
			[]string{"X=1", "PATH=" + join("/a", "/b")}, nil},
		{"empty PATH", []string{"PATH=", "X=1"}, nil, []Dir{a, b},
			[]string{"PATH=" + join("/a", "/b"), "X=1"}, nil},
		{"PATH", []string{"PATH=/bin" + sep + "/usr/bin"}, nil, []Dir{a, b},
			[]string{"PATH=" + join("/a", "/b", "/bin", "/usr/bin")}, nil},
		{"Path spelling", []string{"Path=/bin"}, nil, []Dir{a},
			[]string{"Path=/bin", "PATH=/a"}, []string{"Path=" + join("/a", "/bin")}},
		{"Path first, PATH later", []string{"Path=/bin", "PATH=/other"}, nil, []Dir{a},
			[]string{"Path=/bin", "PATH=" + join("/a", "/other")}, []string{"Path=" + join("/a", "/bin")}},
		{"empty Path", []string{"Path="}, nil, []Dir{a},
			[]string{"Path=", "PATH=/a"}, []string{"Path=/a"}},
		{"repeats", []string{"PATH=/a"}, nil, []Dir{a, b, a, {"/", "a"}, b},
			[]string{"PATH=" + join("/a", "/b", "/a")}, nil},
		{"prefixes are not repeats", nil, nil, []Dir{{"/a", "b"}, a, {"/ab/"}, {"/a", "b"}},
			[]string{"PATH=" + join("/ab", "/a", "/ab/")}, nil},
		{"empty dirs", []string{"PATH=/bin"}, nil, []Dir{{""}, {"", ""}, a, {""}},
			[]string{"PATH=" + join("/a", "/bin")}, nil},
		{"only empty dirs", []string{"PATH=/bin"}, nil, []Dir{{""}, {"", ""}},
			[]string{"PATH=/bin"}, nil},
		{"only empty dirs, no PATH", []string{"X=1"}, nil, []Dir{{""}},
			[]string{"X=1"}, nil},
		{"dir with NUL", []string{"PATH=/bin"}, nil, []Dir{{"/x\x00"}, a, {"/", "\x00"}},
			[]string{"PATH=" + join("/a", "/bin")}, nil},
		{"only a dir with NUL", []string{"PATH=/bin"}, nil, []Dir{{"/x\x00"}},
			[]string{"PATH=/bin"}, nil},
		{"pieces", nil, nil, []Dir{{"/p", "/node_modules/.bin"}, {"/w", "/bin"}},
			[]string{"PATH=" + join("/p/node_modules/.bin", "/w/bin")}, nil},
		// A parameter given empty would make a root-relative directory
		// ("/node_modules/.bin") nobody meant: the directory is skipped.
		{"parameter given empty", []string{"PATH=/bin"}, nil, []Dir{{"", "/node_modules/.bin"}, {"/w", "", "/bin"}, {"/a", ""}, b},
			[]string{"PATH=" + join("/b", "/bin")}, nil},
		{"a skipped dir is no earlier copy", []string{"PATH=/bin"}, nil, []Dir{{"", "/x"}, {"/x"}},
			[]string{"PATH=" + join("/x", "/bin")}, nil},
		{"only parameters given empty", []string{"PATH=/bin"}, nil, []Dir{{"", "/node_modules/.bin"}},
			[]string{"PATH=/bin"}, nil},
		{"after Set", []string{"PATH=/bin"}, []Var{Set("PATH", "/o")}, []Dir{a},
			[]string{"PATH=" + join("/a", "/o")}, nil},
		{"after Set to empty", []string{"PATH=/bin"}, []Var{Set("PATH", "")}, []Dir{a},
			[]string{"PATH=/a"}, nil},
		{"after Unset", []string{"PATH=/bin", "X=1"}, []Var{Unset("PATH")}, []Dir{a},
			[]string{"PATH=/a", "X=1"}, nil},
		{"after Unset of another spelling", []string{"Path=/bin", "X=1"}, []Var{Unset("path")}, []Dir{a},
			[]string{"Path=/bin", "X=1", "PATH=/a"}, []string{"PATH=/a", "X=1"}},
		{"after Unset, then Set", []string{"PATH=/bin", "X=1"}, []Var{Unset("PATH"), Set("PATH", "/s")}, []Dir{a},
			[]string{"PATH=" + join("/a", "/s"), "X=1"}, nil},
		{"no dirs", []string{"PATH=/bin"}, nil, nil,
			[]string{"PATH=/bin"}, nil},
		{"no dirs after Unset", []string{"PATH=/bin"}, []Var{Unset("PATH")}, nil,
			[]string{}, nil},
		{"PATH with NUL in environ", []string{"PATH=/x\x00", "X=1"}, nil, []Dir{a},
			[]string{"X=1", "PATH=/a"}, nil},
	} {
		if c.fold == nil {
			c.fold = c.exact
		}
		assert.Equal(t, c.exact, build(nil, c.environ, everything, nil, c.overrides, c.dirs, false), "%s, exact", c.what)
		assert.Equal(t, c.fold, build(nil, c.environ, everything, nil, c.overrides, c.dirs, true), "%s, folded", c.what)
	}
	// A PATH the task drops is not prefixed: the directories make a new
	// one, in PATH's spelling.
	drop := &Task{Policy: &Policy{}, Pass: pats("X*")}
	for _, fold := range []bool{false, true} {
		assert.Equal(t, []string{"X=1", "PATH=/a"}, build(nil, []string{"Path=/bin", "PATH=/bin", "X=1"}, drop, nil, nil, []Dir{a}, fold), "fold=%v", fold)
	}
	// A define of PATH is prefixed, in the define's spelling.
	for _, fold := range []bool{false, true} {
		assert.Equal(t, []string{"X=1", "PATH=" + join("/a", "/d")}, build(nil, []string{"X=1"}, everything, []string{"PATH=/d"}, nil, []Dir{a}, fold), "fold=%v", fold)
	}
	assert.Equal(t, []string{"X=1", "path=" + join("/a", "/d")}, build(nil, []string{"X=1"}, everything, []string{"path=/d"}, nil, []Dir{a}, true))
}

func TestBuildPathManyDirs(t *testing.T) {
	var dirs []Dir
	var want []string
	for i := range 40 {
		d := fmt.Sprintf("/d%d", i)
		dirs = append(dirs, Dir{d}, Dir{"/d", fmt.Sprint(i)}) // each twice
		want = append(want, d)
	}
	for _, fold := range []bool{false, true} {
		got := build(nil, []string{"PATH=/bin"}, everything, nil, nil, dirs, fold)
		assert.Equal(t, []string{"PATH=" + join(append(want, "/bin")...)}, got)
	}
}

func TestBuildPathZeroPieceDir(t *testing.T) {
	// envgen emits Dir{} for binPaths: [""], and Build must treat it as
	// the empty directory it is, whatever the other directories hold.
	// (policy binPaths: ["", "."]). An early version counted len+1 per
	// piece and took [Dir{}, Dir{"."}] for all-empty.
	for _, fold := range []bool{false, true} {
		got := build(nil, []string{"PATH=/bin"}, everything, nil, nil, []Dir{{}, {"."}}, fold)
		assert.Equal(t, []string{"PATH=" + join(".", "/bin")}, got, "fold=%v", fold)
		got = build(nil, []string{"PATH=/bin"}, everything, nil, nil, []Dir{{}, {}, {"/a"}, {}}, fold)
		assert.Equal(t, []string{"PATH=" + join("/a", "/bin")}, got, "fold=%v", fold)
		got = build(nil, []string{"PATH=/bin"}, everything, nil, nil, []Dir{{}, {}}, fold)
		assert.Equal(t, []string{"PATH=/bin"}, got, "fold=%v", fold)
	}
}

func TestDirEqual(t *testing.T) {
	for _, c := range []struct {
		d, e Dir
		want bool
	}{
		{Dir{}, Dir{}, true},
		{Dir{}, Dir{""}, true},
		{Dir{"/a"}, Dir{"/", "a"}, true},
		{Dir{"/a", "", "b"}, Dir{"", "/ab", ""}, true},
		{Dir{"/a"}, Dir{"/ab"}, false},
		{Dir{"/ab"}, Dir{"/a"}, false},
		{Dir{"/a", "b"}, Dir{"/a", "c"}, false},
		{Dir{""}, Dir{"x"}, false},
	} {
		assert.Equal(t, c.want, c.d.equal(c.e), "%q %q", c.d, c.e)
		assert.Equal(t, c.want, c.e.equal(c.d), "%q %q", c.e, c.d)
	}
}

func TestBuildLeavesDstAlone(t *testing.T) {
	env := []string{"A=1", "B=2", "A=3", "PATH=/bin"}
	defines := []string{"D=d"}
	overrides := []Var{Unset("B"), Set("A", "x")}
	dirs := []Dir{{"/a"}}
	want := []string{"A=x", "PATH=" + join("/a", "/bin"), "D=d"}
	for _, fold := range []bool{false, true} {
		// dst holds entries with the same names, which Build must
		// neither read (de-duplicate against) nor change.
		sentinels := []string{"A=dst", "B=dst", "PATH=dst", "not an entry", ""}
		dst := make([]string, len(sentinels), 32)
		copy(dst, sentinels)
		got := build(dst, env, everything, defines, overrides, dirs, fold)
		assert.Equal(t, sentinels, dst, "fold=%v", fold)
		assert.Equal(t, want, got[len(dst):], "fold=%v", fold)
		assert.Equal(t, sentinels, got[:len(dst)], "fold=%v", fold)
		assert.Same(t, &dst[0], &got[0], "fold=%v: with room, the result is dst's array", fold)
		// After removals the tail past the result is cleared, so
		// dst's array keeps nothing alive.
		tail := dst[len(got):cap(dst)]
		assert.Empty(t, slices.DeleteFunc(slices.Clone(tail), func(s string) bool { return s == "" }), "fold=%v", fold)

		// Without room, dst is still left as it was.
		full := slices.Clone(sentinels)
		got = build(full[:len(full):len(full)], env, everything, defines, overrides, dirs, fold)
		assert.Equal(t, sentinels, full, "fold=%v", fold)
		assert.Equal(t, append(slices.Clone(sentinels), want...), got, "fold=%v", fold)

		// Past the stack tables too, with dst aliasing part of environ
		// (a caller reusing one array): dst[:len(dst)] is not read.
		var big []string
		for i := range 400 {
			big = append(big, fmt.Sprintf("V%d=%d", i%300, i))
		}
		backing := make([]string, 2, 1000)
		backing[0], backing[1] = "V0=dst", "V1=dst"
		got = build(backing, big, everything, nil, []Var{Unset("V2")}, nil, fold)
		assert.Equal(t, []string{"V0=dst", "V1=dst"}, backing)
		assert.Equal(t, "V0=0", got[2])
		assert.Equal(t, "V1=1", got[3])
		assert.Equal(t, "V3=3", got[4])
		assert.Len(t, got, 2+299)
		assert.Same(t, &backing[0], &got[0])
	}
	// Build is build with this OS's comparison.
	assert.Equal(t, build(nil, env, everything, defines, overrides, dirs, windows),
		Build(nil, env, everything, defines, overrides, dirs))
}

func TestTableFor(t *testing.T) {
	// The smallest power of two from 16 that holds n+n/2.
	for _, c := range []struct{ table, n, size int }{
		{0, 0, 16}, {0, 1, 16}, {0, 10, 16}, {0, 11, 16}, {0, 12, 32}, {128, 85, 128}, {128, 86, 256},
		{256, 170, 256}, {512, 171, 256}, {512, 341, 512}, {512, 342, 1024}, {0, 1000, 2048},
	} {
		table := make([]uint64, c.table)
		got := tableFor(table, c.n)
		assert.Len(t, got, c.size, "tableFor(%d, %d)", c.table, c.n)
		assert.GreaterOrEqual(t, len(got), c.n+c.n/2, "tableFor(%d, %d)", c.table, c.n)
		if c.size <= c.table {
			assert.Same(t, &table[0], &got[0], "tableFor(%d, %d): a prefix of table", c.table, c.n)
		}
		for _, s := range got {
			require.Zero(t, s)
		}
	}
	// build's stack tables are big enough for the calls it gives them.
	for _, c := range []struct{ n, table int }{{85, 128}, {170, 256}, {341, 512}} {
		assert.LessOrEqual(t, len(tableFor(nil, c.n)), c.table, "n=%d", c.n)
	}
}

// model is Build written the obvious way, with maps, for comparing with
// the table-driven engine on random input: keep decides which inherited
// names pass.
func model(environ []string, keep func(string) bool, defines []string, overrides []Var, dirs []Dir, fold bool) []string {
	key := func(name string) string {
		if fold {
			return upperASCII(name)
		}
		return name
	}
	type entry struct {
		s       string
		removed bool
	}
	var out []entry
	at := map[string]int{} // key → index in out, or -1 for a dropped name
	set := func(name, s string) {
		if i, ok := at[key(name)]; ok && i >= 0 {
			out[i] = entry{s: s}
			return
		}
		at[key(name)] = len(out)
		out = append(out, entry{s: s})
	}
	for _, e := range environ {
		name, ok := Split(e)
		if !ok {
			continue
		}
		if _, seen := at[key(name)]; seen {
			continue
		}
		if keep(name) {
			at[key(name)] = len(out)
			out = append(out, entry{s: e})
		} else if fold {
			at[key(name)] = -1
		}
	}
	for _, d := range defines {
		if name, ok := Split(d); ok {
			set(name, d)
		}
	}
	for _, v := range overrides {
		switch {
		case v.name == "" || strings.ContainsAny(v.name, "=\x00") || strings.Contains(v.value, "\x00"):
		case v.unset:
			if i, ok := at[key(v.name)]; ok && i >= 0 {
				out[i].removed = true
			}
		default:
			set(v.name, v.name+"="+v.value)
		}
	}
	var list []string
	for _, d := range dirs {
		s := strings.Join(d, "")
		if len(d) > 0 && !slices.Contains(d, "") && !strings.Contains(s, "\x00") && !slices.Contains(list, s) {
			list = append(list, s)
		}
	}
	if len(list) > 0 {
		name, value := "PATH", join(list...)
		if i, ok := at[key(name)]; ok && i >= 0 && !out[i].removed {
			name, _ = Split(out[i].s)
			if old := out[i].s[len(name)+1:]; old != "" {
				value += sep + old
			}
		}
		set(name, name+"="+value)
	}
	result := []string{}
	for _, e := range out {
		if !e.removed {
			result = append(result, e.s)
		}
	}
	return result
}

// decisionsBothWays yields every decision, each as recorded in a table of
// what a task keeps and in one of what it drops (Task.DecideDrops).
func decisionsBothWays() iter.Seq2[Decision, bool] {
	return func(yield func(Decision, bool) bool) {
		for _, drops := range []bool{false, true} {
			for d := range Decision(8) {
				if !yield(d, drops) {
					return
				}
			}
		}
	}
}

// modelKeep is Task.keep written the obvious way: a linear search of the
// names for the entry's name, then the decision bits or the patterns, each
// pattern tried by itself.
func modelKeep(t *Task, name string, fold bool) bool {
	matches := func(ps Patterns, fold bool) bool {
		for _, p := range ps.List {
			if p.Match(name, fold) {
				return true
			}
		}
		return false
	}
	byPatterns := func(secret bool) bool {
		switch {
		case secret:
			return false
		case t.Inherit:
			return !matches(t.Unset, fold)
		default: // an isolated task's Unset is dropInjection's list
			return matches(t.Pass, fold) && !matches(t.Negated, fold) && !matches(t.Unset, fold)
		}
	}
	names := t.Policy.Names
	first := slices.IndexFunc(names, func(n Name) bool { return !n.Variant && upperASCII(n.Name) == upperASCII(name) })
	if first < 0 {
		return byPatterns(matches(t.Policy.SecretPatterns, true))
	}
	says := func(i int, bit Decision) bool {
		if t.DecideDrops {
			return t.Decide[i]&bit == 0
		}
		return t.Decide[i]&bit != 0
	}
	for j := first; j == first || j < len(names) && names[j].Variant; j++ {
		if names[j].Name == name {
			if fold {
				return says(j, KeepFolded)
			}
			return says(j, Keep)
		}
	}
	if fold {
		return says(first, KeepVariant)
	}
	return byPatterns(names[first].Secret)
}

// TestBuildMatchesModel runs Build and model on random policies (names,
// decisions and patterns), environments, defines, overrides and
// directories over a small set of names (so that repeats and case
// variants are common), and over many names (so that the heap table is
// used), with names compared exactly and folded.
func TestBuildMatchesModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	pick := func(s ...string) string { return s[rng.IntN(len(s))] }
	// The spellings a policy may hold, by name: variants together.
	groups := [][]string{
		{"A", "a"}, {"B"}, {"PATH", "Path", "path"}, {"=C:", "=c:"}, {"X_TOKEN", "x_token"},
		{"Y_TOKEN"}, {"LONG_NAME_1", "long_name_1"}, {"NEXT_A", "next_a"}, {"@"}, {"V1", "v1"}, {"V12"},
	}
	small := []string{"A", "a", "B", "b", "PATH", "Path", "path", "pATH", "=C:", "=c:", "=", "X_TOKEN", "x_token", "X_Token",
		"Y_TOKEN", "y_token", "LONG_NAME_1", "long_name_1", "Long_Name_1", "NEXT_A", "next_a", "NEXT_B", "@", "`", "Z"}
	patterns := []string{"*_TOKEN", "NEXT_*", "next_*", "*A", "A*", "*", "P*H", "*_*", "V1*", "v*", "*9", "*1", "=*", "*ONG*", "Y*"}
	randomPatterns := func(max int) Patterns {
		var list []string
		for range rng.IntN(max + 1) {
			list = append(list, pick(patterns...))
		}
		return pats(list...)
	}
	values := []string{"", "1", "b=c", "/bin", "/a" + sep + "/bin", "x\x00y"}
	name := func(many bool) string {
		if many && rng.IntN(4) > 0 {
			return fmt.Sprintf("%s%d", pick("V", "v"), rng.IntN(400))
		}
		return pick(small...)
	}
	for iter := range 4000 {
		// A random policy and task.
		var policyNames []Name
		for _, g := range groups {
			if rng.IntN(2) == 0 {
				continue
			}
			secret := rng.IntN(3) == 0
			for i, s := range g {
				if i > 0 && rng.IntN(2) == 0 {
					continue
				}
				policyNames = append(policyNames, Name{Name: s, Variant: i > 0 && len(policyNames) > 0 && upperASCII(policyNames[len(policyNames)-1].Name) == upperASCII(s),
					Secret: secret, Pass: secret && rng.IntN(3) == 0})
			}
		}
		var p *Policy
		if len(policyNames) == 0 {
			p = &Policy{SecretPatterns: randomPatterns(2)}
		} else {
			p = layout(t, rng.IntN(2) == 0, policyNames)
			p.SecretPatterns = randomPatterns(2)
		}
		task := &Task{Policy: p, Inherit: rng.IntN(2) == 0, Decide: make([]Decision, len(policyNames)),
			DecideDrops: rng.IntN(2) == 0,
			Pass:        randomPatterns(2), Negated: randomPatterns(1), Unset: randomPatterns(2)}
		for i := range task.Decide {
			task.Decide[i] = Decision(rng.IntN(8))
		}

		many := iter%20 == 0
		n := rng.IntN(12)
		if many {
			n = 200 + rng.IntN(600)
		}
		var environ, defines []string
		var overrides []Var
		var dirs []Dir
		for range n {
			switch rng.IntN(12) {
			case 0:
				environ = append(environ, name(many)) // no '='
			case 1:
				environ = append(environ, pick("", "=", "=x"))
			default:
				environ = append(environ, name(many)+"="+pick(values...))
			}
		}
		for range rng.IntN(4) {
			defines = append(defines, name(many)+"="+pick(values...))
		}
		for range rng.IntN(6) {
			switch rng.IntN(5) {
			case 0:
				overrides = append(overrides, Unset(pick(name(many), "", "A=1")))
			case 1:
				overrides = append(overrides, Unset(name(many)))
			default:
				overrides = append(overrides, Set(pick(name(many), name(many), "", "A=B", "N\x00"), pick(values...)))
			}
		}
		for range rng.IntN(5) {
			var d Dir // at least one piece, as envgen emits for a non-empty value
			for range 1 + rng.IntN(2) {
				d = append(d, pick("", "/a", "/b", "x", "/a\x00", "/bin"))
			}
			dirs = append(dirs, d)
		}
		for _, fold := range []bool{false, true} {
			keep := func(name string) bool { return modelKeep(task, name, fold) }
			want := model(environ, keep, defines, overrides, dirs, fold)
			got := build(nil, environ, task, defines, overrides, dirs, fold)
			if !slices.Equal(want, got) {
				t.Fatalf("fold=%v\nnames     %+v\ndecide    %03b (drops: %v)\ninherit   %v\nenviron   %q\ndefines   %q\noverrides %v\ndirs      %q\ngot  %q\nwant %q",
					fold, policyNames, task.Decide, task.DecideDrops, task.Inherit, environ, defines, overrides, dirs, got, want)
			}
			// keep itself, on every name the call saw.
			for _, e := range environ {
				if name, ok := Split(e); ok {
					if got, want := task.keep(name, Hash(p.Seed, name), fold), modelKeep(task, name, fold); got != want {
						t.Fatalf("fold=%v names %+v decide %03b (drops: %v): keep(%q) = %v, want %v", fold, policyNames, task.Decide, task.DecideDrops, name, got, want)
					}
				}
			}
		}
	}
}

// TestTableClusters is a linearity check that counts rather than times:
// after inheriting n distinct names, the longest run of occupied slots
// bounds the probes any lookup makes, and it stays small for ordinary
// names at the table's load.
func TestTableClusters(t *testing.T) {
	longest := func(seed uint64, environ []string, fold bool) (most, kept int) {
		// An inherit task with no names and no patterns keeps them all.
		task := &Task{Policy: &Policy{Seed: seed}, Inherit: true}
		n := len(environ) + 1
		slots := make([]uint64, tableSize(n))
		out := buildWith(slots, n, nil, environ, task, nil, nil, nil, fold, false)
		run := 0
		for _, s := range append(slices.Clone(slots), slots...) { // wraps around
			if s == 0 {
				run = 0
				continue
			}
			run++
			most = max(most, run)
		}
		return min(most, len(slots)), len(out)
	}
	var env []string
	for i := range 10000 {
		env = append(env, fmt.Sprintf("VAR_%d=x", i))
	}
	// Case variants of one name are distinct names where names compare
	// exactly; the exact key must spread them rather than chain them.
	var variants []string
	for i := range 1 << 10 {
		b := []byte("abcdefghij")
		for j := range b {
			if i>>j&1 != 0 {
				b[j] -= 'a' - 'A'
			}
		}
		variants = append(variants, string(b)+"=x")
	}
	// Names that differ in the last bytes of a word only, in the sizes
	// of the stack tables.
	var numbered []string
	for i := range 300 {
		numbered = append(numbered, fmt.Sprintf("NODE_%03d=x", i))
	}
	for _, seed := range []uint64{0, 1, 63} {
		for _, fold := range []bool{false, true} {
			most, kept := longest(seed, env, fold)
			assert.Less(t, most, 64, "seed %d fold=%v", seed, fold)
			assert.Equal(t, len(env), kept, "seed %d fold=%v", seed, fold)
			for _, n := range []int{50, 150, 300} {
				most, kept = longest(seed, numbered[:n], fold)
				assert.Less(t, most, 32, "seed %d fold=%v: %d numbered names", seed, fold, n)
				assert.Equal(t, n, kept, "seed %d fold=%v", seed, fold)
			}
		}
		most, kept := longest(seed, variants, false)
		assert.Less(t, most, 64, "seed %d: exact names spread out", seed)
		assert.Equal(t, len(variants), kept, "seed %d", seed)
		most, kept = longest(seed, variants, true)
		assert.Less(t, most, 64, "seed %d: folded, the variants are one name", seed)
		assert.Equal(t, 1, kept, "seed %d: folded, the variants are one name", seed)
	}
}
