// Package runtimetest holds, in its tests, the runtime to the reference
// interpreter in process, where the root module can reach both: the
// runtime's build under Windows' rules and exact names (fold_test.go,
// through envimpl.BuildFold), envrt's default builders (default_test.go)
// and the pattern matcher (glob_test.go, through envimpl's generator-only
// entry). Generated code, compiled, is held to the reference in
// internal/gentest. It has no code of its own; its tests import gentest,
// reference and the runtime.
package runtimetest
