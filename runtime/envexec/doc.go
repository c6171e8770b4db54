// Package envexec starts child processes with an environment a generated
// envgen builder built, mirroring os/exec:
//
//	cmd := envexec.Command(BuildEnv(os.Environ(), p), "eslint", ".")
//
// exec.Command looks a bare name up in the parent's PATH, so a directory
// that a task's binPaths put on the child's PATH would not be searched;
// Command, CommandContext and LookPath search the child's. Start, Run and
// PathCache are a leaner path for programs that spawn at a high rate:
// they hand the built environment to os.StartProcess as it is.
//
// Unlike os/exec, a nil environment is an empty one, never the parent's.
// envexec imports only the standard library and package envrt (for how
// an environment's entries are read: envrt.Split, envrt.EqualFold).
package envexec
