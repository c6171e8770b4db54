package a

// A Cmd that leaves the function before it runs (stored in a struct, a
// package variable, a map or a channel; passed to a function the
// analysis does not know or to one that keeps it) is reported where it
// leaves with a bad Env; with a builder's Env it is quiet.

import (
	"os"
	"os/exec"

	"example.com/queue"
	"example.com/sdk"
	"example.com/tui"
	"gen"
	"github.com/envgen/envgen/runtime/envexec"
	"github.com/envgen/envgen/runtime/envrt"
)

// An agent host's MCP server: the SDK starts the Cmd when it connects.
func mcpTransport(name string, envs []string) *sdk.CommandTransport {
	cmd := exec.Command(name)
	cmd.Env = append(os.Environ(), envs...)
	return &sdk.CommandTransport{Command: cmd} // want `^exec.Cmd in a struct field: the environment is os.Environ\(\) or derived`
}

// $EDITOR handed to a terminal UI library that runs it later.
func openEditor(path string) tui.Cmd {
	c := exec.Command(os.Getenv("EDITOR"), path)
	return tui.ExecProcess(c, nil) // want `^tui.ExecProcess \(which hands it on\): the environment is nil`
}

func serveNow() error {
	cmd := exec.Command("server")
	return sdk.Serve(cmd) // want `^sdk.Serve \(which starts it\): the environment is nil`
}

// Server is set here and run by other packages.
var Server *exec.Cmd

func storeExported() {
	cmd := exec.Command("server")
	cmd.Env = append(os.Environ(), "PORT=1")
	Server = cmd // want `^exec.Cmd in a package variable: the environment is os.Environ\(\) or derived`
}

func viaFuncValue(run func(*exec.Cmd) error) error {
	cmd := exec.Command("ls")
	return run(cmd) // want `^exec.Cmd passed to a func value: the environment is nil`
}

func queued(q *queue.Queue[*exec.Cmd]) {
	cmd := exec.Command("ls")
	cmd.Env = append(os.Environ(), "A=1")
	queue.Push(q, cmd) // want `^exec.Cmd passed to queue.Push: the environment is os.Environ\(\) or derived`
}

func queuedWithPolicy(q *queue.Queue[*exec.Cmd]) {
	cmd := exec.Command("ls")
	cmd.Env = gen.ShellEnvOS()
	queue.Push(q, cmd)
}

type starter interface{ Start(*exec.Cmd) error }

func viaInterface(s starter) error {
	cmd := exec.Command("ls")
	return s.Start(cmd) // want `^exec.Cmd passed to an interface's Start method: the environment is nil`
}

func sentOnChannel(ch chan<- *exec.Cmd) {
	cmd := exec.Command("ls")
	ch <- cmd // want `^exec.Cmd sent on a channel: the environment is nil`
}

func storedInMap(m map[string]*exec.Cmd) {
	cmd := exec.Command("ls")
	cmd.Env = os.Environ()
	m["ls"] = cmd // want `^exec.Cmd in a map: the environment is os.Environ\(\) or derived`
}

func envSetOnOnePathAfter(t *sdk.CommandTransport, ok bool) {
	cmd := exec.Command("ls")
	t.Command = cmd // want `^exec.Cmd in a struct field: the environment is nil`
	if ok {
		cmd.Env = gen.ShellEnvOS()
	}
}

func wrap(cmd *exec.Cmd) *sdk.CommandTransport { // want wrap:"holderParams\\(starts \\[\\], hands on \\[0\\]\\)"
	return &sdk.CommandTransport{Command: cmd}
}

func wrappedNil() *sdk.CommandTransport {
	cmd := exec.Command("ls")
	return wrap(cmd) // want `^wrap \(which hands it on\): the environment is nil`
}

func leavesInClosure(ch chan<- *exec.Cmd) {
	cmd := exec.Command("ls")
	go func() { ch <- cmd }() // want `^exec.Cmd sent on a channel in a closure: the environment is nil`
}

// Quiet: a Cmd whose Env a builder set, that is stored or passed on.

func mcpTransportPolicy(name string, vars []envrt.Var) *sdk.CommandTransport {
	cmd := exec.Command(name)
	cmd.Env = gen.ShellEnvOS(vars...)
	return &sdk.CommandTransport{Command: cmd}
}

func openEditorPolicy(path string) tui.Cmd {
	c := exec.Command("vi", path)
	c.Env = gen.ShellEnv(os.Environ())
	return tui.ExecProcess(c, nil)
}

func commandHandedOn(path string) tui.Cmd {
	return tui.ExecProcess(envexec.Command(gen.ShellEnvOS(), "vi", path), nil)
}

func wrappedPolicy() *sdk.CommandTransport {
	cmd := exec.Command("ls")
	cmd.Env = gen.ShellEnvOS()
	return wrap(cmd)
}

func wrappedThenSet() *sdk.CommandTransport {
	cmd := exec.Command("ls")
	t := wrap(cmd)
	cmd.Env = gen.ShellEnvOS() // before anything can start it
	return t
}

func describedOnly() string {
	cmd := exec.Command("server")
	return sdk.Describe(cmd) // Describe keeps nothing
}

func envSetAfterStore(t *sdk.CommandTransport) {
	cmd := exec.Command("ls")
	t.Command = cmd
	cmd.Env = gen.ShellEnvOS()
}

func envSetThroughField() *sdk.CommandTransport {
	t := &sdk.CommandTransport{Command: exec.Command("ls")}
	t.Command.Env = gen.ShellEnvOS()
	return t
}

func storedAndStartedHere(t *sdk.CommandTransport) error {
	cmd := exec.Command("ls")
	t.Command = cmd
	return cmd.Run() // want `^exec.Cmd.Run: the environment is nil`
}

func storedInClosureWithPolicy(ch chan<- *exec.Cmd) {
	cmd := exec.Command("ls")
	cmd.Env = gen.ShellEnvOS()
	go func() { ch <- cmd }()
}
