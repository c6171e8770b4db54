package envexec

// This file runs children with a built environment. exec.Command looks a
// bare name up in the parent's PATH, so a directory that binPaths puts on
// the child's PATH would not be searched; Command and LookPath search the
// child's.

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
)

// LookPath searches for an executable named file in the directories of
// env's PATH, as exec.LookPath does in the process's own PATH: a file
// holding a path separator is tried as it is; on Windows the extensions
// of env's PATHEXT (default .com, .exe, .bat, .cmd) are tried too. env is
// an environment in os.Environ form, such as a builder's result; its PATH
// is the first entry of that name (ASCII case aside on Windows). As with
// exec.LookPath, a result relative to the current directory comes with an
// error satisfying errors.Is(err, exec.ErrDot). Unlike exec.LookPath on
// Windows, the current directory is never searched unless PATH lists it.
// When env has no PATH entry at all, the error (an exec.ErrNotFound) says
// so.
func LookPath(env []string, file string) (string, error) {
	return lookPath(env, file, windows)
}

// Command returns an exec.Cmd that runs name with arg and the environment
// env: a bare name is resolved against env's PATH (LookPath), never the
// parent's; a name with a path separator is used as it is, relative to
// the Cmd's Dir, as exec.Command does (on Windows an absolute one gets
// its extension from env's PATHEXT). Env is env, and a nil env is an
// empty environment, never the parent's (exec.Cmd would read nil as the
// parent's). If name cannot be resolved, the Cmd's Err says so and its
// Start, Run and Output return that error, as exec.Command's do.
func Command(env []string, name string, arg ...string) *exec.Cmd {
	return command(nil, env, name, arg)
}

// CommandContext is Command with a context: as with exec.CommandContext,
// the child is killed if ctx is done before it exits.
func CommandContext(ctx context.Context, env []string, name string, arg ...string) *exec.Cmd {
	if ctx == nil {
		panic("envexec: nil Context")
	}
	return command(ctx, env, name, arg)
}

// command builds the Cmd of Command and CommandContext (ctx nil for
// none). It hands exec an empty name, which exec does not look up, and
// then sets the path itself.
func command(ctx context.Context, env []string, name string, arg []string) *exec.Cmd {
	var cmd *exec.Cmd
	if ctx == nil {
		cmd = exec.Command("", arg...)
	} else {
		cmd = exec.CommandContext(ctx, "", arg...)
	}
	cmd.Args[0] = name
	cmd.Env = env
	if env == nil {
		cmd.Env = []string{}
	}
	cmd.Path = name
	if hasSeparator(name, windows) && !(windows && isAbs(name, true)) {
		return cmd // cmd.Dir, which the caller may set yet, is where it is found
	}
	path, err := LookPath(env, name) // on Windows an absolute path gets env's PATHEXT, as exec.Command's gets the parent's
	if path != "" {
		cmd.Path = path
	}
	if err != nil {
		cmd.Err = err
	}
	return cmd
}

// errNoPATH is why a name is not found in an environment that holds no
// PATH at all (an invalid Drop leaves none, a task that lists neither the
// essentials nor PATH passes none): exec's own message would send the
// user to a $PATH that is not the one searched. It is an
// exec.ErrNotFound.
type errNoPATH struct{}

func (errNoPATH) Error() string {
	return "executable file not found: the environment given has no PATH entry to search"
}

func (errNoPATH) Unwrap() error { return exec.ErrNotFound }

// hasSeparator reports whether file holds a path separator of the OS win
// selects (or a drive's colon on Windows): it is a path, not a name to
// look up.
func hasSeparator(file string, win bool) bool {
	return strings.ContainsRune(file, '/') || win && strings.ContainsAny(file, `\:`)
}

