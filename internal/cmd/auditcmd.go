package cmd

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"

	"github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/internal/reference"
)

// auditUsage is the help text of envgen audit.
const auditUsage = `usage: envgen audit [flags] POLICY.yaml [TASK]

Lists every entry of an environment that task TASK of POLICY.yaml (without
TASK, every inherit task) would pass to a child although it looks like a
credential: by its name (MY_API_KEY, DB_PASS, SMTP_CREDENTIALS, ...) or by
its value (a token format, a private key, a URL with a password; caught
only with secrets.values: false, as the task would drop it otherwise).
Each finding gives the policy line that drops it. An entry a task drops
only because of its value is a note, not a finding: naming it in
secrets.extra drops it whatever it holds. Values are never printed. A
name listed in secrets.pass, or exactly in the task's passThrough, is
passed on purpose and not reported.

flags (before or after the arguments):
  -env FILE   read the environment from FILE instead of this process's, as
              envgen explain does: one NAME=value per line as env writes
              it (multi-line values too), or NUL-separated (env -0,
              /proc/PID/environ); -env - reads standard input

exit status: 0 nothing found; 1 findings, or a bad or unreadable policy,
an unknown task, or an unreadable -env file; 2 bad usage
`

// auditMain runs envgen audit: args are those after "audit", stdin is read
// for -env -, and environ is the environment to audit without -env.
func auditMain(args []string, stdin io.Reader, environ []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("envgen audit", stderr)
	envFile := flags.String("env", "", "read the environment from FILE; - for standard input")
	positional, code, ok := parseArgs(flags, auditUsage, args, stdout, stderr)
	if !ok {
		return code
	}
	var key string
	switch len(positional) {
	case 0:
		return usageError(stderr, "envgen audit", "no policy file")
	case 1:
	case 2:
		key = positional[1]
	default:
		return usageError(stderr, "envgen audit", "want a policy file and a task; got %d arguments", len(positional))
	}
	file := positional[0]
	p, ok := loadPolicy("envgen audit", file, stderr)
	if !ok {
		return exitPolicy
	}
	var tasks []*policy.Task
	var keys []string
	for i := range p.Tasks {
		t := &p.Tasks[i]
		keys = append(keys, t.Key)
		if key == t.Key || key == "" && t.Inherit {
			tasks = append(tasks, t)
		}
	}
	if key != "" && len(tasks) == 0 {
		fmt.Fprintf(stderr, "envgen audit: %s has no task %q (tasks: %s)\n", file, key, strings.Join(keys, ", "))
		return exitPolicy
	}
	in, source, err := inputEnviron(*envFile, stdin, environ)
	if err != nil {
		fmt.Fprintf(stderr, "envgen audit: %v\n", err)
		return exitPolicy
	}
	a := auditor{p: p, check: newValueChecker(p), fold: runtime.GOOS == "windows"}
	return a.run(stdout, file, source, in, tasks, key == "")
}

// auditor finds what the tasks of one policy pass that looks like a
// credential.
type auditor struct {
	p     *policy.Policy
	check *valueChecker
	fold  bool
}

// auditFinding is one entry a task passes that looks like a credential:
// by a word of its name, by its value's kind, or both.
type auditFinding struct {
	Name, Word, Kind string
}

// auditNote is one entry a task drops only by its value; Why says how
// the value looks ("value holds a GitHub token").
type auditNote struct {
	Name, Why string
}

