//go:build !unix

package envexec

import "os"

// accessExec cannot tell here: the mode bits decide.
func accessExec(string) (error, bool) { return nil, false }

// killedByContext reports whether a child that a done context was to
// kill died of it: here, whether the kill reached it.
func killedByContext(_ *os.ProcessState, killed bool) bool { return killed }
