package a

// The spawning helpers are known in envexec, where they move, as in the
// runtime.

import (
	"context"
	"os"

	"gen"
	"github.com/envgen/envgen/runtime/envexec"
)

func envexecHelpers(ctx context.Context) {
	envexec.Command(os.Environ(), "ls").Run()                         // want `^envexec.Command: the environment is os.Environ\(\) or derived`
	envexec.Run(ctx, "/bin/ls", nil, os.Environ(), envexec.Stdio{})   // want `^envexec.Run: the environment is os.Environ\(\) or derived`
	envexec.Start(ctx, "/bin/ls", nil, nil, envexec.Stdio{})          // its nil is an empty environment
	envexec.Start(ctx, "/bin/ls", nil, os.Environ(), envexec.Stdio{}) // want `^envexec.Start: the environment is os.Environ\(\) or derived`
	envexec.LookPath(append(os.Environ(), "PATH=/x"), "ls")           // want `^envexec.LookPath: the environment is os.Environ\(\) or derived`
	envexec.CommandContext(ctx, nil, "ls").Run()                      // its nil is an empty environment
	envexec.Command(gen.ShellEnvOS(), "ls").Run()                     // a builder's result
	var pc envexec.PathCache
	pc.LookPath(os.Environ(), "ls") // want `^envexec.PathCache.LookPath: the environment is os.Environ\(\) or derived`
}
