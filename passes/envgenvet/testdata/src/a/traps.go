package a

import (
	"context"
	"log"
	"os"
	"os/exec"
	"slices"
	"syscall"
	"testing"

	"envhelp"
	"gen"
	"github.com/envgen/envgen/runtime/envexec"
	"github.com/envgen/envgen/runtime/envrt"
)

// cmds is where escaped stores its Cmd.
var cmds []*exec.Cmd

func setInHelper(cmd *exec.Cmd) { cmd.Env = gen.ShellEnv(os.Environ()) } // want setInHelper:"holderParams\\(starts \\[\\], hands on \\[\\]\\)"

func envSetInHelper() {
	cmd := exec.Command("ls")
	setInHelper(cmd)
	cmd.Run()
}

func bothBranches(ok bool) {
	cmd := exec.Command("ls")
	if ok {
		cmd.Env = gen.ShellEnv(os.Environ())
	} else {
		cmd.Env = gen.BuildEnv(os.Environ(), gen.Params{Workspace: "w"})
	}
	cmd.Run()
}

func builtByCommand(ctx context.Context) {
	envexec.Command(gen.ShellEnv(os.Environ()), "ls").Run()
	cmd := envexec.CommandContext(ctx, gen.ShellEnvOS(), "ls")
	cmd.Run()
}

func copiedFromBuilder() {
	env := gen.ShellEnv(os.Environ())
	c := append([]string(nil), env...)
	cmd := exec.Command("ls")
	cmd.Env = slices.Clone(c)
	cmd.Run()
}

func copiedWithCopy() {
	env := gen.ShellEnv(os.Environ())
	c := make([]string, len(env))
	copy(c, env)
	envexec.Command(c, "ls").Run()
}

func constantAppended() {
	env := append(gen.ShellEnv(os.Environ()), "NO_COLOR=1", "PAGER=cat")
	envexec.Command(env, "ls").Run()
}

func overrideThroughBuilder(v string) {
	envexec.Command(gen.ShellEnv(os.Environ(), envrt.Set("X", v)), "ls").Run()
}

func fromLookup() {
	f, ok := gen.Lookup("build")
	if !ok {
		return
	}
	cmd := exec.Command("ls")
	cmd.Env = f(os.Environ(), gen.Params{})
	cmd.Run()
}

func policyHelper() []string { // want policyHelper:"envFunc\\(policy\\)"
	return gen.ShellEnv(os.Environ())
}

func viaPolicyHelpers() {
	envexec.Command(policyHelper(), "ls").Run()
	envexec.Command(envhelp.Child(), "ls").Run()
	envexec.Command(envhelp.Hand(), "ls").Run()
}

func inPlace(environ []string) { // want inPlace:"envFunc\\(\\)\\[dst -1 environ 0 input -1\\]"
	env := gen.AppendShellEnv(environ[:0], environ)
	envexec.Command(env, "ls").Run()
}

func handBuilt() {
	cmd := exec.Command("ls")
	cmd.Env = []string{"PATH=/bin"}
	cmd.Run()
	cmd2 := exec.Command("ls")
	cmd2.Env = []string{}
	cmd2.Run()
}

func literalWithEnv() {
	cmd := &exec.Cmd{Path: "/bin/ls", Env: gen.ShellEnv(os.Environ())}
	cmd.Run()
	os.StartProcess("/bin/ls", nil, &os.ProcAttr{Env: gen.ShellEnv(os.Environ())})
}

func emptyIsEmptyHere(ctx context.Context) {
	syscall.ForkExec("/bin/ls", nil, &syscall.ProcAttr{})
	syscall.Exec("/bin/ls", nil, nil)
	envexec.Run(ctx, "/bin/ls", nil, nil, envexec.Stdio{})
	envexec.LookPath(nil, "ls")
}

func givenCmd(cmd *exec.Cmd) error { return cmd.Run() } // the caller's business // want givenCmd:"holderParams\\(starts \\[0\\], hands on \\[\\]\\)"

func escaped() {
	cmd := exec.Command("ls")
	cmds = append(cmds, cmd)
	cmd.Run()
}

func unknownCallee(prepare func(*exec.Cmd)) {
	cmd := exec.Command("ls")
	prepare(cmd)
	cmd.Run()
}

func closureSetsEnv() {
	cmd := exec.Command("ls")
	func() { cmd.Env = gen.ShellEnv(os.Environ()) }()
	cmd.Run()
}

func accepted() {
	cmd := exec.Command(os.Args[0])
	cmd.Run() //envgen:inherit the child is this program re-executed, which needs what it had
}

func environFromBuiltEnv() {
	cmd := exec.Command("ls")
	cmd.Env = gen.ShellEnv(os.Environ())
	cmd.Env = append(cmd.Environ(), "NO_COLOR=1")
	cmd.Run()
}

func chosenOnBranches(ok bool, env []string) { // want chosenOnBranches:"envFunc\\(\\)\\[dst -1 environ 1 input -1\\]"
	var cmd *exec.Cmd
	if ok {
		cmd = exec.Command("a")
	} else {
		cmd = exec.Command("b")
	}
	cmd.Env = gen.ShellEnv(env)
	cmd.Run()
}

func capturedAndSet() {
	cmd := exec.Command("ls")
	defer func() { _ = cmd.Process }()
	cmd.Env = gen.ShellEnvOS()
	cmd.Run()
}

