//go:build !linux

package seal

import (
	"errors"
	"fmt"
	"runtime"
)

// sealBlock returns an error wrapping errors.ErrUnsupported: only Linux
// lets a process write over the environment block that others read.
func sealBlock(func(name, value string) bool, bool) error {
	return fmt.Errorf("seal: %w on %s: no /proc/self/mem to overwrite the environment block through", errors.ErrUnsupported, runtime.GOOS)
}
