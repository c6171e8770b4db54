package withtests

import (
	"os"
	"os/exec"
	"testing"
)

func TestChild(t *testing.T) {
	cmd := exec.Command(Name)
	cmd.Env = append(os.Environ(), "CHILD=1")
	_ = cmd.Run() // want `^exec.Cmd.Run: the environment is os.Environ\(\) or derived`
	_ = os.Args   //envgen:inherit with -tests a test file's directives are checked // want `^//envgen:inherit accepts nothing here`
}
