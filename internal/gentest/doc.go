// Package gentest is test support, imported by tests only (runtime's
// fuzz and differential tests among them; nothing shipped imports it).
// Compile turns a policy into the runtime tables its generated code
// would hold, to run it in process; RandomPolicy and RandomCallFor draw
// policies and calls; the Reference wrappers ask the reference
// interpreter the same questions.
// It imports gen, policy, reference and the runtime.
package gentest
