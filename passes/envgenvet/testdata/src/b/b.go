/* want package:"envPackage" */

// Package b imports no package that spawns, only one with facts: it is
// analysed all the same, so that what Env returns reaches package a.
package b

import "envhelp"

// Env passes on the parent's environment.
func Env() []string { // want Env:"envFunc\\(inherit\\+\\)"
	return envhelp.Parent()
}
