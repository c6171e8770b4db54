package a

// Package-level Cmds: judged where the package's functions start them,
// by what the package stores there and to their Env.

import (
	"context"
	"os"
	"os/exec"
	"sync"

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

// Seams: an unexported func variable that only the initializers set,
// once, is the function it holds (tests replace it; this build does
// not), and so is sync.OnceValue of one.
var (
	execCommand = exec.Command
	environ     = os.Environ
	baseEnv     = sync.OnceValue(func() []string { return append(os.Environ(), "LC_ALL=C") })
	policyEnv   = sync.OnceValue(func() []string { return gen.ShellEnvOS() })
	builtWith   = gen.ShellEnv
)

func throughCommandSeam() {
	execCommand("git", "status").Run() // want `^exec.Cmd.Run: the environment is nil`
}

func throughEnvironSeam() {
	cmd := exec.Command("git")
	cmd.Env = append(environ(), "GIT_DIR=.git")
	cmd.Run() // want `^exec.Cmd.Run: the environment is os.Environ\(\) or derived`
}

func throughOnceValue() {
	cmd := exec.Command("git")
	cmd.Env = baseEnv()
	cmd.Run() // want `^exec.Cmd.Run: the environment is os.Environ\(\) or derived`
}

func throughLocalOnceValue() {
	get := sync.OnceValue(func() []string { return os.Environ() })
	cmd := exec.Command("git")
	cmd.Env = get()
	cmd.Run() // want `^exec.Cmd.Run: the environment is os.Environ\(\) or derived`
}

// Quiet twins: the seams hold builders.
func throughPolicySeams() {
	cmd := execCommand("git")
	cmd.Env = policyEnv()
	cmd.Run()
	other := exec.Command("git")
	other.Env = builtWith(environ())
	other.Run()
}

// Not a seam: a function sets it (a test's fake), so a call of it is a
// call of a func value the analysis does not know.
var lookPathFn = exec.LookPath

func fakeLookPath() { lookPathFn = func(string) (string, error) { return "", nil } }

var ExecCommandExported = exec.Command // another package may set it

// Seams in fields: an unexported func field whose every store in the
// package stores one function is that function; a func variable that
// may be exec.Command or a field's func makes a Cmd whose Env is nil
// where it is exec.Command.
type manager struct {
	newCommand     func(string, ...string) *exec.Cmd
	commandContext func(context.Context, string, ...string) *exec.Cmd
}

func newManager() *manager { return &manager{newCommand: exec.Command} }

func (m *manager) copyManager() *manager {
	return &manager{newCommand: m.newCommand, commandContext: m.commandContext}
}

func (m *manager) runExtension(exe string) error {
	return m.newCommand(exe).Run() // want `^exec.Cmd.Run: the environment is nil`
}

func (m *manager) gitCommand(ctx context.Context) *exec.Cmd { // want gitCommand:"cmdFunc\\(nil\\|other\\)"
	commandContext := exec.CommandContext
	if m.commandContext != nil {
		commandContext = m.commandContext
	}
	return commandContext(ctx, "git")
}

func (m *manager) gitStatus(ctx context.Context) error {
	return m.gitCommand(ctx).Run() // want `^exec.Cmd.Run: the environment is nil on some paths`
}

// Quiet twins: a field seam holding a constructor that sets a builder's
// Env, and a field set to two functions (not a seam: not followed).
type cleanManager struct {
	newCommand func(string, ...string) *exec.Cmd
	either     func(string, ...string) *exec.Cmd
}

func policyCommand(name string, args ...string) *exec.Cmd { // want policyCommand:"cmdFunc\\(policy\\)"
	c := exec.Command(name, args...)
	c.Env = gen.ShellEnvOS()
	return c
}

func newCleanManager(fake bool) *cleanManager {
	m := &cleanManager{newCommand: policyCommand, either: policyCommand}
	if fake {
		m.either = exec.Command
	}
	return m
}

func (m *cleanManager) runExtension(exe string) error {
	if err := m.either(exe).Run(); err != nil {
		return err
	}
	return m.newCommand(exe).Run()
}

// A generic struct's func field: a store in any instance's method counts,
// so a field a method may set to another function is no seam.
func inheritingCommand(name string, _ int) *exec.Cmd { return exec.Command(name) } // want inheritingCommand:"cmdFunc\\(nil\\)"

type box[T any] struct{ newCmd func(string, T) *exec.Cmd }

func newBox() *box[int] { return &box[int]{newCmd: inheritingCommand} }

func (b *box[T]) set(f func(string, T) *exec.Cmd) { b.newCmd = f }

func runBox(b *box[int]) error { return b.newCmd("x", 0).Run() }

// Nor is a field of a struct type that another type converts to: the
// other type's stores may set it.
type cmdRunner struct {
	newCmd func(string, ...string) *exec.Cmd
}

type plainRunner struct {
	newCmd func(string, ...string) *exec.Cmd
}

func newCmdRunner() cmdRunner { return cmdRunner(plainRunner{newCmd: policyCommand}) }

func newDirectRunner() cmdRunner { return cmdRunner{newCmd: exec.Command} }

func (r cmdRunner) run() error { return r.newCmd("x").Run() }

// Nor a func field nested in a struct type a value is converted to.
type outerA struct {
	in struct {
		newCmd func(string, ...string) *exec.Cmd
	}
}

type outerB struct {
	in struct {
		newCmd func(string, ...string) *exec.Cmd
	}
}

func newOuter() outerA {
	var b outerB
	b.in.newCmd = policyCommand
	return outerA(b)
}

func newOuterDirect() outerA {
	var a outerA
	a.in.newCmd = exec.Command
	return a
}

func (a outerA) run() error { return a.in.newCmd("x").Run() }
