/* want package:"envPackage" */

// Package notfollowed holds places where the parent's environment goes
// where the analysis cannot follow it: with -unfollowed each is a
// diagnostic of its own category, which envgen vet counts.
package notfollowed

import (
	"context"
	"log/slog"
	"os"
	"os/exec"

	"shellopts"
)

// Config is read by other packages, which may start a child with Env.
type Config struct {
	Env []string
}

func exportedField() Config {
	return Config{Env: os.Environ()} // want `^the environment, derived from os.Environ\(\), is stored to notfollowed.Config.Env, whose value reaches no site`
}

func foreignField() shellopts.Options {
	return shellopts.Options{Env: append(os.Environ(), "A=1")} // want `^the environment, derived from os.Environ\(\), is stored to shellopts.Options.Env`
}

// Followed: a field of this package that no other can read, which no
// site reads here.
type private struct{ env []string }

func privateField() private { return private{env: os.Environ()} }

func toFuncValue(run func([]string) error) error {
	return run(os.Environ()) // want `is passed to a func value or an interface's method`
}

func inMapThatLeaves(m map[string][]string) {
	m["shell"] = os.Environ() // want `is put in a map, a slice or a channel that leaves the function`
}

func inMapThatStays() []string { // want inMapThatStays:"envFunc\\(inherit\\)"
	m := map[string][]string{"shell": os.Environ()}
	return m["shell"]
}

func inInterface() any {
	return any(os.Environ()) // want `is made an interface value that leaves the function`
}

func printed() {
	println(len(os.Environ()))
}

// Exported is read by other packages.
var Exported []string

func toExportedVariable() {
	Exported = os.Environ() // want `is stored to the package-level variable Exported`
}

func twoSlices(args, env []string) {}

func toUnjudgedParameter() {
	twoSlices(os.Environ(), nil) // want `is passed to twoSlices as a \[\]string parameter it is not judged by`
}

// A Cmd stored where other code may set its Env, then a call of the
// program's own before it starts: the start is not judged, but counted.
type server struct{ cmd *exec.Cmd }

func (s *server) prepare() {}

func storedThenCalled(s *server) error {
	cmd := exec.Command("server")
	cmd.Env = append(os.Environ(), "PORT=8080")
	s.cmd = cmd
	s.prepare()
	return cmd.Start() // want `^the environment, derived from os.Environ\(\), is the Env of a Cmd that exec.Cmd.Start starts after the Cmd went where code the analysis does not follow may set its Env`
}

// An environment made an interface where a parameter wants one (no
// conversion written): counted where it is passed.
type envKey struct{}

func inContext(ctx context.Context) context.Context {
	return context.WithValue(ctx, envKey{}, os.Environ()) // want `^the environment, derived from os.Environ\(\), is made an interface value that leaves the function`
}

// A helper with two environment results: its callers follow one only.
func editorEnv() (args, env []string, err error) {
	return []string{"vi"}, os.Environ(), nil // want `^the environment, derived from os.Environ\(\), is returned as one of several environment results`
}

// Followed: one environment result.
func oneEnv() ([]string, error) { // want oneEnv:"envFunc\\(inherit\\)"
	return os.Environ(), nil
}

// Followed: printed through a printing package's function, not among
// variadic arguments.
func logged() {
	slog.Info("start", slog.Any("env", os.Environ()))
}
