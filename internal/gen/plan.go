package gen

import (
	"maps"
	"slices"
	"strings"

	"github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/runtime/envimpl"
)

// Plan is everything emit prints, resolved and sorted; emit reads nothing
// else. Its lists are the policy's as the runtime takes them (Tables),
// which the runtime compiles into look-up tables at a task's first call.
type Plan struct {
	Package string
	Source  string // the policy file's base name, for the header
	// The policy-wide lists, each in the order the runtime compiles in
	// one pass (envimpl.CompareNames; see envimpl.Policy): Essentials
	// only if some task is isolated, Injection only if some task drops
	// it. SecretExtra holds the entries of Secrets that secrets.extra
	// lists, sorted, which the generated file marks.
	Essentials, Secrets, Pass, Injection, SecretExtra []string
	// TaskNames holds the exact names the tasks' lists name, in that
	// order too, so that the runtime's one table of the policy holds
	// them.
	TaskNames []string
	Tasks     []TaskPlan
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
	// InsideRuntime: see Options.
	InsideRuntime bool
}

// internal returns the name of a policy-wide unexported identifier:
// "envgen", the prefix, then name, so that two policies with their own
// prefixes share a package.
func (pl *Plan) internal(name string) string { return "envgen" + pl.Prefix + name }

// TaskPlan is one task's builder.
type TaskPlan struct {
	Key, GoName   string
	Inherit       bool
	DropInjection bool
	Params        []string // in order of first use
	// The task's lists as the runtime takes them (see envimpl.Task):
	// PassThrough holds exact names (less those only built-in presets
	// list, which are BuiltinPassThrough), then patterns, then negations
	// ("!"), each part sorted; Unset the task's own names, then
	// patterns, less the injection list that DropInjection adds.
	PassThrough, BuiltinPassThrough, Unset []string
	// The lists as the task's section writes them, presets merged in,
	// for the builder's doc comment: passThrough's names and patterns,
	// its negations, and the task's own unset.
	Exact, Patterns, NegExact, NegPatterns, UnsetExact, UnsetPatterns []string
	Defines                                                           []DefinePlan
	BinPaths                                                          [][]Piece
}

// DefinePlan is one define: its name and its value's pieces.
type DefinePlan struct {
	Name  string
	Value []Piece
}

// Piece is one piece of a define's or a binPaths directory's value:
// literal text, a {param}, or a ${NAME} and how the builder reads it.
type Piece struct {
	policy.Segment
	Ref EnvReference // for a ${NAME}
}

// MakePlan resolves a checked policy into lists.
func MakePlan(p *policy.Policy, pkg, source string) *Plan {
	pl := &Plan{Package: pkg, Source: source,
		EssentialsNote: EssentialsNote{Builtin: p.EssentialsBuiltin, Extra: p.EssentialsExtra},
		Prefix:         p.Prefix, SharedParams: p.SharedParams, HasSharedParams: p.HasSharedParams,
		Secrets:     runtimeOrder(append(slices.Clip(p.SecretNames), p.SecretPatterns...)),
		SecretExtra: sortedUnique(p.SecretExtra),
		Pass:        runtimeOrder(p.Pass), Values: PlanValues(p)}
	injection := policy.SetOf(builtinInjection())
	for _, t := range p.Tasks {
		pl.Tasks = append(pl.Tasks, planTask(p, t, injection))
		if t.DropInjection {
			pl.Injection = builtinInjection()
		}
		if !t.Inherit {
			pl.Essentials = p.Essentials
		}
	}
	pl.Essentials = runtimeOrder(pl.Essentials)
	pl.Injection = runtimeOrder(pl.Injection)
	for _, t := range pl.Tasks {
		for _, list := range [][]string{t.PassThrough, t.BuiltinPassThrough, t.Unset} {
			for _, s := range list {
				if s = strings.TrimPrefix(s, "!"); !strings.Contains(s, "*") {
					pl.TaskNames = append(pl.TaskNames, s)
				}
			}
		}
	}
	pl.TaskNames = runtimeOrder(pl.TaskNames)
	return pl
}

