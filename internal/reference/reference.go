package reference

import (
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/runtime/secretvalue"
)

// refPathListSeparator joins PATH directories, as the generated code does
// on this OS (also when a test runs Windows' name rules elsewhere).
const refPathListSeparator = os.PathListSeparator

// Override is one call-site override: envrt.Set(Name, Value), or
// envrt.Unset(Name) when Unset is true, or the run-time refinement Op
// names (Name is then the name or pattern it takes).
type Override struct {
	Name, Value string
	Unset       bool
	Op          Refinement
}

// Refinement is a run-time refinement of a compiled policy; the zero
// Refinement is none (a Set or an Unset).
type Refinement int

// The run-time refinements (docs/semantics.md, "Run-time refinements").
const (
	Keep         Refinement = iota + 1 // envrt.Keep(Name)
	DropMatching                       // envrt.Drop(Name)
	KeepMatching                       // envrt.KeepMatching(Name)
)

// Entry is one entry of a built environment and the layer that gave
// it its value.
type Entry struct {
	Name, Value string
	// From is the layer that set the value.
	From Source
	// Over is the From of the value this one replaced in place, or the
	// zero Source.
	Over Source
}

// Drop is one name, environ entry or override that did not reach the
// output, and why.
type Drop struct {
	Name string
	Why  Reason
}

// Result is what the reference builds for one call: the environment in
// output order, and what was left out on the way.
type Result struct {
	Env     []Entry
	Dropped []Drop
}

// Environ returns r's environment as NAME=value entries, in order.
func (r Result) Environ() []string {
	out := make([]string, 0, len(r.Env))
	for _, e := range r.Env {
		out = append(out, e.Name+"="+e.Value)
	}
	return out
}

// Build builds the environment that task t of policy p gives a child
// from environ, params (by parameter name; a missing one is empty) and
// the call's overrides, following docs/semantics.md and the
// choices the README documents where it is silent. fold selects
// Windows' rules: names compare ASCII case-insensitively.
func Build(p *policy.Policy, t *policy.Task, environ []string, params map[string]string, overrides []Override, fold bool) Result {
	var r Result
	out := refOutput{fold: fold, at: map[string]int{}}
	values := newRefValues(p)

	// Layers 1 and 2 (isolated), or the inherit filter: each environ
	// entry in order. The first entry of a name decides for that name,
	// whether it is kept or not (rule 2; on Windows, later spellings are
	// the same name).
	seen := map[string]bool{}
	for _, entry := range environ {
		name, value, ok := Split(entry)
		if !ok {
			r.Dropped = append(r.Dropped, Drop{entry, Reason{Kind: Malformed}})
			continue
		}
		key := Key(name, fold)
		if seen[key] {
			r.Dropped = append(r.Dropped, Drop{name, Reason{Kind: Duplicate}})
			continue
		}
		seen[key] = true
		from, why := refClassify(p, t, values, name, value, fold)
		if why.Kind != 0 {
			r.Dropped = append(r.Dropped, Drop{name, why})
			continue
		}
		out.put(name, value, from)
	}

	// Layer 3: defines, in order. One whose parameter holds NUL cannot
	// be carried by exec and is skipped, leaving the lower layer.
	for _, d := range t.Defines {
		value := refFill(p, t, values, d.Value, params, environ, fold)
		if strings.IndexByte(value, 0) >= 0 {
			r.Dropped = append(r.Dropped, Drop{d.Name, Reason{Kind: DefineSkipped}})
			continue
		}
		out.put(d.Name, value, Source{Kind: Defined})
	}

	// Layer 4: the call's overrides, in order; the last for a name wins.
	for _, o := range overrides {
		switch {
		case o.Op != 0:
			refRefine(p, t, values, &out, &r, o, environ, fold)
		case o.Name == "" || strings.ContainsAny(o.Name, "=\x00"):
			r.Dropped = append(r.Dropped, Drop{o.Name, Reason{Kind: OverrideBadName}})
		case o.Unset: // an Unset has no value
			if out.unset(o.Name) {
				r.Dropped = append(r.Dropped, Drop{o.Name, Reason{Kind: UnsetByCall}})
			}
		case strings.IndexByte(o.Value, 0) >= 0:
			r.Dropped = append(r.Dropped, Drop{o.Name, Reason{Kind: OverrideNUL}})
		default:
			out.put(o.Name, o.Value, Source{Kind: Overridden})
		}
	}

	// Layer 5: binPaths in front of PATH (the environment's PATH if the
	// filter above kept it: one dropped as a secret by value is not
	// there, and PATH is then the directories alone). A directory is skipped when it
	// is empty, holds NUL, repeats an earlier one, or is built from a
	// parameter or ${NAME} that reads empty ("{projectDir}/bin" with no
	// projectDir is not "/bin").
	var dirs []string
	for _, segs := range t.BinPaths {
		dir := refFill(p, t, values, segs, params, environ, fold)
		if dir == "" || strings.IndexByte(dir, 0) >= 0 || refContains(dirs, dir) || refReadsEmpty(p, t, values, segs, params, environ, fold) {
			continue
		}
		dirs = append(dirs, dir)
	}
	if len(dirs) > 0 {
		joined := strings.Join(dirs, string(refPathListSeparator))
		name, value := "PATH", joined
		if i, ok := out.at[Key("PATH", fold)]; ok && out.list[i].present {
			name = out.list[i].Name // PATH keeps the spelling it has (Path on Windows)
			if old := out.list[i].Value; old != "" {
				value = joined + string(refPathListSeparator) + old
			}
		}
		out.put(name, value, Source{Kind: PATHPrefix})
	}

	for _, e := range out.list {
		if e.present {
			r.Env = append(r.Env, e.Entry)
		}
	}
	return r
}

