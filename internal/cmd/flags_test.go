package cmd

import "flag"

// update rewrites golden files instead of comparing against them:
// go test ./internal/cmd -run Golden -update.
var update = flag.Bool("update", false, "rewrite golden files")
