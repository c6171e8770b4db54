package gentest

import (
	"github.com/envgen/envgen/internal/gen"
	"github.com/envgen/envgen/internal/reference"
)

// EnvReference is how a generated builder reads one ${NAME} (see
// gen.EnvReference), for CompiledTask.Fill's callers.
type EnvReference = gen.EnvReference

// RefOverride is a call-site override for Reference: envrt.Set(Name,
// Value), or envrt.Unset(Name) when Unset is true.
type RefOverride = reference.Override

// Reference returns what the reference interpreter builds for task key of
// c from environ, params and overrides, with Windows' name rules when fold
// is set, or nil if c has no such task.
func Reference(c *Compiled, key string, environ []string, params map[string]string, overrides []RefOverride, fold bool) []string {
	if t := c.checked.Task(key); t != nil {
		return reference.Build(c.checked, t, environ, params, overrides, fold).Environ()
	}
	return nil
}

// ReferenceIsSecret is the reference interpreter's IsSecret for c.
func ReferenceIsSecret(c *Compiled, name string) bool { return reference.IsSecret(c.checked, name) }
