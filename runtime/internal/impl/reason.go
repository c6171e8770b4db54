package impl

import (
	"slices"
	"strings"

	"github.com/envgen/envgen/runtime/internal/glob"
)

// This file says why a call left out an entry, for Report and Observe:
// from the task's lists as the policy file gives them (Task, Policy), the
// facts its tables hold, and the call's defines and overrides replayed in
// order. It runs only for an entry that the result lacks.

// reasoner answers for one call: task t, whose tables are c, over environ.
type reasoner struct {
	c       *taskTables
	t       *Task
	environ []string
	builtin int8 // whether the policy holds the whole built-in secret list: 0 not known yet, 1 yes, -1 no
}

// why returns the rule that left out environ's first entry of name, whose
// value is value: the filter's, unless a define or override brought the
// name back, and then the override that took it out again.
func (r *reasoner) why(name, value string, defines []string, overrides []Var) string {
	fold := r.c.fold
	reason := r.filter(name, value, 0)
	present := reason == ""
	for _, d := range defines {
		present = present || strings.IndexByte(d, 0) < 0 && glob.Equal(nameOf(d), name, fold)
	}
	for _, v := range overrides {
		valid := v.problem() == ""
		switch {
		case v.op == opDrop:
			if present && (!valid || matches(v.name, name, true)) {
				present, reason = false, v.String()
				if !valid {
					reason += ", invalid, which leaves out every entry"
				}
			}
		case !valid:
		case v.op == opUnset:
			if present && glob.Equal(v.name, name, fold) {
				present, reason = false, v.String()
			}
		case v.op == opSet:
			present = present || glob.Equal(v.name, name, fold)
		case v.op == opKeep:
			if _, n := firstEntry(r.environ, v.name, false); n != "" && glob.Equal(n, name, fold) {
				present = true
			}
		case v.op == opKeepMatching:
			if !present && matches(v.name, name, fold) {
				if reason = r.filter(name, value, isMatched); reason == "" {
					present = true
				}
			}
		}
	}
	if reason == "" { // the result lacks the name all the same
		return "left out by the call"
	}
	return reason
}

// filter returns the rule by which the task's filter leaves out an
// inherited entry name=value, or "" if it passes it; extra is isMatched
// for KeepMatching, which passes what a passThrough pattern would. It
// follows taskTables.rules, then dropsValue.
func (r *reasoner) filter(name, value string, extra uint16) string {
	c, t := r.c, r.t
	exact, folded := c.spelled(name, hashName(name))
	exact, folded = exact|extra, folded|extra
	named := exact
	if c.fold {
		named = folded
	}
	listed := !c.inherit && exact&isListed != 0 // an isolated task's exact name passes what dropInjection drops
	switch {
	case !c.inherit && named&(isEssential|isListed|isMatched) == 0:
		return "not in the task's allowlist"
	case folded&isSecret != 0 && exact&(isPass|isListed) == 0:
		return r.secret(name)
	case !c.inherit && named&isNegated != 0:
		return "negated in passThrough: !" + first(negations(t.PassThrough), name, c.fold)
	case named&isUnset != 0 && !listed:
		return "unset by the task: " + first(t.Unset, name, c.fold)
	case c.dropInjection && named&isInjection != 0 && !listed:
		return "injection variable: " + first(t.Policy.Injection, name, c.fold) + " (dropInjection)"
	case !c.checksValues || !c.dropsValue(name, value, true):
		return ""
	case c.dropInjection && strings.HasPrefix(value, "()") && (c.inherit || exact&isListed == 0):
		return "its value is a bash function (dropInjection)"
	}
	f, _ := c.values.Find(value)
	if f.Prefix != "" {
		return "its value holds a prefix of secrets.valuePrefixes"
	}
	article := "a "
	if strings.IndexByte("AEIOaeio", f.Family[0]) >= 0 {
		article = "an "
	}
	return "its value holds " + article + f.Family
}

// secret returns the reason for a secret by name: the first entry of the
// policy's secrets that matches it, an exact name before a pattern, and
// where that comes from: the built-in list, when the policy holds all of
// it and the entry is one of it, else secrets.extra.
func (r *reasoner) secret(name string) string {
	p := r.t.Policy
	entry := first(p.Secrets, name, true)
	if r.builtin == 0 {
		holds := map[string]bool{}
		for _, s := range p.Secrets {
			holds[s] = true
		}
		r.builtin = 1
		for _, s := range builtinSecrets {
			if !holds[s] {
				r.builtin = -1
			}
		}
	}
	if r.builtin > 0 && slices.Contains(builtinSecrets, entry) {
		return "secret by name: " + entry + " (built in)"
	}
	return "secret by name: " + entry + " (secrets.extra)"
}

// first returns the first exact name of list equal to name, else the
// first pattern of list that matches it, compared as fold says.
func first(list []string, name string, fold bool) string {
	for _, s := range list {
		if strings.IndexByte(s, '*') < 0 && glob.Equal(s, name, fold) {
			return s
		}
	}
	for _, s := range list {
		if strings.IndexByte(s, '*') >= 0 && matches(s, name, fold) {
			return s
		}
	}
	return ""
}

// matches reports whether pattern matches name, ASCII case aside with
// fold.
func matches(pattern, name string, fold bool) bool {
	p := glob.Compile(pattern)
	return p.Match(name, fold)
}

// negations returns the entries of a passThrough list that negate, "!"
// cut.
func negations(list []string) []string {
	var out []string
	for _, s := range list {
		if neg, ok := strings.CutPrefix(s, "!"); ok {
			out = append(out, neg)
		}
	}
	return out
}
