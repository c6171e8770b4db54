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
}
