package cmd

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/internal/reference"
	"github.com/envgen/envgen/runtime/secretvalue"
)

// This file decides what explain and audit may print: no value that
// holds a credential (a secret's value, a value that contains one, a
// value the detectors flag), and no name or value whose bytes a terminal
// would act on. credentialIn is the one place they ask the value
// detectors.

// valueChecker is the value detectors explain and audit ask, built from a
// policy: the built-in ones and secrets.valuePrefixes, whether or not
// secrets.values is on (explain redacts what they flag either way).
type valueChecker struct {
	detector *secretvalue.Detector
}

// newValueChecker returns p's value checker.
func newValueChecker(p *policy.Policy) *valueChecker {
	return &valueChecker{secretvalue.New(p.ValuePrefixes...)}
}

// credentialIn reports whether value holds a credential by the value
// detectors, and which, as the reference interpreter words it: "a GitHub
// token after `Bearer `", never a byte of the value. Every value check of
// explain and audit goes through here.
func (c *valueChecker) credentialIn(value string) (kind string, ok bool) {
	found, ok := c.detector.Find(value)
	if !ok {
		return "", false
	}
	detail := reference.Reason{Kind: reference.SecretValue, By: found.Family, Form: found.Form, ValuePrefix: found.Prefix}.Detail()
	return strings.TrimPrefix(detail, "value holds "), true
}

// redactor decides which values explain prints and which it shows as
// <redacted, N bytes>.
type redactor struct {
	p     *policy.Policy
	check *valueChecker
	// secrets are the values of the call that are secrets, longest
	// first: a value that contains one is redacted.
	secrets []secretValue
}

// secretValue is a non-empty value of the call that is a secret: the
// value of an environment entry, a -set override or a -param that is a
// secret by name or by value.
type secretValue struct {
	from  string // the name, or {param} for a parameter
	what  string // "a secret", or "which holds a GitHub token"
	value string
}

// newRedactor returns the redactor of a call of a task of p: environ's
// entries (every one, repeats too), the overrides and the parameters.
func newRedactor(p *policy.Policy, check *valueChecker, environ []string, overrides []reference.Override, params map[string]string) *redactor {
	r := &redactor{p: p, check: check}
	add := func(from, value string, byName bool) {
		if value == "" {
			return
		}
		if byName {
			r.secrets = append(r.secrets, secretValue{from, "a secret", value})
		} else if kind, byValue := check.credentialIn(value); byValue {
			r.secrets = append(r.secrets, secretValue{from, "which holds " + kind, value})
		}
	}
	for _, e := range environ {
		if name, value, ok := reference.Split(e); ok {
			add(name, value, reference.SecretCaseless(p, name) != "")
		}
	}
	for _, o := range overrides {
		if !o.Unset {
			add(o.Name, o.Value, reference.SecretCaseless(p, o.Name) != "")
		}
	}
	for name, value := range params {
		add("{"+name+"}", value, false)
	}
	slices.SortStableFunc(r.secrets, func(a, b secretValue) int {
		return cmp.Or(cmp.Compare(len(b.value), len(a.value)), strings.Compare(a.from, b.from))
	})
	return r
}

// minSecretPart is the shortest secret value that redacts every value
// containing it; a shorter one ("1", "t") redacts the values equal to it
// only, since bytes that short stand in many values by chance, and its
// own line shows its length already.
const minSecretPart = 4

// hides reports whether the value of name (a parameter's as {param}) is
// redacted: name is a secret by the policy's lists (before any
// exemption), the detectors flag the value, or it contains the value of
// another name that is a secret (see minSecretPart). why says so for the
// last two ("holds the value of MY_CONFIG, which holds a GitHub
// token"); it is "" for a secret name, whose line says so already.
func (r *redactor) hides(name, value string) (why string, hide bool) {
	if reference.SecretCaseless(r.p, name) != "" {
		return "", true
	}
	if kind, ok := r.check.credentialIn(value); ok {
		return "its value holds " + kind, true
	}
	for _, s := range r.secrets {
		if s.from != name && (value == s.value || len(s.value) >= minSecretPart && strings.Contains(value, s.value)) {
			return fmt.Sprintf("holds the value of %s, %s", printable(s.from), s.what), true
		}
	}
	return "", false
}

// show returns how the value of name is printed: redacted (see hides),
// else printable.
func (r *redactor) show(name, value string) string {
	if _, hide := r.hides(name, value); hide {
		return redacted(value)
	}
	return printable(value)
}

// redacted is how a secret value is shown: by its length only.
func redacted(value string) string {
	return fmt.Sprintf("<redacted, %d bytes>", len(value))
}

// printable returns s as is if a terminal shows it as it is, on one
// line, else Go-quoted: a name or value holding a control character (a
// newline, an escape sequence), another character that does not print
// (a bidirectional override), or bytes that are not UTF-8.
func printable(s string) string {
	if !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool { return !unicode.IsPrint(r) }) {
		return strconv.Quote(s)
	}
	return s
}

// escapeJSON replaces, in one line of JSON, each character that does not
// print (which the JSON encoder leaves as it is: DEL, the C1 controls,
// bidirectional overrides) with its \u escape, so that the line means
// the same and holds nothing a terminal acts on. Such characters stand
// only inside strings.
func escapeJSON(line []byte) []byte {
	if !strings.ContainsFunc(string(line), func(r rune) bool { return r != '\n' && !unicode.IsPrint(r) }) {
		return line
	}
	var out []byte
	for _, r := range string(line) {
		switch {
		case r == '\n' || unicode.IsPrint(r):
			out = utf8.AppendRune(out, r)
		case r > 0xffff:
			r1, r2 := utf16.EncodeRune(r)
			out = fmt.Appendf(out, `\u%04x\u%04x`, r1, r2)
		default:
			out = fmt.Appendf(out, `\u%04x`, r)
		}
	}
	return out
}
