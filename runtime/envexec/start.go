package envexec

// This file is the lean spawn path for programs that start children at a
// high rate. exec.Cmd redoes work a builder's result does not need: it
// de-duplicates the environment again with a map (dedupEnv), looks the
// program up in PATH on every Command, and opens the null device for each
// unset stream. Start hands a built environment to os.StartProcess as it
// is; PathCache resolves a program once.

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
)

// Stdio is where a child started by Start reads and writes, and the
// directory it starts in. A nil stream is the null device, as for
// exec.Cmd; unlike exec.Cmd, only files can be given (no io.Reader or
// io.Writer, which would need copying goroutines: use exec.Cmd for those).
type Stdio struct {
	Stdin, Stdout, Stderr *os.File
	Dir                   string // "" for the parent's working directory
}

// A Child is a process that Start started. Call Wait to release its
// resources.
type Child struct {
	Process      *os.Process
	ProcessState *os.ProcessState // set by Wait
	ctx          context.Context
	stop         func() bool   // stops the context's kill, if any
	killed       atomic.Bool   // the context's kill reached the child
	killDone     chan struct{} // closed once the context's kill has run
}

// Start starts the program at path, an executable's path as LookPath or
// PathCache.LookPath returns it, with argv (argv[0] included) and the
// environment env, which should come from a generated builder: it is
// passed as it is, without exec.Cmd's second de-duplication, and a nil
// env is an empty environment, never the parent's (os.StartProcess would
// read nil as the parent's). When ctx is done before the child exits, the
// child is killed, as with exec.CommandContext; a nil ctx never is.
// On Windows, add SYSTEMROOT to env yourself if the task does not pass
// it (exec.Cmd adds it; the built-in essentials include it).
func Start(ctx context.Context, path string, argv, env []string, stdio Stdio) (*Child, error) {
	if ctx != nil {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	if env == nil {
		env = []string{}
	}
	files := [3]*os.File{stdio.Stdin, stdio.Stdout, stdio.Stderr}
	var null *os.File // taken once, under devNull's lock, if a stream is missing
	for i, f := range files {
		if f == nil && null == nil {
			var err error
			if null, err = devNull(); err != nil {
				return nil, err
			}
		}
		if f == nil {
			files[i] = null
		}
	}
	p, err := os.StartProcess(path, argv, &os.ProcAttr{Dir: stdio.Dir, Env: env, Files: files[:]})
	if err != nil {
		return nil, err
	}
	c := &Child{Process: p}
	if ctx != nil && ctx.Done() != nil {
		c.ctx = ctx
		c.killDone = make(chan struct{})
		c.stop = context.AfterFunc(ctx, func() {
			c.killed.Store(p.Kill() == nil)
			close(c.killDone)
		})
	}
	return c, nil
}

// Wait waits for the child to exit and returns nil if it exited with
// status 0, an *exec.ExitError otherwise, or, if the child was killed
// because Start's context was done, an error that wraps the context's
// error: on Unix, if it died of SIGKILL once the context was done (not
// of its own exit or another signal); elsewhere, if the kill reached it.
func (c *Child) Wait() error {
	state, err := c.Process.Wait()
	if c.stop != nil {
		if !c.stop() {
			<-c.killDone // the kill had started: let it record whether it reached the child
		}
		c.stop = nil // a second Wait must not wait for a kill that never runs
	}
	if err != nil {
		return err
	}
	c.ProcessState = state
	if state.Success() {
		return nil
	}
	if c.ctx != nil && c.ctx.Err() != nil && killedByContext(state, c.killed.Load()) {
		return fmt.Errorf("envexec: child killed: %w", c.ctx.Err())
	}
	return &exec.ExitError{ProcessState: state}
}

// Run starts the program as Start does and waits for it.
func Run(ctx context.Context, path string, argv, env []string, stdio Stdio) error {
	c, err := Start(ctx, path, argv, env, stdio)
	if err != nil {
		return err
	}
	return c.Wait()
}

// nullDevice is the null device, opened once for every child that Start
// gives no stream of its own.
var nullDevice struct {
	mu   sync.Mutex
	file *os.File
}

// devNull returns the shared null device, opening it at the first call
// that succeeds: a failure (too many open files) is not kept.
func devNull() (*os.File, error) {
	nullDevice.mu.Lock()
	defer nullDevice.mu.Unlock()
	if nullDevice.file == nil {
		f, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
		if err != nil {
			return nil, err
		}
		nullDevice.file = f
	}
	return nullDevice.file, nil
}

// A PathCache remembers what LookPath found, for programs that start the
// same tools many times: LookPath costs a stat per PATH directory tried.
// An entry is keyed by the name and env's PATH (and PATHEXT), and kept
// until Forget: a tool installed or removed later is not noticed. Only
// absolute results are kept. The zero PathCache is ready to use, and it
// is safe for concurrent use.
type PathCache struct {
	mu    sync.RWMutex
	paths map[pathKey]string
}

// pathKey is what a LookPath result depends on besides the file system.
type pathKey struct{ file, path, pathext string }

// LookPath is the package's LookPath, with its successful results
// remembered.
func (c *PathCache) LookPath(env []string, file string) (string, error) {
	key := pathKey{file: file, path: getenv(env, "PATH", windows)}
	if windows {
		key.pathext = getenv(env, "PATHEXT", true)
	}
	c.mu.RLock()
	found, ok := c.paths[key]
	c.mu.RUnlock()
	if ok {
		return found, nil
	}
	found, err := LookPath(env, file)
	if err != nil || !isAbs(found, windows) {
		return found, err // ./tool depends on the current directory
	}
	c.mu.Lock()
	if c.paths == nil {
		c.paths = map[pathKey]string{}
	}
	c.paths[key] = found
	c.mu.Unlock()
	return found, nil
}

// Forget empties the cache.
func (c *PathCache) Forget() {
	c.mu.Lock()
	clear(c.paths)
	c.mu.Unlock()
}
