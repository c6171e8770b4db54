package cmd

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"

	"github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/internal/reference"
	"github.com/envgen/envgen/runtime/envrt"
)

// explainUsage is the help text of envgen explain.
const explainUsage = `usage: envgen explain [flags] POLICY.yaml [TASK]
       envgen explain -config FILE [flags] [POLICY.yaml [TASK]]

Shows what task TASK of POLICY.yaml would give a child from an environment:
one line per name, "+ NAME=value (where it comes from)" for what the child
gets and "- NAME (why it is left out)" for the rest; lines starting with #
are comments. Secret values, values built from them or holding one, and
every value that looks like a credential (a token, a private key, a URL
with a password) are shown as <redacted, N bytes>: an entry left out for
its value says which kind, never the value. Names and values that hold a
control character are Go-quoted. Without TASK, one row per name and one
column per task: + passed, = set by the task or the call, - left out,
. not set.

flags (before or after the arguments):
  -env FILE           read the environment from FILE instead of this process's:
                      as env writes it, one NAME=value per line, where a line
                      that does not start with a name and = continues the
                      value before it; or NUL-separated if FILE holds a NUL
                      byte (as env -0 and /proc/PID/environ write it);
                      -env - reads standard input
  -param NAME=VALUE   the value of {NAME} (repeatable); a parameter not given is empty
  -set NAME=VALUE     an override, as envrt.Set(NAME, VALUE) at the call (repeatable)
  -unset NAME         an override, as envrt.Unset(NAME) at the call (repeatable;
                      -set and -unset apply in the order given)
  -json               one JSON object a line per name (and task): task, name,
                      passed, source or reason, value (absent when redacted),
                      redacted, bytes (the value's length)
  -why NAME           answer for NAME only: why it is in or out, and what would
                      change it (repeatable: one answer per name, in order)
  -config FILE        preview a user's settings: FILE is an envrt.Config (keep,
                      drop, keepMatching, set) in JSON or YAML; shows what they
                      change in TASK (every task without one; the default
                      policy's, envrt.InheritEnv and envrt.IsolatedEnv, without
                      a policy file), with the reasons envrt.Report gives

exit status: 0 shown; 1 a bad or unreadable policy or -config file, an
unknown task, or an unreadable -env file; 2 bad usage
`

