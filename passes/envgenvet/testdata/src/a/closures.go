package a

// Closures are followed: what a closure does to a Cmd it captures is
// judged in the closure, with the Env the function gave the Cmd where it
// does not set one itself.

import (
	"os"
	"os/exec"

	"gen"
)

func closureRunsNil() {
	cmd := exec.Command("ls")
	func() { cmd.Run() }() // want `^exec.Cmd.Run in a closure: the environment is nil`
}

func goroutineSetsEnvironAndRuns() {
	cmd := exec.Command("ls")
	go func() {
		cmd.Env = os.Environ()
		cmd.Run() // want `^exec.Cmd.Run: the environment is os.Environ\(\) or derived`
	}()
}

func closureSetsEnvironThenRun() {
	cmd := exec.Command("ls")
	func() { cmd.Env = os.Environ() }()
	cmd.Run() // want `^exec.Cmd.Run: the environment is os.Environ\(\) or derived`
}

// Quiet: a closure (called, go, defer) that sets Env from a builder and
// runs; one that sets it, run before the start; a deferred one that runs
// after Env was set.

func closureSetsAndRuns() {
	cmd := exec.Command("ls")
	func() { cmd.Env = gen.ShellEnvOS(); cmd.Run() }()
}

func goroutineSetsAndRuns() {
	cmd := exec.Command("ls")
	go func() { cmd.Env = gen.ShellEnv(os.Environ()); cmd.Run() }()
}

func deferSetsAndRuns() {
	cmd := exec.Command("ls")
	defer func() { cmd.Env = gen.ShellEnvOS(); _ = cmd.Run() }()
}

func closureVariableSetsAndRuns(name string) error {
	var cmd *exec.Cmd
	cmd = exec.Command(name)
	run := func() error {
		cmd.Env = gen.ShellEnvOS()
		return cmd.Run()
	}
	return run()
}

func closureSetsThenRun() {
	cmd := exec.Command("ls")
	setEnv := func() { cmd.Env = gen.ShellEnvOS() }
	setEnv()
	cmd.Run()
}

func deferredRunAfterEnvSet() {
	cmd := exec.Command("ls")
	defer func() { _ = cmd.Run() }()
	cmd.Env = gen.ShellEnvOS()
}
