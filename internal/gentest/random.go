package gentest

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/internal/reference"
)

// A RandomCall is one call of a generated builder drawn by RandomCallFor:
// the task, its arguments, names to ask IsSecret about and values to ask
// IsSecretValue about.
type RandomCall struct {
	Task      string
	Environ   []string
	Params    map[string]string
	Overrides []RefOverride
	Names     []string
	Values    []string
}

// valueSemanticsWired says the generated builders implement secrets by
// value (docs/semantics.md, "Secret values"): an entry whose value looks
// like a credential is dropped. Until they do, random environments hold
// no such values, since the reference would drop them and the builders
// not; IsSecretValue and policies with secrets.values and
// secrets.valuePrefixes are drawn either way. Set it to true once the
// builders drop secret values.
const valueSemanticsWired = true

// randomSecretValues are values the value detectors report, and near
// misses they must not: a GitHub token and one a byte short, an AWS key
// ID and one short, URLs with and without a password, a JWT, a PEM
// private key and a public one, Slack tokens, a value with the random
// policies' prefix and that prefix alone.
var randomSecretValues = []string{
	"ghp_0123456789abcdefghijABCDEFGHIJklmnop", "ghp_0123456789abcdefghijABCDEFGHIJklmno",
	"AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPL",
	"postgres://u:pw@db/app", "https://u@host/x", "https://host:8080/x",
	"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0",
	"-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----", "-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----",
	"xoxb-0123456789-abcdefghij", "xoxb-short",
	"acme_live_x1", "acme_live_", "tok_live_9", "Bearer ghp_0123456789abcdefghijABCDEFGHIJklmnop",
}

// randomValuePrefixes are secrets.valuePrefixes entries of random
// policies.
var randomValuePrefixes = []string{"acme_live_", "tok_live_", "ghp_0123", "xoxb"}

// randomNames are names policies and environments are drawn from: the
// built-in essentials and secrets they collide with, names that patterns
// match or almost match, injection variables, and short names that case
// variants turn into one another.
var randomNames = []string{
	"PATH", "HOME", "LANG", "TERM", "CI", "NODE_OPTIONS", "GITHUB_TOKEN", "GH_TOKEN", "NPM_TOKEN",
	"MY_TOKEN", "DB_PASSWORD", "AWS_SECRET_ACCESS_KEY", "SSH_AUTH_SOCK", "TF_TOKEN_x", "SLEUTH_API_KEY",
	"NEXT_PUBLIC_URL", "NEXT_PUBLIC_SECRET_X", "NODE_ENV", "CGO_ENABLED", "A", "B", "AB", "BA", "X_KEY",
	"KEY", "LD_PRELOAD", "PYTHONPATH", "BASH_ENV", "HISTFILE", "npm_config_cache", "_", "_X", "A1",
}

// randomPatterns are patterns policies are drawn from.
var randomPatterns = []string{
	"*_TOKEN", "NEXT_PUBLIC_*", "NEXT_*", "*", "A*", "*B", "A*B", "*O*", "npm_config_*", "*_KEY",
	"LD_*", "*SECRET*", "**", "A**B", "*_*", "PATH*", "P*", "H*E", "*A*A*",
}

// randomValues are define values, with and without parameters and
// references to environ's values.
var randomValues = []string{"", "0", "v", "a=b", "{a}", "x{b}y", "{{lit}}", "{a}{b}", "{projectDir}/bin", "=", "() { x; }", "p:q",
	"${HOME}", "x${A1}y", "$${HOME}", "${path}/{a}", "${_X}${_X}", "${NODE_ENV}",
	"${GITHUB_TOKEN}", "${github_token}", "<${SLEUTH_API_KEY}>", "${MY_TOKEN}{a}", "${Db_Password}"}

// randomDirs are binPaths entries.
var randomDirs = []string{"/bin", "{a}/bin", "{b}", "{a}", "/x{{y}}", "{projectDir}", "/bin/", "{a}{b}", "", "${HOME}/bin", "${A1}", "/${NPM_TOKEN}"}

// randomEnvValues are environ and override values.
var randomEnvValues = []string{"", "v", "=x", "a=b", "() { :; }", "(){ :; }", "()", "( )", "/usr/bin", "/bin:/usr/bin", "\xff\xfe", "x y", "C:\\x", "=="}

