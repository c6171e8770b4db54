package a

// Package-level Cmds: judged where the package's functions start them,
// by what the package stores there and to their Env.

import (
	"os"
	"os/exec"

	"example.com/tui"
	"gen"
)

var editor = exec.Command("vi")

func runEditor() {
	editor.Run() // want `^exec.Cmd.Run: the environment is nil`
}

var server exec.Cmd

func runServer() {
	server.Path = "/bin/server"
	server.Start() // want `^exec.Cmd.Start: the environment is nil`
}

var parentCmd = func() *exec.Cmd {
	c := exec.Command("x")
	c.Env = os.Environ()
	return c
}()

func runParent() {
	parentCmd.Run() // want `^exec.Cmd.Run: the environment is os.Environ\(\) or derived`
}

var handed = exec.Command("vi")

func handEditor() tui.Cmd {
	return tui.ExecProcess(handed, nil) // want `^tui.ExecProcess \(which hands it on\): the environment is nil`
}

var inherited = exec.Command("vi")

func runInherited() {
	setsInherit(inherited)
	inherited.Run() // want `^exec.Cmd.Run: the environment is os.Environ\(\) or derived from it, so`
}

// Quiet: given a builder's result somewhere in the package (by a helper
// too), or accepted where it is created.

var helped = exec.Command("vi")

func runHelped() {
	setInHelper(helped)
	helped.Run()
}

var lister = exec.Command("ls")

func runLister() {
	lister.Env = gen.ShellEnvOS()
	lister.Run()
}

var policyCmd = func() *exec.Cmd {
	c := exec.Command("x")
	c.Env = gen.ShellEnvOS()
	return c
}()

func runPolicyCmd() { policyCmd.Run() }

var printer = exec.Command("env") //envgen:inherit env prints what this process has, on purpose

func runPrinter() { printer.Run() }