// refRefine applies the run-time refinement o to out, recording what it
// leaves out in r.
func refRefine(p *policy.Policy, t *policy.Task, values *refValues, out *refOutput, r *Result, o Override, environ []string, fold bool) {
	valid := policy.IsName(o.Name) || policy.IsPattern(o.Name)
	switch o.Op {
	case Keep:
		// The first entry spelled exactly so, secret or not.
		if !policy.IsName(o.Name) {
			r.Dropped = append(r.Dropped, Drop{o.Name, Reason{Kind: OverrideBadName}})
			return
		}
		for _, entry := range environ {
			if name, value, ok := Split(entry); ok && name == o.Name {
				out.put(name, value, Source{Kind: Kept, By: o.Name})
				return
			}
		}
	case DropMatching:
		// Every entry so far that the pattern matches, ASCII case aside;
		// every entry so far when the pattern is not one.
		for i := range out.list {
			if slot := &out.list[i]; slot.present && (!valid || Match(o.Name, slot.Name, true)) {
				slot.present = false
				r.Dropped = append(r.Dropped, Drop{slot.Name, Reason{Kind: DroppedByCall, By: o.Name}})
			}
		}
	case KeepMatching:
		// The first entry of each name the pattern matches, if the task
		// would pass it had its passThrough that pattern.
		if !valid {
			r.Dropped = append(r.Dropped, Drop{o.Name, Reason{Kind: OverrideBadName}})
			return
		}
		widened := *t
		widened.Patterns = append(slices.Clip(t.Patterns), o.Name)
		seen := map[string]bool{}
		for _, entry := range environ {
			name, value, ok := Split(entry)
			if !ok || seen[Key(name, fold)] {
				continue
			}
			seen[Key(name, fold)] = true
			if !Match(o.Name, name, fold) {
				continue
			}
			if _, why := refClassify(p, &widened, values, name, value, fold); why.Kind == 0 {
				out.put(name, value, Source{Kind: Kept, By: o.Name})
			}
		}
	}
}

// refOutput is the environment being built: entries in output order, each
// name in one place. An entry the call unsets keeps its place, so a later
// Set of that name puts it back where it was.
type refOutput struct {
	fold bool
	list []refSlot
	at   map[string]int // refKey of a name → its index in list
}