// lookPath is LookPath with Windows' rules chosen by win, so that tests
// can run them on any OS.
func lookPath(env []string, file string, win bool) (string, error) {
	var exts []string
	if win {
		exts = pathExts(getenv(env, "PATHEXT", true))
	}
	if hasSeparator(file, win) {
		f, err := findExecutable(file, exts, win)
		if err != nil {
			return "", &exec.Error{Name: file, Err: err}
		}
		return f, nil
	}
	path, ok := lookupEnv(env, "PATH", win)
	if !ok {
		return "", &exec.Error{Name: file, Err: errNoPATH{}}
	}
	for _, dir := range splitList(path, win) {
		switch {
		case dir == "" && win:
			continue // as for exec.LookPath on Windows
		case dir == "":
			dir = "." // an empty PATH element is the current directory, as for exec.LookPath
		}
		f, err := findExecutable(joinPath(dir, file, win), exts, win)
		if err != nil {
			continue
		}
		if !isAbs(f, win) {
			return f, &exec.Error{Name: file, Err: exec.ErrDot}
		}
		return f, nil
	}
	return "", &exec.Error{Name: file, Err: exec.ErrNotFound}
}

// pathExts returns the extensions to try on Windows, lower-cased, from a
// PATHEXT value, or the default when it is empty.
func pathExts(pathext string) []string {
	if pathext == "" {
		return []string{".com", ".exe", ".bat", ".cmd"}
	}
	var exts []string
	for _, e := range strings.Split(strings.ToLower(pathext), ";") {
		if e == "" {
			continue
		}
		if e[0] != '.' {
			e = "." + e
		}
		exts = append(exts, e)
	}
	return exts
}

// findExecutable returns file, or file with one of exts, if it names an
// executable: on Unix a file the kernel would run (access(2) with X_OK,
// else an execute bit), on Windows any file that is no directory (with
// exts, the name as given is tried only if it already has an extension).
func findExecutable(file string, exts []string, win bool) (string, error) {
	if !win {
		return file, checkExecutable(file, false)
	}
	if len(exts) == 0 {
		return file, checkExecutable(file, true)
	}
	if filepath.Ext(file) != "" && checkExecutable(file, true) == nil {
		return file, nil
	}
	for _, e := range exts {
		if f := file + e; checkExecutable(f, true) == nil {
			return f, nil
		}
	}
	return "", fs.ErrNotExist
}

// checkExecutable reports why file cannot be run, or nil.
func checkExecutable(file string, win bool) error {
	d, err := os.Stat(file)
	if err != nil {
		return err
	}
	m := d.Mode()
	switch {
	case m.IsDir():
		return syscall.EISDIR
	case win:
		return nil
	}
	if err, ok := accessExec(file); ok {
		return err
	}
	if m&0o111 != 0 {
		return nil
	}
	return fs.ErrPermission
}

// splitList splits a PATH value into directories, as filepath.SplitList
// does on the OS win selects: on Windows, ';' separates and double
// quotes protect a directory holding one.
func splitList(path string, win bool) []string {
	if path == "" {
		return nil
	}
	if !win {
		return strings.Split(path, ":")
	}
	var list []string
	start, quoted := 0, false
	for i := 0; i < len(path); i++ {
		switch path[i] {
		case '"':
			quoted = !quoted
		case ';':
			if !quoted {
				list = append(list, path[start:i])
				start = i + 1
			}
		}
	}
	list = append(list, path[start:])
	for i, d := range list {
		list[i] = strings.ReplaceAll(d, `"`, "")
	}
	return list
}

// joinPath joins dir and file with the separator of the OS win selects;
// on Windows, with '/' where dir uses only that one.
func joinPath(dir, file string, win bool) string {
	switch {
	case !win:
		return filepath.Join(dir, file)
	case strings.HasSuffix(dir, `\`) || strings.HasSuffix(dir, "/"):
		return dir + file
	case strings.Contains(dir, "/") && !strings.Contains(dir, `\`):
		return dir + "/" + file
	}
	return dir + `\` + file
}

// isAbs reports whether path does not depend on the current directory,
// on the OS win selects, as filepath.IsAbs there: on Windows a path from
// a drive's root (C:\x) or a UNC path (\\host\share\x), not one rooted
// in the current drive (\x).
func isAbs(path string, win bool) bool {
	if !win {
		return strings.HasPrefix(path, "/")
	}
	isSep := func(c byte) bool { return c == '\\' || c == '/' }
	if len(path) >= 2 && isSep(path[0]) && isSep(path[1]) {
		return true
	}
	return len(path) >= 3 && path[1] == ':' && isSep(path[2])
}
