//go:build unix

package envexec

import (
	"os"
	"syscall"
)

// accessExec asks the kernel whether this process may run file (access(2)
// with X_OK), which also refuses a file on a noexec mount or one only
// others may run. access(2) checks the real user and group, exec the
// effective ones, so ok is false when they differ (a setuid program), and
// where the kernel cannot tell: the mode bits decide.
func accessExec(file string) (err error, ok bool) {
	if os.Getuid() != os.Geteuid() || os.Getgid() != os.Getegid() {
		return nil, false
	}
	switch err := syscall.Access(file, 1); err {
	case syscall.ENOSYS, syscall.EPERM:
		return nil, false
	default:
		return err, true
	}
}

// killedByContext reports whether a child that a done context was to
// kill died of it: of SIGKILL, the signal Process.Kill sends. (Whether the
// kill was sent before Wait reaped the child cannot be told in time.)
func killedByContext(state *os.ProcessState, _ bool) bool {
	ws, ok := state.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL
}
