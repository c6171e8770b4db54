// Package reference is the reference interpreter: docs/semantics.md's semantics
// written as plain maps and loops, to be obviously right rather than
// fast. It imports package policy and, of runtime/, only the value
// detectors (package secretvalue), which say whether a value looks
// like a credential and are held to their own corpora; the rules of who
// keeps what are written here, never taken from the runtime or the
// generator's tables, so that the differential and fuzz tests can hold
// the generated builders to it. It records why each name is in or out,
// as a typed Source or Reason, for the explain command.
// It imports policy and, of the runtime, only the value detectors; only
// tests and explain import it.
package reference
