// Package gentest is test support, imported by tests only (nothing
// shipped imports it), and the home of the tests that hold generated
// code, compiled, to the reference interpreter (internal/runtimetest
// holds the runtime to it in process).
// Compile turns a policy into the runtime tables its generated code
// would hold, to run it in process; RandomPolicy and RandomCallFor draw
// policies and calls; the Reference wrappers ask the reference
// interpreter the same questions.
// It imports gen, policy, reference and the runtime (envrt, envimpl).
package gentest
