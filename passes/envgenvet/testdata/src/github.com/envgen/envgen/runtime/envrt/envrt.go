// Package envrt stands in for envgen's runtime API that programs call,
// with the signatures the analyzer looks at (TestRuntimeStub holds them
// to the real ones).
package envrt

type Var struct{ name, value string }

func Set(name, value string) Var { return Var{name, value} }

func Unset(name string) Var { return Var{name: name} }

func Sets(entries []string) []Var { return nil }

type Dropped struct{ Name, Reason string }

func Report(fn func(Dropped)) Var { return Var{} }

func Observe(fn func(Dropped)) Var { return Var{} }
