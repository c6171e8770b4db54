// Package envgenvet defines an Analyzer that reports every place where
// a child process may start with an environment no envgen policy built.
//
// # Analyzer envgenvet
//
// envgenvet: report child processes started with an environment no
// envgen policy built.
//
// It reports, where the child starts (or where what will start it leaves
// the function):
//
//   - an exec.Cmd run (Run, Start, Output, CombinedOutput) whose Env may
//     be nil, os.Environ() or derived from it on some path the function
//     shows, or a builder's result with a non-constant entry appended or
//     written after the builder ran;
//   - os.StartProcess with such an Attr.Env, and syscall.Exec, ForkExec
//     and StartProcess (and unix.Exec) with os.Environ() or derived
//     (their nil is empty);
//   - envgen's spawning helpers (Command, CommandContext, Start, Run,
//     LookPath, PathCache.LookPath, in package envrt or envexec) given
//     such an environment;
//   - an in-process shell, mvdan.cc/sh's interpreter, given one:
//     interp.Env(expand.ListEnviron(os.Environ()...)), a Runner's Env
//     set so, or interp.New without interp.Env (the shell then takes
//     this process's environment);
//   - an exec.Cmd with such an Env that leaves the function before it
//     runs: stored in a struct, a slice, a map or a package variable,
//     sent on a channel, or passed to a function that keeps it or that
//     the analysis does not know (another package's, a func value, an
//     interface method), as an SDK that starts it later gets it;
//   - a builder given an environ with entries appended to os.Environ():
//     a builder keeps a name's first entry, so those lose to the
//     parent's (pass them as overrides, envrt.Set);
//   - a store to a struct field whose value reaches one of those sites,
//     in the package or in the one that declares the field (a fact on
//     the field names its sinks), reported at the store;
//   - a call of a function of another module that starts a child with
//     os.Environ() or derived whatever it is given, itself or through
//     what it calls (a fact on the function), reported at the call;
//   - envrt.Sets given os.Environ() or derived, which passes every entry
//     as given, secrets too.
//
// It follows an environment through helpers, struct fields, closures,
// containers a function makes (a map, a slice, an array, a channel, an
// any), iterator copies and strings.Join and Split; with the -unfollowed
// flag, it reports (as diagnostics of category "unfollowed", not
// findings) where the parent's environment goes where it cannot follow
// it.
//
// Builders are recognised by what they do, not by their names or their
// file's header: a function whose result is built by envimpl.Build given
// a task, through the Append…Env and …Env functions that pass it their
// dst and environ. What the analysis learns about a package's functions
// (which return a builder's result or os.Environ(), build a Cmd, start
// or keep the Cmd or environment they are given, return builders as
// func values) reaches the packages importing it as analysis facts.
// Every package path and name it knows is in one table (names.go).
//
// A line comment //envgen:inherit REASON on the reported line (a
// spawn, a store, a call into a dependency), or on the line that creates
// the Cmd the finding is about, accepts it; one on a site accepts the
// stores and calls that reach it too. One without a reason is itself
// reported, and so is one that accepts nothing in the build
// configuration checked. Test files (and their directives) are skipped
// unless the -tests flag is set; so is the standard library, but for cmd.
//
// Each diagnostic's Category names its kind of finding (Rules lists
// them): nil-env, parent-env, extended-builder, first-wins, field-store,
// dependency, forwarded-sets, directive-no-reason, directive-unused; and
// "unfollowed" for the places it cannot follow, with -unfollowed.
//
// The analyzer ships as "envgen vet" (which runs it one package per
// process, as go vet does), as the go vet -vettool binary envgen-vet
// (passes/envgenvet/cmd/envgen-vet), and as this package for drivers
// such as golangci-lint.
//
// # Why it builds its own SSA
//
// x/tools passes require buildssa.Analyzer for their SSA form. This one
// builds the SSA of a package itself, and only for the packages it reads:
// it has facts, so it runs over every package a program imports, and
// with buildssa the SSA of each of them (the whole standard library
// included) is built before the analysis can skip it, at a cost in CPU
// and memory for the same findings that docs/vet.md gives with its
// other measurements.
// It imports only x/tools (go/analysis, go/ssa) and the standard
// library: it knows the runtime by names (names.go), not by importing it.
package envgenvet
