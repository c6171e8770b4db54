package impl

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/envgen/envgen/runtime/internal/assert"
)

// This file tests how names are read and compared: Split, Var, EqualFold,
// and the hash that filterRun computes while it finds an entry's name.

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
		{"\u212a=kelvin", "\u212a", "kelvin", true},
		{"ABCDEFG=7", "ABCDEFG", "7", true},
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
		{"A=1\x00=2", "", "", false},
		{"=\x00=", "", "", false},
	} {
		name, ok := Split(c.entry)
		assert.Equal(t, c.ok, ok, "%q", c.entry)
		if !c.ok {
			continue
		}
		assert.Equal(t, c.name, name, "%q", c.entry)
		assert.Equal(t, c.value, c.entry[len(name)+1:], "%q", c.entry)
		// An entry that an Unset cut to its bare name has no value.
		assert.True(t, hasValue(c.entry), "hasValue(%q)", c.entry)
		if name[0] != '=' {
			assert.False(t, hasValue(name), "hasValue(%q)", name)
		}
	}
}

func TestVar(t *testing.T) {
	for _, c := range []struct {
		v     Var
		str   string
		valid bool
	}{
		{Set("A", "1"), `Set("A", <1 bytes>)`, true},
		{Set("A", ""), `Set("A", <0 bytes>)`, true},
		{Set("A", "b=c"), `Set("A", <3 bytes>)`, true},
		{Unset("A"), `Unset("A")`, true},
		{Set("", "x"), `Set("", <1 bytes>)`, false},
		{Set("A=B", "x"), `Set("A=" + <1 bytes>, <1 bytes>)`, false}, // NAME=value pasted for a name: the value not shown
		{Set("=C:", "x"), `Set("=" + <2 bytes>, <1 bytes>)`, false},
		{Set("A\x00", "x"), `Set("A\x00", <1 bytes>)`, false},
		{Set("A", "x\x00"), `Set("A", <2 bytes>)`, false},
		{Set("\x00A", "x"), `Set("\x00A", <1 bytes>)`, false}, // a NUL first, too
		{Set("A", "\x00x"), `Set("A", <2 bytes>)`, false},
		{Unset(""), `Unset("")`, false},
		{Unset("A=1"), `Unset("A=" + <1 bytes>)`, false},
		{Keep("GITHUB_TOKEN=ghp_nA9icKB0kFv3HuKvPk8w1BLZzkPWwj65S9O8"), `Keep("GITHUB_TOKEN=" + <40 bytes>)`, false},
		{Keep("GITHUB_TOKEN=hunter2"), `Keep("GITHUB_TOKEN=" + <7 bytes>)`, false},
		{Keep("ghp_nA9icKB0kFv3HuKvPk8w1BLZzkPWwj65S9O8\n"), `Keep(<redacted, 41 bytes>)`, false}, // a token read from a file
		{Var{}, "the zero Var", false},
		{Sets([]string{"=x"})[0], "Sets entry of 2 bytes", false},
		{Sets([]string{"=x=y"})[0], `Set("=" + <1 bytes>, <1 bytes>)`, false}, // named "=x", as Split reads it
		{Unset("A\x00"), `Unset("A\x00")`, false},
		{Keep("GH_TOKEN"), `Keep("GH_TOKEN")`, true},
		{Keep("_x9"), `Keep("_x9")`, true},
		{Keep("NEXT_*"), `Keep("NEXT_*")`, false}, // a name, not a pattern
		{Keep("9X"), `Keep("9X")`, false},
		{Keep("PROGRAMFILES(X86)"), `Keep("PROGRAMFILES(X86)")`, false},
		{Keep(""), `Keep("")`, false},
		{Drop("MY_CORP_*"), `Drop("MY_CORP_*")`, true},
		{Drop("*"), `Drop("*")`, true},
		{Drop("EXACT"), `Drop("EXACT")`, true},
		{Drop("MY-CORP-*"), `Drop("MY-CORP-*")`, false},
		{Drop("1*"), `Drop("1*")`, false},
		{Drop(""), `Drop("")`, false},
		{KeepMatching("NODE_*"), `KeepMatching("NODE_*")`, true},
		{KeepMatching("NODE_ENV"), `KeepMatching("NODE_ENV")`, true},
		{KeepMatching("NODE ENV"), `KeepMatching("NODE ENV")`, false},
		{KeepMatching("\x1b[31m*"), `KeepMatching("\x1b[31m*")`, false},
	} {
		assert.Equal(t, c.str, c.v.String())
		assert.Equal(t, c.valid, c.v.problem() == "", "%s", c.v)
	}
}

