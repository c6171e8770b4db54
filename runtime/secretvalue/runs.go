package secretvalue

import "math/bits"

// This file holds the scan for runs: stretches of run bytes
// ([A-Za-z0-9_.-]) at least minRun long, where every token family, JWT
// and base64 text starts. Most of a value's bytes are never read: the
// scan looks at the byte minRun-1 ahead of where a run could start; if
// it is not a run byte no run of minRun fits before it, and the scan
// jumps past it; if it is, the scan reads back to the last byte that is
// not a run byte, and starts again after it. Paths, lists and LS_COLORS
// have short stretches, so the scan reads a few bytes in every sixteen
// of them; a long run it reads once.

// minRun is the shortest run the scan reports. Every family's token is
// at least this long, but a few Slack legacy tokens.
const minRun = 16

// runs finds the first credential that starts a run of s, or that the
// text before a run says the run is (a Bearer token, a webhook URL's
// secret path), or that base64 text starting a run holds.
func (d *Detector) runs(s string, depth int, h *hit) bool {
	known := -1 // s[known] and the bytes back to p-minRun+1 are run bytes
	var m marks
	// p is the last byte of the stretch where a run may start at
	// p-minRun+1: s[p-minRun] is not a run byte.
	for p := minRun - 1; p < len(s); {
		if !isRun[s[p]] {
			p += minRun
			continue
		}
		i := p - minRun + 1
		if q := lastNonRun(s, max(i, known+1), p); q >= 0 {
			p, known = q+minRun, p
			continue
		}
		e := runEnd(s, p+1)
		if d.mayHold(s, i, e, depth) && d.run(s, i, e, depth, &m, h) {
			return true
		}
		p = e + minRun // s[e] is not a run byte
	}
	return false
}

// mayHold reports whether the run s[i:e] may be worth run's checks: a
// family's prefix may start it, it may be base64 or hex text, it may
// have a shape (shapes.go), or the byte before it may give it a context
// or start a token that holds it. Most runs fail all of these at once.
func (d *Detector) mayHold(s string, i, e, depth int) bool {
	if d.index.mayStart(s[i], s[i+1], s[i+2]) || len(d.shortPrefix) > 0 || e-i >= minShape ||
		depth < maxDepth && (startsText[s[i]] && decodesToText(s[i:i+4]) || mayStartHexText(s, i)) {
		return true
	}
	if i == 0 {
		return false
	}
	switch c := s[i-1]; c {
	case '+', '=':
		return true
	case '/':
		return i >= 2 && in(s[i-2], upperAlnum) // a webhook's ID, not a path
	default:
		return runFinds[c] != nil
	}
}

// lastNonRun returns the index of the last byte of s[lo:hi] that is not a
// run byte, or -1. It is most often a few bytes back, so it reads bytes.
func lastNonRun(s string, lo, hi int) int {
	w := s[lo:hi]
	q := len(w) - 1
	for q >= 0 && isRun[w[q]] {
		q--
	}
	if q < 0 {
		return -1
	}
	return lo + q
}

// runEnd returns the end of the run that holds s[i-1], reading eight
// bytes at a time.
func runEnd(s string, i int) int {
	for i+8 <= len(s) {
		if m := ^runBits(load64(s, i)) & highs8; m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for i < len(s) && isRun[s[i]] {
		i++
	}
	return i
}

// runBits returns the high bit of each byte of x that is a run byte,
// [A-Za-z0-9_.-]. With the case bit set (letters to lower case, '_' to
// 0x7f) a run byte lies in [0x2d,0x2e], [0x30,0x39], [0x61,0x7a] or is
// 0x7f; adding 0x80-c to a 7-bit byte sets its top bit when it is at
// least c, and the XOR of those bits over the ranges' bounds is set
// inside them. Control bytes, DEL and bytes past 0x7f are not run bytes.
// No sum carries into the next byte.
func runBits(x uint64) uint64 {
	const lo7 = 0x7f7f7f7f7f7f7f7f
	y := x & lo7
	t := y | ones8*0x20
	in := (t + ones8*(0x80-0x2d)) ^ (t + ones8*(0x80-0x2f)) ^ (t + ones8*(0x80-0x30)) ^ (t + ones8*(0x80-0x3a)) ^
		(t + ones8*(0x80-0x61)) ^ (t + ones8*(0x80-0x7b)) ^ (t + ones8*(0x80-0x7f))
	notDEL := (y^lo7)&lo7 + lo7
	return in & (y + ones8*0x60) & notDEL &^ x & highs8 // not a control byte, DEL or past 0x7f
}

// marks are what the checks of a scan's earlier runs leave for the later
// ones, so that no byte is read again and again: where widen last went
// back from, and how far text decoded from base64 or hex was scanned.
type marks struct {
	widened, base64, hex int
}

// run checks the run s[i:e].
func (d *Detector) run(s string, i, e, depth int, m *marks, h *hit) bool {
	if d.tokenAt(s, i, h) {
		return true
	}
	if i > 0 {
		if c := s[i-1]; c == '+' || c == '=' {
			// a token whose body holds '+' or '=' may start before them
			if w, ok := widen(s, i, m.widened); ok && d.tokenAt(s, w, h) {
				return true
			}
			m.widened = i
		}
		if context(s, i, e, h) {
			return true
		}
	}
	if e-i >= minShape && shapes(s, i, e, h) {
		return true
	}
	if depth < maxDepth {
		if i >= m.base64 && base64Start(s, i) {
			found, read := d.scanDecoded(s, i, inBase64, depth, h)
			if found {
				h.start, h.end, h.enc = int32(i), int32(base64End(s, i)), inBase64
				return true
			}
			m.base64 = read
		}
		if i >= m.hex {
			if end := hexText(s, i); end > 0 {
				found, read := d.scanDecoded(s[:end], i, inHex, depth, h)
				if found {
					h.start, h.end, h.enc = int32(i), int32(end), inHex
					return true
				}
				m.hex = read
			}
		}
	}
	return false
}

// widen returns where the stretch of bytes of either base64 alphabet,
// '=' and '.' ([A-Za-z0-9+/=_.-]) that holds s[i] starts, past any
// leading '+', '/' or '='; false if it starts more than 256 bytes back,
// or at floor, where widen went back from before (the stretch is the
// same), or at i.
func widen(s string, i, floor int) (int, bool) {
	w := i
	for w > floor && in(s[w-1], base64Loose) {
		if i-w == 256 {
			return 0, false
		}
		w--
	}
	if w == floor && floor > 0 {
		return 0, false
	}
	for w < i && !isRun[s[w]] {
		w++
	}
	return w, w < i
}