// explainMain runs envgen explain: args are those after "explain", stdin
// is read for -env -, and environ is the environment to explain without
// -env.
func explainMain(args []string, stdin io.Reader, environ []string, stdout, stderr io.Writer) int {
	flags := newFlagSet("envgen explain", stderr)
	envFile := flags.String("env", "", "read the environment from FILE; - for standard input")
	configFile := flags.String("config", "", "preview the settings of FILE, an envrt.Config in JSON or YAML")
	asJSON := flags.Bool("json", false, "one JSON object a line per name")
	var whys []string
	flags.Func("why", "explain NAME only (repeatable)", func(s string) error {
		if s == "" {
			return errors.New("want a name")
		}
		whys = append(whys, s)
		return nil
	})
	params := map[string]string{}
	var paramOrder []string
	var overrides []reference.Override
	flags.Func("param", "NAME=VALUE: the value of {NAME}", func(s string) error {
		name, value, ok := strings.Cut(s, "=")
		if !ok || !policy.IsParam(name) {
			return fmt.Errorf("want NAME=VALUE with NAME a parameter ([a-z][A-Za-z0-9]*); got %q", s)
		}
		if _, dup := params[name]; !dup {
			paramOrder = append(paramOrder, name)
		}
		params[name] = value
		return nil
	})
	flags.Func("set", "NAME=VALUE: an override, as envrt.Set", func(s string) error {
		name, value, ok := strings.Cut(s, "=")
		if !ok || name == "" {
			return fmt.Errorf("want NAME=VALUE; got %q", s)
		}
		overrides = append(overrides, reference.Override{Name: name, Value: value})
		return nil
	})
	flags.Func("unset", "NAME: an override, as envrt.Unset", func(s string) error {
		if s == "" {
			return errors.New("want a name")
		}
		overrides = append(overrides, reference.Override{Name: s, Unset: true})
		return nil
	})
	// Flags may come before, between or after the two arguments.
	positional, code, ok := parseArgs(flags, explainUsage, args, stdout, stderr)
	if !ok {
		return code
	}
	usageErr := func(format string, args ...any) int {
		return usageError(stderr, "envgen explain", format, args...)
	}
	if *configFile != "" {
		switch {
		case *asJSON || len(whys) > 0:
			return usageErr("-config shows what settings change; it takes neither -json nor -why")
		case len(positional) > 2:
			return usageErr("want a settings file, and a policy file and a task or neither; got %d arguments", len(positional))
		}
		in, source, err := inputEnviron(*envFile, stdin, environ)
		if err != nil {
			fmt.Fprintf(stderr, "envgen explain: %v\n", err)
			return exitPolicy
		}
		var own []envrt.Var
		for _, o := range overrides {
			if o.Unset {
				own = append(own, envrt.Unset(o.Name))
			} else {
				own = append(own, envrt.Set(o.Name, o.Value))
			}
		}
		return explainConfig(*configFile, positional, own, params, in, source, stdout, stderr)
	}
	var key string // "" for all tasks
	switch len(positional) {
	case 0:
		return usageErr("no policy file")
	case 1:
	case 2:
		key = positional[1]
	default:
		return usageErr("want a policy file and a task; got %d arguments", len(positional))
	}
	file := positional[0]

	p, ok := loadPolicy("envgen explain", file, stderr)
	if !ok {
		return exitPolicy
	}
	var t *policy.Task
	var keys []string
	for i := range p.Tasks {
		keys = append(keys, p.Tasks[i].Key)
		if p.Tasks[i].Key == key {
			t = &p.Tasks[i]
		}
	}
	if key == "" {
		if len(p.Tasks) == 0 {
			fmt.Fprintf(stderr, "envgen explain: %s has no tasks\n", file)
			return exitPolicy
		}
		for _, name := range paramOrder {
			if !slices.ContainsFunc(p.Tasks, func(t policy.Task) bool { return slices.Contains(t.Params, name) }) {
				return usageErr("-param %s: no task has a parameter {%s}", name, name)
			}
		}
	} else if t == nil {
		if len(keys) == 0 {
			fmt.Fprintf(stderr, "envgen explain: %s has no task %q; it has no tasks at all\n", file, key)
		} else {
			fmt.Fprintf(stderr, "envgen explain: %s has no task %q (tasks: %s)\n", file, key, strings.Join(keys, ", "))
		}
		return exitPolicy
	}
	for _, name := range paramOrder {
		if t != nil && !slices.Contains(t.Params, name) {
			have := "it has no parameters"
			if len(t.Params) > 0 {
				have = "its parameters: " + strings.Join(t.Params, ", ")
			}
			return usageErr("-param %s: task %q has no parameter {%s} (%s)", name, key, name, have)
		}
	}

	in, source, err := inputEnviron(*envFile, stdin, environ)
	if err != nil {
		fmt.Fprintf(stderr, "envgen explain: %v\n", err)
		return exitPolicy
	}
	// What is not NAME=value never reaches the reference: its text would
	// be printed as a name.
	environ = in.Entries

	fold := runtime.GOOS == "windows"
	check := newValueChecker(p)
	redact := newRedactor(p, check, environ, overrides, params)
	if t == nil {
		var xs []*explainer
		var results []reference.Result
		var recs []explainRecord
		for i := range p.Tasks {
			x := &explainer{p: p, t: &p.Tasks[i], fold: fold, params: params, overrides: overrides, bad: in.Bad, check: check, redact: redact}
			r := reference.Build(p, x.t, environ, params, overrides, fold)
			xs, results = append(xs, x), append(results, r)
			recs = append(recs, x.records(r, whys)...)
		}
		if *asJSON {
			return writeDone(writeRecords(stdout, recs), stderr)
		}
		fmt.Fprintf(stdout, "# the %d tasks of %s, from %s (%d entries): %s passed, %s set by the task or the call, %s left out, %s not set\n",
			len(xs), printable(file), printable(source), len(environ), cellPassed, cellSet, cellLeft, cellAbsent)
		xs[0].overrideLines(stdout)
		allTasks(stdout, xs, results, whys)
		fmt.Fprintf(stdout, "# why: envgen explain %s TASK -why NAME\n", printable(file))
		return exitOK
	}
	x := explainer{p: p, t: t, fold: fold, params: params, overrides: overrides, bad: in.Bad, check: check, redact: redact}
	r := reference.Build(p, t, environ, params, overrides, x.fold)
	if *asJSON {
		return writeDone(writeRecords(stdout, x.records(r, whys)), stderr)
	}
	if len(whys) > 0 {
		x.overrideLines(stdout)
		for i, name := range whys {
			if i > 0 {
				fmt.Fprintln(stdout)
			}
			x.why(stdout, r, environ, name)
		}
		return exitOK
	}
	x.header(stdout, file, source, len(environ))
	x.callLines(stdout)
	x.list(stdout, r)
	return exitOK
}

