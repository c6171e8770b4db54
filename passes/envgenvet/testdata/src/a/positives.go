// Package a holds spawn sites: positives.go those the analyzer must
// report, traps.go those it must not.
package a

import (
	"context"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"

	"b"
	"envhelp"
	"gen"
	"github.com/envgen/envgen/runtime/envexec"
)

func nilEnv() {
	cmd := exec.Command("ls")
	cmd.Run() // want `^exec.Cmd.Run: the environment is nil, which gives the child this process's whole environment`
}

func osEnviron() {
	cmd := exec.Command("ls")
	cmd.Env = os.Environ()
	_ = cmd.Start() // want `^exec.Cmd.Start: the environment is os.Environ\(\) or derived from it, so`
}

func appendToEnviron(v string) {
	cmd := exec.CommandContext(context.Background(), "ls")
	cmd.Env = append(os.Environ(), "X="+v)
	_, _ = cmd.Output() // want `^exec.Cmd.Output: the environment is os.Environ\(\)`
}

func copiedFromEnviron() {
	env := make([]string, len(os.Environ()))
	copy(env, os.Environ())
	cmd := exec.Command("ls")
	cmd.Env = env
	_, _ = cmd.CombinedOutput() // want `^exec.Cmd.CombinedOutput: the environment is os.Environ\(\)`
}

func clonedEnviron() {
	cmd := exec.Command("ls")
	cmd.Env = slices.Clone(os.Environ())
	cmd.Run() // want `os.Environ\(\) or derived`
}

func clippedEnviron() {
	cmd := exec.Command("ls")
	cmd.Env = slices.Clip(os.Environ())
	cmd.Run() // want `os.Environ\(\) or derived`
}

// A deny-list written by hand: what is left of the parent's environment
// is still its, every secret the list forgot included.
func deniedFromEnviron() {
	cmd := exec.Command("ls")
	cmd.Env = slices.DeleteFunc(os.Environ(), func(e string) bool { return strings.HasPrefix(e, "AWS_") })
	cmd.Run() // want `os.Environ\(\) or derived`
}

func compactedEnviron() {
	env := slices.Compact(slices.Sorted(slices.Values(os.Environ())))
	cmd := exec.Command("ls")
	cmd.Env = slices.Delete(env, 0, 1)
	cmd.Run() // want `os.Environ\(\) or derived`
}

// Quiet twin: a builder's result filtered further.
func deniedFromBuilder() {
	cmd := exec.Command("ls")
	cmd.Env = slices.DeleteFunc(gen.ShellEnvOS(), func(e string) bool { return strings.HasPrefix(e, "DISPLAY=") })
	cmd.Run()
}

func cmdEnviron() {
	cmd := exec.Command("ls")
	cmd.Env = append(cmd.Environ(), "A=1") // Environ of a nil Env is the parent's
	cmd.Run()                              // want `os.Environ\(\) or derived`
}

func oneBranch(ok bool) {
	cmd := exec.Command("ls")
	if ok {
		cmd.Env = gen.ShellEnv(os.Environ())
	}
	cmd.Run() // want `the environment is nil on some paths`
}

func overwrittenAfter() {
	cmd := exec.Command("ls")
	cmd.Env = gen.ShellEnv(os.Environ())
	cmd.Env = os.Environ()
	cmd.Run() // want `os.Environ\(\) or derived from it, so`
}

func literalCmd() {
	cmd := &exec.Cmd{Path: "/bin/ls"}
	cmd.Run() // want `the environment is nil`
}

func varCmd() {
	var cmd exec.Cmd
	cmd.Path = "/bin/ls"
	cmd.Run() // want `the environment is nil`
}

func capturedByClosure() {
	cmd := exec.Command("ls")
	defer func() { _ = cmd.Process }()
	cmd.Run() // want `the environment is nil`
}

func startProcess() {
	os.StartProcess("/bin/ls", nil, &os.ProcAttr{})                  // want `^os.StartProcess: the environment is nil`
	os.StartProcess("/bin/ls", nil, &os.ProcAttr{Env: os.Environ()}) // want `^os.StartProcess: the environment is os.Environ`
}

func syscalls() {
	syscall.Exec("/bin/ls", nil, os.Environ())                                  // want `^syscall.Exec: the environment is os.Environ`
	syscall.ForkExec("/bin/ls", nil, &syscall.ProcAttr{Env: syscall.Environ()}) // want `^syscall.ForkExec: the environment is os.Environ`
	syscall.StartProcess("/bin/ls", nil, &syscall.ProcAttr{Env: os.Environ()})  // want `^syscall.StartProcess: the environment is os.Environ`
}

