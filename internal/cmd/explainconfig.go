package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/envgen/envgen/internal/gen"
	"github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/runtime/envimpl"
	"github.com/envgen/envgen/runtime/envrt"
)

// This file is envgen explain -config: what a user's settings, an
// envrt.Config block, do to a task. It builds the task's environment
// with the runtime itself, as the generated builder would, twice, without
// the settings and with them, and takes every reason from envrt.Report,
// so that the preview says what a host's log will.

// defaultPolicy is the policy of the runtime's default builders
// (envrt.InheritEnv, envrt.IsolatedEnv), which a host without a policy
// file calls: runtime/internal/defaultpolicy/policy.yaml, byte for byte
// (TestExplainConfigDefaultPolicyIsTheRuntimes; the runtime's module
// cannot hand it to this one).
const defaultPolicy = `# The runtime's default policy, behind envrt.InheritEnv, envrt.IsolatedEnv
# and their …OS and Append… forms: the built-in lists (essentials,
# secrets) with value detection on, and two tasks of nothing else.
version: 1
package: defaultpolicy
tasks:
  inherit:
    mode: inherit   # every name but the secrets, by name or by value
  isolated:
    mode: isolated  # the essentials alone, never a secret by value
`

// defaultBuilders names the default policy's tasks by their builders.
var defaultBuilders = map[string]string{"inherit": "envrt.InheritEnv", "isolated": "envrt.IsolatedEnv"}

// configRun is one envgen explain -config: the settings, the policy's
// compiled tasks to explain, and the call's input.
type configRun struct {
	file    string // the settings' file
	cfg     envrt.Config
	vars    []envrt.Var // the call's own overrides (-set, -unset), then cfg's
	policy  string      // the policy's file, "" for the default policy
	environ []string
	source  string
	params  map[string]string
	redact  *redactor
}

// explainConfig runs envgen explain -config FILE [POLICY.yaml [TASK]]
// once the flags are read: own are the call's -set and -unset overrides.
func explainConfig(file string, positional []string, own []envrt.Var, params map[string]string, in environInput, source string, stdout, stderr io.Writer) int {
	cfg, err := readConfig(file)
	if err != nil {
		fmt.Fprintf(stderr, "envgen explain: %v\n", err)
		return exitPolicy
	}
	vars, err := cfg.Vars()
	if err != nil {
		for _, line := range strings.Split(err.Error(), "\n") {
			fmt.Fprintf(stderr, "%s: %s\n", file, line)
		}
		fmt.Fprintf(stderr, "envgen explain: a host refuses these settings; nothing to preview\n")
		return exitPolicy
	}
	var p *policy.Policy
	name := ""
	if len(positional) == 0 {
		if p, err = policy.Load("the default policy", []byte(defaultPolicy)); err != nil {
			panic(err) // the constant above is a valid policy; TestExplainConfigDefaultPolicy loads it
		}
	} else {
		name = positional[0]
		var ok bool
		if p, ok = loadPolicy("envgen explain", name, stderr); !ok {
			return exitPolicy
		}
	}
	plan := gen.MakePlan(p, p.Package, name)
	_, tables := plan.Tables()
	r := configRun{file: file, cfg: cfg, vars: slices.Concat(own, vars), policy: name, environ: in.Entries, source: source, params: params}
	r.redact = newRedactor(p, newValueChecker(p), in.Entries, nil, params)
	var keys []string
	for i, t := range plan.Tasks {
		keys = append(keys, t.Key)
		if len(positional) < 2 || t.Key == positional[1] {
			if len(keys) > 1 && len(positional) < 2 {
				fmt.Fprintln(stdout)
			}
			r.task(stdout, &plan.Tasks[i], tables[i])
		}
	}
	if len(positional) == 2 && !slices.Contains(keys, positional[1]) {
		fmt.Fprintf(stderr, "envgen explain: %s has no task %q (tasks: %s)\n", name, positional[1], strings.Join(keys, ", "))
		return exitPolicy
	}
	return exitOK
}