// writeDone returns the exit code after writing output: 0, or 1 with the error
// reported if the write failed.
func writeDone(err error, stderr io.Writer) int {
	if err != nil {
		fmt.Fprintf(stderr, "envgen explain: %v\n", err)
		return exitPolicy
	}
	return exitOK
}

// explainer prints what the reference interpreter found for one task.
type explainer struct {
	p         *policy.Policy
	t         *policy.Task
	fold      bool
	params    map[string]string
	overrides []reference.Override
	bad       []badInput // the input that is not NAME=value
	// check is the policy's value detectors (see redact.go), also when
	// secrets.values is off; redact decides which values are shown.
	check  *valueChecker
	redact *redactor
}

// line is one output line before alignment: its left part ("+ NAME=value"
// or "- NAME") and what follows in parentheses.
type line struct{ left, note string }

// header prints the comment line that says what is explained.
func (x *explainer) header(w io.Writer, file, source string, n int) {
	mode := "isolated"
	if x.t.Inherit {
		mode = "inherit"
	}
	if x.t.DropInjection {
		mode += ", dropInjection"
	}
	fmt.Fprintf(w, "# task %q (%s) of %s, from %s (%d entries)\n", x.t.Key, mode, printable(file), printable(source), n)
}

// callLines prints the comment lines that give the call's parameters and
// overrides.
func (x *explainer) callLines(w io.Writer) {
	x.paramLine(w)
	x.overrideLines(w)
}

// paramLine prints the comment line that gives the call's parameters, if
// the task has any.
func (x *explainer) paramLine(w io.Writer) {
	if len(x.t.Params) > 0 {
		var ps []string
		for _, name := range x.t.Params {
			v, given := x.params[name]
			s := name + "=" + x.redact.show("{"+name+"}", v)
			if !given {
				s += " (not given: empty)"
			}
			ps = append(ps, s)
		}
		fmt.Fprintf(w, "# params: %s\n", strings.Join(ps, ", "))
	}
}

// overrideLines prints the comment lines that give the call's overrides:
// they change what every name gets, so -why shows them too.
func (x *explainer) overrideLines(w io.Writer) {
	for _, o := range x.overrides {
		if o.Unset {
			fmt.Fprintf(w, "# override: -unset %s\n", printable(o.Name))
		} else {
			fmt.Fprintf(w, "# override: -set %s=%s\n", printable(o.Name), x.redact.show(o.Name, o.Value))
		}
	}
}