// randomParamValues are parameter values: empty, repeated, holding the
// PATH list separator, NUL, a brace, or bytes that are not UTF-8.
var randomParamValues = []string{"", "/p", "/p", "/w", "x:y", "x;y", "a\x00", "{", "\xff", "/p/"}

// randomOddNames are environ names outside the policy syntax.
var randomOddNames = []string{"", "=C:", "=", "Path", "path", "A B", "\u00e4", "K", "\u212a", "BASH_FUNC_f%%", "ld_preload", "lc_all", "github_token",
	"PROGRAMFILES(X86)", "ProgramFiles(x86)"}

// randomMalformed are environ entries exec would refuse.
var randomMalformed = []string{"NOEQUALS", "", "=", "X\x00=1", "N=a\x00b", "\x00", "A"}

// pick returns a random element of list.
func pick[T any](r *rand.Rand, list []T) T { return list[r.IntN(len(list))] }

// randomSpelling returns name as it is, or with its ASCII letters' case
// changed: all lower, all upper, or mixed.
func randomSpelling(r *rand.Rand, name string) string {
	b := []byte(name)
	switch n := r.IntN(10); {
	case n < 6:
	case n < 8:
		for i, c := range b {
			if 'A' <= c && c <= 'Z' {
				b[i] = c + 'a' - 'A'
			}
		}
	case n < 9:
		return policy.FoldKey(name)
	default:
		for i, c := range b {
			if policy.IsLetter(c) && r.IntN(2) == 0 {
				b[i] = c ^ 0x20
			}
		}
	}
	return string(b)
}

// withSpellings adds to list two or three of the four spellings of a
// two-letter name, ASCII case aside: with three, no one-letter case flip
// of a listed spelling is unlisted, though a spelling is.
func withSpellings(r *rand.Rand, list []string, name string) []string {
	lo := strings.ToLower(name)
	all := []string{name, name[:1] + lo[1:], lo[:1] + name[1:], lo}
	r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	for _, s := range all[:2+r.IntN(2)] {
		if !slices.Contains(list, s) {
			list = append(list, s)
		}
	}
	return list
}

