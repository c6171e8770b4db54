package secretvalue

import "unsafe"

// This file holds base64: a run that starts base64 text of printable
// bytes is decoded, a window at a time into a buffer on the stack, and
// the decoded text scanned with every detector, so that base64 of a
// token, a PEM block, a service-account JSON or a Docker config is found
// as the thing itself.

// base64Window is how many base64 bytes one window decodes (768 decoded
// bytes), and base64Step how far the next window starts: windows overlap
// by 256 base64 bytes, so that every credential of up to 192 decoded
// bytes lies whole in some window, and a longer one has 192 bytes in one.
const (
	base64Window = 1024
	base64Step   = 768
)

// base64Text returns the end of the base64 text (either alphabet, '='
// padding excluded) that starts at s[i], if it is at least minRun bytes
// and its first eight decode to printable text; else 0. Hex digits,
// words and random bytes in base64 fail the test at once.
func base64Text(s string, i int) int {
	if len(s)-i < minRun || !startsText[s[i]] || !decodesToText(s[i:i+4]) || !decodesToText(s[i+4:i+8]) {
		return 0
	}
	end := i + 8
	for end < len(s) && base64Value[s[end]] != noBase64 {
		end++
	}
	return end
}

// startsText reports whether a byte can start base64 of text: its six
// bits are the top of the first byte, which for a printable byte
// (0x20-0x7e) is 8 to 31, and for a tab or line break 2 or 3.
var startsText = func() (t [256]bool) {
	for c := range t {
		v := base64Value[c]
		t[c] = v >= 8 && v <= 31 || v == 2 || v == 3
	}
	return t
}()

// decodesToText reports whether g, four bytes of base64, decode to three
// printable bytes.
func decodesToText(g string) bool {
	a, b, c, d := base64Value[g[0]], base64Value[g[1]], base64Value[g[2]], base64Value[g[3]]
	if (a|b|c|d)&0x80 != 0 {
		return false
	}
	v := uint32(a)<<18 | uint32(b)<<12 | uint32(c)<<6 | uint32(d)
	return isText(byte(v>>16)) && isText(byte(v>>8)) && isText(byte(v))
}

// isText reports whether c is printable ASCII or a tab or line break.
func isText(c byte) bool { return c >= ' ' && c <= '~' || c == '\t' || c == '\n' || c == '\r' }

// scanBase64 decodes b64, base64 text of either alphabet (8 bytes or
// more, as base64Text finds), a window at a time, and scans each
// window's text at depth+1. No window is empty: one after the first
// starts more than 256 bytes before b64's end.
func (d *Detector) scanBase64(b64 string, depth int, h *hit) bool {
	var buf [base64Window / 4 * 3]byte
	for off := 0; off < len(b64); off += base64Step {
		end := min(off+base64Window, len(b64))
		n := decodeBase64(buf[:], b64[off:end])
		// The text lives in buf for the call, and nothing keeps it: a
		// hit holds positions and the families' constant names.
		text := unsafe.String(&buf[0], n)
		if d.scan(text, depth+1, h) {
			return true
		}
		if end == len(b64) {
			break
		}
	}
	return false
}

// decodeBase64 decodes the base64 text (either alphabet) that starts s
// into dst, until a byte that is not base64, s's end or a full dst, and
// returns how many bytes it wrote. A trailing partial group gives the
// bytes it completes.
func decodeBase64(dst []byte, s string) int {
	n := 0
	var acc uint32
	bits := 0
	for i := 0; i < len(s) && n < len(dst); i++ {
		v := base64Value[s[i]]
		if v == noBase64 {
			break
		}
		acc = acc<<6 | uint32(v)
		bits += 6
		if bits >= 8 {
			bits -= 8
			dst[n] = byte(acc >> bits)
			n++
		}
	}
	return n
}