// list prints every name the child gets ("+"), then every name left out
// ("-"), each group sorted by name; then ("?") the task's exact
// passThrough names that the environment does not hold.
func (x *explainer) list(w io.Writer, r reference.Result) {
	var kept, dropped, absent []line
	replaced := x.replaced(r)
	for _, e := range r.Env {
		kept = append(kept, x.keptLine(e, replaced))
	}
	for _, d := range r.Dropped {
		if !x.folded(d, replaced) {
			dropped = append(dropped, dropLine(d))
		}
	}
	for _, name := range x.t.Exact {
		if !x.mentioned(r, name) {
			absent = append(absent, line{"? " + name, "passThrough " + name + ": not in the environment"})
		}
	}
	byLeft := func(a, b line) int { return strings.Compare(a.left, b.left) }
	slices.SortStableFunc(kept, byLeft)
	slices.SortStableFunc(dropped, byLeft)
	for _, b := range x.bad {
		fmt.Fprintf(w, "# %s: not NAME=value (%d bytes, not shown)\n", b.Where, b.Bytes)
	}
	printLines(w, slices.Concat(kept, dropped, absent))
	fmt.Fprintf(w, "# %d passed, %d left out", len(kept), len(dropped))
	if len(x.bad) > 0 {
		fmt.Fprintf(w, ", %d not NAME=value", len(x.bad))
	}
	if len(absent) > 0 {
		fmt.Fprintf(w, ", %d named in passThrough but not set", len(absent))
	}
	fmt.Fprintln(w)
}

// replaced maps the key of each name the child gets to the first drop
// of that name's environment entry for a reason of the task's, not
// because it repeats an earlier entry: the task or the call set the name
// itself (a define of a name the task does not declare, say), so the
// name is not left out, only the environment's value is.
func (x *explainer) replaced(r reference.Result) map[string]reference.Drop {
	m := map[string]reference.Drop{}
	for _, e := range r.Env {
		k := reference.Key(e.Name, x.fold)
		for _, d := range r.Dropped {
			if _, seen := m[k]; !seen && d.Why.Kind != reference.Duplicate && reference.Key(d.Name, x.fold) == k {
				m[k] = d
			}
		}
	}
	return m
}

// folded reports whether drop d is shown in the line of the entry that
// replaced it (see replaced) rather than as a name left out.
func (x *explainer) folded(d reference.Drop, replaced map[string]reference.Drop) bool {
	r, ok := replaced[reference.Key(d.Name, x.fold)]
	return ok && r == d
}

// keptLine is the line of an entry the child gets; replaced (see
// explainer.replaced) says whether the environment's own entry of the
// name was left out.
func (x *explainer) keptLine(e reference.Entry, replaced map[string]reference.Drop) line {
	note := describeFrom(e.From)
	if e.Over.Kind != reference.NoSource {
		note += ", over " + describeFrom(e.Over)
	}
	if d, ok := replaced[reference.Key(e.Name, x.fold)]; ok {
		note += "; the environment's value is left out: " + dropLine(d).note
	}
	said := false // the note says already what the value holds
	if e.From.Kind == reference.PassThroughName && reference.SecretCaseless(x.p, e.Name) != "" {
		note += "; a secret, kept because the task names it exactly"
	} else if kind, ok := x.keptSecretValue(e); ok {
		note += "; its value holds " + kind + ", kept because " + x.valueExemption(e.Name)
		said = true
	}
	value := printable(e.Value)
	if why, hide := x.hidden(e); hide {
		value = redacted(e.Value)
		if why != "" && !said {
			note += "; " + why
		}
	}
	return line{"+ " + printable(e.Name) + "=" + value, note}
}

// hidden reports whether e's value is redacted, and why when no other
// part of its line says so: it was built from a secret (see
// secretSource), or the redactor hides it.
func (x *explainer) hidden(e reference.Entry) (why string, hide bool) {
	if ref := x.secretSource(e); ref != "" {
		return "built from ${" + ref + "}, a secret", true
	}
	return x.redact.hides(e.Name, e.Value)
}