func runtimeHelpers(ctx context.Context) {
	envexec.Command(os.Environ(), "ls").Run()                           // want `^envexec.Command: the environment is os.Environ`
	envexec.CommandContext(ctx, nil, "ls").Run()                        // its nil is an empty environment: no finding
	envexec.CommandContext(ctx, os.Environ(), "ls").Run()               // want `^envexec.CommandContext: the environment is os.Environ`
	envexec.Start(ctx, "/bin/ls", nil, os.Environ(), envexec.Stdio{})   // want `^envexec.Start: the environment is os.Environ`
	envexec.Run(ctx, "/bin/ls", nil, envhelp.Parent(), envexec.Stdio{}) // want `^envexec.Run: the environment is os.Environ`
	envexec.LookPath(os.Environ(), "ls")                                // want `^envexec.LookPath: the environment is os.Environ`
	var pc envexec.PathCache
	pc.LookPath(append(os.Environ(), "A=1"), "ls") // want `^envexec.PathCache.LookPath: the environment is os.Environ`
}

func extended(v string) {
	env := gen.ShellEnv(os.Environ())
	env = append(env, "X="+v)
	cmd := exec.Command("ls")
	cmd.Env = env
	cmd.Run() // want `^exec.Cmd.Run: the environment is a builder's result with a non-constant entry appended or written after it ran, which`
}

func extendedInLoop(vs []string) {
	env := gen.BuildEnv(os.Environ(), gen.Params{})
	for _, v := range vs {
		env = append(env, v)
	}
	envexec.Command(env, "ls").Run() // want `^envexec.Command: the environment is a builder's result with a non-constant entry appended or written after it ran on some paths`
}

func extendedBySpread(extra []string) {
	envexec.Command(append(gen.ShellEnvOS(), extra...), "ls").Run() // want `non-constant entry`
}

func appendBuilderOntoEnviron() {
	env := gen.AppendShellEnv(os.Environ(), os.Environ())
	envexec.Command(env, "ls").Run() // want `^envexec.Command: the environment is os.Environ`
}

func inheritHelper() []string { // want inheritHelper:"envFunc\\(inherit\\+\\)"
	return append(os.Environ(), "A=1")
}

func viaInheritHelper() {
	cmd := exec.Command("ls")
	cmd.Env = inheritHelper()
	cmd.Run() // want `os.Environ\(\) or derived`
}

func viaOtherPackageHelper() {
	envexec.Command(envhelp.Parent(), "ls").Run() // want `os.Environ\(\) or derived`
}

func viaPackageWithoutSpawns() {
	envexec.Command(b.Env(), "ls").Run() // want `os.Environ\(\) or derived`
}

func startsIt(cmd *exec.Cmd) error { return cmd.Run() } // want startsIt:"holderParams\\(starts \\[0\\], hands on \\[\\]\\)"

func viaStartingHelper() {
	cmd := exec.Command("ls")
	startsIt(cmd) // want `^startsIt \(which starts it\): the environment is nil`
}

func setsInherit(cmd *exec.Cmd) { cmd.Env = os.Environ() } // want setsInherit:"holderParams\\(starts \\[\\], hands on \\[\\]\\)"

func viaInheritSetter() {
	cmd := exec.Command("ls")
	setsInherit(cmd)
	cmd.Run() // want `os.Environ\(\) or derived`
}

func directiveWithoutReason() {
	cmd := exec.Command("ls")
	cmd.Run() //envgen:inherit // want `the environment is nil` `^//envgen:inherit needs a reason`
}

func chosenOnBranchesSetOnOne(ok bool) {
	var cmd *exec.Cmd
	if ok {
		cmd = exec.Command("a")
		cmd.Env = gen.ShellEnvOS()
	} else {
		cmd = exec.Command("b")
	}
	cmd.Run() // want `the environment is nil on some paths`
}

var leakInInitializer = func() error {
	return exec.Command("ls").Run() // want `^exec.Cmd.Run: the environment is nil`
}

// withoutName copies env but for one name's entries: a filtered copy of
// the parent's environment still holds every other secret.
func withoutName(env []string, name string) []string { // want withoutName:"envFunc\\(empty\\|param\\)"
	out := make([]string, 0, len(env))
	for _, e := range env {
		if len(e) > len(name) && e[:len(name)] == name {
			continue
		}
		out = append(out, e)
	}
	return out
}

func filteredParent() {
	cmd := exec.Command("ls")
	cmd.Env = withoutName(os.Environ(), "HERDR_")
	cmd.Run() // want `os.Environ\(\) or derived`
}

func filteredPolicy() {
	cmd := exec.Command("ls")
	cmd.Env = withoutName(gen.ShellEnvOS(), "HERDR_")
	cmd.Run()
}

// Of two []string parameters, the one whose name says env is judged per
// call.
func runArgsEnv(args, env []string) error { // want runArgsEnv:"startsFunc\\(param\\)"
	cmd := exec.Command("ls", args...)
	cmd.Env = env
	return cmd.Run()
}

func runArgsEnvParent() error {
	return runArgsEnv([]string{"-l"}, os.Environ()) // want `^runArgsEnv \(which starts a child with it\): the environment is os.Environ\(\)`
}

func runArgsEnvPolicy() error { return runArgsEnv(nil, gen.ShellEnvOS()) }
