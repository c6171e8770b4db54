/* want package:"envPackage" */

// Package tui stands in for a terminal UI library whose ExecProcess
// keeps the Cmd it is given and runs it later, as bubbletea's does.
package tui

import "os/exec"

type Msg any

type Cmd func() Msg

// ExecCommand is what Exec runs when the program gets to it.
type ExecCommand interface{ Run() error }

type osExecCommand struct{ *exec.Cmd }

// ExecProcess returns a command that runs c when the program gets to it.
func ExecProcess(c *exec.Cmd, fn func(error) Msg) Cmd { // want ExecProcess:"holderParams\\(starts \\[\\], hands on \\[0\\]\\)"
	return Exec(wrapExecCommand(c), fn)
}

func wrapExecCommand(c *exec.Cmd) ExecCommand { // want wrapExecCommand:"holderParams\\(starts \\[\\], hands on \\[0\\]\\)"
	return &osExecCommand{Cmd: c}
}

// Exec returns a command that runs c when the program gets to it.
func Exec(c ExecCommand, fn func(error) Msg) Cmd {
	return func() Msg { return fn(c.Run()) }
}
