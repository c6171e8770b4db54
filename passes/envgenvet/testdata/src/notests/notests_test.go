package notests

import (
	"os"
	"os/exec"
	"testing"
)

func TestChild(t *testing.T) {
	cmd := exec.Command(Name)
	cmd.Env = append(os.Environ(), "CHILD=1") // a test re-executing with its own environment, on purpose
	_ = cmd.Run()                             //envgen:inherit
	_ = os.Args                               //envgen:inherit a test file is not checked without -tests, nor are its directives
}
