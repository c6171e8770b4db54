// Command envgen turns a YAML env policy into Go code that builds the
// environment of every child process a program spawns. See the README
// for the policy format; run it from go generate:
//
//	//go:generate go tool envgen -o envpolicy_gen.go envpolicy.yaml
package main

import (
	"os"

	"github.com/envgen/envgen/internal/gen"
)

func main() {
	os.Exit(gen.Main(os.Args[1:], os.Stdout, os.Stderr, os.Getenv))
}
