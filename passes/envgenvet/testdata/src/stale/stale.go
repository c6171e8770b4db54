// Package stale imports nothing that starts a child: the analysis has
// no site to judge in it, and each //envgen:inherit in it accepts
// nothing.
package stale

import "strings"

// Upper is s in upper case.
func Upper(s string) string {
	return strings.ToUpper(s) //envgen:inherit left from a removed re-exec // want `^//envgen:inherit accepts nothing here`
}

// Name is a name.
func Name() string {
	return "x" //envgen:inherit // want `^//envgen:inherit needs a reason`
}
