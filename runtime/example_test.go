package envrt_test

import (
	"fmt"
	"strings"

	"github.com/envgen/envgen/internal/gen"
	envrt "github.com/envgen/envgen/runtime"
)

// shellTask compiles a one-task policy, as envgen would at go generate
// time: the shell task inherits everything but secrets and sets TERM.
func shellTask() *gen.CompiledTask {
	c, err := gen.Compile("envpolicy.yaml", []byte(`version: 1
tasks:
  shell:
    mode: inherit
    define: {TERM: dumb}
`))
	if err != nil {
		panic(err)
	}
	return c.Task("shell")
}

// A secret never reaches an inherit child on its own; the one call that
// needs it hands it over explicitly. Generated code reads
// envpolicy.ShellEnv(os.Environ(), envrt.Set("GITHUB_TOKEN", token)).
func ExampleSet() {
	shell := shellTask()
	environ := []string{"HOME=/home/ann", "GITHUB_TOKEN=ghp_parent", "TERM=xterm"}

	fmt.Println(shell.Build(nil, environ, nil))
	fmt.Println(shell.Build(nil, environ, nil, envrt.Set("GITHUB_TOKEN", "ghp_deploy_only")))
	// Output:
	// [HOME=/home/ann TERM=dumb]
	// [HOME=/home/ann TERM=dumb GITHUB_TOKEN=ghp_deploy_only]
}

// Unset removes a name for one call, be it inherited or defined.
func ExampleUnset() {
	shell := shellTask()
	environ := []string{"HOME=/home/ann", "HISTFILE=/home/ann/.history", "LANG=C"}

	fmt.Println(shell.Build(nil, environ, nil, envrt.Unset("HISTFILE"), envrt.Unset("TERM")))
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

func ExamplePattern_Match() {
	token := envrt.Pattern(strings.Split("*_TOKEN", "*")) // {"", "_TOKEN"}
	fmt.Println(token.Match("NPM_TOKEN", false))
	fmt.Println(token.Match("npm_token", false)) // exact
	fmt.Println(token.Match("npm_token", true))  // ASCII case-insensitive
	fmt.Println(token.Match("NPM_TOKEN_FILE", true))
	// Output:
	// true
	// false
	// true
	// false
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