// planTask resolves task t of policy p; injection is the built-in
// injection list, which DropInjection has added to its unset lists.
func planTask(p *policy.Policy, t policy.Task, injection map[string]bool) TaskPlan {
	tp := TaskPlan{Key: t.Key, GoName: t.GoName, Inherit: t.Inherit, DropInjection: t.DropInjection, Params: t.Params,
		Exact: t.Exact, Patterns: t.Patterns, NegExact: t.NegExact, NegPatterns: t.NegPatterns,
		UnsetExact: t.UnsetExact, UnsetPatterns: t.UnsetPatterns, BuiltinPassThrough: slices.Sorted(maps.Keys(t.BuiltinPass))}
	if t.DropInjection {
		own := func(n string) bool { return !injection[n] }
		tp.UnsetExact, tp.UnsetPatterns = filter(t.UnsetExact, own), filter(t.UnsetPatterns, own)
	}
	ownText := func(n string) bool {
		_, builtin := t.BuiltinPass[n]
		return !builtin
	}
	tp.PassThrough = append(sortedUnique(filter(t.Exact, ownText)), sortedUnique(t.Patterns)...)
	for _, n := range append(sortedUnique(t.NegExact), sortedUnique(t.NegPatterns)...) {
		tp.PassThrough = append(tp.PassThrough, "!"+n)
	}
	if t.Inherit { // an isolated task's unset is the injection list alone
		tp.Unset = append(sortedUnique(tp.UnsetExact), sortedUnique(tp.UnsetPatterns)...)
	}
	refs := NewEnvReferences(p, t)
	pieces := func(segs []policy.Segment) []Piece {
		out := make([]Piece, len(segs))
		for i, s := range segs {
			out[i] = Piece{Segment: s}
			if s.Env != "" {
				out[i].Ref = refs.Of(s.Env)
			}
		}
		return out
	}
	for _, d := range t.Defines {
		tp.Defines = append(tp.Defines, DefinePlan{Name: d.Name, Value: pieces(d.Value)})
	}
	for _, d := range t.BinPaths {
		tp.BinPaths = append(tp.BinPaths, pieces(d))
	}
	return tp
}

// builtinInjection returns the built-in injection list's names and
// patterns.
func builtinInjection() []string {
	var out []string
	for _, b := range policy.BuiltinInjection {
		out = append(out, b.Name)
	}
	return out
}

// filter returns the entries of list that keep reports, in a new slice.
func filter(list []string, keep func(string) bool) []string {
	var out []string
	for _, s := range list {
		if keep(s) {
			out = append(out, s)
		}
	}
	return out
}

// Tables returns the runtime values the generated code for pl holds: the
// policy's, and each task's in the order of pl.Tasks. emit prints them;
// tests run a policy in process with them, without compiling Go.
func (pl *Plan) Tables() (*envimpl.Policy, []*envimpl.Task) {
	rp := &envimpl.Policy{Essentials: pl.Essentials, Secrets: pl.Secrets, Pass: pl.Pass, Injection: pl.Injection,
		SecretValues: !pl.Values.Off, ValuePrefixes: pl.Values.Prefixes, TaskNames: pl.TaskNames}
	var tasks []*envimpl.Task
	for _, t := range pl.Tasks {
		tasks = append(tasks, &envimpl.Task{Policy: rp, Inherit: t.Inherit, PassThrough: t.PassThrough,
			BuiltinPassThrough: t.BuiltinPassThrough, Unset: t.Unset, DropInjection: t.DropInjection})
	}
	return rp, tasks
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

// runtimeOrder returns a copy of list without repeats, in the order in
// which the runtime compiles a policy's lists without sorting them.
func runtimeOrder(list []string) []string {
	return slices.Compact(slices.SortedFunc(slices.Values(list), envimpl.CompareNames))
}

// sortedUnique returns a sorted copy of list without repeats.
func sortedUnique(list []string) []string {
	return slices.Compact(slices.Sorted(slices.Values(list)))
}
