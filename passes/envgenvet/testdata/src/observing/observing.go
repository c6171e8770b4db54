/* want package:"envPackage" */
// Package observing switches a builder between enforcing its policy and
// observing it: each use of envrt.Observe is counted apart, never as
// clean, and envrt.Report is no such place.
package observing

import (
	"log"

	"gen"

	"github.com/envgen/envgen/runtime/envrt"
)

func logDropped(d envrt.Dropped) { log.Println(d.Name, d.Reason) }

func childEnv(enforce bool) []string { // want childEnv:"envFunc\\(policy\\)"
	mode := envrt.Report(logDropped)
	if !enforce {
		mode = envrt.Observe(logDropped) // want `^envrt.Observe: the builder given it returns this process's whole environment`
	}
	return gen.ShellEnvOS(mode)
}

// observeAll hands Observe on as a value: its use is still one place.
var observeAll = envrt.Observe // want `^envrt.Observe: the builder given it`

func observed() []string { // want observed:"envFunc\\(policy\\)"
	return gen.ShellEnvOS(observeAll(logDropped))
}
