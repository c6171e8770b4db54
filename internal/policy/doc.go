// Package policy reads an env policy file and checks it. Load is the one
// way in: it parses the YAML into a positioned file (load.go), merges
// presets (extends.go), checks every entry against the limits, the
// built-in lists and the name and value syntax (check.go), and returns
// either a checked Policy or Diagnostics, each FILE:LINE:COL: message.
// The generator, explain and the test support all start from it.
// It imports the runtime's envimpl (for the one pattern matcher, through
// its generator-only entry) and yaml.v3, nothing else of envgen.
package policy
