// Package unix stands in for golang.org/x/sys/unix: its Exec only.
package unix

// Exec is unix.Exec's signature.
func Exec(argv0 string, argv []string, envv []string) error { return nil }
