package cmd

import (
	"fmt"
	"slices"

	"github.com/envgen/envgen/internal/reference"
)

// This file is what explain says about secrets by value (secrets.values):
// an entry left out because its value holds a credential, or kept
// although it does. It names the kind of credential, never the value.

// keptSecretValue reports whether e is an entry of the environment that
// would be a secret by value but is kept by an exact exemption, and the
// kind its value looks like.
func (x *explainer) keptSecretValue(e reference.Entry) (kind string, ok bool) {
	if !x.p.Values || e.From.Kind != reference.PassThroughName && e.From.Kind != reference.Inherited && e.From.Kind != reference.Essential && e.From.Kind != reference.PassThroughPattern {
		return "", false
	}
	return x.check.credentialIn(e.Value)
}

// valueExemption says what keeps a secret by value of that exact name:
// secrets.pass, or the task's passThrough.
func (x *explainer) valueExemption(name string) string {
	if slices.Contains(x.p.Pass, name) {
		return "secrets.pass lists it exactly"
	}
	return "the task names it exactly"
}

// secretValueHint says what would pass a secret by value.
func secretValueHint(name string) string {
	return fmt.Sprintf("To pass it to this task only, list %s exactly in the task's passThrough; to trust it in every task, add it to secrets.pass; to stop checking values at all, set secrets.values: false.", name)
}
