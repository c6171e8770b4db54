// Package gentest is test support, imported by tests only (nothing
// shipped imports it), and the home of the tests that hold the runtime
// to the reference interpreter (differential, fold and glob tests).
// Compile turns a policy into the runtime tables its generated code
// would hold, to run it in process; RandomPolicy and RandomCallFor draw
// policies and calls; the Reference wrappers ask the reference
// interpreter the same questions.
// It imports gen, policy, reference and the runtime (envrt, envimpl).
package gentest
