package secretvalue

import "unsafe"

// This file holds base64 and hex: a run that starts base64 text of
// printable bytes (wrapped at any width, as base64(1) wraps at 76
// columns) or hex digits of printable bytes is decoded, a window at a
// time into a buffer on the stack, and the decoded text scanned with
// every detector, so that base64 of a token, a PEM block, a
// service-account JSON or a Docker config, and hex of a token, are found
// as the thing itself. Decoding stops at the first byte that is not
// text: credentials encoded are text, and random bytes decoded are not
// worth reading. A run inside text already decoded is not decoded
// again, so a value costs time linear in its length.

// encWindow is how many decoded bytes one window holds, and encOverlap
// how many of them the next window starts with again: every credential
// of up to encOverlap decoded bytes lies whole in some window.
const (
	encWindow  = 768
	encOverlap = 192
)

// encoding is base64 (either alphabet, wrapped at any width) or hex.
type encoding uint8

const (
	inBase64 encoding = iota + 1
	inHex
)

// base64Start reports whether base64 text (either alphabet) of at
// least minRun bytes starts at s[i] whose first eight bytes decode to
// printable text. Hex digits, words and random bytes in base64 fail the
// test at once.
func base64Start(s string, i int) bool {
	return len(s)-i >= minRun && startsText[s[i]] && decodesToText(s[i:i+4]) && decodesToText(s[i+4:i+8])
}

// base64End returns the end of the base64 text that starts at s[i] ('='
// padding excluded). The text goes on past a line break ("\n" or
// "\r\n") when the line before it is a whole number of 4-byte groups
// and a base64 byte follows.
func base64End(s string, i int) int {
	var dec decoder
	dec.s, dec.i, dec.how, dec.line = s, i, inBase64, i
	var buf [encWindow]byte
	for dec.decode(buf[:]) == len(buf) {
	}
	return dec.end
}

// hexText returns the end of the hex digits that start at s[i], if
// there are at least 2·minRun of them and the first 16 decode to
// printable text; else 0. The digits lie in one run, which the scan
// reads once.
func hexText(s string, i int) int {
	end := span(s, i, hexAny)
	if end-i < 2*minRun {
		return 0
	}
	for k := i; k < i+16; k += 2 {
		if !isText(hexValue(s[k])<<4 | hexValue(s[k+1])) {
			return 0
		}
	}
	return end &^ 1 // whole bytes
}

// mayStartHexText reports whether the run at s[i] may be hex of text:
// a printable byte's first hex digit is 2 to 7.
func mayStartHexText(s string, i int) bool {
	return s[i] >= '2' && s[i] <= '7' && in(s[i+1], hexAny)
}

func hexValue(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
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

// scanDecoded decodes the base64 or hex text that starts at s[i], a
// window at a time, and scans each window's text at depth+1, until the
// decoded bytes stop being text or the encoded text ends. It returns
// whether a scan found a credential, and where in s it stopped reading.
func (d *Detector) scanDecoded(s string, i int, how encoding, depth int, h *hit) (bool, int) {
	var buf [encWindow]byte
	var dec decoder
	dec.s, dec.i, dec.how, dec.line = s, i, how, i
	n := 0 // bytes of buf kept from the window before
	for {
		before := dec // to find where the text ends in s
		kept := n
		n += dec.decode(buf[n:])
		t := kept // the bytes kept are text
		for t < n && isText(buf[t]) {
			t++
		}
		// The text lives in buf for the call, and nothing keeps it: a
		// hit holds positions and the detectors' constant names.
		if t > 0 && d.scan(unsafe.String(&buf[0], t), depth+1, h) {
			return true, dec.i
		}
		if t < n {
			// decode again up to the first byte that is not text:
			// a later run from there on may start text of its own
			before.decode(buf[kept:t])
			return false, before.i
		}
		if n < len(buf) {
			return false, dec.i
		}
		n = copy(buf[:], buf[len(buf)-encOverlap:])
	}
}

// decoder decodes base64 (either alphabet, wrapped as base64End says)
// or hex from s, a buffer at a time.
type decoder struct {
	s    string
	i    int // the next byte of s to read
	end  int // where the encoded text ended, once it has
	done bool
	line int // where the line of base64 being read starts
	how  encoding
	acc  uint32
	bits int
}

// decode fills dst from s until the encoded text ends or dst is full,
// and returns how many bytes it wrote. A trailing partial base64 group
// gives the bytes it completes.
func (dec *decoder) decode(dst []byte) int {
	n := 0
	s := dec.s
	for n < len(dst) && !dec.done {
		if dec.i >= len(s) {
			dec.end, dec.done = len(s), true
			break
		}
		c := s[dec.i]
		if dec.how == inHex {
			if dec.i+1 >= len(s) || !in(c, hexAny) || !in(s[dec.i+1], hexAny) {
				dec.end, dec.done = dec.i, true
				break
			}
			dst[n] = hexValue(c)<<4 | hexValue(s[dec.i+1])
			n++
			dec.i += 2
			continue
		}
		v := base64Value[c]
		if v == noBase64 {
			k := dec.i
			if c == '\r' {
				k++
			}
			if k+1 < len(s) && s[k] == '\n' && base64Value[s[k+1]] != noBase64 && (dec.i-dec.line)%4 == 0 {
				dec.i, dec.line = k+1, k+1
				continue
			}
			dec.end, dec.done = dec.i, true
			break
		}
		dec.i++
		dec.acc = dec.acc<<6 | uint32(v)
		dec.bits += 6
		if dec.bits >= 8 {
			dec.bits -= 8
			dst[n] = byte(dec.acc >> dec.bits)
			n++
		}
	}
	return n
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
