package secretvalue

import (
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/envgen/envgen/runtime/internal/assert"
	"github.com/envgen/envgen/runtime/internal/require"
)

// This file holds each shortcut of the scan to the plain rule it stands
// for: the skip scan, the filters on a run and the word tests against a
// scan that checks every run and every anchor byte; the prefix index
// against a linear search; the eight-byte tests against byte tests.

// plainScan is scan without its shortcuts: every run of minRun or more
// bytes goes through run (widening from scratch each time; text decoded
// from base64 or hex is not decoded again from a later run, as in the
// scan), every byte of the value through the anchored detectors of that
// byte, found by a linear search of the registry, and the value through
// every detector that reads it whole.
func (d *Detector) plainScan(s string, h *hit) bool {
	if len(s) < minValue {
		return d.userPrefix && d.tokenAtStart(s, h)
	}
	if d.tokenAtStart(s, h) {
		return true
	}
	var m marks
	for i := 0; i < len(s); {
		if !isRun[s[i]] {
			i++
			continue
		}
		e := i
		for e < len(s) && isRun[s[e]] {
			e++
		}
		if e-i >= minRun {
			// widen from scratch at every run; decoded text, as
			// the scan does, once
			m.widened = 0
			if d.run(s, i, e, 0, &m, h) {
				return true
			}
		}
		i = e
	}
	for j := 0; j < len(s); j++ {
		for _, a := range anchoredDetectors {
			if a.anchor == s[j] && a.find.call(s, j, h) {
				return true
			}
		}
	}
	for _, w := range valueDetectors {
		if w.find.callWhole(s, h) {
			return true
		}
	}
	return false
}

// shortcutInputs are values to compare on: random bytes of an alphabet
// rich in the bytes the detectors hang on, spliced with pieces of
// credentials and ordinary text.
func shortcutInputs(n int) []string {
	r := rand.New(rand.NewPCG(7, 31))
	pieces := []string{
		"ghp_", "github_pat_", "glpat-", "xoxb-", "AKIA", "AIza", "sk-ant-", "sk-", "eyJ", "ZXlK", "hvs.", "s.", "npm_",
		"pypi-AgEIcHlwaS5vcmc", "-----BEGIN ", "PRIVATE KEY-----", "\\n", "https://", "://", "@", ":", "=", "\"", ";",
		"password", "Password=", "AccountKey=", "sig=", `"auth":`, "Bearer ", "Basic ", "token ", "machine ", " password ",
		"hooks.slack.com/services/", "/B0E1F2G3H4/", "discord.com/api/webhooks/", "/1234567890123456789/", "sha256~",
		"jdbc:oracle:thin:", "/", "+", "\n", " ", "PuTTY-User-Key-File-", "AGE-SECRET-KEY-1", "dGVzdA", "Z2hwX",
		"LS_COLORS=rs=0:di=01;34:ln=01;36:*.tar=01;31:*.tgz=01;31:*.arc=01;31:*.arj=01;31:*.taz=01;31:*.lha=01;31:*.lz4=01;31:",
		// whole credentials and their parts' neighbours
		"ghp_nA9icKB0kFv3HuKvPk8w1BLZzkPWwj65S9O8", "AKIAIOSFODNN7EXAMPLE", "https://u:p4ss@db.example/",
		"Password=hunter2;", `{"password":"hunter2"}`, "Bearer Zq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0Mf9Jc6Gd",
		"Z2hwX25BOWljS0Iwa0Z2M0h1S3ZQazh3MUJMWnprUFd3ajY1UzlPOA==", "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.",
		"-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj",
		"glc_Pe+QidqZ5J1pG53EYw21FVjQ0KC/BghgMkq8Rw3Zt1", "dnkey-=GsH0No1=5lx5JSOCWd8W51Mcr-IokVygeFa3OPYF6coAIE_xTBEqgLM4VKQcNd5Spu31Qyrlmcl-GK",
	}
	const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.+/=:@\"; \n%{}"
	out := make([]string, 0, n)
	for range n {
		var b strings.Builder
		size := r.IntN(300)
		for b.Len() < size {
			if r.IntN(3) == 0 {
				b.WriteString(pieces[r.IntN(len(pieces))])
			} else {
				for range r.IntN(40) {
					b.WriteByte(alphabet[r.IntN(len(alphabet))])
				}
			}
		}
		out = append(out, b.String())
	}
	return out
}

// TestScanMatchesPlainScan: the scan and the plain scan agree on every
// input, with the built-in detectors and with a prefix of one's own.
func TestScanMatchesPlainScan(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 4000
	}
	inputs := shortcutInputs(n)
	found := 0
	for _, d := range []*Detector{builtin, New("acme_live_", "Q")} {
		for _, s := range inputs {
			var h1, h2 hit
			fast, plain := d.scan(s, 0, &h1), d.plainScan(s, &h2)
			if fast != plain {
				t.Fatalf("%q: scan %v (%s), plain scan %v (%s)", s, fast, h1.family, plain, h2.family)
			}
			if fast {
				found++
			}
		}
	}
	t.Logf("%d of %d inputs hold a credential", found, 2*len(inputs))
	assert.Greater(t, found, n/10, "the inputs exercise the detectors")
}

