// Package notfollowed holds places where the parent's environment goes
// where the analysis cannot follow it: with -unfollowed each is a
// diagnostic of its own category, which envgen vet counts.
package notfollowed

import (
	"os"

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
