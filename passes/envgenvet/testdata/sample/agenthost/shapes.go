package main

// Shapes an environment, or a Cmd, takes on its way to a child: a Cmd
// behind an interface; an environment kept in a map, a slice, an array,
// a channel or an any and read back; an iterator copy; a strings.Join
// and Split round trip. Each leaking shape has a fixed twin.

import (
	"os"
	"os/exec"
	"slices"
	"strings"
)

// starter is what the host's job queue runs.
type starter interface{ Start() error }

func startJob(name string) error {
	var job starter = exec.Command(name)
	return job.Start() // finding: a Cmd behind an interface, nil Env
}

func policyStartJob(name string) error {
	cmd := exec.Command(name)
	cmd.Env = ShellEnvOS()
	var job starter = cmd
	return job.Start()
}

func byProfile(profile string) error {
	profiles := map[string][]string{"default": os.Environ()}
	cmd := exec.Command("sh")
	cmd.Env = profiles[profile]
	return cmd.Run() // finding: os.Environ() through a map
}

func policyByProfile(profile string) error {
	profiles := map[string][]string{"default": ShellEnvOS()}
	cmd := exec.Command("sh")
	cmd.Env = profiles[profile]
	return cmd.Run()
}

func fromList() error {
	var envs [][]string
	envs = append(envs, os.Environ())
	cmd := exec.Command("sh")
	cmd.Env = envs[0]
	return cmd.Run() // finding: os.Environ() through a slice
}

func fromArray() error {
	var pair [2][]string
	pair[1] = os.Environ()
	cmd := exec.Command("sh")
	cmd.Env = pair[1]
	return cmd.Run() // finding: os.Environ() through an array
}

func fromChannel() error {
	ready := make(chan []string, 1)
	ready <- os.Environ()
	cmd := exec.Command("sh")
	cmd.Env = <-ready
	return cmd.Run() // finding: os.Environ() through a channel
}

func fromAny() error {
	var saved any = os.Environ()
	cmd := exec.Command("sh")
	cmd.Env = saved.([]string)
	return cmd.Run() // finding: os.Environ() through an any
}

func iteratorCopy() error {
	cmd := exec.Command("sh")
	cmd.Env = slices.Sorted(slices.Values(os.Environ()))
	return cmd.Run() // finding: os.Environ() through an iterator copy
}

func policyIteratorCopy() error {
	cmd := exec.Command("sh")
	cmd.Env = slices.Collect(slices.Values(ShellEnvOS()))
	return cmd.Run()
}

func roundTrip() error {
	saved := strings.Join(os.Environ(), "\x00")
	cmd := exec.Command("sh")
	cmd.Env = strings.Split(saved, "\x00")
	return cmd.Run() // finding: os.Environ() through Join and Split
}

func policyRoundTrip() error {
	saved := strings.Join(ShellEnvOS(), "\x00")
	cmd := exec.Command("sh")
	cmd.Env = strings.Split(saved, "\x00")
	return cmd.Run()
}
