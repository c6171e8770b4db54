// Package cmd is the envgen command line. Do is the only way in: it runs
// generate (the default), init (a starter policy) or explain (what a task
// passes from an environment, and why), reading nothing of the process
// but the arguments, streams and environment it is given.
// It imports policy, gen, reference, the runtime (envrt, for the
// overrides explain takes), passes/envgenvet and x/tools's loader for vet;
// only cmd/envgen imports it.
package cmd