// readConfig reads an envrt.Config from file, JSON or YAML, refusing a key
// it does not know.
func readConfig(file string) (envrt.Config, error) {
	var cfg envrt.Config
	data, err := os.ReadFile(file)
	if err != nil {
		return cfg, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&cfg); err != nil && !errors.Is(err, io.EOF) {
		return cfg, fmt.Errorf("%s: %s (want an envrt.Config: keep, drop, keepMatching, set)", file, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	return cfg, nil
}

// task prints what the settings do to task t: the names they pass or
// set, those they leave out, then the rest that is left out either way,
// each with its reason as envrt.Report gives it.
func (r *configRun) task(w io.Writer, t *gen.TaskPlan, table *envimpl.Task) {
	build := func(vars []envrt.Var) (env map[string]string, dropped []envrt.Dropped) {
		report := envrt.Report(func(d envrt.Dropped) { dropped = append(dropped, d) })
		env = map[string]string{}
		for _, e := range t.Run(table, nil, r.environ, r.params, append(slices.Clip(vars), report)...) {
			name, _ := envrt.Split(e)
			env[name] = e[len(name)+1:]
		}
		return env, dropped
	}
	before, beforeDropped := build(nil)
	after, afterDropped := build(r.vars)

	what := fmt.Sprintf("task %q (%s) of %s", t.Key, mode(t), printable(r.policy))
	if r.policy == "" {
		what = fmt.Sprintf("%s (the default policy's %s task)", defaultBuilders[t.Key], t.Key)
	}
	fmt.Fprintf(w, "# %s with the settings of %s, from %s (%d entries)\n", what, printable(r.file), printable(r.source), len(r.environ))
	var shown []string
	for _, v := range r.vars {
		shown = append(shown, v.String())
	}
	fmt.Fprintf(w, "# settings: %s\n", strings.Join(shown, ", "))

	wasOut := map[string]string{} // the reason the call without the settings left out a name's first entry
	for _, d := range beforeDropped {
		if _, seen := wasOut[d.Name]; !seen {
			wasOut[d.Name] = d.Reason
		}
	}
	var changed, either []line
	passed := 0
	for name, value := range after {
		old, had := before[name]
		passed++
		switch {
		case !had:
			note := r.by(name)
			if why, ok := wasOut[name]; ok {
				note += "; without the settings: " + why
			}
			changed = append(changed, line{"+ " + printable(name) + "=" + r.redact.show(name, value), note})
		case old != value:
			changed = append(changed, line{"+ " + printable(name) + "=" + r.redact.show(name, value), r.by(name) + ", over " + r.redact.show(name, old)})
		}
	}
	byConfig := 0
	for name := range before {
		if _, kept := after[name]; !kept && !slices.ContainsFunc(afterDropped, func(d envrt.Dropped) bool { return d.Name == name }) {
			changed = append(changed, line{"- " + printable(name), r.droppedBy(name) + "; without the settings the task sets it"})
			byConfig++
		}
	}
	for _, d := range afterDropped {
		if _, kept := before[d.Name]; kept && d.Reason != "a later entry of the same name" {
			changed = append(changed, line{"- " + printable(d.Name), d.Reason})
			byConfig++
		} else {
			either = append(either, line{"- " + printable(d.Name), d.Reason})
		}
	}
	byLeft := func(a, b line) int { return strings.Compare(a.left, b.left) }
	slices.SortStableFunc(changed, byLeft)
	slices.SortStableFunc(either, byLeft)
	if len(changed) > 0 {
		fmt.Fprintln(w, "# what the settings change:")
		printLines(w, changed)
	}
	if len(either) > 0 {
		fmt.Fprintln(w, "# left out with or without them:")
		printLines(w, either)
	}
	fmt.Fprintf(w, "# %d passed, %d left out; the settings pass or set %d and leave out %d\n",
		passed, len(either)+byConfig, len(changed)-byConfig, byConfig)
}

// by names the setting that passes or sets name: the last of the
// settings' set, keep and keepMatching entries that reaches it (set
// wins, then keep, then keepMatching, as Config.Vars orders them), or
// the call's own -set.
func (r *configRun) by(name string) string {
	if _, ok := r.cfg.Set[name]; ok {
		return envrt.Set(name, r.cfg.Set[name]).String()
	}
	if slices.Contains(r.cfg.Keep, name) {
		return envrt.Keep(name).String()
	}
	for i := len(r.cfg.KeepMatching) - 1; i >= 0; i-- {
		if p := envimpl.CompileGlob(r.cfg.KeepMatching[i]); p.Match(name, true) {
			return envrt.KeepMatching(r.cfg.KeepMatching[i]).String()
		}
	}
	return "the call's -set"
}

// droppedBy names the setting that takes out name, which the task itself
// set: the last of the settings' drop patterns that matches it, or the
// call's own -unset.
func (r *configRun) droppedBy(name string) string {
	for i := len(r.cfg.Drop) - 1; i >= 0; i-- {
		if p := envimpl.CompileGlob(r.cfg.Drop[i]); p.Match(name, true) {
			return envrt.Drop(r.cfg.Drop[i]).String()
		}
	}
	return "the call's -unset"
}

// mode is a task's mode as explain's headers write it.
func mode(t *gen.TaskPlan) string {
	m := "isolated"
	if t.Inherit {
		m = "inherit"
	}
	if t.DropInjection {
		m += ", dropInjection"
	}
	return m
}
