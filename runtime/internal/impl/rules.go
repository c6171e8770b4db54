package impl

import "strings"

// This file is the whole of the semantics for one name: what the lists
// say of it (its facts), and rules, which decides from them; the hot
// loop's shortcuts are held to it (shortcut_test.go).

// What a list says of a name (spelling.facts), or a pattern that matches
// it (pattern.fact).
const (
	isEssential uint16 = 1 << iota
	isSecret           // a secret name or pattern, ASCII case aside
	isPass             // in secrets.pass
	isInjection        // in the injection list
	isListed           // an exact passThrough name
	isChecked          // an exact passThrough name of BuiltinPassThrough: it exempts no value
	isMatched          // matched by a passThrough pattern
	isNegated          // a "!NAME" or "!PATTERN" of passThrough
	isUnset            // in unset
)

// spelled returns what the policy's lists and the task's say of name,
// whose hash is h, and the patterns that match it: of this spelling
// (exact) and of the name in any spelling (folded).
func (c *taskTables) spelled(name string, h uint64) (exact, folded uint16) {
	first, end := c.group(name, h)
	for i := first; i < end; i++ {
		f := c.names[i].facts | c.facts[i]
		if folded |= f; c.names[i].name == name {
			exact = f
		}
	}
	matched := c.patterns.facts(name, c.fold)
	return exact | matched, folded | matched
}

// decide reports whether the task passes an inherited entry named name,
// whose hash is h.
func (c *taskTables) decide(name string, h uint64) bool {
	return c.rules(c.spelled(name, h))
}

// rules is decide for a name of which the lists and patterns say exact
// (of this spelling) and folded (of the name in any spelling). Secret
// detection ignores case while exemptions (secrets.pass, exact
// passThrough names) match exactly, so both fail closed.
func (c *taskTables) rules(exact, folded uint16) bool {
	named := exact // what applies where names compare exactly
	if c.fold {
		named = folded
	}
	if !c.inherit && named&(isEssential|isListed|isMatched) == 0 {
		return false // no layer of an isolated task passes it
	}
	if folded&isSecret != 0 && exact&(isPass|isListed) == 0 {
		return false
	}
	unset := named&isUnset != 0 || c.dropInjection && named&isInjection != 0
	if c.inherit {
		return !unset
	}
	// dropInjection's names, unless passThrough lists this spelling
	return named&isNegated == 0 && (!unset || exact&isListed != 0)
}

// passesMatched reports whether the task would pass an inherited entry
// name=value that a passThrough pattern matches (what KeepMatching
// passes): by the task's rules for such a name, then its value checks.
func (c *taskTables) passesMatched(name, value string) bool {
	exact, folded := c.spelled(name, hashName(name))
	return c.rules(exact|isMatched, folded|isMatched) && !c.dropsValue(name, value, true)
}

// dropsValue reports whether the task drops an entry spelled name, passed
// by its name, for its value: with functions under dropInjection a bash
// function's (unless an isolated task's passThrough lists the spelling),
// with secrets.values one that looks like a credential (unless
// secrets.pass or an exact passThrough name outside BuiltinPassThrough
// does).
func (c *taskTables) dropsValue(name, value string, functions bool) bool {
	function := functions && c.dropInjection && strings.HasPrefix(value, "()")
	credential := c.values != nil && c.values.Contains(value)
	if !function && !credential {
		return false
	}
	exact, _ := c.spelled(name, hashName(name))
	exempt := exact&isPass != 0 || exact&(isListed|isChecked) == isListed
	return function && (c.inherit || exact&isListed == 0) || credential && !exempt
}
