//go:build unix

package envrt

import "syscall"

// accessExec asks the kernel whether file may be run (access(2), X_OK),
// which also refuses a file on a noexec mount or one only others may run;
// ok is false where the kernel cannot tell.
func accessExec(file string) (err error, ok bool) {
	switch err := syscall.Access(file, 1); err {
	case syscall.ENOSYS, syscall.EPERM:
		return nil, false
	default:
		return err, true
	}
}
