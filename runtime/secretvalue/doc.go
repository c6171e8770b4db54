// Package secretvalue finds credentials in values by what they hold: the
// token families of the documented formats (gitleaks' fixed-prefix rules
// and a few more), PEM, PuTTY and age private keys, JWTs, URLs whose
// userinfo holds a password or a token, key=value and JSON members that
// name a credential, netrc text and webhook URLs, anywhere in a value and
// in base64 of any of these. A Finding names the credential's family and
// the form it sat in, never a byte of it.
//
// The environment builders that envgen generates ask it of every value
// they would pass; a program may use it alone, to redact what it logs. It
// allocates nothing. docs/secret-values.md lists every family and form
// with its source, what is not detected and why, and the measurements.
//
// It imports only the standard library (strings, math/bits, unsafe, and
// hash/maphash and sync/atomic for its memo), so a program can import it
// alone; package envrt and envgen's explain and audit import it.
package secretvalue
