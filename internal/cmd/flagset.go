package cmd

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// newFlagSet returns a flag set for the command called name that reports
// bad flags on stderr and leaves the help to parseArgs.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {} // parseArgs prints the help or the hint
	return fs
}

// parseArgs parses args with fs, letting flags come before, between or
// after the positional arguments, which it returns. If it returns ok
// false, the command must exit with code: 0 after -h (the help printed
// in full on stdout, as asked for: envgen -h | less), 2 after a bad flag
// (the flag package's line and a hint printed on stderr).
func parseArgs(fs *flag.FlagSet, help string, args []string, stdout, stderr io.Writer) (positional []string, code int, ok bool) {
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprint(stdout, help)
				return nil, exitOK, false
			}
			fmt.Fprintf(stderr, "run %s -h for usage\n", fs.Name())
			return nil, exitUsage, false
		}
		rest = fs.Args()
		if len(rest) == 0 {
			return positional, exitOK, true
		}
		// "--" ends the flags: what follows is positional, as it is.
		if afterDoubleDash(args, rest) {
			return append(positional, rest...), exitOK, true
		}
		positional = append(positional, rest[0])
		rest = rest[1:]
	}
}

// afterDoubleDash reports whether rest, what fs.Parse left of args,
// follows a "--" that ended the flags.
func afterDoubleDash(args, rest []string) bool {
	i := len(args) - len(rest) - 1
	return i >= 0 && args[i] == "--"
}

// usageError prints "NAME: message" and where to find the help, and
// returns the exit code of bad usage.
func usageError(stderr io.Writer, name, format string, args ...any) int {
	fmt.Fprintf(stderr, name+": "+format+"\n", args...)
	fmt.Fprintf(stderr, "run %s -h for usage\n", name)
	return exitUsage
}