func TestEqualFold(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"", "", true},
		{"Path", "PATH", true},
		{"A_1", "a_1", true},
		{"K", "\u212a", false}, // the Kelvin sign: strings.EqualFold says true
		{"k", "\u212a", false},
		{"\u212a", "\u212a", true},
		{"é", "É", false}, // only ASCII letters fold
		{"@", "`", false}, // differ by 0x20 but are no letters
		{"[", "{", false},
		{"_", "\x7f", false},
		{"\xdf", "\xff", false},
		{"A", "AB", false},
	} {
		assert.Equal(t, c.want, EqualFold(c.a, c.b), "EqualFold(%q, %q)", c.a, c.b)
		assert.Equal(t, c.want, EqualFold(c.b, c.a), "EqualFold(%q, %q)", c.b, c.a)
	}
	assert.True(t, strings.EqualFold("K", "\u212a"), "the Kelvin sign is why EqualFold exists")
	// Every pair of bytes, alone and in every position of longer names.
	for a := range 256 {
		for b := range 256 {
			letter := 'A' <= a && a <= 'Z' || 'a' <= a && a <= 'z'
			want := a == b || letter && a^0x20 == b
			for _, x := range []string{"", "abcdefg", "abcdefghijklmnop"} {
				for _, i := range []int{0, len(x) / 2, len(x)} {
					sa := x[:i] + string([]byte{byte(a)}) + x[i:]
					sb := upperASCII(x[:i]) + string([]byte{byte(b)}) + x[i:]
					if got := EqualFold(sa, sb); got != want {
						t.Fatalf("EqualFold(%q, %q) = %v", sa, sb, got)
					}
				}
			}
		}
	}
}

// TestCompareFold checks the order compileTask sorts a task's names in:
// strings.Compare's, with the ASCII letters upper-cased (by unicode.ToUpper
// here) and no other byte, so that EqualFold's spellings of a name sort
// next to each other, also across 'Z' and 'z', between which '[' to '`'
// would otherwise come.
func TestCompareFold(t *testing.T) {
	key := func(c byte) int {
		if c < utf8.RuneSelf {
			return int(unicode.ToUpper(rune(c)))
		}
		return int(c)
	}
	for a := range 256 {
		for b := range 256 {
			want := cmp.Compare(key(byte(a)), key(byte(b)))
			for _, x := range []string{"", "Path_"} {
				sa, sb := x+string([]byte{byte(a)}), x+string([]byte{byte(b)})
				if got := cmp.Compare(compareFold(sa, sb), 0); got != want {
					t.Fatalf("compareFold(%q, %q) has sign %d, want %d", sa, sb, got, want)
				}
				if want == 0 && cmp.Compare(compareFold(sa+"x", sb), 0) != 1 {
					t.Fatalf("compareFold(%q, %q): the longer name sorts first", sa+"x", sb)
				}
			}
		}
	}
}

