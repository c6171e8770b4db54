package seal

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// procSelf is where sealBlock finds this process's /proc files. A test
// points it elsewhere, to see Seal fail as it does where /proc is not
// mounted.
var procSelf = "/proc/self"

// writeAt writes to /proc/self/mem. A test replaces it, to see a write
// fail halfway through the values.
var writeAt = (*os.File).WriteAt

// heldMem is /proc/self/mem, kept open once Seal has made the process
// non-dumpable: from then on the process's /proc files belong to root, so
// a process that root did not run can no longer open it, and a later Seal
// needs it.
var heldMem *os.File

// span is where one value lies in the block: off bytes from its start, n
// bytes long.
type span struct{ off, n int64 }

// sealBlock overwrites with NUL bytes the values of the secret entries of
// the block the kernel shows as /proc/PID/environ, and with hide makes the
// process non-dumpable; or it returns an error wrapping ErrUnsupported and
// leaves the block and the process as they were.
//
// The block is the one exec laid out on the stack. Go's environment is a
// copy of it: the runtime copies each entry onto the heap at start-up
// (goenvs_unix in runtime/runtime1.go calls gostring, which copies), so
// no Go string points into the block. So overwriting it changes no string
// the program holds: a value it got from os.Getenv before Seal stays valid,
// and stays in its memory, as does the copy os.Unsetenv forgets, until the
// garbage collector reuses the space. Under cgo, C's environ points into
// the block; it keeps every name and offset, and sees empty values.
func sealBlock(isSecret func(name, value string) bool, hide bool) error {
	start, end, err := blockBounds()
	if err != nil {
		return unsupported(err)
	}
	mem := heldMem
	if mem == nil {
		if mem, err = os.OpenFile(procSelf+"/mem", os.O_RDWR, 0); err != nil {
			return unsupported(err)
		}
		defer func() {
			if mem != heldMem {
				mem.Close()
			}
		}()
	}
	block := make([]byte, end-start)
	if _, err := mem.ReadAt(block, start); err != nil {
		return unsupported(err)
	}
	values := secretValues(block, isSecret)
	for i, v := range values {
		if _, err := writeAt(mem, make([]byte, v.n), start+v.off); err != nil {
			return unsupported(errors.Join(err, restore(mem, block, start, values[:i+1])))
		}
	}
	if hide {
		_, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, syscall.PR_SET_DUMPABLE, 0, 0)
		if errno != 0 {
			return unsupported(errors.Join(errno, restore(mem, block, start, values)))
		}
		heldMem = mem
	}
	return nil
}

// restore writes the saved bytes of values back into the block at start.
func restore(mem *os.File, saved []byte, start int64, values []span) error {
	var errs []error
	for _, v := range values {
		if _, err := mem.WriteAt(saved[v.off:v.off+v.n], start+v.off); err != nil {
			errs = append(errs, fmt.Errorf("restoring the block: %w", err))
		}
	}
	return errors.Join(errs...)
}

// unsupported wraps err in errors.ErrUnsupported.
func unsupported(err error) error {
	return fmt.Errorf("seal: %w: %w", errors.ErrUnsupported, err)
}

// blockBounds returns the addresses where the environment block starts and
// ends.
func blockBounds() (start, end int64, err error) {
	stat, err := os.ReadFile(procSelf + "/stat")
	if err != nil {
		return 0, 0, err
	}
	return parseBounds(string(stat))
}

// parseBounds returns env_start and env_end, fields 50 and 51 of a
// /proc/PID/stat line. Field 2, the command's name in parentheses, may
// hold spaces and parentheses itself, so the fields are counted from the
// last ')'.
func parseBounds(stat string) (start, end int64, err error) {
	paren := strings.LastIndexByte(stat, ')')
	fields := strings.Fields(stat[paren+1:]) // from field 3
	if paren < 0 || len(fields) < 51-2 {
		return 0, 0, fmt.Errorf("%s/stat has no fields env_start and env_end", procSelf)
	}
	start, err1 := strconv.ParseInt(fields[50-3], 10, 64)
	end, err2 := strconv.ParseInt(fields[51-3], 10, 64)
	if err1 != nil || err2 != nil || start <= 0 || end < start {
		return 0, 0, fmt.Errorf("%s/stat: env_start %q and env_end %q are no block", procSelf, fields[50-3], fields[51-3])
	}
	return start, end, nil
}

// secretValues returns where the block's secret values lie: those of the
// entries isSecret calls secret, and of every later entry of a name found
// secret. An entry is a NUL-terminated NAME=value; a string with no '=' is
// none, and an empty value has nothing to overwrite.
func secretValues(block []byte, isSecret func(name, value string) bool) []span {
	var values []span
	secret := map[string]bool{}
	for off := 0; off < len(block); {
		n := bytes.IndexByte(block[off:], 0)
		if n < 0 {
			n = len(block) - off
		}
		entry := block[off : off+n]
		if eq := bytes.IndexByte(entry, '='); eq >= 0 {
			name, value := string(entry[:eq]), string(entry[eq+1:])
			if secret[name] || isSecret(name, value) {
				secret[name] = true
				if value != "" {
					values = append(values, span{int64(off + eq + 1), int64(len(value))})
				}
			}
		}
		off += n + 1
	}
	return values
}
