package reference

import (
	"strings"
)

// Source is the layer that gave an entry its value, with the name or
// pattern that decided when the layer has one.
type Source struct {
	Kind SourceKind
	By   string // PassThroughName: the name; PassThroughPattern: the pattern
}

// SourceKind is a layer of the build (docs/semantics.md).
type SourceKind int

// The layers, in the order docs/semantics.md gives. The zero SourceKind is no layer: an Entry's
// Over when the entry replaced nothing.
const (
	NoSource           SourceKind = iota
	Essential                     // layer 1: the essentials (isolated)
	PassThroughName               // layer 2: passThrough names it exactly
	PassThroughPattern            // layer 2: a passThrough pattern matches it
	Inherited                     // an inherit task's filter let it through
	Defined                       // layer 3: define
	Overridden                    // layer 4: the call's envrt.Set
	Kept                          // layer 4: the call's envrt.Keep or KeepMatching; By: its name or pattern
	PATHPrefix                    // layer 5: binPaths in front of PATH
)

// String is how the reference has always named the layer: "essential",
// "passThrough NAME", "passThrough pattern P", "inherited", "define",
// "override", "PATH prefix", or "" for none.
func (s Source) String() string {
	switch s.Kind {
	case Essential:
		return "essential"
	case PassThroughName:
		return "passThrough " + s.By
	case PassThroughPattern:
		return "passThrough pattern " + s.By
	case Inherited:
		return "inherited"
	case Defined:
		return "define"
	case Overridden:
		return "override"
	case Kept:
		return "kept by the call " + s.By
	case PATHPrefix:
		return "PATH prefix"
	}
	return ""
}

// Reason is why a name, environ entry or override did not reach the
// output, with the name or pattern that decided when there is one.
type Reason struct {
	Kind ReasonKind
	// By is, for Secret, Unset, Negated and Injection, the name or
	// pattern that matched; for SecretValue, the family of credential
	// the value holds ("GitHub token"), never the value. Form is, for
	// SecretValue, where in the value it sat ("after `Bearer `", "in
	// JSON"), "" for the value alone.
	By, Form string
	// ValuePrefix is, for SecretValue, the secrets.valuePrefixes entry
	// the value holds, when one of them matched.
	ValuePrefix string
	// BuiltinPreset is, for SecretValue, the built-in preset whose
	// passThrough lists the name ("builtin:network"), when no text of the
	// policy does: it passes the name, but exempts no value.
	BuiltinPreset string
}

// ReasonKind is a kind of drop.
type ReasonKind int

// The kinds of drop.
const (
	Malformed       ReasonKind = iota + 1 // environ entry with no '=' or holding NUL
	Duplicate                             // a later entry of a name already decided
	Injection                             // dropInjection: By is the injection list's name or pattern
	BashFunction                          // dropInjection: the value starts with "()"
	Unset                                 // the task's unset: By matched
	Secret                                // a secret: By is the secret name or pattern
	Negated                               // an isolated task's "!" entry: By matched
	NotDeclared                           // an isolated task declares it nowhere
	DefineSkipped                         // a define whose parameter holds NUL
	OverrideBadName                       // an override with an empty name, or '=' or NUL in it
	OverrideNUL                           // an override with NUL in its value
	UnsetByCall                           // the call's envrt.Unset
	SecretValue                           // secrets.values: the value looks like a credential; By is its kind
	DroppedByCall                         // the call's envrt.Drop: By is its pattern
)

// String gives the kind's words: "secret", "unset", "negated",
// "injection variable" for the kinds with a detail, the whole reason for
// the others.
func (k ReasonKind) String() string {
	switch k {
	case Malformed:
		return "no '=' or holds NUL"
	case Duplicate:
		return "duplicate of an earlier entry"
	case Injection, BashFunction:
		return "injection variable"
	case Unset:
		return "unset"
	case Secret:
		return "secret"
	case Negated:
		return "negated"
	case NotDeclared:
		return "not declared"
	case DefineSkipped:
		return "define skipped: a parameter holds NUL"
	case OverrideBadName:
		return "override ignored: empty name, or '=' or NUL in it"
	case OverrideNUL:
		return "override ignored: NUL in its value"
	case UnsetByCall:
		return "unset by the call"
	case SecretValue:
		return "secret by value"
	case DroppedByCall:
		return "dropped by the call"
	}
	return ""
}

// Detail is what decided, in words: "matches *_TOKEN" or the secret's
// name, the unset or injection entry, "!" and the negation, the bash
// function rule, "value looks like a GitHub token" (never the value
// itself); "" for the kinds that have none.
func (r Reason) Detail() string {
	switch r.Kind {
	case Secret:
		if strings.Contains(r.By, "*") {
			return "matches " + r.By
		}
		return r.By
	case Negated:
		return "!" + r.By
	case Unset, Injection:
		return r.By
	case BashFunction:
		return `a bash exported function: the value starts with "()"`
	case SecretValue:
		d := "value holds " + article(r.By) + " " + r.By
		if r.ValuePrefix != "" {
			d = "value holds " + r.ValuePrefix + "… (secrets.valuePrefixes)"
		}
		if r.Form != "" {
			d += " " + r.Form
		}
		if r.BuiltinPreset != "" {
			d += "; " + r.BuiltinPreset + " passes the name but exempts no value: list the name in the task's own passThrough to keep it"
		}
		return d
	}
	return ""
}

// article is "a" or "an" before a kind of credential: "an" before a
// vowel letter but for "U" ("a URL"), and before "npm".
func article(kind string) string {
	if strings.HasPrefix(kind, "npm") || kind != "" && strings.IndexByte("AEIOaeio", kind[0]) >= 0 {
		return "an"
	}
	return "a"
}

// String is the reason as "kind (detail)", or the kind alone: for
// example "secret (matches *_TOKEN)", "secret by value (value looks like
// a GitHub token)" or "not declared".
func (r Reason) String() string {
	if d := r.Detail(); d != "" {
		return r.Kind.String() + " (" + d + ")"
	}
	return r.Kind.String()
}
