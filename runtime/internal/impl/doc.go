// Package impl is the runtime's implementation: the compiled tables of a
// policy, the filter, the layers and the refinements that generated
// builders run, and the types both the program's API (package envrt)
// and generated code's (package envimpl) name, Var among them, which
// those packages give under their own names as aliases, as protobuf-go's
// internal/impl does for proto and protoimpl.
//
// Read it in this order, a file a concern. policy.go compiles a
// policy's lists once for all its tasks, at the first call of any, into
// one table of the names they and its tasks' lists name exactly, each
// spelling with what the lists say of it (its facts), and a pattern index
// (patterns.go); task.go compiles a task's lists on top of it, with the
// task's decision for every name the table holds; rules.go is the whole
// of the semantics for a name, from those facts and the facts of the
// patterns that match it. build.go is a call: its input, Build and the
// state it keeps; filter.go the hot loop (filterRun: one pass over
// environ, the name's scan and hash, one probe of the policy's table or
// the pattern index, the value checks, the NUL check, first-wins
// de-duplication; filterOne for the entries filterRun leaves); dedup.go
// the call's de-duplication table. layers.go applies defines, overrides
// (refine.go, which makes them too) and binPaths; getenv.go reads a
// ${NAME}; os.go reads this process's environment; names.go is how names
// are read, hashed and compared. report.go is the path apart that a call
// with a Report or an Observe takes (it allocates for its walk of
// environ), and reason.go why the call left an entry out; config.go
// makes the overrides of envrt.Config.
//
// Names compare exactly, except when the program is built for Windows, where
// they compare ASCII case-insensitively; secret detection is ASCII
// case-insensitive everywhere. Nothing here allocates at a call except the
// output slice when it must grow and the strings only a call can build (an
// override's entry, a PATH with directories prepended, an entry OS looks
// up); the de-duplication table, and the names it must remember whose
// first entry was left out (on Windows, or by a value check), come from a
// sync.Pool, so they allocate only when the pool has none big enough.
// Filtering in place, Given(environ[:0], environ), allocates nothing more
// either, unless Keep or KeepMatching reads environ, which the filter
// overwrites: they read a copy.
//
// It imports internal/glob (the one pattern matcher, which imports
// nothing), secretvalue (which imports only the standard library) and the
// standard library.
package impl

import "runtime"

// windows is true when names compare ASCII case-insensitively.
const windows = runtime.GOOS == "windows"