// refSlot is a place in the output: an entry, or a name unset by the call.
type refSlot struct {
	Entry
	present bool
}

// put sets name to value: in place, with this spelling, if the output has
// a place for the name; else at the end.
func (o *refOutput) put(name, value string, from Source) {
	key := Key(name, o.fold)
	if i, ok := o.at[key]; ok {
		var over Source
		if o.list[i].present {
			over = o.list[i].From
		}
		o.list[i] = refSlot{Entry{name, value, from, over}, true}
		return
	}
	o.at[key] = len(o.list)
	o.list = append(o.list, refSlot{Entry{name, value, from, Source{}}, true})
}

// unset removes name from the output, reporting whether it was there.
func (o *refOutput) unset(name string) bool {
	i, ok := o.at[Key(name, o.fold)]
	if !ok || !o.list[i].present {
		return false
	}
	o.list[i].present = false
	return true
}

// refClassify decides whether an inherited entry reaches the child. It
// returns the layer that keeps it, or why it is left out.
func refClassify(p *policy.Policy, t *policy.Task, values *refValues, name, value string, fold bool) (from Source, why Reason) {
	secretBy := refSecretBy(p, t, name)
	if t.Inherit {
		if t.DropInjection {
			if why, ok := refInjection(name, value, fold); ok {
				return Source{}, why
			}
		}
		if by, ok := refMatchAny(t.UnsetExact, t.UnsetPatterns, name, fold); ok {
			return Source{}, Reason{Kind: Unset, By: by}
		}
		if secretBy != "" {
			return Source{}, Reason{Kind: Secret, By: secretBy}
		}
		if why, ok := values.secret(p, t, name, value); ok {
			return Source{}, why
		}
		if refContains(t.Exact, name) {
			return Source{PassThroughName, name}, Reason{}
		}
		return Source{Kind: Inherited}, Reason{}
	}

	// Isolated: a negation removes a name from layers 1 and 2 alike.
	if by, ok := refMatchAny(t.NegExact, t.NegPatterns, name, fold); ok {
		return Source{}, Reason{Kind: Negated, By: by}
	}
	switch {
	case refContainsFold(p.Essentials, name, fold):
		from = Source{Kind: Essential}
	case refContainsFold(t.Exact, name, fold):
		from = Source{PassThroughName, name}
	default:
		for _, pat := range t.Patterns {
			if Match(pat, name, fold) {
				from = Source{PassThroughPattern, pat}
				break
			}
		}
	}
	if from.Kind == NoSource {
		return Source{}, Reason{Kind: NotDeclared}
	}
	// dropInjection drops an injection variable however the layers
	// declared it, unless passThrough lists this exact spelling: an
	// exemption, like a secret's, matches exactly.
	if t.DropInjection && !refContains(t.Exact, name) {
		if why, ok := refInjection(name, value, fold); ok {
			return Source{}, why
		}
	}
	// Whatever declared it, a secret is dropped unless this exact
	// spelling is exempt (rule 3: both fail closed).
	if secretBy != "" {
		return Source{}, Reason{Kind: Secret, By: secretBy}
	}
	// Likewise a secret by value: neither an essential nor a pattern
	// passes it, only an exact exemption.
	if why, ok := values.secret(p, t, name, value); ok {
		return Source{}, why
	}
	return from, Reason{}
}

// refValues is a policy's value detection (secrets.values and
// secrets.valuePrefixes). Package secretvalue says whether a value holds
// a credential, and of which family and in what form (its own tests hold
// it to its corpora); which entries that drops is decided here.
type refValues struct {
	on       bool
	detector *secretvalue.Detector
}

// newRefValues returns p's value detection.
func newRefValues(p *policy.Policy) *refValues {
	return &refValues{on: p.Values, detector: detectorFor(p.ValuePrefixes)}
}

// detectors holds the detector of each list of value prefixes met so
// far, by the list joined with newlines (prefixes are printable ASCII):
// making one builds its prefix index, a quarter of a differential test's
// time when each Build made its own, and the tests build with a few lists.
var detectors sync.Map

