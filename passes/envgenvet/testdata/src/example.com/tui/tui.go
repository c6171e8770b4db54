/* want package:"envPackage" */

// Package tui stands in for a terminal UI library whose ExecProcess
// keeps the Cmd it is given and runs it later, as bubbletea's does.
package tui

import "os/exec"

type Msg any

type Cmd func() Msg

type execCommand struct {
	cmd *exec.Cmd
	fn  func(error) Msg
}

// ExecProcess returns a command that runs c when the program gets to it.
func ExecProcess(c *exec.Cmd, fn func(error) Msg) Cmd { // want ExecProcess:"holderParams\\(starts \\[\\], hands on \\[0\\]\\)"
	e := &execCommand{cmd: c, fn: fn}
	return func() Msg { return e.fn(e.cmd.Run()) }
}
