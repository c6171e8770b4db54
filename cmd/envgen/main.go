// Command envgen turns a YAML env policy into Go code that builds the
// environment of every child process a program spawns. See the README
// for the policy format; run it from go generate, at the version of the
// runtime the module requires, which adds nothing to its go.mod:
//
//	//go:generate go run github.com/envgen/envgen/cmd/envgen@VERSION -o envpolicy_gen.go envpolicy.yaml
//
// or, with envgen a tool of the module, go tool envgen.
//
// It imports internal/cmd alone, where the command lives; nothing
// imports it.
package main

import (
	"os"

	"github.com/envgen/envgen/internal/cmd"
)

func main() { os.Exit(cmd.Do(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Environ())) }