// detectorFor returns the detector of prefixes, made at its first use.
func detectorFor(prefixes []string) *secretvalue.Detector {
	key := strings.Join(prefixes, "\n")
	d, ok := detectors.Load(key)
	if !ok {
		d, _ = detectors.LoadOrStore(key, secretvalue.New(prefixes...))
	}
	return d.(*secretvalue.Detector)
}

// secret reports whether environ's entry name=value is a secret by value
// for task t, and why: value detection is on, the detectors report the
// value, and neither secrets.pass nor t's passThrough names lists this
// exact spelling of the name (an exemption matches exactly, as for
// secrets by name); a passThrough name that only a built-in preset lists
// exempts no value.
func (v *refValues) secret(p *policy.Policy, t *policy.Task, name, value string) (why Reason, ok bool) {
	preset, builtin := t.BuiltinPass[name] // a built-in preset exempts no value
	if !v.on || refContains(p.Pass, name) || refContains(t.Exact, name) && !builtin {
		return Reason{}, false
	}
	found, ok := v.detector.Find(value)
	if !ok {
		return Reason{}, false
	}
	why = Reason{Kind: SecretValue, By: found.Family, Form: found.Form, ValuePrefix: found.Prefix}
	if builtin {
		why.BuiltinPreset = preset
	}
	return why, true
}

// IsSecretValue is the generated IsSecretValue: whether p's value
// detection is on and reports value.
func IsSecretValue(p *policy.Policy, value string) bool {
	if !p.Values {
		return false
	}
	return secretvalue.New(p.ValuePrefixes...).Contains(value)
}

// refSecretBy returns the secret name or pattern that makes name a
// secret of task t (rule 4: the policy's secrets, compared ASCII
// case-insensitively, less the exact spellings in secrets.pass and in
// t's passThrough names), or "" if name is none.
func refSecretBy(p *policy.Policy, t *policy.Task, name string) string {
	if refContains(p.Pass, name) || refContains(t.Exact, name) {
		return ""
	}
	return SecretCaseless(p, name)
}

// SecretCaseless returns the secret name or pattern that name matches
// ASCII case-insensitively, before any exemption, or "".
func SecretCaseless(p *policy.Policy, name string) string {
	for _, s := range p.SecretNames {
		if Key(s, true) == Key(name, true) {
			return s
		}
	}
	for _, pat := range p.SecretPatterns {
		if Match(pat, name, true) {
			return pat
		}
	}
	return ""
}

// IsSecret is the generated IsSecret: the policy-wide secret set, that
// is rule 4 without a task.
func IsSecret(p *policy.Policy, name string) bool {
	return !refContains(p.Pass, name) && SecretCaseless(p, name) != ""
}

// Secrets is the generated Secrets: the secret names not exempted by
// secrets.pass, and the secret patterns, sorted and without repeats.
func Secrets(p *policy.Policy) []string {
	set := map[string]bool{}
	for _, n := range p.SecretNames {
		if !refContains(p.Pass, n) {
			set[n] = true
		}
	}
	for _, pat := range p.SecretPatterns {
		set[pat] = true
	}
	var out []string
	for s := range set {
		out = append(out, s)
	}
	refSort(out)
	return out
}

// refInjection reports whether an inherited entry is an injection
// variable: its name matches the built-in injection list (compared like
// names), or its value starts with "()", as an old-style bash exported
// function's does.
func refInjection(name, value string, fold bool) (why Reason, ok bool) {
	for _, b := range policy.BuiltinInjection {
		if Match(b.Name, name, fold) {
			return Reason{Kind: Injection, By: b.Name}, true
		}
	}
	if strings.HasPrefix(value, policy.BashFunctionPrefix) {
		return Reason{Kind: BashFunction}, true
	}
	return Reason{}, false
}

// refMatchAny returns the first of names (compared like names) or
// patterns that matches name.
func refMatchAny(names, patterns []string, name string, fold bool) (by string, ok bool) {
	for _, n := range names {
		if Key(n, fold) == Key(name, fold) {
			return n, true
		}
	}
	for _, pat := range patterns {
		if Match(pat, name, fold) {
			return pat, true
		}
	}
	return "", false
}

