package secretvalue

// This file holds the byte classes every detector reads: which bytes
// make up a run (the stretch of token bytes the scan looks for), which
// bytes each family's body may hold, and base64's alphabet. Each is a
// table built once, at package init, so that a check is one load.

// charset names the set of bytes a family's body may hold.
type charset uint8

// The charsets a family can name.
const (
	base62         charset = iota // [A-Za-z0-9]
	word                          // [A-Za-z0-9_]
	urlSafe                       // [A-Za-z0-9_-], base64url without padding
	dotted                        // [A-Za-z0-9_.-], the run bytes
	alnumDash                     // [A-Za-z0-9-]
	base32Upper                   // [A-Z2-7], RFC 4648 base32
	upperAlnum                    // [A-Z0-9]
	upperAlnumDash                // [A-Z0-9-]
	lowerAlnum                    // [a-z0-9]
	hexLower                      // [0-9a-f]
	hexAny                        // [0-9A-Fa-f]
	hexDash                       // [0-9A-Fa-f-]
	base64Std                     // [A-Za-z0-9+/], base64 (padding '=' ends it)
	base64Loose                   // [A-Za-z0-9+/_=.-], either base64 alphabet, padding and dots
	urlSafePad                    // [A-Za-z0-9_=-]
	dottedPad                     // [A-Za-z0-9_.=-]
	bech32Upper                   // [023-9AC-HJ-NP-Z], bech32's alphabet in upper case
	percentBase62                 // [A-Za-z0-9%], base62 with URL escapes
	azureSecret                   // [A-Za-z0-9_~.-], an Azure AD client secret's bytes
	printable                     // [!-~] and bytes 0x80-0xff: no space or control byte
	decimal                       // [0-9]
	sealedBytes                   // [A-Za-z0-9+/=,:;_.-] and whitespace: a ciphertext envelope's body
	numCharsets
)

// charsetBits gives each charset one bit of a uint32: past 32 charsets
// this constant overflows, and the package does not compile.
const _ uint32 = 1 << (numCharsets - 1)

// charsetBits holds, for each byte, one bit per charset it belongs to.
var charsetBits = func() (bits [256]uint32) {
	add := func(cs charset, set string) {
		for i := 0; i < len(set); i++ {
			if i+2 < len(set) && set[i+1] == '-' {
				for c := int(set[i]); c <= int(set[i+2]); c++ {
					bits[c] |= 1 << cs
				}
				i += 2
				continue
			}
			bits[set[i]] |= 1 << cs
		}
	}
	add(base62, "A-Za-z0-9")
	add(word, "A-Za-z0-9_")
	add(urlSafe, "A-Za-z0-9_-")
	add(dotted, "A-Za-z0-9_.-")
	add(alnumDash, "A-Za-z0-9-")
	add(base32Upper, "A-Z2-7")
	add(upperAlnum, "A-Z0-9")
	add(upperAlnumDash, "A-Z0-9-")
	add(lowerAlnum, "a-z0-9")
	add(hexLower, "0-9a-f")
	add(hexAny, "0-9A-Fa-f")
	add(hexDash, "0-9A-Fa-f-")
	add(base64Std, "A-Za-z0-9+/")
	add(base64Loose, "A-Za-z0-9+/_=.-")
	add(urlSafePad, "A-Za-z0-9_=-")
	add(dottedPad, "A-Za-z0-9_.=-")
	add(bech32Upper, "023456789ACDEFGHJKLMNPQRSTUVWXYZ")
	add(percentBase62, "A-Za-z0-9%")
	add(azureSecret, "A-Za-z0-9_~.-")
	add(printable, "!-~")
	add(decimal, "0-9")
	add(sealedBytes, "-A-Za-z0-9+/=,:;_. \t\r\n")
	for c := 0x80; c <= 0xff; c++ {
		bits[c] |= 1 << printable
	}
	return bits
}()

// span returns the end of the stretch of cs's bytes in s that starts at i.
func span(s string, i int, cs charset) int {
	mask := uint32(1) << cs
	for i < len(s) && charsetBits[s[i]]&mask != 0 {
		i++
	}
	return i
}

// spanN is span reading at most n bytes.
func spanN(s string, i int, cs charset, n int) int {
	return span(s[:min(len(s), i+n)], i, cs)
}

// in reports whether c is one of cs's bytes.
func in(c byte, cs charset) bool { return charsetBits[c]&(1<<cs) != 0 }

// isRun reports whether c is a run byte, [A-Za-z0-9_.-]: the bytes that
// make up every token the families list, or its first stretch.
var isRun = func() (t [256]bool) {
	for c := range t {
		t[c] = in(byte(c), dotted)
	}
	return t
}()

// isAlnum reports whether c is [A-Za-z0-9]: a token that goes on with
// one of these past its body is longer than its family allows.
func isAlnum(c byte) bool { return in(c, base62) }

// base64Value maps a byte of either base64 alphabet (RFC 4648 §4 and §5)
// to its 6-bit value, and every other byte to noBase64.
var base64Value = func() (t [256]byte) {
	for i := range t {
		t[i] = noBase64
	}
	const std = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := 0; i < len(std); i++ {
		t[std[i]] = byte(i)
	}
	t['-'], t['_'] = 62, 63
	return t
}()

const noBase64 = 0xff

// lower returns c in lower case if it is an ASCII letter.
func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// hasFoldPrefix reports whether s starts with prefix, which is in lower
// case, ignoring the case of ASCII letters.
func hasFoldPrefix(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if lower(s[i]) != prefix[i] {
			return false
		}
	}
	return true
}

// hasFoldSuffix is hasFoldPrefix at s's end.
func hasFoldSuffix(s, suffix string) bool {
	return len(s) >= len(suffix) && hasFoldPrefix(s[len(s)-len(suffix):], suffix)
}
