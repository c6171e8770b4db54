// Package reference is the reference interpreter: SPEC's semantics
// written as plain maps and loops, to be obviously right rather than
// fast. It imports only package policy (never runtime/ or the generator's
// tables), so that the differential and fuzz tests can hold the generated
// builders to it; and it records why each name is in or out, as a typed
// Source or Reason, for the explain command.
package reference
