package gen

import "github.com/envgen/envgen/internal/policy"
import "strings"

// rules applies SPEC's semantics to one name at generate time, so that the
// generated tables hold each decision instead of the rules behind it.
type rules struct {
	secrets   policy.SecretSet
	essential map[string]bool
	pass      map[string]bool
}

// newRules gathers the policy-wide rules of p.
func newRules(p *policy.Policy) *rules {
	return &rules{secrets: policy.SecretMatcher(p), essential: policy.SetOf(p.Essentials), pass: policy.SetOf(p.Pass)}
}

// note says what the policy says of a spelling, for the table's comments;
// by is the secret name or pattern that the name matches, "" if none.
func (r *rules) note(name, by string) string {
	var notes []string
	if r.essential[name] {
		notes = append(notes, "essential")
	}
	switch by {
	case "":
	case name:
		notes = append(notes, "secret")
	default:
		notes = append(notes, "secret by "+by)
	}
	if r.pass[name] {
		notes = append(notes, "pass")
	}
	return strings.Join(notes, ", ")
}

// nameFacts are what a policy and one task say of an inherited name
// spelled one way: what SPEC's layers 1 and 2 (isolated task) and the
// secret and unset filters (inherit task) decide it by. Names compare
// exactly, or, on Windows, ASCII case-insensitively: then a rule that
// names one spelling names them all, except for the exemptions.
type nameFacts struct {
	// secret: the name matches a secret name or pattern, ASCII case
	// aside; exempt: secrets.pass or the task's exact passThrough names
	// it spelled exactly so, which makes it no secret for the task.
	secret, exempt bool
	// By name: an essential, in passThrough, negated (!NAME), in unset.
	essential, listed, negated, unset bool
	// By pattern: passThrough, negation, unset.
	passed, negMatched, unsetMatched bool
	// listedExactly: the task's exact passThrough names this spelling
	// exactly, which beats an isolated task's dropInjection.
	listedExactly bool
}

// keep reports whether a task, inherit or isolated, passes a name with
// facts f. Secret detection ignores case while exemptions do not, so both
// fail closed.
func keep(inherit bool, f nameFacts) bool {
	secret := f.secret && !f.exempt
	if inherit {
		return !secret && !f.unset && !f.unsetMatched
	}
	if f.negated || f.negMatched {
		return false
	}
	// An isolated task's unset is dropInjection's list: it drops a name
	// from both layers unless passThrough lists this exact spelling.
	if (f.unset || f.unsetMatched) && !f.listedExactly {
		return false
	}
	// An essential can be a secret only where secrets.pass exempts it,
	// and then only spelled exactly so: other spellings fail closed.
	return !secret && (f.essential || f.listed || f.passed)
}