// secretSource returns the NAME of a ${NAME} reference to a secret that
// e's value was built from, or "" if there is none: for a define, in its
// value; for the PATH that binPaths build, in any binPaths directory or
// in the define whose value they were put in front of. A secret here is
// a name the policy's secret lists match ASCII case-insensitively,
// before any exemption (a define may copy only a secret the task
// exempts, and that value is as secret as the one it copies). Whether
// the reference resolved to anything does not matter.
func (x *explainer) secretSource(e reference.Entry) string {
	define := func(name string) string {
		for _, d := range x.t.Defines {
			if reference.Key(d.Name, x.fold) == reference.Key(name, x.fold) {
				if ref := x.secretReference(d.Value); ref != "" {
					return ref
				}
			}
		}
		return ""
	}
	switch e.From.Kind {
	case reference.Defined:
		return define(e.Name)
	case reference.PATHPrefix:
		for _, dir := range x.t.BinPaths {
			if ref := x.secretReference(dir); ref != "" {
				return ref
			}
		}
		if e.Over.Kind == reference.Defined {
			return define(e.Name)
		}
	}
	return ""
}

// secretReference returns the NAME of the first ${NAME} in segs whose
// NAME is a secret by the policy's lists (ASCII case-insensitively,
// before any exemption), or "".
func (x *explainer) secretReference(segs []policy.Segment) string {
	for _, s := range segs {
		if s.Env != "" && reference.SecretCaseless(x.p, s.Env) != "" {
			return s.Env
		}
	}
	return ""
}

// dropLine is the line of a name left out.
func dropLine(d reference.Drop) line {
	// "secret (GITHUB_TOKEN)" reads "secret: GITHUB_TOKEN" in a line that
	// already ends in parentheses.
	why := d.Why.String()
	if detail := d.Why.Detail(); detail != "" {
		why = d.Why.Kind.String() + ": " + detail
	}
	return line{"- " + printable(d.Name), why}
}

// describeFrom turns the reference's layers into the words explain
// prints.
func describeFrom(from reference.Source) string {
	switch from.Kind {
	case reference.Overridden:
		return "override: -set"
	case reference.PATHPrefix:
		return "binPaths in front of PATH"
	}
	return from.String()
}

// mentioned reports whether the result holds name, kept or dropped.
func (x *explainer) mentioned(r reference.Result, name string) bool {
	for _, e := range r.Env {
		if reference.Key(e.Name, x.fold) == reference.Key(name, x.fold) {
			return true
		}
	}
	for _, d := range r.Dropped {
		if reference.Key(d.Name, x.fold) == reference.Key(name, x.fold) {
			return true
		}
	}
	return false
}

// printLines prints lines with their notes in parentheses, aligned in a
// column after the left parts up to 40 bytes wide.
func printLines(w io.Writer, lines []line) {
	width := 0
	for _, l := range lines {
		if n := len(l.left); n <= 40 && n > width {
			width = n
		}
	}
	for _, l := range lines {
		pad := max(width-len(l.left), 0) + 2
		fmt.Fprintf(w, "%s%s(%s)\n", l.left, strings.Repeat(" ", pad), l.note)
	}
}

