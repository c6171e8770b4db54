package cmd

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// starterPolicy is what envgen init writes: a policy that generates as it
// stands, with a comment on every key so that a new user can edit it
// without the README open. TestInitStarterGenerates and the schema test
// keep it valid.
const starterPolicy = `# yaml-language-server: $schema=https://raw.githubusercontent.com/envgen/envgen/main/internal/policy/schema/policy.schema.json
#
# envgen policy: which environment variables each kind of child process
# gets. envgen turns it into Go builders, one per task:
#
#   cmd.Env = BuildEnv(os.Environ(), BuildParams{ProjectDir: dir})
#
# After editing, regenerate with go generate (see the //go:generate line
# envgen init printed). To see what a task would pass from your own
# environment, and why a variable is missing:
#
#   go tool envgen explain envpolicy.yaml build
#   go tool envgen explain envpolicy.yaml build -why NODE_ENV
version: 1

# package: envpolicy   # the Go package of the generated file; go generate's
#                      # $GOPACKAGE and the -pkg flag win over it

essentials:            # the base allowlist of every isolated task
  builtin: true        # PATH, HOME, SHELL, USER, TMPDIR, LANG, TERM, CI, ... (see the README)
  extra: []            # more exact names, e.g. [GOFLAGS, SSL_CERT_FILE]

secrets:               # never inherited, unless a task names one exactly in passThrough
  builtin: true        # GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY, SSH_AUTH_SOCK, *_TOKEN, *_PASSWORD, ...
  extra: []            # your own names or patterns, e.g. [MY_WALLET_KEY, "*_CREDENTIALS"]
  pass: []             # exact names that are not secrets after all, e.g. [MAPBOX_PUBLIC_TOKEN]

# Presets hold fields that tasks share; a task (or preset) takes them with
# extends: [name, ...]. Lists are concatenated, defines merged by name (the
# later wins), and the last mode given wins. No builder is generated for a
# preset.
presets:
  node:
    passThrough: [NODE_ENV]
    binPaths: ["{projectDir}/node_modules/.bin"]

tasks:
  # An isolated task (the default mode): the essentials, plus what it lists,
  # and nothing else. Generates BuildEnv and AppendBuildEnv.
  build:
    extends: [node]
    passThrough:       # exact names, patterns with *, and !negations
      - "NEXT_PUBLIC_*"             # a pattern never passes a secret
      - "!NEXT_PUBLIC_SECRET_*"     # a negation wins over everything
    define:            # values set for the child; "{param}" becomes a field of BuildParams
      CGO_ENABLED: "0"
    binPaths: []       # directories put in front of PATH, first listed first

  # An inherit task: the whole environment but the secrets, for a child
  # someone else chose (a shell command, a plugin). Generates ShellEnv.
  shell:
    mode: inherit
    dropInjection: true  # also drop what makes a child load code: LD_PRELOAD, BASH_ENV, PYTHONPATH, ...
    unset: [HISTFILE]  # more names or patterns to drop for this task
    passThrough: []    # exact names of secrets this task keeps, e.g. [GH_TOKEN]
`

// initUsage is the help text of envgen init.
const initUsage = `usage: envgen init [-o FILE] [FILE]

Writes a commented starter policy to FILE (default envpolicy.yaml; a
directory gets envpolicy.yaml inside it). It never overwrites a file.

flags:
  -o FILE     write here; -o - writes to standard output
`

// initMain runs envgen init: args are those after "init".
func initMain(args []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("envgen init", stderr)
	out := flags.String("o", "", "write here; - for standard output")
	positional, code, ok := parseArgs(flags, initUsage, args, stdout, stderr)
	if !ok {
		return code
	}
	usageErr := func(format string, args ...any) int {
		return usageError(stderr, "envgen init", format, args...)
	}
	path := *out
	switch {
	case len(positional) > 1:
		return usageErr("one file at a time; got %d", len(positional))
	case len(positional) == 1 && path != "":
		return usageErr("give the file once: -o %s or %s, not both", path, positional[0])
	case len(positional) == 1:
		path = positional[0]
	case path == "":
		path = "envpolicy.yaml"
	}

	if path == "-" {
		if _, err := io.WriteString(stdout, starterPolicy); err != nil {
			fmt.Fprintf(stderr, "envgen init: %v\n", err)
			return exitPolicy
		}
		return exitOK
	}
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		path = filepath.Join(path, "envpolicy.yaml")
	}
	if err := createNew(path, []byte(starterPolicy)); err != nil {
		if errors.Is(err, fs.ErrExist) {
			fmt.Fprintf(stderr, "envgen init: %s already exists; not overwriting it (remove it, or name another file)\n", path)
		} else {
			fmt.Fprintf(stderr, "envgen init: %v\n", err)
		}
		return exitPolicy
	}
	fmt.Fprintf(stderr, "envgen init: wrote %s\n%s", path, nextStep(filepath.Base(path), buildVersion()))
	return exitOK
}

// nextStep returns what init says to do after writing the policy base:
// the go:generate line to add. A released envgen (version, as
// buildVersion gives it, is a module version) names itself at that
// version with go run, which adds nothing to the module's go.mod, and
// says that the runtime must be the same release; a development build
// names the go tool form, for a module that has envgen as a tool.
func nextStep(base, version string) string {
	genFile := strings.TrimSuffix(base, filepath.Ext(base)) + "_gen.go"
	version, _, _ = strings.Cut(version, " ") // the VCS revision, if any, aside
	if strings.HasPrefix(version, "v") {
		return fmt.Sprintf(`Next: put this line in a Go file next to it, then run go generate:

	//go:generate go run github.com/envgen/envgen/cmd/envgen@%s -o %s %s

(go run adds nothing to your go.mod; the generated code needs the runtime of
the same release: go get github.com/envgen/envgen/runtime@%s)
`, version, genFile, base, version)
	}
	return fmt.Sprintf(`Next: put this line in a Go file next to it, then run go generate:

	//go:generate go tool envgen -o %s %s

(This envgen is a development build, so the line runs it as a tool of your
module, as the quickstart's clone way sets it up:
https://github.com/envgen/envgen#quickstart-30-seconds)
`, genFile, base)
}

// createNew writes data to a new file at path, failing with fs.ErrExist
// if something is there already (even if it appeared a moment ago).
func createNew(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(path)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(path)
		return err
	}
	return nil
}
