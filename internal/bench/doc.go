// Package bench measures the generated builders against their
// contenders (a careful hand-written filter, a policy interpreted at
// spawn, the semantics floor) in benchmarks that run side by side in one
// process, and holds the figures BENCHMARKS.md quotes.
//
// It imports the runtime, benchdata and yaml.v3 (the interpreted
// contender reads the policy at spawn); its tests import the benchmark
// policies' generated packages, gen, policy and testkit.
package bench
