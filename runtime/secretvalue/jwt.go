package secretvalue

// This file holds the JWT checks: a JWS or JWE in compact serialization
// (RFC 7515 §7.1, RFC 7516 §7.1), and base64 of one (gitleaks'
// jwt-base64).

// jwtHeaderMax is how many bytes of a JWT's header jwtAt decodes to look
// for "alg": headers are short, and "alg" comes early in every issuer's.
const jwtHeaderMax = 128

// jwtAt reports whether a JWT starts at i ("eyJ", base64url of `{"`):
// three to five parts of base64url joined by '.', the header decoding to
// a JSON object that holds the member "alg" (RFC 7515 §4.1.1), the
// second part not empty; it returns the token's end.
func jwtAt(s string, i int) (int, bool) {
	end := i
	dots := 0
	firstDot, secondDot := -1, -1
	for end < len(s) && isRun[s[end]] {
		if s[end] == '.' {
			dots++
			switch dots {
			case 1:
				firstDot = end
			case 2:
				secondDot = end
			}
		}
		end++
	}
	if dots < 2 || dots > 4 || secondDot-firstDot < 2 {
		return end, false
	}
	header := s[i:firstDot]
	if len(header)%4 == 1 { // no base64 text has such a length
		return end, false
	}
	var buf [jwtHeaderMax]byte
	n := decodeBase64(buf[:], header)
	text := buf[:n]
	if n < len(`{"alg":""}`) || text[0] != '{' {
		return end, false
	}
	if len(header) <= jwtHeaderMax*4/3 {
		// the whole header is decoded: it must close
		last := n - 1
		for last > 0 && isSpace(text[last]) {
			last--
		}
		if text[last] != '}' {
			return end, false
		}
	}
	for j := 0; j+5 <= n; j++ {
		if string(text[j:j+5]) == `"alg"` {
			return end, true
		}
	}
	return end, false
}

// joseHeaderNames are the registered JOSE header parameters (RFC 7515
// §4.1, RFC 7516 §4.1, RFC 7518 §4.6-4.8, RFC 7797, RFC 8225, RFC 8555):
// the member a JWT's header starts with.
var joseHeaderNames = []string{
	"alg", "apu", "apv", "aud", "b64", "crit", "cty", "enc", "epk", "iss", "iv", "jku", "jwk",
	"kid", "key_ops", "kty", "nonce", "p2c", "p2s", "ppt", "sub", "svt", "tag", "typ", "url",
	"use", "ver", "version", "x", "x5c", "x5t", "x5t#S256", "x5u", "zip",
}

// base64JWTAt reports whether base64 of a JWT starts at i ("ZXlK",
// base64 of "eyJ"): its first 24 bytes (at least 14) decoded twice start
// with `{"` and a JOSE header name; it returns the base64 text's end.
func base64JWTAt(s string, i int) (int, bool) {
	end := i
	for end < len(s) && end-i < maxBody && base64Value[s[end]] != noBase64 {
		end++
	}
	if end-i < 14 {
		return end, false
	}
	var once [18]byte
	n := decodeBase64(once[:], s[i:min(end, i+24)])
	var twice [13]byte
	k := decodeBase64(twice[:], string(once[:n]))
	json := twice[:k]
	if k < 4 || json[0] != '{' || json[1] != '"' {
		return end, false
	}
	for _, name := range joseHeaderNames {
		if len(json) >= 3+len(name) && string(json[2:2+len(name)]) == name && json[2+len(name)] == '"' {
			return end, true
		}
	}
	return end, false
}