// Split splits an os.Environ entry (rule 1): the name ends at the
// first '=' after the first byte. ok is false for an entry with no such
// '=' or with a NUL byte anywhere.
func Split(entry string) (name, value string, ok bool) {
	if strings.IndexByte(entry, 0) >= 0 {
		return "", "", false
	}
	for i := 1; i < len(entry); i++ {
		if entry[i] == '=' {
			return entry[:i], entry[i+1:], true
		}
	}
	return "", "", false
}

// Match reports whether name matches pattern, where '*' matches any run
// of bytes, possibly empty, and every other byte matches itself (ASCII
// case aside when fold is set). A pattern without '*' matches only an
// equal name. It fills the usual dynamic-programming table:
// m[i][j] says whether pattern[:i] matches name[:j].
func Match(pattern, name string, fold bool) bool {
	m := make([][]bool, len(pattern)+1)
	for i := range m {
		m[i] = make([]bool, len(name)+1)
	}
	m[0][0] = true
	for i := 1; i <= len(pattern); i++ {
		c := pattern[i-1]
		for j := 0; j <= len(name); j++ {
			if c == '*' {
				m[i][j] = m[i-1][j] || j > 0 && m[i][j-1]
			} else {
				m[i][j] = j > 0 && m[i-1][j-1] && Key(pattern[i-1:i], fold) == Key(name[j-1:j], fold)
			}
		}
	}
	return m[len(pattern)][len(name)]
}

// Key is the key under which names compare: the name itself, or with
// fold its ASCII letters upper-cased (Windows; secret detection).
func Key(name string, fold bool) string {
	if !fold {
		return name
	}
	b := []byte(name)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// refContains reports whether list holds s exactly.
func refContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// refContainsFold reports whether list holds name, compared like names.
func refContainsFold(list []string, name string, fold bool) bool {
	for _, x := range list {
		if Key(x, fold) == Key(name, fold) {
			return true
		}
	}
	return false
}

// refFill resolves a value of task t's with params (a missing parameter
// is empty) and ${NAME} references: NAME's value in the first entry of
// environ that has it (names compared as the task compares them) and that
// exec could carry, or empty. A reference never reads a value the task
// drops as a secret: when that first entry's name, spelled as the entry
// spells it, is a secret of t (rule 4, exemptions exact), the reference
// is empty, as it is when no entry has the name; so it is when the task
// drops that entry as a secret by value (its value looks like a
// credential, and no exact exemption keeps it). Other drops do not
// count: the policy author named the variable.
func refFill(p *policy.Policy, t *policy.Task, values *refValues, segs []policy.Segment, params map[string]string, environ []string, fold bool) string {
	s := ""
	for _, seg := range segs {
		if seg.Param != "" {
			s += params[seg.Param]
		} else if seg.Env != "" {
			for _, entry := range environ {
				if name, value, ok := Split(entry); ok && Key(name, fold) == Key(seg.Env, fold) {
					if _, byValue := values.secret(p, t, name, value); refSecretBy(p, t, name) == "" && !byValue {
						s += value
					}
					break
				}
			}
		} else {
			s += seg.Lit
		}
	}
	return s
}

// refReadsEmpty reports whether one of segs' parameters or environment
// references fills in as "".
func refReadsEmpty(p *policy.Policy, t *policy.Task, values *refValues, segs []policy.Segment, params map[string]string, environ []string, fold bool) bool {
	for _, seg := range segs {
		if (seg.Param != "" || seg.Env != "") && refFill(p, t, values, []policy.Segment{seg}, params, environ, fold) == "" {
			return true
		}
	}
	return false
}

// refSort sorts list by bytes, with insertion sort: slow and plain.
func refSort(list []string) {
	for i := 1; i < len(list); i++ {
		for j := i; j > 0 && list[j] < list[j-1]; j-- {
			list[j], list[j-1] = list[j-1], list[j]
		}
	}
}