func TestHashName(t *testing.T) {
	// ASCII case aside, in every position of every word.
	for _, s := range []string{"PATH", "GITHUB_TOKEN", "a", "abcdefgh", "abcdefghi", "npm_config_cache_dir_x", "=c:"} {
		assert.Equal(t, hashName(s), hashName(upperASCII(s)), "%q", s)
		assert.Equal(t, hashName(lowerASCII(s)), hashName(upperASCII(s)), "%q", s)
	}
	// Length-sensitive: the zero padding of the last word does not make a
	// name equal to itself with NULs appended.
	for _, s := range []string{"", "A", "PATH", "ABCDEFG", "ABCDEFGH", "ABCDEFGHIJKLMNO"} {
		assert.True(t, hashName(s) != hashName(s+"\x00"), "%q", s)
		assert.True(t, hashName(s) != hashName(s+"\x00\x00\x00\x00\x00\x00\x00\x00"), "%q", s)
	}
	for _, pair := range [][2]string{{"PATH", "PATHS"}, {"PATH", "PAT"}, {"K", "\xe2"}, {"K", "\u212a"}, {"PATH", "HOME"}, {"AB", "BA"}} {
		assert.True(t, hashName(pair[0]) != hashName(pair[1]), "%q", pair)
	}
	// A few non-letter pairs differ only in bit 5 and hash alike, as
	// documented; every table compares names after a probe.
	assert.Equal(t, hashName("@"), hashName("`"))
	assert.Equal(t, hashName("_"), hashName("\x7f"))
	// Distinct ordinary names spread: no collision of the full 64 bits.
	full := map[uint64]string{}
	for i := range 20000 {
		name := fmt.Sprintf("VAR_%d", i)
		h := hashName(name)
		if prev, ok := full[h]; ok {
			t.Fatalf("%q and %q hash alike", prev, name)
		}
		full[h] = name
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

// filterRunDrops runs filterRun over e alone for an inherit task whose one
// secret name is secret, and reports whether filterRun took the entry
// (done: it did not leave it to filterOne) and whether it dropped it.
// filterRun finds the name and its hash in one pass, a word at a time: it
// drops e exactly when that name is secret (ASCII case aside) and its
// hash is hashName's, which the task's table is keyed by.
func filterRunDrops(secret, e string) (done, dropped bool) {
	c := (&Task{Policy: &Policy{Secrets: []string{secret}}, Inherit: true}).tables(false)
	i, out := filterRun(nil, []string{e}, 0, make([]uint64, 64), c)
	return i == 1, i == 1 && len(out) == 0
}

// checkFilterRun wants filterRun to drop e, an entry named name, for a
// task whose secret is name, and to keep it for one whose secret differs
// from name in its last byte, unless e holds a NUL, which it then skips
// (its drop needs no NUL check; its keep does); or to leave e to
// filterOne if e is shorter than 8 bytes or starts with '='.
func checkFilterRun(t *testing.T, name, e string) {
	t.Helper()
	if strings.Contains(name, "*") {
		return // a pattern in a policy list
	}
	leaves := len(e) < 8 || e[0] == '='
	if done, dropped := filterRunDrops(name, e); done == leaves || done && !dropped {
		t.Fatalf("filterRun over %q for secret %q: done %v, dropped %v", e, name, done, dropped)
	}
	last := name[len(name)-1] ^ 0x01 // another byte, never '=' for a name's, nor a case
	if last == '=' || last == '*' || len(name) == 1 && name[0] == '=' {
		return
	}
	other := name[:len(name)-1] + string([]byte{last})
	done, dropped := filterRunDrops(other, e)
	if done == leaves || done && dropped != strings.Contains(e, "\x00") {
		t.Fatalf("filterRun over %q for secret %q: done %v, dropped %v", e, other, done, dropped)
	}
}

// TestScanNameMatchesHashName checks that filterRun, which finds an
// entry's name and hashes it in one pass, agrees with hashName, which the
// task's tables and the builder's defines and overrides use.
func TestScanNameMatchesHashName(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	var names []string
	for n := 1; n <= 40; n++ {
		for range 60 {
			names = append(names, randomName(rng, n))
		}
	}
	names = append(names, "=C:", "=c:", "=", "=ExitCode", "=ABCDEFGHIJKLMNOPQRSTUVWXYZ", "PATH", "Path",
		"\u212a", "é", "\xff\xff\xff\xff\xff\xff\xff\xff\xff", "\x80", "A\x00B", "\x00")
	values := []string{"", "v", "=", "b=c", "C:\\x", "\x00", "a longer value = with = signs", "\xff=\xfe", strings.Repeat("=", 17)}
	for _, name := range names {
		for _, v := range values {
			e := name + "=" + v
			checkFilterRun(t, name, e)
		}
	}
}

// TestScanNameEquals checks where filterRun and Split find the end of the
// name: the first '=' after the first byte, at every offset, in entries
// shorter than a word and of whole words.
func TestScanNameEquals(t *testing.T) {
	body := "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	// No '=' after the first byte: no name.
	for _, e := range []string{"", "=", "A", "AB", "ABCDEFG", "ABCDEFGH", "ABCDEFGHI", body[:16], body[:17], body[:24], body,
		"=A", "=ABCDEFG", "=ABCDEFGHIJ", "=" + body, "\xff\xfe", strings.Repeat("\x00", 9), strings.Repeat("\xbd", 16)} {
		_, ok := Split(e)
		assert.False(t, ok, "%q", e)
		if done, _ := filterRunDrops("ABCDEFGH", e); done {
			t.Fatalf("filterRun took %q, which has no name", e)
		}
	}
	// '=' first: the name runs to the next '='.
	for _, c := range []struct {
		e string
		n int
	}{
		{"==", 1}, {"==x", 1}, {"===", 1}, {"=C:=C:\\x", 3}, {"=C:=", 3}, {"=ABCDEF=", 7},
		{"=ABCDEFG=x", 8}, {"=ABCDEFGH=x", 9}, {"=ABCDEFGHIJKLMNO=x", 16},
		{"=" + body + "=x=y", 1 + len(body)},
	} {
		name, ok := Split(c.e)
		assert.True(t, ok, "%q", c.e)
		assert.Equal(t, c.e[:c.n], name, "%q", c.e)
	}
	// '=' at every offset from 1 to 40, whatever follows: the entry's
	// length then runs over every remainder modulo 8, and the '=' may be
	// its last byte (entries of 8, 16, 24 … bytes included).
	for p := 1; p <= 40; p++ {
		for _, name := range []string{body[:p], strings.Repeat("\xbd", p), "=" + body[:p-1], strings.Repeat("\xff", p), strings.Repeat("<", p)} {
			for _, tail := range []string{"", "=", "x", "xxxxxxx", body, "=" + body, strings.Repeat("=", 9)} {
				e := name + "=" + tail
				if n, _ := Split(e); n != name {
					t.Fatalf("Split(%q) = %q; want %q", e, n, name)
				}
				checkFilterRun(t, name, e)
			}
		}
	}
}

// refSplit is rule 1 of docs/semantics.md written plainly: the name ends at the first '='
// after the first byte; no such '=', or a NUL anywhere, is no entry.
func refSplit(e string) (name, value string, ok bool) {
	for i := 1; i < len(e); i++ {
		if e[i] == '=' {
			if strings.Contains(e, "\x00") {
				return "", "", false
			}
			return e[:i], e[i+1:], true
		}
	}
	return "", "", false
}

// FuzzSplit wants Split and filterRun to agree with refSplit.
func FuzzSplit(f *testing.F) {
	for _, s := range []string{"A=1", "=C:=C:\\x", "==", "=", "", "A", "A\x00=1", "A=\x00", "a==", "\xff=\xfe", "=A", "ABCDEFGH="} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, entry string) {
		name, ok := Split(entry)
		wantName, wantValue, wantOK := refSplit(entry)
		if ok != wantOK || ok && name != wantName {
			t.Fatalf("Split(%q) = %q, %v; want %q, %v", entry, name, ok, wantName, wantOK)
		}
		if ok && entry != wantName+"="+wantValue {
			t.Fatalf("refSplit(%q) = %q, %q", entry, wantName, wantValue)
		}
		if ok {
			checkFilterRun(t, name, entry)
		}
	})
}

// TestFilterRunNULCheck puts one byte at every offset of entries of 8 to 80
// bytes, in the name or the value, and wants filterRun to keep the entry when
// the byte is harmless and to skip it when it is a NUL.
func TestFilterRunNULCheck(t *testing.T) {
	for size := 8; size <= 80; size++ {
		eq := max(2, size/3) // the name is the bytes before
		for at := 1; at < size; at++ {
			for _, c := range []byte{0, 0x01, 0x7f, 0x80, 0x81, 0xff} {
				if at == eq {
					continue
				}
				b := []byte(strings.Repeat("v", size))
				b[eq], b[at] = '=', c
				e := string(b)
				done, dropped := filterRunDrops("OTHER_NAME", e)
				if !done || dropped != (c == 0) {
					t.Fatalf("filterRun over %q: done %v, dropped %v", e, done, dropped)
				}
			}
		}
	}
}
