package bench

import "github.com/envgen/envgen/runtime/envrt"

// Refinements are three run-time refinements, as a program whose users
// configure its children passes them: a pattern dropped, one secret kept
// by name (the first of benchdata.SecretNames), and the names of a
// pattern kept. The environment of benchdata.Environ holds names each one
// matches.
var Refinements = []envrt.Var{envrt.Drop("DISPLAY*"), envrt.Keep("ARCHIVE_SHARD_KEY"), envrt.KeepMatching("XDG_*")}
