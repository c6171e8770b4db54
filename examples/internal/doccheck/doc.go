// Package doccheck holds a test, and nothing else: the one that keeps the
// Go code of the guides that quote the examples (docs/migrating.md,
// docs/task-runners.md, docs/rollout.md) true to the examples' code.
// Its test imports testify, internal/testkit (the Markdown reader) and the
// standard library.
package doccheck
