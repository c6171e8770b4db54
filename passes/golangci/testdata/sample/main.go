// Command sample starts three children with this process's environment:
// one is a finding, one is accepted by //envgen:inherit and one is left
// out by golangci-lint's //nolint:envgenvet.
package main

import "os/exec"

func main() {
	_ = exec.Command("env").Run()
	_ = exec.Command("go", "env").Run() //envgen:inherit go env reports what this environment selects
	_ = exec.Command("printenv").Run()  //nolint:envgenvet // printenv shows this environment, on purpose
}
