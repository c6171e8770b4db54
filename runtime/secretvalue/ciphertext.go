package secretvalue

import "strings"

// This file tells a value encrypted at rest from a credential in the
// clear: a key that names a credential often holds its ciphertext, in
// the envelope of the tool that encrypted it, and the ciphertext is of
// no use without that tool's key, which the value does not hold.

// envelope is the start of a well-known ciphertext envelope and what
// must follow it.
type envelope struct {
	open  string // the envelope's first bytes
	close byte   // the byte that ends it, 0 for none
	body  charset
	min   int // the shortest body, up to close or the body's end
}

// envelopes are the ciphertext envelopes a value may start with.
var envelopes = [...]envelope{
	{"ENC[", ']', sealedBytes, 16},         // SOPS (ENC[AES256_GCM,data:…,iv:…,tag:…,type:…]), hiera-eyaml (ENC[PKCS7,…])
	{"ENC(", ')', base64Std, 24},           // Jasypt: base64 of a salt and the ciphertext
	{"EJ[", ']', sealedBytes, 16},          // EJSON: EJ[1:key:nonce:ciphertext]
	{"vault:v", 0, sealedBytes, 24},        // Vault's transit engine: vault:v1:…
	{"encrypted:", 0, base64Std, 24},       // dotenvx
	{"$ANSIBLE_VAULT;", 0, sealedBytes, 7}, // Ansible Vault's header: 1.1;AES256, then hex lines
}

// ciphertext reports whether the value that starts s is a ciphertext in
// one of the envelopes: its open bytes, then at least min bytes of its
// body's charset and, where it has one, its closing byte. SOPS and
// hiera-eyaml name the cipher first, in capitals, then a ','.
func ciphertext(s string) bool {
	if len(s) < 4 {
		return false
	}
	switch s[0] {
	case 'E', 'v', 'e', '$':
	default:
		return false
	}
	for i := range envelopes {
		e := &envelopes[i]
		if !strings.HasPrefix(s, e.open) {
			continue
		}
		b := len(e.open)
		if e.open == "ENC[" {
			// the cipher, in capitals: AES256_GCM, PKCS7, GPG
			alg := b
			for alg < len(s) && alg-b < 32 && (s[alg] == '_' || in(s[alg], upperAlnum)) {
				alg++
			}
			if alg-b < 3 || alg >= len(s) || s[alg] != ',' {
				return false
			}
		}
		end := spanN(s, b, e.body, maxValue)
		if end-b < e.min {
			return false
		}
		return e.close == 0 || end < len(s) && s[end] == e.close
	}
	return false
}
