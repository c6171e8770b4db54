// Package envimpl stands in for envgen's runtime API that generated
// builders call, with the signatures the analyzer looks at
// (TestRuntimeStub holds them to the real ones).
package envimpl

import (
	"os"

	"github.com/envgen/envgen/runtime/envrt"
)

type Var = envrt.Var

// Input, Given, OS, Task, Policy, Dir and Build are what generated
// builders call.
type Input struct {
	dst, environ []string
	fromOS       bool
}

func Given(dst, environ []string) Input { return Input{dst: dst, environ: environ} }

func Fresh(environ []string) Input { return Input{environ: environ} }

func OS() Input { return Input{fromOS: true} }

type Policy struct{ Secrets []string }

type Task struct {
	Policy  *Policy
	Inherit bool
}

type Dir []string

func Build(in Input, t *Task, defines []string, overrides []Var, path []Dir) []string {
	if in.fromOS {
		in.environ = os.Environ()
	}
	return append(in.dst, in.environ...) // filtered, in the real one
}
