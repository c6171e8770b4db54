package policy

import "flag"

// update rewrites the generated sections of docs/builtin-lists.md instead
// of comparing against them: go test ./internal/policy -run TestDoc -update.
var update = flag.Bool("update", false, "rewrite the docs' generated sections")
