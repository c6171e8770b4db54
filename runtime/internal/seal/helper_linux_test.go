package seal

// This file makes the test binary the processes the tests watch, as
// os/exec's tests do: TestMain runs a helper, rather than the tests, when
// helperEnv names one. The tests start a copy of the binary (see
// TestMain) as a target that seals its environment when told to, and as a
// reader of another process's /proc/PID/environ.

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

const (
	// helperEnv names the helper to run: target, read or printenv.
	helperEnv = "SEAL_TEST_HELPER"
	// roundsEnv holds a target's calls of Seal, separated by '|'; each is
	// a comma-separated list of the names its isSecret calls secret,
	// "value:P" for values with the prefix P, and "+hide" to hide.
	roundsEnv = "SEAL_TEST_ROUNDS"
	// raceEnv makes a target call Seal once a round, all at once, while
	// other goroutines read the environment.
	raceEnv = "SEAL_TEST_RACE"
	// failEnv makes the target's Nth write to the block write half its
	// bytes and fail.
	failEnv = "SEAL_TEST_FAIL_WRITE"
	// pidEnv holds the process whose environ a reader reads.
	pidEnv = "SEAL_TEST_PID"
)

// binDir and binary are the copy of the test binary that the tests start.
// The directory and the copy are readable by all, so that an unprivileged
// user may run it; its name holds spaces and parentheses, so that its
// /proc/PID/stat does too, in field 2.
var binDir, binary string