// run audits tasks (all the policy's inherit tasks when all is set),
// prints the findings and notes, and returns the exit code.
func (a *auditor) run(w io.Writer, file, source string, in environInput, tasks []*policy.Task, all bool) int {
	switch {
	case all && len(tasks) == 0:
		fmt.Fprintf(w, "# %s has no inherit tasks: nothing to audit (name an isolated task to audit it)\n", file)
		return exitOK
	case all:
		var ks []string
		for _, t := range tasks {
			ks = append(ks, t.Key)
		}
		fmt.Fprintf(w, "# audit of the inherit tasks of %s (%s), from %s (%d entries)\n", printable(file), strings.Join(ks, ", "), printable(source), len(in.Entries))
	default:
		mode := "isolated"
		if tasks[0].Inherit {
			mode = "inherit"
		}
		fmt.Fprintf(w, "# audit of task %q (%s) of %s, from %s (%d entries)\n", tasks[0].Key, mode, printable(file), printable(source), len(in.Entries))
	}
	for _, b := range in.Bad {
		fmt.Fprintf(w, "# %s: not NAME=value (%d bytes, not shown)\n", b.Where, b.Bytes)
	}
	var names []string // every name found, for the one line that drops them all
	byValueOnly := false
	findings, notes := 0, 0
	for _, t := range tasks {
		fs, ns := a.task(t, in.Entries)
		for _, f := range fs {
			fmt.Fprintf(w, "%s: %s\n", t.Key, f.line())
			if !slices.Contains(names, f.Name) && policy.IsName(f.Name) {
				names = append(names, f.Name)
			}
			byValueOnly = byValueOnly || f.Word == ""
		}
		for _, n := range ns {
			fmt.Fprintf(w, "%s: note: %s is left out only by its value (%s); to drop it whatever it holds: %s\n",
				t.Key, printable(n.Name), n.Why, extraLine(n.Name))
		}
		findings, notes = findings+len(fs), notes+len(ns)
	}
	if findings == 0 {
		fmt.Fprintf(w, "# nothing found: no entry passed looks like a credential%s\n", plural(notes, ", 1 note", ", %d notes"))
		return exitOK
	}
	slices.Sort(names)
	fix := "secrets.extra: [" + strings.Join(names, ", ") + "]"
	if byValueOnly {
		fix += ", and secrets.values: true"
	}
	fmt.Fprintf(w, "# %s%s; to drop them all: %s\n", plural(findings, "1 finding", "%d findings"), plural(notes, ", 1 note", ", %d notes"), fix)
	return exitPolicy
}

// task returns what task t passes from environ that looks like a
// credential, and what it drops only by value, each sorted by name.
// Entries the task passes on purpose are left alone: a name in
// secrets.pass, one its passThrough lists exactly, and what a define or
// binPaths sets.
func (a *auditor) task(t *policy.Task, environ []string) ([]auditFinding, []auditNote) {
	r := reference.Build(a.p, t, environ, nil, nil, a.fold)
	var fs []auditFinding
	for _, e := range r.Env {
		switch e.From.Kind {
		case reference.Inherited, reference.Essential, reference.PassThroughPattern:
		default:
			continue
		}
		if slices.Contains(a.p.Pass, e.Name) {
			continue
		}
		f := auditFinding{Name: e.Name}
		f.Word, _ = nameLooksSecret(e.Name)
		f.Kind, _ = a.check.credentialIn(e.Value)
		if f.Word != "" || f.Kind != "" {
			fs = append(fs, f)
		}
	}
	var ns []auditNote
	for _, d := range r.Dropped {
		if d.Why.Kind == reference.SecretValue {
			why := d.Why.Detail()
			if d.Why.BuiltinPreset != "" { // the line to write it on
				why += fmt.Sprintf(" (task %q, line %d)", t.Key, t.KeyPos.Line)
			}
			ns = append(ns, auditNote{Name: d.Name, Why: why})
		}
	}
	slices.SortFunc(fs, func(x, y auditFinding) int { return strings.Compare(x.Name, y.Name) })
	slices.SortFunc(ns, func(x, y auditNote) int { return strings.Compare(x.Name, y.Name) })
	return fs, ns
}

// line is a finding as audit prints it after the task's key.
func (f auditFinding) line() string {
	var why []string
	if f.Word != "" {
		why = append(why, fmt.Sprintf("its name looks like a credential (%s)", f.Word))
	}
	if f.Kind != "" {
		why = append(why, "its value holds "+f.Kind)
	}
	fix := extraLine(f.Name)
	if f.Word == "" {
		fix = "secrets.values: true (or " + fix + ")"
	}
	return fmt.Sprintf("%s: passed, but %s; to drop it: %s", printable(f.Name), strings.Join(why, " and "), fix)
}

// extraLine is the policy line that makes name a secret: secrets.extra
// with the name, or, for a name outside the policy's name syntax, a
// pattern that matches it.
func extraLine(name string) string {
	if policy.IsName(name) {
		return "secrets.extra: [" + name + "]"
	}
	return "a pattern in secrets.extra that matches it (its name is outside the policy's name syntax)"
}

// plural is "" for 0, one for 1, else many formatted with n.
func plural(n int, one, many string) string {
	switch n {
	case 0:
		return ""
	case 1:
		return one
	}
	return fmt.Sprintf(many, n)
}
