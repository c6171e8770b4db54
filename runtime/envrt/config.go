package envrt

import "github.com/envgen/envgen/runtime/internal/impl"

// Config is the block a program embeds in its own configuration file
// for its users' settings of a child's environment, so that every host's
// users write the same thing: names to keep although the policy leaves
// them out (Keep), names or patterns to leave out (Drop), patterns to
// pass that are no secrets (KeepMatching), and the child's own variables
// (Set). Its struct tags name the keys for encoding/json and for YAML
// decoders that read yaml tags (keep, drop, keepMatching, set); the
// runtime itself reads no YAML.
type Config struct {
	Keep         []string          `json:"keep,omitempty" yaml:"keep,omitempty"`
	Drop         []string          `json:"drop,omitempty" yaml:"drop,omitempty"`
	KeepMatching []string          `json:"keepMatching,omitempty" yaml:"keepMatching,omitempty"`
	Set          map[string]string `json:"set,omitempty" yaml:"set,omitempty"`
}

// Vars returns c's overrides, for a builder after the program's own: a
// Drop of each drop entry, a Keep of each keep entry, a KeepMatching of
// each keepMatching entry, then a Set of each set entry by name, so that
// an exact keep wins over a drop pattern and set wins over both. Its
// error names each invalid entry as written (`drop[1] "MY-CORP-*": …`,
// `set "A=B": …`), never a value nor what follows a '=' in an entry, and
// <redacted, N bytes> for an entry that holds a credential; a program
// refuses the configuration at start-up with it. The overrides come with
// the error too, and an invalid Drop among them leaves out every entry,
// so a program that went on anyway would pass less, never more.
func (c Config) Vars() ([]Var, error) { return impl.ConfigVars(c.Keep, c.Drop, c.KeepMatching, c.Set) }
