package envrt_test

import (
	"fmt"
	"strings"

	"github.com/envgen/envgen/runtime/envrt"
)

// A child that inherits the parent's environment gets everything but the
// secrets: by name (the built-in credential list) and by value.
func ExampleInheritEnv() {
	environ := []string{
		"HOME=/home/ann",
		"GITHUB_TOKEN=ghp_parent", // a credential by its name
		"DEPLOY_CONFIG=ghp_0123456789abcdefghijABCDEFGHIJ0123", // by its value
		"TERM=xterm",
		"TERM=vt100", // a later entry of a name: the first wins
	}
	fmt.Println(envrt.InheritEnv(environ))
	// Output:
	// [HOME=/home/ann TERM=xterm]
}

// An isolated child gets the essentials alone, and what the call adds.
func ExampleIsolatedEnv() {
	environ := []string{"PATH=/usr/bin", "HOME=/home/ann", "EDITOR=vim", "AWS_SECRET_ACCESS_KEY=aws"}
	fmt.Println(envrt.IsolatedEnv(environ))
	fmt.Println(envrt.IsolatedEnv(environ, envrt.Keep("EDITOR"), envrt.Set("CI", "true")))
	// Output:
	// [PATH=/usr/bin HOME=/home/ann]
	// [PATH=/usr/bin HOME=/home/ann EDITOR=vim CI=true]
}

// A secret never reaches an inherit child on its own; the one call that
// needs it hands it over explicitly.
func ExampleSet() {
	environ := []string{"HOME=/home/ann", "GITHUB_TOKEN=ghp_parent", "TERM=xterm"}

	fmt.Println(envrt.InheritEnv(environ))
	fmt.Println(envrt.InheritEnv(environ, envrt.Set("GITHUB_TOKEN", "ghp_deploy_only")))
	// Output:
	// [HOME=/home/ann TERM=xterm]
	// [HOME=/home/ann TERM=xterm GITHUB_TOKEN=ghp_deploy_only]
}

// Unset removes a name for one call.
func ExampleUnset() {
	environ := []string{"HOME=/home/ann", "HISTFILE=/home/ann/.history", "LANG=C"}

	fmt.Println(envrt.InheritEnv(environ, envrt.Unset("HISTFILE")))
	// Output:
	// [HOME=/home/ann LANG=C]
}

func ExampleSplit() {
	for _, entry := range []string{"PATH=/usr/bin", "A=b=c", "E=", `=C:=C:\work`, "NOEQUALS", "BAD=\x00"} {
		name, ok := envrt.Split(entry)
		fmt.Printf("%-16q %-7q %v\n", entry, name, ok)
	}
	// Output:
	// "PATH=/usr/bin"  "PATH"  true
	// "A=b=c"          "A"     true
	// "E="             "E"     true
	// "=C:=C:\\work"   "=C:"   true
	// "NOEQUALS"       ""      false
	// "BAD=\x00"       ""      false
}

func ExampleEqualFold() {
	fmt.Println(envrt.EqualFold("Path", "PATH"))
	fmt.Println(envrt.EqualFold("K", "\u212a"))   // the Kelvin sign is not K here,
	fmt.Println(strings.EqualFold("K", "\u212a")) // as it is for Unicode folding
	// Output:
	// true
	// false
	// true
}
