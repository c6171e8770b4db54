/* want package:"envPackage" */

package a

// //envgen:inherit REASON accepts a finding on its line, or on the line
// that creates the Cmd the finding is about.

import (
	"os"
	"os/exec"

	"example.com/sdk"
	"gen"
)

func acceptedWhereCreated() {
	cmd := exec.Command("go", "env") //envgen:inherit go env reports what this environment selects
	cmd.Run()
}

func acceptedWhereCreatedMultiLine() {
	cmd := exec.Command( //envgen:inherit the child is this program re-executed
		os.Args[0], "child")
	cmd.Env = append(os.Environ(), "CHILD=1")
	cmd.Run()
}

func acceptedLeaveWhereCreated() *sdk.CommandTransport {
	cmd := exec.Command("server") //envgen:inherit the user's own server gets the user's environment, on purpose
	cmd.Env = append(os.Environ(), "PORT=1")
	return &sdk.CommandTransport{Command: cmd}
}

func acceptedFromConstructor() error {
	cmd, err := newCmdErr("env") //envgen:inherit env shows what this process has
	if err != nil {
		return err
	}
	return cmd.Run()
}

func acceptedOneOfTwo(ok bool) {
	var cmd *exec.Cmd
	if ok {
		cmd = exec.Command("a") //envgen:inherit a needs it
	} else {
		cmd = exec.Command("b")
	}
	cmd.Run() // want `^exec.Cmd.Run: the environment is nil`
}

func acceptedBothOfTwo(ok bool) {
	var cmd *exec.Cmd
	if ok {
		cmd = exec.Command("a") //envgen:inherit a needs it
	} else {
		cmd = exec.Command("b") //envgen:inherit b needs it too
	}
	cmd.Run()
}

func directiveOnTheLineBefore() {
	//envgen:inherit a line of its own accepts nothing // want `^//envgen:inherit accepts nothing here`
	cmd := exec.Command("ls")
	cmd.Run() // want `^exec.Cmd.Run: the environment is nil`
}

func directiveWithoutReasonWhereCreated() {
	cmd := exec.Command("ls") //envgen:inherit // want `^//envgen:inherit needs a reason`
	cmd.Run()                 // want `^exec.Cmd.Run: the environment is nil`
}

// A directive that accepts nothing is reported where it is: on a child
// given a builder's result, on a line that starts nothing, and on the
// line that creates a Cmd whose Env a builder sets.

func staleOnBuiltEnv() {
	cmd := exec.Command("ls")
	cmd.Env = gen.ShellEnvOS()
	cmd.Run() //envgen:inherit it used to need it // want `^//envgen:inherit accepts nothing here`
}

func staleWhereCreated() {
	cmd := exec.Command("ls") //envgen:inherit it used to need it // want `^//envgen:inherit accepts nothing here`
	cmd.Env = gen.ShellEnv(os.Environ())
	cmd.Run()
}

func staleOnNoSpawn() string {
	return os.Args[0] //envgen:inherit nothing starts here // want `^//envgen:inherit accepts nothing here`
}

// A directive on both the spawn's line and the creating line is used
// twice over: neither is reported.

func acceptedTwice() {
	cmd := exec.Command("env") //envgen:inherit env shows what this process has
	cmd.Run()                  //envgen:inherit and so does this line
}

// A directive on a site that starts a child with the function's
// parameter accepts it for every caller.
func spawnAccepted(env []string) error {
	cmd := exec.Command("ls")
	cmd.Env = env
	return cmd.Run() //envgen:inherit callers give it the user's own configuration
}

func spawnAcceptedParent() error { return spawnAccepted(os.Environ()) }
