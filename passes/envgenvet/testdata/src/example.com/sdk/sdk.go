/* want package:"envPackage" */

// Package sdk stands in for a third-party library that starts the Cmds
// it is given: later, as an MCP SDK's CommandTransport does, or at once.
package sdk

import "os/exec"

// CommandTransport starts Command when it connects.
type CommandTransport struct {
	Command *exec.Cmd
}

// Connect starts the transport's Command: a field, whose Cmd its maker
// is judged for where it stored it.
func (t *CommandTransport) Connect() error { return t.Command.Start() }

// Serve starts cmd at once.
func Serve(cmd *exec.Cmd) error { // want Serve:"holderParams\\(starts \\[0\\], hands on \\[\\]\\)"
	return cmd.Start()
}

// Describe reads cmd and keeps nothing.
func Describe(cmd *exec.Cmd) string { // want Describe:"holderParams\\(starts \\[\\], hands on \\[\\]\\)"
	return cmd.Path
}
