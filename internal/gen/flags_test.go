package gen

import "flag"

// update rewrites golden files and generated README sections instead of
// comparing against them: go test ./internal/gen -update.
var update = flag.Bool("update", false, "rewrite golden files and README sections")
