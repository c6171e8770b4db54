package envrt_test

import (
	"fmt"
	"strings"

	"github.com/envgen/envgen/runtime/envrt"
	"github.com/envgen/envgen/runtime/internal/examplepolicy"
)

// A secret never reaches an inherit child on its own; the one call that
// needs it hands it over explicitly. A program spawning a child writes
// cmd.Env = envpolicy.ShellEnv(os.Environ(), envrt.Set("GITHUB_TOKEN", token)).
func ExampleSet() {
	// examplepolicy is generated from this policy:
	//
	//	tasks:
	//	  shell:
	//	    mode: inherit
	//	    define: {TERM: dumb}
	environ := []string{"HOME=/home/ann", "GITHUB_TOKEN=ghp_parent", "TERM=xterm"}

	fmt.Println(examplepolicy.ShellEnv(environ))
	fmt.Println(examplepolicy.ShellEnv(environ, envrt.Set("GITHUB_TOKEN", "ghp_deploy_only")))
	// Output:
	// [HOME=/home/ann TERM=dumb]
	// [HOME=/home/ann TERM=dumb GITHUB_TOKEN=ghp_deploy_only]
}

// Unset removes a name for one call, be it inherited or defined.
func ExampleUnset() {
	environ := []string{"HOME=/home/ann", "HISTFILE=/home/ann/.history", "LANG=C"}

	fmt.Println(examplepolicy.ShellEnv(environ, envrt.Unset("HISTFILE"), envrt.Unset("TERM")))
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
