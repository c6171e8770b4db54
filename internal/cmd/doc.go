// Package cmd is the envgen command line. Do is the only way in: it runs
// generate (the default), init (a starter policy) or explain (what a task
// passes from an environment, and why; with -config, what a user's
// settings change, with the runtime's own reasons), reading nothing of the process
// but the arguments, streams and environment it is given.
// It imports policy, gen, reference, the runtime (envrt, for the
// overrides and settings explain takes), yaml.v3 (for -config), passes/envgenvet and x/tools's loader for vet;
// only cmd/envgen imports it.
package cmd
