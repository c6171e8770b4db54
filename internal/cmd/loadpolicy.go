package cmd

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/envgen/envgen/internal/policy"
)

// loadPolicy reads and checks the policy file for a subcommand (explain,
// audit), printing to stderr why it cannot, one diagnostic a line; ok is
// false then, and the subcommand exits exitPolicy.
func loadPolicy(command, file string, stderr io.Writer) (p *policy.Policy, ok bool) {
	src, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", command, err)
		return nil, false
	}
	p, err = policy.Load(file, src)
	var diags policy.Diagnostics
	switch {
	case errors.As(err, &diags):
		for _, dg := range diags {
			fmt.Fprintln(stderr, dg)
		}
		return nil, false
	case err != nil:
		fmt.Fprintf(stderr, "%s: %v\n", command, err)
		return nil, false
	}
	return p, true
}