func builtThenStartedByHelper() {
	cmd := exec.Command("ls")
	cmd.Env = gen.BuildEnv(os.Environ(), gen.Params{})
	startsIt(cmd)
	cmd = exec.Command("ls")
	cmd.Env = gen.ShellEnv(os.Environ(), envrt.Set("PLUGIN_KEY", "k"))
	startsIt(cmd)
}

func fatalOnOtherBranch(t *testing.T, ok bool) {
	cmd := exec.Command("ls")
	if ok {
		cmd.Env = gen.ShellEnvOS()
	} else {
		t.Fatal("no environment")
	}
	cmd.Run()
}

func loggerFatalOnOtherBranch(l *log.Logger, ok bool) {
	cmd := exec.Command("ls")
	if ok {
		cmd.Env = gen.ShellEnvOS()
	} else {
		l.Fatalf("no environment")
	}
	cmd.Run()
}

func replaceCmd(c **exec.Cmd) { *c = envexec.Command(gen.ShellEnvOS(), "ls") }

func cmdVariableReplaced() {
	cmd := exec.Command("ls")
	replaceCmd(&cmd) // the variable's address goes there: its Cmd may be another
	cmd.Run()
}

// What docs/vet.md says it does not follow: a Cmd's Env read from
// another Cmd, a function with two []string parameters (not judged per
// call).

func envFromOtherCmd(old *exec.Cmd) error { // want envFromOtherCmd:"holderParams\\(starts \\[\\], hands on \\[\\]\\)"
	cmd := exec.Command("ls")
	cmd.Env = old.Env
	return cmd.Run()
}

func spawnEither(a, b []string, first bool) error {
	cmd := exec.Command("ls")
	cmd.Env = b
	if first {
		cmd.Env = a
	}
	return cmd.Run()
}

func twoEnvParameters() {
	_ = spawnEither(os.Environ(), nil, true)
}

// Constants from another package's helper are constants, as from one of
// this package.
func constantsFromOtherPackage() {
	envexec.Command(append(gen.ShellEnvOS(), envhelp.Hand()...), "ls").Run()
}

// A guard on cmd.Env == nil: where it is not taken, the Env is not nil.
func guardedWithBuilder() {
	c := exec.Command("ls")
	if c.Env == nil {
		c.Env = gen.ShellEnvOS()
	}
	c.Run()
}

func guardedWithParent() {
	c := exec.Command("ls")
	if c.Env == nil {
		c.Env = os.Environ()
	}
	c.Run() // want `^exec.Cmd.Run: the environment is os.Environ\(\) or derived from it, so`
}

// The guard refines only the Cmd it reads, and only a read just before
// it: a phi that may be a, or an Env read before a reset, says nothing
// of a's Env or of the Env now.
func guardOnPhi(cond bool) error {
	a := exec.Command("a")
	b := exec.Command("b")
	b.Env = gen.ShellEnvOS()
	c := a
	if cond {
		c = b
	}
	if c.Env != nil {
		return a.Run() // want `^exec.Cmd.Run: the environment is nil`
	}
	return nil
}

func guardOnStaleRead() error {
	c := exec.Command("a")
	c.Env = gen.ShellEnvOS()
	had := c.Env
	c.Env = nil
	if had != nil {
		return c.Run() // want `^exec.Cmd.Run: the environment is nil`
	}
	return nil
}

// A package-level error that may be nil is no sentinel: a helper that
// returns it may have set no Env and succeeded.
var errLast error

func setupUnlessSkipped(c *exec.Cmd, skip bool) error { // want setupUnlessSkipped:"holderParams\\(starts \\[\\], hands on \\[\\]\\)"
	if skip {
		return errLast
	}
	c.Env = gen.ShellEnvOS()
	return nil
}

func runUnlessSkipped(skip bool) error {
	c := exec.Command("x")
	if err := setupUnlessSkipped(c, skip); err != nil {
		return err
	}
	return c.Run() // want `^exec.Cmd.Run: the environment is nil on some paths`
}

// A seam holding a method value (its calls lack the receiver) is not
// followed, and does not stop the analysis.
var (
	baseCmd       = exec.Command("x")
	environOfBase = baseCmd.Environ
)

func fromBoundSeam() []string {
	c := exec.Command("y")
	c.Env = append(environOfBase(), "A=1")
	return c.Env
}

// A guard read before a quiet call (a log line) still guards.
func guardAfterLog(x bool) error {
	c := exec.Command("a")
	if x {
		c.Env = gen.ShellEnvOS()
	}
	env := c.Env
	log.Printf("env has %d entries", len(env))
	if env == nil {
		return context.Canceled
	}
	return c.Run()
}

// A sentinel made of a value converted to error.
type skipError struct{}

func (skipError) Error() string { return "skipped" }

var errSkipped error = skipError{}

func setupOrSkip(c *exec.Cmd, skip bool) error { // want setupOrSkip:"holderParams\\(starts \\[\\], hands on \\[\\]\\)"
	if skip {
		return errSkipped
	}
	c.Env = gen.ShellEnvOS()
	return nil
}

func runOrSkip(skip bool) error {
	c := exec.Command("x")
	if err := setupOrSkip(c, skip); err != nil {
		return err
	}
	return c.Run()
}