// why prints the lines of one name and says in words why it is in or out
// and what would change that.
func (x *explainer) why(w io.Writer, r reference.Result, environ []string, name string) {
	var lines []line
	var kept *reference.Entry
	var drops []reference.Drop
	replaced := x.replaced(r)
	for i, e := range r.Env {
		if reference.Key(e.Name, x.fold) == reference.Key(name, x.fold) {
			lines = append(lines, x.keptLine(e, replaced))
			kept = &r.Env[i]
		}
	}
	for _, d := range r.Dropped {
		if reference.Key(d.Name, x.fold) == reference.Key(name, x.fold) && !x.folded(d, replaced) {
			lines = append(lines, dropLine(d))
			drops = append(drops, d)
		}
	}
	printLines(w, lines)
	task := fmt.Sprintf("task %q", x.t.Key)
	switch {
	case kept != nil:
		fmt.Fprintf(w, "%s reaches %s: %s.\n", printable(kept.Name), task, x.keptReason(*kept))
		if hint := x.keptHint(*kept); hint != "" {
			fmt.Fprintln(w, hint)
		}
	case len(drops) > 0:
		d := drops[0]
		fmt.Fprintf(w, "%s is left out of %s: %s.\n", printable(name), task, x.dropReason(d))
		if hint := x.dropHint(d); hint != "" {
			fmt.Fprintln(w, hint)
		}
	default:
		// Not in the environment at all: say what the task would do if
		// it were, by asking the reference with the name set.
		probe := reference.Build(x.p, x.t, append(slices.Clip(environ), name+"=x"), x.params, x.overrides, x.fold)
		fmt.Fprintf(w, "%s is not in the environment, so %s does not get it.\n", printable(name), task)
		for _, e := range probe.Env {
			if reference.Key(e.Name, x.fold) == reference.Key(name, x.fold) {
				fmt.Fprintf(w, "If it were set, %s would get it: %s.\n", task, x.keptReason(e))
				return
			}
		}
		for _, d := range probe.Dropped {
			if reference.Key(d.Name, x.fold) == reference.Key(name, x.fold) {
				fmt.Fprintf(w, "If it were set, %s would still leave it out: %s.\n", task, x.dropReason(d))
				if hint := x.dropHint(d); hint != "" {
					fmt.Fprintln(w, hint)
				}
				return
			}
		}
	}
}

// keptReason says in words why an entry reaches the child.
func (x *explainer) keptReason(e reference.Entry) string {
	var s string
	switch e.From.Kind {
	case reference.Essential:
		s = "it is an essential (passed to every isolated task when set)"
	case reference.Inherited:
		s = "an inherit task passes every name that is not a secret, unset or an injection variable"
	case reference.PassThroughPattern:
		s = "it matches " + e.From.By + " in " + x.field("passThrough", e.From.By)
	case reference.PassThroughName:
		s = x.field("passThrough", e.From.By) + " names it"
		if by := reference.SecretCaseless(x.p, e.Name); by != "" {
			s += fmt.Sprintf(", which keeps it although it is a secret (%s)", by)
		} else if kind, ok := x.keptSecretValue(e); ok {
			s += ", which keeps it although its value holds " + kind
		}
	case reference.Defined:
		s = x.field("define", x.definedAs(e.Name)) + " sets it"
	case reference.Overridden:
		s = "the call sets it (-set, as envrt.Set)"
	case reference.PATHPrefix:
		s = "the task's binPaths put directories in front of it"
		if e.Over.Kind != reference.NoSource {
			return s + fmt.Sprintf(" (its value before that: %s)", describeFrom(e.Over))
		}
		return s
	default:
		s = e.From.String()
	}
	if e.Over.Kind != reference.NoSource {
		s += fmt.Sprintf(", replacing the value it had as %s", describeFrom(e.Over))
	}
	return s
}

// dropReason says in words why a name is left out.
func (x *explainer) dropReason(d reference.Drop) string {
	detail := d.Why.Detail()
	switch d.Why.Kind {
	case reference.Secret:
		by := d.Why.By
		where := "secrets.extra"
		if x.builtinSecretsOn() && slices.ContainsFunc(policy.BuiltinSecrets, func(b policy.Builtin) bool { return b.Name == by }) {
			where = "the built-in list"
		}
		if strings.Contains(by, "*") {
			return fmt.Sprintf("it is a secret: it matches %s (%s)", by, where)
		}
		return fmt.Sprintf("it is a secret: %s (%s)", by, where)
	case reference.NotDeclared:
		return "an isolated task passes only the essentials and what its passThrough lists, and neither has it"
	case reference.Unset:
		return fmt.Sprintf("%s drops it (%s)", x.field("unset", d.Why.By), detail)
	case reference.Negated:
		return fmt.Sprintf("%s excludes it with %s", x.field("passThrough", "!"+d.Why.By), detail)
	case reference.Injection, reference.BashFunction:
		return fmt.Sprintf("the task has dropInjection: true, and it is an injection variable (%s)", detail)
	case reference.SecretValue:
		return "it is a secret by value (secrets.values): its " + detail
	}
	return d.Why.String()
}

