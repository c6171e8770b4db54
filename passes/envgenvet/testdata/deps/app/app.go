// Package app calls into a dependency (another module) that starts
// children: reported at the call, naming where the dependency starts
// the child.
package app

import (
	"os"

	"example.test/sdk/client"
	"example.test/sdk/exact"
)

func connect(token string) (*client.Client, error) {
	return client.NewStdioClient("server", []string{"TOKEN=" + token}) // want `^client.NewStdioClient starts a child with os.Environ\(\) plus entries \(transport/transport.go:32: exec.Cmd.Start\), so the child gets every secret`
}

func connectAccepted() (*client.Client, error) {
	return client.NewStdioClient("server", nil) //envgen:inherit the server reads the user's session from the environment
}

func version() (string, error) {
	return exact.Version() // its own helper with a nil Env: reported in exact, not here
}

func runInherit() error {
	return exact.Run("ls", os.Environ(), "-l") // want `^Run \(which starts a child with it\): the environment is os.Environ\(\)`
}

func runGiven() error {
	return exact.Run("ls", []string{"PATH=/bin"}, "-l")
}
