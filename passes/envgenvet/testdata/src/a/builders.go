package a

// A builder's result written into after it ran, an Append builder given
// a non-constant dst, values of a builder's func type, a hand-written
// look-alike of generated code, and entries appended to os.Environ()
// before a builder (they lose to the parent's: first wins).

import (
	"os"
	"slices"

	"fakegen"
	"gen"
	"github.com/envgen/envgen/runtime/envexec"
	"github.com/envgen/envgen/runtime/envrt"
)

func tokenWritten(tok string) {
	env := gen.ShellEnvOS()
	env[0] = "GITHUB_TOKEN=" + tok
	envexec.Command(env, "ls").Run() // want `^envexec.Command: the environment is a builder's result with a non-constant entry appended or written after it ran`
}

func tokenCopied(tok string) {
	env := gen.ShellEnvOS()
	copy(env[1:], []string{"GITHUB_TOKEN=" + tok})
	envexec.Command(env, "ls").Run() // want `^envexec.Command: the environment is a builder's result with a non-constant entry`
}

func tokenReplaced(tok string) {
	env := gen.ShellEnvOS()
	env = slices.Replace(env, 0, 1, "GITHUB_TOKEN="+tok)
	envexec.Command(env, "ls").Run() // want `^envexec.Command: the environment is a builder's result with a non-constant entry`
}

func tokenReplacedInPlace(tok string) {
	env := gen.ShellEnvOS()
	_ = slices.Replace(env, 0, 1, "GITHUB_TOKEN="+tok)
	envexec.Command(env, "ls").Run() // want `^envexec.Command: the environment is a builder's result with a non-constant entry`
}

func nonConstantDst(tok string) {
	env := gen.AppendShellEnv([]string{"GITHUB_TOKEN=" + tok}, os.Environ())
	envexec.Command(env, "ls").Run() // want `^envexec.Command: the environment is a builder's result with a non-constant entry`
}

func dstGiven(dst []string) { // want dstGiven:"envFunc\\(\\)\\[dst 0 environ -1 input -1\\]"
	envexec.Command(gen.AppendShellEnv(dst, os.Environ()), "ls").Run() // want `^envexec.Command: the environment is a builder's result with a non-constant entry`
}

func envFuncIdentity() {
	var f gen.EnvFunc = func(e []string, p gen.Params, o ...envrt.Var) []string { return e }
	envexec.Command(f(os.Environ(), gen.Params{}), "ls").Run() // want `^envexec.Command: the environment is os.Environ\(\) or derived`
}

func envFuncChosen(ok bool) {
	f := gen.EnvFunc(gen.BuildEnv)
	if !ok {
		f = func(e []string, p gen.Params, o ...envrt.Var) []string { return e }
	}
	envexec.Command(f(os.Environ(), gen.Params{}), "ls").Run() // want `^envexec.Command: the environment is os.Environ\(\) or derived from it on some paths`
}

func headerLookAlike() {
	envexec.Command(fakegen.ShellEnv(os.Environ()), "ls").Run() // want `^envexec.Command: the environment is os.Environ\(\) or derived`
	envexec.Command(fakegen.ShellEnvOS(), "ls").Run()           // want `^envexec.Command: the environment is os.Environ\(\) or derived`
	envexec.Command(fakegen.Build(os.Environ()), "ls").Run()    // want `^envexec.Command: the environment is os.Environ\(\) or derived`
}

func appendedBeforeBuilder(tok string) {
	env := gen.ShellEnv(append(os.Environ(), "GITHUB_TOKEN="+tok)) // want `^ShellEnv: its environ is os.Environ\(\) with entries appended, which lose to this process's entries of the same names \(a builder keeps each name's first entry\); pass them to the builder as envrt.Set\(NAME, value\)`
	envexec.Command(env, "ls").Run()
}

func appendedConstantBeforeBuilder() {
	_ = gen.BuildEnv(append(os.Environ(), "NO_COLOR=1"), gen.Params{}) // want `^BuildEnv: its environ is os.Environ\(\) with entries appended`
}

func myEnv(environ []string) []string { // want myEnv:"envFunc\\(policy\\)\\[dst -1 environ 0 input -1\\]"
	return gen.ShellEnv(environ)
}

func appendedThroughWrapper(tok string) {
	environ := append(os.Environ(), "X="+tok)
	_ = myEnv(environ) // want `^myEnv: its environ is os.Environ\(\) with entries appended`
}

func appendedThroughLookup(tok string) {
	f, _ := gen.Lookup("build")
	_ = f(append(os.Environ(), "X="+tok), gen.Params{}) // want `^a builder given as a func value: its environ is os.Environ\(\) with entries appended`
}

func appendedBeforeAppendBuilder() {
	_ = gen.AppendShellEnv(nil, append(os.Environ(), "A=1")) // want `^AppendShellEnv: its environ is os.Environ\(\) with entries appended`
}

// Quiet: constants and entries of the builder's own result written in,
// the designed overrides, entries put before the parent's (they win).

func constantWritten() {
	env := gen.ShellEnvOS()
	env[0] = "NO_COLOR=1"
	envexec.Command(env, "ls").Run()
}

func entriesMoved() {
	env := gen.ShellEnvOS()
	env[0], env[1] = env[1], env[0]
	copy(env[1:], env[2:])
	envexec.Command(env[:len(env)-1], "ls").Run()
}

func constantDst() {
	envexec.Command(gen.AppendShellEnv([]string{"NO_COLOR=1"}, os.Environ()), "ls").Run()
	envexec.Command(gen.AppendShellEnv(gen.ShellEnvOS(), os.Environ()), "ls").Run()
}

func envFuncUnknown(f gen.EnvFunc) {
	envexec.Command(f(os.Environ(), gen.Params{}), "ls").Run() // a func value of unknown origin: not known
}

func overridesNotAppended(tok string) {
	_ = gen.ShellEnv(os.Environ(), envrt.Set("GITHUB_TOKEN", tok))
}

func prependedWin(tok string) {
	_ = gen.ShellEnv(append([]string{"X=" + tok}, os.Environ()...))
}

// envrt.Sets passes each entry as given: the parent's environment given
// to it brings back every secret the builder's policy leaves out.
func forwardedAsSets(client []string) {
	_ = gen.ShellEnvOS(envrt.Sets(os.Environ())...) // want `^envrt.Sets: its entries are os.Environ\(\) or derived from it, and Sets passes each as given`
}

func forwardedPlusAsSets(extra []string) {
	_ = gen.ShellEnvOS(envrt.Sets(append(os.Environ(), extra...))...) // want `^envrt.Sets: its entries are os.Environ\(\)`
}

func setsOfParam(entries []string) { // want setsOfParam:"startsFunc\\(param\\)"
	_ = gen.ShellEnvOS(envrt.Sets(entries)...)
}

func setsOfParamParent() {
	setsOfParam(os.Environ()) // want `^setsOfParam \(which passes it to envrt.Sets\): its entries are os.Environ\(\)`
}

// Quiet: the forwarded environment as the builder's environ, and Sets
// for the child's own entries.
func forwardedAsEnviron(client, own []string) { // want forwardedAsEnviron:"envFunc\\(\\)\\[dst -1 environ 0 input -1\\]"
	_ = gen.ShellEnv(client, envrt.Sets(own)...)
}

func setsOfConstants() {
	setsOfParam([]string{"LANG=C"})
}
