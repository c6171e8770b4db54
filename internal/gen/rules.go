package gen

import (
	"strings"

	envrt "github.com/envgen/envgen/runtime"
)

// rules applies SPEC's semantics to one name at generate time, so that the
// generated tables hold each decision instead of the rules behind it.
type rules struct {
	secrets   secretSet
	essential map[string]bool
	pass      map[string]bool
}

// newRules gathers the policy-wide rules of p.
func newRules(p *policy) *rules {
	r := &rules{secrets: secretMatcher(p), essential: map[string]bool{}, pass: map[string]bool{}}
	for _, e := range p.Essentials {
		r.essential[e] = true
	}
	for _, s := range p.Pass {
		r.pass[s] = true
	}
	return r
}

// secret reports whether name is a secret before exemptions.
func (r *rules) secret(name string) bool {
	_, ok := r.secrets.caseless(name)
	return ok
}

// note says what the policy says of a spelling, for the table's comments.
func (r *rules) note(name string) string {
	var notes []string
	if r.essential[name] {
		notes = append(notes, "essential")
	}
	if by, ok := r.secrets.caseless(name); ok {
		if by == name {
			notes = append(notes, "secret")
		} else {
			notes = append(notes, "secret by "+by)
		}
	}
	if r.pass[name] {
		notes = append(notes, "pass")
	}
	return strings.Join(notes, ", ")
}

// taskRules are the rules of one task.
type taskRules struct {
	*rules
	t                            *task
	exact, negated, unset        map[string]bool
	patterns, negations, unsetPs envrt.Patterns
}

// forTask adds task t's own rules.
func (r *rules) forTask(t *task) *taskRules {
	set := func(names []string) map[string]bool {
		m := map[string]bool{}
		for _, n := range names {
			m[n] = true
		}
		return m
	}
	compile := compilePatterns
	return &taskRules{rules: r, t: t,
		exact: set(t.Exact), negated: set(t.NegExact), unset: set(t.UnsetExact),
		patterns: compile(t.Patterns), negations: compile(t.NegPatterns), unsetPs: compile(t.UnsetPatterns)}
}

// keep reports whether the task passes an inherited name spelled name,
// whose spellings in the policy are key (ASCII case aside) and which is a
// secret before exemptions if secret is set, comparing names exactly, or
// ASCII case-insensitively when fold is set (Windows). It is
// SPEC's layers 1 and 2 for an isolated task, and the secret and unset
// filters for an inherit task:
//   - a name is a secret if it matches a secret name or pattern ignoring
//     ASCII case, unless secrets.pass or the task's exact passThrough names
//     it, spelled exactly so;
//   - on Windows, a rule that names one spelling names them all, except
//     for those exemptions;
//   - an isolated task's dropInjection drops the injection list unless
//     its exact passThrough names list that spelling exactly.
func (tr *taskRules) keep(key []string, name string, secret, fold bool) bool {
	var exempt, essential, listed, negated, unset bool
	for _, s := range key {
		exact := s == name
		if !exact && !fold {
			continue
		}
		exempt = exempt || exact && (tr.pass[s] || tr.exact[s])
		essential = essential || tr.essential[s]
		listed = listed || tr.exact[s]
		negated = negated || tr.negated[s]
		unset = unset || tr.unset[s]
	}
	secret = secret && !exempt
	if tr.t.Inherit {
		return !secret && !unset && !tr.unsetPs.Match(name, fold)
	}
	if negated || tr.negations.Match(name, fold) {
		return false
	}
	// An isolated task's unset is dropInjection's list: it drops a name
	// from both layers unless passThrough lists this exact spelling.
	if (unset || tr.unsetPs.Match(name, fold)) && !tr.exact[name] {
		return false
	}
	// An essential can be a secret only where secrets.pass exempts it,
	// and then only spelled exactly so: other spellings fail closed.
	return !secret && (essential || listed || tr.patterns.Match(name, fold))
}

// keepsFunction reports whether the task passes an inherited entry
// spelled name even when its value starts with "()", which dropInjection
// drops: in an isolated task, an exact passThrough name spelled so.
func (tr *taskRules) keepsFunction(name string) bool {
	return !tr.t.Inherit && tr.t.DropInjection && tr.exact[name]
}