// builtinSecretsOn reports whether the policy uses the built-in secret
// list (secrets.builtin): whether every built-in entry is among its secrets.
func (x *explainer) builtinSecretsOn() bool {
	for _, b := range policy.BuiltinSecrets {
		if !slices.Contains(x.p.SecretNames, b.Name) && !slices.Contains(x.p.SecretPatterns, b.Name) {
			return false
		}
	}
	return true
}

// keptHint says what would leave out a name the child gets, or "".
func (x *explainer) keptHint(e reference.Entry) string {
	switch e.From.Kind {
	case reference.Inherited:
		return fmt.Sprintf("To drop it from this task only, add %s to the task's unset; to treat it as a secret in every task, add it to secrets.extra.", printable(e.Name))
	case reference.PassThroughName:
		if x.t.Inherit {
			return fmt.Sprintf("To drop it, take %s out of %s.", e.From.By, x.field("passThrough", e.From.By))
		}
	}
	return ""
}

// field names where the task's field holds entry: "the task's FIELD",
// or, when a preset wrote that entry (merged in by extends), "preset
// P's FIELD".
func (x *explainer) field(field, entry string) string {
	if preset, ok := x.t.FromPreset[policy.Entry{Field: field, Text: entry}]; ok {
		return fmt.Sprintf("preset %q's %s", preset, field)
	}
	return "the task's " + field
}

// definedAs returns the name as the task's define writes it: name
// itself, or under Windows rules the spelling the define uses.
func (x *explainer) definedAs(name string) string {
	for _, d := range x.t.Defines {
		if reference.Key(d.Name, x.fold) == reference.Key(name, x.fold) {
			return d.Name
		}
	}
	return name
}

// dropHint says what would let a name through, or "".
func (x *explainer) dropHint(d reference.Drop) string {
	switch d.Why.Kind {
	case reference.Secret:
		return fmt.Sprintf("To pass it to this task only, list %s exactly in the task's passThrough; to treat it as no secret anywhere, add it to secrets.pass.", printable(d.Name))
	case reference.NotDeclared:
		if by := reference.SecretCaseless(x.p, d.Name); by != "" {
			return fmt.Sprintf("It is also a secret (%s), so only its exact name passes it: add %s to the task's passThrough (a pattern would not pass it).", by, printable(d.Name))
		}
		return fmt.Sprintf("To pass it, add %s (or a pattern matching it) to the task's passThrough, or to essentials.extra for every isolated task.", printable(d.Name))
	case reference.Unset:
		return fmt.Sprintf("To keep it, take %s out of %s.", d.Why.By, x.field("unset", d.Why.By))
	case reference.Negated:
		return fmt.Sprintf("A negation wins over everything else in passThrough; remove or narrow !%s in %s to let the name through.", d.Why.By, x.field("passThrough", "!"+d.Why.By))
	case reference.Injection, reference.BashFunction:
		if !x.t.Inherit {
			return fmt.Sprintf("To hand it over anyway, list %s exactly in the task's passThrough, set it at the call (envrt.Set), or turn dropInjection off.", printable(d.Name))
		}
		return "To hand one over anyway, set it at the call (envrt.Set), or turn dropInjection off."
	case reference.Duplicate:
		return "The first entry of a name wins; later ones are ignored."
	case reference.SecretValue:
		if d.Why.BuiltinPreset != "" {
			return fmt.Sprintf("%s lists %s, but a built-in preset exempts no value; to pass it to this task, add %s to the passThrough of task %q (line %d): the policy's own text exempts what it names.",
				d.Why.BuiltinPreset, printable(d.Name), printable(d.Name), x.t.Key, x.t.KeyPos.Line)
		}
		return secretValueHint(printable(d.Name))
	}
	return ""
}
