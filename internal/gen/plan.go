package gen

import (
	"slices"

	"github.com/envgen/envgen/internal/policy"
	envrt "github.com/envgen/envgen/runtime"
)

// Plan is everything emit prints, resolved and sorted: the policy's lists
// as the runtime takes them (see envrt.Policy and envrt.Task), which
// compiles them into tables at a task's first call.
type Plan struct {
	Package string
	Source  string // the policy file's base name, for the header
	// The policy-wide lists, each sorted (see envrt.Policy): Essentials
	// only if some task is isolated, Injection only if some task drops
	// it.
	Essentials, Secrets, Pass, Injection []string
	Tasks                                []TaskPlan
	// EssentialsNote says, for the isolated builders' comments, what "the
	// essentials" are.
	EssentialsNote EssentialsNote
	// Prefix starts every generated identifier; SharedParams and
	// HasSharedParams are the policy's params (see policy.Policy).
	Prefix          string
	SharedParams    []string
	HasSharedParams bool
	// Values is the policy's value detection (see emitvalues.go).
	Values ValuePlan

	checked *policy.Policy
}

// internal returns the name of a policy-wide unexported identifier:
// "envgen", the prefix, then name, so that two policies with their own
// prefixes share a package.
func (pl *Plan) internal(name string) string { return "envgen" + pl.Prefix + name }

// TaskPlan is one task's builder: the checked task plus its lists as the
// runtime takes them.
type TaskPlan struct {
	policy.Task
	// PassThrough: exact names (less those only built-in presets list,
	// which are in BuiltinPass), then patterns, then negations ("!"),
	// each part sorted; Unset: the task's own names, then patterns, less
	// the injection list that DropInjection adds.
	PassThrough, Unset []string
}

// MakePlan resolves a checked policy into lists.
func MakePlan(p *policy.Policy, pkg, source string) *Plan {
	pl := &Plan{Package: pkg, Source: source, checked: p,
		EssentialsNote: EssentialsNote{Builtin: p.EssentialsBuiltin, Extra: p.EssentialsExtra},
		Prefix:         p.Prefix, SharedParams: p.SharedParams, HasSharedParams: p.HasSharedParams,
		Secrets: sortedUnique(append(slices.Clip(p.SecretNames), p.SecretPatterns...)),
		Pass:    sortedUnique(p.Pass), Values: PlanValues(p)}
	var injection []string
	for _, b := range policy.BuiltinInjection {
		injection = append(injection, b.Name)
	}
	for _, t := range p.Tasks {
		tp := TaskPlan{Task: t}
		builtin := policy.SetOf(t.BuiltinPass)
		own := slices.DeleteFunc(slices.Clone(t.Exact), func(n string) bool { return builtin[n] })
		tp.PassThrough = append(sortedUnique(own), sortedUnique(t.Patterns)...)
		for _, n := range append(sortedUnique(t.NegExact), sortedUnique(t.NegPatterns)...) {
			tp.PassThrough = append(tp.PassThrough, "!"+n)
		}
		unset := append(sortedUnique(t.UnsetExact), sortedUnique(t.UnsetPatterns)...)
		if t.DropInjection {
			pl.Injection = injection
			unset = slices.DeleteFunc(unset, func(n string) bool { return slices.Contains(injection, n) })
		}
		if !t.Inherit {
			pl.Essentials = p.Essentials
			unset = nil // an isolated task's unset is the injection list alone
		}
		tp.Unset = unset
		pl.Tasks = append(pl.Tasks, tp)
	}
	pl.Essentials = sortedUnique(pl.Essentials)
	pl.Injection = sortedUnique(pl.Injection)
	return pl
}

// Tables returns the runtime values the generated code for pl holds: the
// policy's, and each task's in the order of pl.Tasks. They let a policy
// run in process, without compiling Go (see package gentest).
func (pl *Plan) Tables() (*envrt.Policy, []*envrt.Task) {
	rp := &envrt.Policy{Essentials: pl.Essentials, Secrets: pl.Secrets, Pass: pl.Pass, Injection: pl.Injection,
		SecretValues: !pl.Values.Off, ValuePrefixes: pl.Values.Prefixes}
	var tasks []*envrt.Task
	for _, t := range pl.Tasks {
		tasks = append(tasks, &envrt.Task{Policy: rp, Inherit: t.Inherit, PassThrough: t.PassThrough, BuiltinPassThrough: t.BuiltinPass, Unset: t.Unset, DropInjection: t.DropInjection})
	}
	return rp, tasks
}

// mostInherited returns how many entries of environ an isolated task
// without passThrough patterns can keep at most: one per name it lists
// or the essentials list (the output never holds a name twice).
// pl.Essentials is sorted.
func (pl *Plan) mostInherited(t TaskPlan) (int, bool) {
	if t.Inherit || len(t.Patterns) > 0 {
		return 0, false
	}
	n := len(pl.Essentials)
	for _, name := range t.Exact {
		if _, found := slices.BinarySearch(pl.Essentials, name); !found {
			n++
		}
	}
	return n, true
}

// EnvReference is how a generated builder reads one ${NAME}: with
// Task.Getenv, or, when NAME is a secret before exemptions, with
// Task.GetenvExempt and the spellings of NAME that the task exempts:
// those that secrets.pass or its exact passThrough names list. On Windows
// another spelling of NAME is a secret the task drops, and a reference
// never reads what the task drops as a secret.
type EnvReference struct {
	Name   string
	Secret bool     // NAME is a secret, ASCII case aside, before exemptions
	Exempt []string // with Secret: the spellings the task exempts, sorted
}

// EnvReferences works out a task's EnvReferences.
type EnvReferences struct {
	task    string // the Go name of the task's envrt.Task, which reads them
	secrets policy.SecretSet
	exempt  []string // secrets.pass and the task's exact passThrough names
}

// NewEnvReferences returns the references of task t of policy p.
func NewEnvReferences(p *policy.Policy, t policy.Task) *EnvReferences {
	return &EnvReferences{secrets: policy.SecretMatcher(p), exempt: sortedUnique(append(slices.Clip(p.Pass), t.Exact...))}
}

// Of returns how the task reads ${name}.
func (r *EnvReferences) Of(name string) EnvReference {
	ref := EnvReference{Name: name}
	if by, _ := r.secrets.Caseless(name); by == "" {
		return ref
	}
	ref.Secret = true
	for _, e := range r.exempt {
		if policy.FoldKey(e) == policy.FoldKey(name) {
			ref.Exempt = append(ref.Exempt, e)
		}
	}
	return ref
}

// sortedUnique returns a sorted copy of list without repeats.
func sortedUnique(list []string) []string {
	return slices.Compact(slices.Sorted(slices.Values(list)))
}
