package envrt_test

import (
	"encoding/json"
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

// Report says which entries a call left out and why, never a value: what
// a host logs, once per kind of child, when it starts to enforce a policy.
func ExampleReport() {
	environ := []string{"HOME=/home/ann", "GITHUB_TOKEN=ghp_parent", "SYNC=ghp_" + strings.Repeat("0", 36), "MY_CORP_SSO=s", "HOME=/root"}

	env := examplepolicy.ShellEnv(environ, envrt.Drop("MY_CORP_*"), envrt.Report(func(d envrt.Dropped) {
		fmt.Printf("%s: %s\n", d.Name, d.Reason)
	}))
	fmt.Println(env)
	// Output:
	// GITHUB_TOKEN: secret by name: GITHUB_TOKEN (built in)
	// SYNC: its value holds a GitHub token
	// MY_CORP_SSO: Drop("MY_CORP_*")
	// HOME: a later entry of the same name
	// [HOME=/home/ann TERM=dumb]
}

// Observe gives the child what it got before the policy, and reports what
// enforcing the policy would leave out: switching a host from observing
// to enforcing is leaving Observe out.
func ExampleObserve() {
	environ := []string{"HOME=/home/ann", "GITHUB_TOKEN=ghp_parent", "TERM=xterm"}
	log := func(d envrt.Dropped) { fmt.Printf("would leave out %s: %s\n", d.Name, d.Reason) }

	fmt.Println(examplepolicy.ShellEnv(environ, envrt.Observe(log), envrt.Set("EDITOR", "nano")))
	// Output:
	// would leave out GITHUB_TOKEN: secret by name: GITHUB_TOKEN (built in)
	// [HOME=/home/ann GITHUB_TOKEN=ghp_parent TERM=xterm EDITOR=nano]
}

// A host reads Config from its own configuration file (JSON here; a YAML
// decoder that reads yaml tags takes the same keys) and passes its Vars
// to every builder; a bad entry stops it at start-up, named.
func ExampleConfig_Vars() {
	var cfg struct {
		Env envrt.Config `json:"env"`
	}
	if err := json.Unmarshal([]byte(`{"env": {"drop": ["MY_CORP_*"], "keep": ["SSH_AUTH_SOCK"], "set": {"PAGER": "less"}}}`), &cfg); err != nil {
		panic(err)
	}
	vars, err := cfg.Env.Vars()
	fmt.Println(vars, err)
	environ := []string{"HOME=/home/ann", "SSH_AUTH_SOCK=/tmp/agent", "MY_CORP_SSO=s"}
	fmt.Println(examplepolicy.ShellEnv(environ, vars...))

	_, err = envrt.Config{Drop: []string{"MY_CORP_*", "MY-CORP-*"}}.Vars()
	fmt.Println(err)
	// Output:
	// [Drop("MY_CORP_*") Keep("SSH_AUTH_SOCK") Set("PAGER", <4 bytes>)] <nil>
	// [HOME=/home/ann TERM=dumb SSH_AUTH_SOCK=/tmp/agent PAGER=less]
	// drop[1] "MY-CORP-*": neither a name nor a pattern: want [A-Za-z0-9_*]+, not starting with a digit, '*' matching any run of characters
}
