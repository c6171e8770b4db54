package a

// An in-process shell (mvdan.cc/sh's interp) starts its commands'
// children with the environment it was given: interp.Env is the site,
// and interp.New without it gives them this process's.

import (
	"os"

	"gen"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
)

func shellInherits() (*interp.Runner, error) {
	return interp.New(interp.Env(expand.ListEnviron(os.Environ()...))) // want `^interp.Env: the environment is os.Environ\(\) or derived from it, so the child gets every secret`
}

func shellEnvironAppended(tok string) {
	env := append(os.Environ(), "TOKEN="+tok)
	interp.New(interp.Params("-e"), interp.Env(expand.ListEnviron(env...))) // want `^interp.Env: the environment is os.Environ\(\) or derived`
}

func shellNilEnviron() {
	interp.New(interp.Env(nil)) // want `^interp.Env: the environment is nil, which gives the child this process's whole environment`
}

func shellWithoutEnv() {
	interp.New(interp.Params("-e"), interp.Dir("/")) // want `^interp.New without interp.Env: the environment is nil`
	interp.New()                                     // want `^interp.New without interp.Env: the environment is nil`
}

func shellEnviron() expand.Environ { // want shellEnviron:"envFunc\\(inherit\\)"
	return expand.ListEnviron(os.Environ()...)
}

func shellFromHelper() {
	interp.New(interp.Env(shellEnviron())) // want `^interp.Env: the environment is os.Environ\(\) or derived`
}

func runnerEnvSet(r *interp.Runner) {
	r.Env = expand.ListEnviron(os.Environ()...) // want `^interp.Runner.Env: the environment is os.Environ\(\) or derived`
}

func shellExtended(tok string) {
	env := append(gen.ShellEnvOS(), "TOKEN="+tok)
	interp.New(interp.Env(expand.ListEnviron(env...))) // want `^interp.Env: the environment is a builder's result with a non-constant entry`
}

// Quiet: a shell given a builder's result, or an environment built by
// hand, or options the analysis cannot see.

func shellPolicy() {
	interp.New(interp.Env(expand.ListEnviron(gen.ShellEnvOS()...)))
	interp.New(interp.Params("-e"), interp.Env(expand.ListEnviron(gen.ShellEnv(os.Environ())...)))
}

func shellHandBuilt() {
	interp.New(interp.Env(expand.ListEnviron()))
	interp.New(interp.Env(expand.ListEnviron("PATH=/bin", "HOME=/home/u")))
}

func ownOption() interp.RunnerOption { return interp.Env(expand.ListEnviron(gen.ShellEnvOS()...)) }

func shellOptionsFromElsewhere(opts []interp.RunnerOption, own interp.RunnerOption) {
	interp.New(opts...)
	interp.New(interp.Params("-e"), own)
	interp.New(interp.Params("-e"), ownOption()) // the program's own option may give it one
}

func shellGivenEnviron(env expand.Environ) {
	interp.New(interp.Env(env)) // the caller's: a handler's own environment, say
}

func shellFuncEnviron() {
	interp.New(interp.Env(expand.FuncEnviron(os.Getenv))) // exports nothing to children
}

func runnerEnvPolicy(r *interp.Runner) {
	r.Env = expand.ListEnviron(gen.ShellEnvOS()...)
}

func shellOptionFromFuncValue(mk func() interp.RunnerOption) {
	interp.New(interp.Params("-e"), mk()) // an option it cannot see
}

// A helper that runs a shell with the environment it is given is judged
// at each call by what the call passes.
func runShell(env []string) (*interp.Runner, error) { // want runShell:"startsFunc\\(param\\)"
	return interp.New(interp.Env(expand.ListEnviron(env...)))
}

func shellHelperGivenEnviron() {
	runShell(os.Environ()) // want `^runShell \(which starts a child with it\): the environment is os.Environ\(\) or derived`
	runShell(gen.ShellEnvOS())
}