// randomList returns up to max distinct entries made by draw.
func randomList(r *rand.Rand, max int, draw func() string) []string {
	var out []string
	for range r.IntN(max + 1) {
		if s := draw(); !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// yamlList renders list as a YAML flow sequence of quoted strings.
func yamlList(list []string) string {
	quoted := make([]string, len(list))
	for i, s := range list {
		quoted[i] = strconv.Quote(s)
	}
	return "[" + strings.Join(quoted, ", ") + "]"
}

// RandomPolicy draws a random valid policy in package pkg, drawn to hit
// the edges: names that collide with secrets and with each other's case
// variants, patterns and negations, every kind of task key, defines and
// binPaths with parameters, dropInjection in both modes, a prefix and
// shared params (with their task table) in some. It returns the
// policy's text and its compiled form.
func RandomPolicy(r *rand.Rand, pkg string) (string, *Compiled) {
	for {
		src := randomPolicyText(r, pkg)
		if c, err := Compile("policy.yaml", []byte(src)); err == nil {
			return src, c
		}
	}
}

// randomPolicyText draws a policy, valid or not.
func randomPolicyText(r *rand.Rand, pkg string) string {
	name := func() string { return randomSpelling(r, pick(r, randomNames)) }
	nameOrPattern := func() string {
		if r.IntN(3) == 0 {
			return randomSpelling(r, pick(r, randomPatterns))
		}
		return name()
	}
	essentials := randomList(r, 3, name)
	secrets, pass := randomList(r, 4, nameOrPattern), randomList(r, 3, name)
	if len(essentials) > 0 && r.IntN(4) == 0 {
		// An essential that is a secret, exempted by secrets.pass.
		e := pick(r, essentials)
		secrets, pass = append(secrets, e), append(pass, e)
	}
	if r.IntN(4) == 0 {
		secrets = withSpellings(r, secrets, "AB")
	}
	if r.IntN(8) == 0 {
		// A secret pattern that matches built-in essentials, exempted by
		// secrets.pass, PROGRAMFILES(X86) among them in one spelling or two.
		secrets = append(secrets, "PROGRAM*")
		for _, e := range []string{"PROGRAMDATA", "PROGRAMFILES", "PROGRAMFILES(X86)", pick(r, []string{"ProgramFiles(x86)", "PROGRAMDATA"})} {
			if !slices.Contains(pass, e) {
				pass = append(pass, e)
			}
		}
	}
	var tasks strings.Builder
	for i := range 1 + r.IntN(4) {
		b := &tasks
		fmt.Fprintf(b, "  t%d:\n", i)
		inherit := r.IntN(2) == 0
		var passThrough, unset []string
		injection := false
		if inherit {
			passThrough, unset = randomList(r, 3, name), randomList(r, 3, nameOrPattern)
			if r.IntN(4) == 0 {
				passThrough = withSpellings(r, passThrough, "AB")
			}
			if r.IntN(4) == 0 {
				unset = withSpellings(r, unset, "BA")
			}
			injection = r.IntN(3) == 0
		} else {
			passThrough = randomList(r, 5, func() string {
				s := nameOrPattern()
				if r.IntN(4) == 0 {
					s = "!" + s
				}
				return s
			})
			if r.IntN(4) == 0 {
				passThrough = withSpellings(r, passThrough, pick(r, []string{"AB", "BA"}))
			}
			injection = r.IntN(3) == 0
		}
		defines := randomList(r, 3, name)
		values := make([]string, len(defines))
		for j := range defines {
			values[j] = pick(r, randomValues)
		}
		dirs := randomList(r, 3, func() string { return pick(r, randomDirs) })
		// A ${NAME} of a secret is an error unless the task exempts that
		// spelling: mostly, exempt it, by the task's passThrough or by
		// secrets.pass.
		for _, v := range append(slices.Clone(values), dirs...) {
			for _, m := range randomReference.FindAllStringSubmatch(v, -1) {
				switch ref := m[1]; r.IntN(4) {
				case 0:
				case 1:
					if !slices.Contains(pass, ref) {
						pass = append(pass, ref)
					}
				default:
					if !slices.Contains(passThrough, ref) {
						passThrough = append(passThrough, ref)
					}
				}
			}
		}
		if inherit {
			b.WriteString("    mode: inherit\n")
			fmt.Fprintf(b, "    passThrough: %s\n", yamlList(passThrough))
			fmt.Fprintf(b, "    unset: %s\n", yamlList(unset))
			if injection {
				b.WriteString("    dropInjection: true\n")
			}
		} else {
			fmt.Fprintf(b, "    passThrough: %s\n", yamlList(passThrough))
			if injection {
				b.WriteString("    dropInjection: true\n")
			}
		}
		b.WriteString("    define: {")
		for j, d := range defines {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(b, "%s: %s", strconv.Quote(d), strconv.Quote(values[j]))
		}
		b.WriteString("}\n")
		fmt.Fprintf(b, "    binPaths: %s\n", yamlList(dirs))
		if r.IntN(5) == 0 {
			// Names that only a built-in preset lists: passed by name,
			// their values still checked (unless the task lists one too).
			b.WriteString("    extends: [\"builtin:network\"]\n")
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "version: 1\npackage: %s\n", pkg)
	if r.IntN(4) == 0 {
		b.WriteString("prefix: Rnd\n") // every identifier prefixed
	}
	if r.IntN(3) == 0 {
		// Shared parameters: every one the values may use (one of them
		// perhaps no task uses), in a random order, and a task table.
		shared := []string{"a", "b", "projectDir", "unused"}
		r.Shuffle(len(shared), func(i, j int) { shared[i], shared[j] = shared[j], shared[i] })
		fmt.Fprintf(&b, "params: %s\n", yamlList(shared))
	}
	fmt.Fprintf(&b, "essentials: {builtin: %v, extra: %s}\n", r.IntN(3) > 0, yamlList(essentials))
	values := ""
	switch r.IntN(6) {
	case 0:
		values = ", values: false"
	case 1, 2:
		values = ", valuePrefixes: " + yamlList(randomList(r, 2, func() string { return pick(r, randomValuePrefixes) }))
	}
	fmt.Fprintf(&b, "secrets: {builtin: %v, extra: %s, pass: %s%s}\n", r.IntN(3) > 0, yamlList(secrets), yamlList(pass), values)
	b.WriteString("tasks:\n")
	b.WriteString(tasks.String())
	return b.String()
}

// randomReference finds the ${NAME} references of a value (and, harmlessly,
// the text of a $${NAME}, which is none).
var randomReference = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}`)

// RandomCallFor draws a random call of one of c's tasks, drawn to hit the
// edges: names of the policy and their case variants, duplicates,
// entries exec would refuse, '=' in odd places, empty values, Windows'
// "=C:" entries, bash exported functions, parameters holding NUL or the
// PATH list separator, and Set and Unset of names in every layer.
func RandomCallFor(r *rand.Rand, c *Compiled) RandomCall {
	p := c.checked
	t := &p.Tasks[r.IntN(len(p.Tasks))]
	names := slices.Concat(randomNames, randomOddNames, p.SecretNames, p.Pass, t.Exact, t.NegExact, t.UnsetExact)
	for _, d := range t.Defines {
		names = append(names, d.Name)
	}
	if len(p.Essentials) > 0 {
		names = append(names, pick(r, p.Essentials), pick(r, p.Essentials))
	}
	name := func() string { return randomSpelling(r, pick(r, names)) }
	value := func(i int) string {
		if valueSemanticsWired && r.IntN(6) == 0 {
			return pick(r, randomSecretValues)
		}
		if r.IntN(3) == 0 {
			return "e" + strconv.Itoa(i) // a value that says where it came from
		}
		return pick(r, randomEnvValues)
	}

	call := RandomCall{Task: t.Key, Params: map[string]string{}}
	var used []string
	entries := r.IntN(15)
	if r.IntN(8) == 0 {
		entries = 60 + r.IntN(150) // past the builder's batch of 64 and its smallest table
	}
	for i := range entries {
		switch n := r.IntN(100); {
		case n < 8:
			call.Environ = append(call.Environ, pick(r, randomMalformed))
		case n < 12:
			call.Environ = append(call.Environ, "=C:=C:\\x")
		case n < 30 && len(used) > 0:
			call.Environ = append(call.Environ, randomSpelling(r, pick(r, used))+"="+value(i))
		default:
			n := name()
			used = append(used, n)
			call.Environ = append(call.Environ, n+"="+value(i))
		}
	}
	for _, param := range t.Params {
		if r.IntN(5) > 0 {
			call.Params[param] = pick(r, randomParamValues)
		}
	}
	for i := range r.IntN(5) {
		o := RefOverride{Name: name(), Value: value(100 + i), Unset: r.IntN(3) == 0}
		switch r.IntN(12) {
		case 0:
			o.Name = pick(r, []string{"", "A=B", "N\x00", "=C:"})
		case 1:
			o.Value = "v\x00"
		case 2:
			if len(used) > 0 {
				o.Name = randomSpelling(r, pick(r, used))
			}
		}
		if k := r.IntN(10); k < 3 { // a run-time refinement
			o = randomRefinement(r, reference.Refinement(k+1), used, name)
		}
		call.Overrides = append(call.Overrides, o)
	}
	for range 4 {
		call.Names = append(call.Names, name())
	}
	for range 3 {
		call.Values = append(call.Values, pick(r, slices.Concat(randomSecretValues, randomEnvValues)))
	}
	return call
}

// randomRefinement returns a run-time refinement op of a name or pattern
// drawn from used (the environment's names, some in other spellings),
// from name, or one of a few invalid ones.
func randomRefinement(r *rand.Rand, op reference.Refinement, used []string, name func() string) RefOverride {
	o := RefOverride{Op: op, Name: name()}
	if len(used) > 0 && r.IntN(3) > 0 {
		o.Name = randomSpelling(r, pick(r, used))
	}
	if op != reference.Keep && r.IntN(2) == 0 { // a pattern: a prefix, a suffix or both
		n := o.Name
		cut := r.IntN(len(n) + 1)
		o.Name = pick(r, []string{n[:cut] + "*", "*" + n[cut:], n[:cut/2] + "*" + n[cut:], "*"})
	}
	if r.IntN(12) == 0 {
		o.Name = pick(r, []string{"", "1*", "A-B*", "A B", "N\x00"})
	}
	return o
}
