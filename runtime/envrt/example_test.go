package envrt_test

import (
	"encoding/json"
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

// Report says which entries a call left out and why, never a value: what
// a host logs, once per kind of child, when it starts to enforce a policy.
func ExampleReport() {
	environ := []string{"HOME=/home/ann", "GITHUB_TOKEN=ghp_parent", "SYNC=ghp_" + strings.Repeat("0", 36), "MY_CORP_SSO=s", "HOME=/root"}

	env := envrt.InheritEnv(environ, envrt.Drop("MY_CORP_*"), envrt.Report(func(d envrt.Dropped) {
		fmt.Printf("%s: %s\n", d.Name, d.Reason)
	}))
	fmt.Println(env)
	// Output:
	// GITHUB_TOKEN: secret by name: GITHUB_TOKEN (built in)
	// SYNC: its value holds a GitHub token
	// MY_CORP_SSO: Drop("MY_CORP_*")
	// HOME: a later entry of the same name
	// [HOME=/home/ann]
}

// Observe gives the child what it got before the policy, and reports what
// enforcing the policy would leave out: switching a host from observing
// to enforcing is leaving Observe out.
func ExampleObserve() {
	environ := []string{"HOME=/home/ann", "GITHUB_TOKEN=ghp_parent", "TERM=xterm"}
	log := func(d envrt.Dropped) { fmt.Printf("would leave out %s: %s\n", d.Name, d.Reason) }

	fmt.Println(envrt.InheritEnv(environ, envrt.Observe(log), envrt.Set("EDITOR", "nano")))
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
	fmt.Println(envrt.InheritEnv(environ, vars...))

	_, err = envrt.Config{Drop: []string{"MY_CORP_*", "MY-CORP-*"}}.Vars()
	fmt.Println(err)
	// Output:
	// [Drop("MY_CORP_*") Keep("SSH_AUTH_SOCK") Set("PAGER", <4 bytes>)] <nil>
	// [HOME=/home/ann SSH_AUTH_SOCK=/tmp/agent PAGER=less]
	// drop[1] "MY-CORP-*": neither a name nor a pattern: want [A-Za-z0-9_*]+, not starting with a digit, '*' matching any run of characters
}