func TestMain(m *testing.M) {
	var err error
	switch os.Getenv(helperEnv) {
	case "":
		if err = copyBinary(); err == nil {
			code := m.Run()
			os.RemoveAll(binDir)
			os.Exit(code)
		}
	case "target":
		err = runTarget()
	case "read":
		var environ []byte
		if environ, err = os.ReadFile("/proc/" + os.Getenv(pidEnv) + "/environ"); err == nil {
			_, err = os.Stdout.Write(environ)
		}
	case "printenv":
		err = json.NewEncoder(os.Stdout).Encode(environMap(os.Environ()))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
}

func copyBinary() error {
	self, err := os.Executable()
	if err != nil {
		return err
	}
	content, err := os.ReadFile(self)
	if err != nil {
		return err
	}
	if binDir, err = os.MkdirTemp("", "seal-test"); err != nil {
		return err
	}
	binary = filepath.Join(binDir, "seal) 1 2 (test")
	if err = os.Chmod(binDir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(binary, content, 0o755)
}

// report is what a target tells the test after its calls of Seal.
type report struct {
	Err         string             // the error of a failed Seal
	Unsupported bool               // whether it wraps errors.ErrUnsupported
	Same        bool               // whether each Seal returned the same Sealed
	Names       []string           // Names
	Lookup      map[string]string  // Lookup of each of Names
	Getenv      map[string]*string // os.LookupEnv of each name of os.Environ before Seal
	Child       map[string]string  // what a child given os.Environ and each NAME=Lookup(NAME) has
	BareChild   map[string]string  // what a child given os.Environ has
}

// runTarget says it runs, waits for a line on stdin, calls Seal as
// roundsEnv says, writes its report on stdout and waits for stdin's end.
func runTarget() error {
	// Until the exec that started the target has laid out the block, its
	// /proc/PID/environ reads empty, and os.StartProcess may return
	// before that.
	if _, err := os.Stdout.WriteString("ready\n"); err != nil {
		return err
	}
	stdin := bufio.NewReader(os.Stdin)
	if _, err := stdin.ReadString('\n'); err != nil {
		return err
	}
	if n := os.Getenv(failEnv); n != "" {
		failWrite(n)
	}
	before := environMap(os.Environ())
	rep := report{Same: true, Lookup: map[string]string{}, Getenv: map[string]*string{}}
	var (
		mu     sync.Mutex
		sealed []*Sealed
	)
	racing := os.Getenv(raceEnv) != ""
	call := func(round string) {
		isSecret, hide := predicate(round)
		if racing {
			// Seal holds its lock longer, so that the readers run while
			// it writes.
			judge := isSecret
			isSecret = func(name, value string) bool {
				time.Sleep(50 * time.Microsecond)
				return judge(name, value)
			}
		}
		s, err := Seal(isSecret, hide)
		mu.Lock()
		defer mu.Unlock()
		if err != nil {
			rep.Err, rep.Unsupported = err.Error(), errors.Is(err, errors.ErrUnsupported)
		} else {
			sealed = append(sealed, s)
		}
	}
	rounds := strings.Split(os.Getenv(roundsEnv), "|")
	if !racing {
		for _, round := range rounds {
			call(round)
		}
	} else {
		callRacing(rounds, call, slices.Collect(maps.Keys(before)))
	}
	for _, s := range sealed {
		rep.Same = rep.Same && s == &process
	}
	rep.Names = process.Names()
	extra := os.Environ()
	for _, name := range rep.Names {
		rep.Lookup[name], _ = process.Lookup(name)
		extra = append(extra, name+"="+rep.Lookup[name])
	}
	for name := range before {
		if value, ok := os.LookupEnv(name); ok {
			rep.Getenv[name] = &value
		} else {
			rep.Getenv[name] = nil
		}
	}
	var err error
	if rep.Child, err = printenv(extra); err != nil {
		return err
	}
	if rep.BareChild, err = printenv(os.Environ()); err != nil {
		return err
	}
	if err := json.NewEncoder(os.Stdout).Encode(rep); err != nil {
		return err
	}
	_, err = io.Copy(io.Discard, stdin)
	return err
}

// failWrite makes the nth write to the block write half its bytes and
// fail.
func failWrite(n string) {
	var writes int
	writeAt = func(f *os.File, b []byte, off int64) (int, error) {
		if writes++; fmt.Sprint(writes) != n {
			return f.WriteAt(b, off)
		}
		written, _ := f.WriteAt(b[:len(b)/2], off)
		return written, errors.New("write refused by the test")
	}
}

// callRacing calls call for each round, all at once, while goroutines read
// the names in Go's environment and in the Sealed. Each goroutine reads
// one of them: had one read both, syscall's lock of the environment,
// which Seal's os.Unsetenv takes too, would order its reads of the Sealed
// after Seal's writes, and hide a missing lock.
func callRacing(rounds []string, call func(round string), names []string) {
	readers := []func(){
		func() { os.Environ() },
		func() { process.Names() },
		func() {
			for _, name := range names {
				os.Getenv(name)
			}
		},
		func() {
			for _, name := range names {
				process.Lookup(name)
			}
		},
	}
	// More threads than this machine may have CPUs, so that a reader may
	// be running whenever Seal writes.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2 * (len(readers) + len(rounds))))
	stop := make(chan struct{})
	var running, stopped, calls sync.WaitGroup
	for _, read := range readers {
		running.Add(1)
		stopped.Add(1)
		go func() {
			defer stopped.Done()
			read()
			running.Done()
			for {
				select {
				case <-stop:
					return
				default:
					read()
				}
			}
		}()
	}
	running.Wait()
	for _, round := range rounds {
		calls.Add(1)
		go func() { defer calls.Done(); call(round) }()
	}
	calls.Wait()
	close(stop)
	stopped.Wait()
}

// predicate returns the isSecret and hide of one round of roundsEnv.
func predicate(round string) (func(name, value string) bool, bool) {
	names := map[string]bool{}
	var prefixes []string
	hide := false
	for _, item := range strings.Split(round, ",") {
		switch prefix, ok := strings.CutPrefix(item, "value:"); {
		case item == "+hide":
			hide = true
		case ok:
			prefixes = append(prefixes, prefix)
		default:
			names[item] = true
		}
	}
	return func(name, value string) bool {
		for _, prefix := range prefixes {
			if strings.HasPrefix(value, prefix) {
				return true
			}
		}
		return names[name]
	}, hide
}

// printenv starts the test binary with env and returns its environment.
func printenv(env []string) (map[string]string, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(self)
	cmd.Env = append(env, helperEnv+"=printenv")
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("printenv: %w", err)
	}
	var got map[string]string
	return got, json.Unmarshal(out, &got)
}

// environMap returns the values of environ by name, the first of each.
func environMap(environ []string) map[string]string {
	m := map[string]string{}
	for _, entry := range environ {
		if name, value, ok := strings.Cut(entry, "="); ok {
			if _, dup := m[name]; !dup {
				m[name] = value
			}
		}
	}
	return m
}
