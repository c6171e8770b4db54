// Package gen is envgen's generator: it turns a checked policy (see
// package policy) into Go code. The pipeline reads top to bottom:
// MakePlan (plan.go: the policy's lists, sorted, as the runtime takes them) → emit
// (emit.go, jennifer) → write (only if changed) or compare. run.go runs a
// planned task in process, as its builder would, for explain -config.
// It imports policy (what it plans from), the runtime's envimpl
// (Plan.Tables makes its values; the one matcher, through its
// generator-only entry) and jennifer; cmd and the tests import it.
package gen
