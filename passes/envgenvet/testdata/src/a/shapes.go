package a

// Shapes an environment (or a Cmd) takes on its way to a spawn: a Cmd
// behind an interface, an environment kept in a map, a slice, an array,
// a channel or an any and read back, an iterator copy, a strings.Join
// and Split round trip. Each is followed within the function; each has
// a twin built with a builder, which is quiet.

import (
	"os"
	"os/exec"
	"slices"
	"strings"

	"gen"
)

type runner interface{ Run() error }

func cmdBehindInterface() error {
	var r runner = exec.Command("ls")
	return r.Run() // want `^exec.Cmd.Run \(through an interface\): the environment is nil`
}

func cmdBehindInterfacePolicy() error {
	cmd := exec.Command("ls")
	cmd.Env = gen.ShellEnvOS()
	var r runner = cmd
	return r.Run()
}

func envInMap(name string) error {
	envs := map[string][]string{"shell": os.Environ()}
	cmd := exec.Command(name)
	cmd.Env = envs["shell"]
	return cmd.Run() // want `^exec.Cmd.Run: the environment is os.Environ\(\) or derived`
}

func envInMapPolicy(name string) error {
	envs := map[string][]string{"shell": gen.ShellEnvOS()}
	cmd := exec.Command(name)
	cmd.Env = envs["shell"]
	return cmd.Run()
}

func envInSlice() error {
	var all [][]string
	all = append(all, append(os.Environ(), "A=1"))
	cmd := exec.Command("ls")
	cmd.Env = all[0]
	return cmd.Run() // want `os.Environ\(\) or derived`
}

func envInArray() error {
	var pair [2][]string
	pair[0] = os.Environ()
	cmd := exec.Command("ls")
	cmd.Env = pair[0]
	return cmd.Run() // want `os.Environ\(\) or derived`
}

func envInChannel() error {
	ch := make(chan []string, 1)
	ch <- os.Environ()
	cmd := exec.Command("ls")
	cmd.Env = <-ch
	return cmd.Run() // want `os.Environ\(\) or derived`
}

func envInAny() error {
	var box any = os.Environ()
	cmd := exec.Command("ls")
	cmd.Env = box.([]string)
	return cmd.Run() // want `os.Environ\(\) or derived`
}

func envRangedFromMap() error {
	envs := map[string][]string{"a": os.Environ()}
	for _, env := range envs {
		cmd := exec.Command("ls")
		cmd.Env = env
		if err := cmd.Run(); err != nil { // want `os.Environ\(\) or derived`
			return err
		}
	}
	return nil
}

func envIteratorCopy() error {
	cmd := exec.Command("ls")
	cmd.Env = slices.Collect(slices.Values(os.Environ()))
	return cmd.Run() // want `os.Environ\(\) or derived`
}

func envSortedCopy() error {
	cmd := exec.Command("ls")
	cmd.Env = slices.Sorted(slices.Values(os.Environ()))
	return cmd.Run() // want `os.Environ\(\) or derived`
}

func envIteratorCopyPolicy() error {
	cmd := exec.Command("ls")
	cmd.Env = slices.Sorted(slices.Values(gen.ShellEnvOS()))
	return cmd.Run()
}

func envJoinSplit() error {
	text := strings.Join(os.Environ(), "\n")
	cmd := exec.Command("ls")
	cmd.Env = strings.Split(text, "\n")
	return cmd.Run() // want `os.Environ\(\) or derived`
}

func envJoinSplitPolicy() error {
	text := strings.Join(gen.ShellEnvOS(), "\n")
	cmd := exec.Command("ls")
	cmd.Env = strings.Split(text, "\n")
	return cmd.Run()
}

// A container that leaves the function may be filled elsewhere: what is
// read from it is not known (what docs/vet.md says it does not follow).
func envFromMapGiven(envs map[string][]string) error {
	cmd := exec.Command("ls")
	cmd.Env = envs["shell"]
	return cmd.Run()
}