// TestTokenAtMatchesLinearSearch: the prefix index finds the family a
// search of every family, longest prefix first, finds.
func TestTokenAtMatchesLinearSearch(t *testing.T) {
	for _, d := range []*Detector{builtin, New("acme_live_", "sk-", "Q")} {
		fams := append([]family(nil), d.index.families...)
		// stable: longest prefix first, the table's order on a tie
		for i := 1; i < len(fams); i++ {
			for j := i; j > 0 && len(fams[j].prefix) > len(fams[j-1].prefix); j-- {
				fams[j], fams[j-1] = fams[j-1], fams[j]
			}
		}
		linear := func(s string) (string, int, bool) {
			for k := range fams {
				f := &fams[k]
				if strings.HasPrefix(s, f.prefix) {
					if end, ok := f.bodyOK(s, 0); ok {
						return f.name, end, true
					}
				}
			}
			return "", 0, false
		}
		for _, s := range shortcutInputs(3000) {
			for i := 0; i < len(s); i++ {
				var h hit
				ok := d.tokenAt(s, i, &h)
				name, end, lok := linear(s[i:])
				require.Equal(t, lok, ok, "%q at %d", s, i)
				if ok {
					require.Equal(t, name, h.family, "%q at %d", s, i)
					require.Equal(t, i+end, int(h.end), "%q at %d", s, i)
				}
			}
		}
	}
}

// TestMayStart: the hash set holds every three bytes a prefix may start,
// for prefixes of one byte, two (with no one-byte prefix to stand in for
// them: every three bytes "Q" may start hold those "Qz" may) and more.
func TestMayStart(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, d := range []*Detector{New("acme_live_", "Qz", "Q"), New("Qz")} {
		for _, f := range d.index.families {
			for range 64 {
				s := f.prefix + string([]byte{byte(r.UintN(256)), byte(r.UintN(256))})
				assert.True(t, d.index.mayStart(s[0], s[1], s[2]), "%q", f.prefix)
			}
		}
	}
}

// TestRunBits: the word test marks exactly the run bytes, whatever the
// byte and wherever it sits.
func TestRunBits(t *testing.T) {
	for c := 0; c < 256; c++ {
		for pos := 0; pos < 8; pos++ {
			w := []byte("aZ09_.-a")
			w[pos] = byte(c)
			got := runBits(load64(string(w), 0))
			for k := 0; k < 8; k++ {
				want := isRun[w[k]]
				assert.Equal(t, want, got>>(8*k+7)&1 == 1, "byte %#x at %d, position %d", c, pos, k)
			}
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		x := r.Uint64()
		got := runBits(x)
		for k := 0; k < 8; k++ {
			require.Equal(t, isRun[byte(x>>(8*k))], got>>(8*k+7)&1 == 1, "%#x byte %d", x, k)
		}
	}
}

// TestAnchorBits: the word test marks every anchor byte, and the lowest
// mark is one; higher marks that are not are checked by byte.
func TestAnchorBits(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	alphabet := string(anchorBytes) + "\"?<A#!abc019\x00\x01\x3c\x3d\x3f\x41\xff"
	for range 200000 {
		var w [8]byte
		for k := range w {
			w[k] = alphabet[r.IntN(len(alphabet))]
		}
		m := anchorBits(load64(string(w[:]), 0))
		lowest := -1
		for k := 0; k < 8; k++ {
			anchor := anchorFinds[w[k]][0] != 0
			if anchor {
				require.Equal(t, uint64(1), m>>(8*k+7)&1, "%q byte %d", w, k)
				if lowest < 0 {
					lowest = k
				}
			}
		}
		if m != 0 {
			require.Equal(t, lowest*8+7, bits.TrailingZeros64(m), "%q", w)
		}
	}
}

// FuzzScan: no input panics; the scan agrees with the plain scan; Find
// agrees with Contains and says its finding in the detectors' words.
func FuzzScan(f *testing.F) {
	for _, s := range shortcutInputs(200) {
		f.Add(s)
	}
	f.Add("eyJ.eyJ.")
	f.Add("a://:@")
	f.Add("-----BEGIN PRIVATE KEY-----")
	f.Add("Basic ====")
	d := New("acme_live_")
	f.Fuzz(func(t *testing.T, s string) {
		var h1, h2 hit
		fast, plain := d.scan(s, 0, &h1), d.plainScan(s, &h2)
		if fast != plain {
			t.Fatalf("%q: scan %v (%s), plain scan %v (%s)", s, fast, h1.family, plain, h2.family)
		}
		fd, ok := d.Find(s)
		if ok != d.Contains(s) || ok != fast || ok != (fd.Family != "") {
			t.Fatalf("%q: Find %v %q, Contains %v", s, ok, fd, d.Contains(s))
		}
	})
}
