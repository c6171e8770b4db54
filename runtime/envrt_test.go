package envrt

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// This file tests the runtime directly, helper by helper, with hand-built
// tables and tasks; semantics_test.go tests SPEC's rules through the tables
// gen.Compile builds. It is an internal test so that it can reach the
// unexported helpers the build loop relies on.

// pat compiles a pattern as envgen does: the literal runs around its '*'s.
func pat(s string) Pattern { return strings.Split(s, "*") }

// upperASCII upper-cases the ASCII letters of s and nothing else.
func upperASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - ('a' - 'A')
		}
	}
	return string(b)
}

// sep is the PATH list separator, as a string.
var sep = string(os.PathListSeparator)

// join joins PATH directories with sep.
func join(dirs ...string) string { return strings.Join(dirs, sep) }

// everything is an inherit task over an empty policy: every name passes.
var everything = &Task{Policy: &Policy{}, Inherit: true}

func TestSplit(t *testing.T) {
	for _, c := range []struct {
		entry, name, value string
		ok                 bool
	}{
		{"A=1", "A", "1", true},
		{"A=b=c", "A", "b=c", true},
		{"E=", "E", "", true},
		{"=C:=C:\\x", "=C:", "C:\\x", true},
		{"==x", "=", "x", true},
		{"==", "=", "", true},
		{"a==", "a", "=", true},
		{"PATH=/bin:/usr/bin", "PATH", "/bin:/usr/bin", true},
		{"\u212a=kelvin", "\u212a", "kelvin", true},
		{"", "", "", false},
		{"=", "", "", false},
		{"A", "", "", false},
		{"NOEQUALS", "", "", false},
		{"=C:", "", "", false},
		{"\x00", "", "", false},
		{"\x00=1", "", "", false},
		{"A\x00=1", "", "", false},
		{"A=\x00", "", "", false},
		{"A=b\x00c", "", "", false},
		{"A=1\x00=2", "", "", false},
		{"=\x00=", "", "", false},
	} {
		name, ok := Split(c.entry)
		assert.Equal(t, c.ok, ok, "%q", c.entry)
		if !c.ok {
			continue
		}
		assert.Equal(t, c.name, name, "%q", c.entry)
		assert.Equal(t, c.value, c.entry[len(name)+1:], "%q", c.entry)
		// The builder's own scans agree with Split on entries it keeps,
		// and a removed entry (cut to its bare name) has no value.
		assert.Equal(t, name, nameOf(c.entry), "nameOf(%q)", c.entry)
		assert.True(t, hasValue(c.entry), "hasValue(%q)", c.entry)
		assert.Equal(t, name, nameOf(name), "nameOf(%q)", name)
		assert.False(t, hasValue(name), "hasValue(%q)", name)
	}
}

func TestNameOfAndHasValue(t *testing.T) {
	for _, c := range []struct {
		entry, name string
		value       bool
	}{
		{"A=1", "A", true},
		{"E=", "E", true},
		{"=C:=C:\\x", "=C:", true},
		{"=C:", "=C:", false},
		{"==", "=", true},
		{"=", "=", false},
		{"A", "A", false},
		{"", "", false},
	} {
		assert.Equal(t, c.name, nameOf(c.entry), "nameOf(%q)", c.entry)
		assert.Equal(t, c.value, hasValue(c.entry), "hasValue(%q)", c.entry)
	}
}

func TestVar(t *testing.T) {
	for _, c := range []struct {
		v     Var
		str   string
		valid bool
	}{
		{Set("A", "1"), "A=1", true},
		{Set("A", ""), "A=", true},
		{Set("A", "b=c"), "A=b=c", true},
		{Set("a_1", "x y"), "a_1=x y", true},
		{Unset("A"), "-A", true},
		{Set("", "x"), "=x", false},
		{Set("A=B", "x"), "A=B=x", false},
		{Set("=C:", "x"), "=C:=x", false},
		{Set("A\x00", "x"), "A\x00=x", false},
		{Set("A", "x\x00"), "A=x\x00", false},
		{Unset(""), "-", false},
		{Unset("A=1"), "-A=1", false},
		{Unset("A\x00"), "-A\x00", false},
	} {
		assert.Equal(t, c.str, c.v.String())
		assert.Equal(t, c.valid, c.v.valid(), "%q", c.v.String())
	}
}

func TestEqualFold(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"", "", true},
		{"PATH", "PATH", true},
		{"Path", "PATH", true},
		{"path", "pATh", true},
		{"A_1", "a_1", true},
		{"K", "\u212a", false}, // Kelvin sign: strings.EqualFold says true
		{"k", "\u212a", false},
		{"\u212a", "\u212a", true},
		{"é", "É", false}, // only ASCII letters fold
		{"é", "é", true},
		{"@", "`", false}, // differ by 0x20 but are not letters
		{"[", "{", false},
		{"_", "\x7f", false},
		{"\xdf", "\xff", false},
		{"A", "AB", false},
		{"AB", "A", false},
		{"a", "", false},
	} {
		assert.Equal(t, c.want, EqualFold(c.a, c.b), "EqualFold(%q, %q)", c.a, c.b)
		assert.Equal(t, c.want, EqualFold(c.b, c.a), "EqualFold(%q, %q)", c.b, c.a)
	}
	// Every pair of bytes: equal, or the two cases of one ASCII letter.
	for a := range 256 {
		for b := range 256 {
			letter := 'A' <= a && a <= 'Z' || 'a' <= a && a <= 'z'
			want := a == b || letter && a^0x20 == b
			if got := EqualFold(string([]byte{byte(a)}), string([]byte{byte(b)})); got != want {
				t.Fatalf("EqualFold(%#x, %#x) = %v", a, b, got)
			}
		}
	}
}

func TestHash(t *testing.T) {
	for _, seed := range []uint32{0, 1, 0xdeadbeef} {
		assert.Equal(t, Hash(seed, "PATH"), Hash(seed, "path"), "seed %d", seed)
		assert.Equal(t, Hash(seed, "PATH"), Hash(seed, "Path"), "seed %d", seed)
		assert.Equal(t, Hash(seed, "GITHUB_TOKEN"), Hash(seed, "github_token"), "seed %d", seed)
		// FNV-1a steps are bijective, so a single differing byte
		// always changes the hash: no other folding happens.
		assert.NotEqual(t, Hash(seed, "K"), Hash(seed, "\xe2"), "seed %d", seed)
		assert.NotEqual(t, Hash(seed, "@"), Hash(seed, "`"), "seed %d", seed)
		assert.NotEqual(t, Hash(seed, "É"), Hash(seed, "é"), "seed %d", seed)
		assert.NotEqual(t, Hash(seed, "PATH"), Hash(seed, "PATHS"), "seed %d", seed)
		assert.Equal(t, uint32(2166136261)^seed, Hash(seed, ""), "seed %d", seed)
	}
	assert.NotEqual(t, Hash(1, "PATH"), Hash(2, "PATH"))
	assert.NotEqual(t, Hash(0, "PATH"), Hash(1<<20, "PATH"))
	// With seed 0 it is plain FNV-1a of the upper-cased name.
	for _, s := range []string{"", "a", "PATH", "Path", "github_token", "=C:", "\u212a", "x\x00y"} {
		h := fnv.New32a()
		h.Write([]byte(upperASCII(s)))
		assert.Equal(t, h.Sum32(), Hash(0, s), "%q", s)
	}
}

func TestPatternMatch(t *testing.T) {
	for _, c := range []struct {
		pattern, name string
		exact, fold   bool // want without and with folding
	}{
		{"*", "", true, true},
		{"*", "A", true, true},
		{"*", "anything=at all", true, true},
		{"**", "", true, true},
		{"NEXT_*", "NEXT_", true, true},
		{"NEXT_*", "NEXT_A", true, true},
		{"NEXT_*", "NEXT", false, false},
		{"NEXT_*", "XNEXT_A", false, false},
		{"NEXT_*", "next_a", false, true},
		{"NEXT_*", "Next_", false, true},
		{"*_TOKEN", "_TOKEN", true, true},
		{"*_TOKEN", "GH_TOKEN", true, true},
		{"*_TOKEN", "gh_token", false, true},
		{"*_TOKEN", "GH_TOKEN_X", false, false},
		{"*_TOKEN", "TOKEN", false, false},
		{"*A*B*", "AB", true, true},
		{"*A*B*", "xAyBz", true, true},
		{"*A*B*", "BA", false, false},
		{"*A*B*", "BxA", false, false},
		{"*A*B*", "A", false, false},
		{"*A*B*", "ab", false, true},
		{"A**B", "AB", true, true},
		{"A**B", "AxyB", true, true},
		{"A**B", "A", false, false},
		{"A**B", "B", false, false},
		{"A**B", "ABA", false, false},
		{"A*B", "AB", true, true},
		{"A*A", "A", false, false}, // prefix and suffix may not overlap
		{"A*A", "AA", true, true},
		{"AB*BA", "ABA", false, false},
		{"AB*BA", "ABBA", true, true},
		{"AB*AB", "ABAB", true, true},
		{"AB*AB", "ABBAB", true, true},
		{"*AB*AB*", "ABAB", true, true},
		{"*AB*AB*", "ABABAB", true, true},
		{"*AB*AB*", "ABxAB", true, true},
		{"*AB*AB*", "ABA B", false, false},
		{"*AB*AB*", "ABA", false, false},
		{"*AB*AB*", "AABB", false, false},
		{"*AB*AB*", "abAB", false, true},
		{"*A*A*", "A", false, false}, // middles may not overlap either
		{"*A*A*", "AA", true, true},
		{"*ab*cd*", "xABxCDx", false, true},
		{"*ab*cd*", "xCDxABx", false, false},
		{"K*", "\u212aX", false, false},
		{"*k", "\u212a", false, false},
		{"*é*", "É", false, false},
		{"*é*", "xéx", true, true},
		{"*_KEY*", "A_KEY_B", true, true},
	} {
		p := pat(c.pattern)
		assert.Equal(t, c.exact, p.Match(c.name, false), "%q matching %q exactly", c.pattern, c.name)
		assert.Equal(t, c.fold, p.Match(c.name, true), "%q matching %q folded", c.pattern, c.name)
	}
}

// TestPatternMatchExhaustive compares Match with a regular expression for
// every pattern of up to five bytes over {A, B, *} and every name of up to
// five bytes over {A, B, a}.
func TestPatternMatchExhaustive(t *testing.T) {
	words := func(alphabet string, n int) []string {
		out := []string{""}
		for prev := out; n > 0; n-- {
			var next []string
			for _, w := range prev {
				for _, c := range alphabet {
					next = append(next, w+string(c))
				}
			}
			out, prev = append(out, next...), next
		}
		return out
	}
	names := words("ABa", 5)
	for _, s := range words("AB*", 5) {
		if !strings.Contains(s, "*") {
			continue
		}
		quoted := strings.Split(s, "*")
		for i := range quoted {
			quoted[i] = regexp.QuoteMeta(quoted[i])
		}
		exact := regexp.MustCompile("^" + strings.Join(quoted, ".*") + "$")
		fold := regexp.MustCompile("^(?i)" + strings.Join(quoted, ".*") + "$")
		p := pat(s)
		for _, name := range names {
			if p.Match(name, false) != exact.MatchString(name) || p.Match(name, true) != fold.MatchString(name) {
				t.Fatalf("%q matching %q: exact %v, folded %v; want %v, %v", s, name,
					p.Match(name, false), p.Match(name, true), exact.MatchString(name), fold.MatchString(name))
			}
		}
	}
}

// table returns a Policy over names whose Slots are placed as the cuckoo
// table envgen generates must be: each first spelling in one of its two
// candidate slots. It takes the first seed from 0 that needs no eviction.
func table(t *testing.T, size int, names []Name, secret ...Pattern) *Policy {
	t.Helper()
	mask := uint32(size - 1)
	for seed := uint32(0); seed < 10000; seed++ {
		slots := make([]uint32, size)
		placed := true
		for i, n := range names {
			if n.Variant {
				continue
			}
			h := Hash(seed, n.Name)
			switch {
			case slots[h&mask] == 0:
				slots[h&mask] = uint32(i + 1)
			case slots[h>>16&mask] == 0:
				slots[h>>16&mask] = uint32(i + 1)
			default:
				placed = false
			}
		}
		if placed {
			return &Policy{Seed: seed, Slots: slots, Names: names, SecretPatterns: secret}
		}
	}
	t.Fatal("no seed places every name")
	return nil
}

// names is a small policy's name table: a secret with a lower-case
// variant (a task exempts that spelling), two essentials, a secret that
// secrets.pass exempts, and two names tasks list.
var names = []Name{
	{Name: "GITHUB_TOKEN", Secret: true},
	{Name: "github_token", Variant: true, Secret: true},
	{Name: "PATH", Essential: true},
	{Name: "SLEUTH_KEY", Secret: true, Pass: true},
	{Name: "HOME", Essential: true},
	{Name: "NODE_ENV"},
	{Name: "LANG", Essential: true},
}

func TestPolicyLookup(t *testing.T) {
	p := table(t, 16, names, pat("*_KEY"), pat("*_TOKEN"))
	for name, want := range map[string]int{
		"GITHUB_TOKEN": 0, "github_token": 0, "GitHub_Token": 0,
		"PATH": 2, "path": 2, "Path": 2,
		"SLEUTH_KEY": 3, "sleuth_key": 3,
		"HOME": 4, "NODE_ENV": 5, "node_env": 5, "LANG": 6,
		"": -1, "PAT": -1, "PATHS": -1, "MY_TOKEN": -1, "P\u212aTH": -1, "HOME\x00": -1,
	} {
		assert.Equal(t, want, p.Lookup(name), "%q", name)
	}
	assert.Equal(t, -1, (&Policy{}).Lookup("PATH"), "empty policy")
}

func TestPolicyLookupSecondSlot(t *testing.T) {
	// One name, in its second candidate slot; its first holds another
	// name that must not be taken for it.
	const size = 64
	var seed uint32
	for Hash(seed, "PATH")&(size-1) == Hash(seed, "PATH")>>16&(size-1) {
		seed++
	}
	h := Hash(seed, "PATH")
	slots := make([]uint32, size)
	slots[h>>16&(size-1)] = 1
	slots[h&(size-1)] = 2
	p := &Policy{Seed: seed, Slots: slots, Names: []Name{{Name: "PATH"}, {Name: "HOME"}}}
	assert.Equal(t, 0, p.Lookup("PATH"))
	assert.Equal(t, 0, p.Lookup("path"))
	slots[h>>16&(size-1)] = 0
	assert.Equal(t, -1, p.Lookup("PATH"), "first slot holds HOME")
}

func TestPolicyIsSecret(t *testing.T) {
	p := table(t, 16, names, pat("*_KEY"), pat("*_TOKEN"))
	for name, want := range map[string]bool{
		"GITHUB_TOKEN": true, "github_token": true, "Github_Token": true,
		"SLEUTH_KEY": false, "sleuth_key": true, "Sleuth_Key": true, // pass is exact
		"PATH": false, "path": false, "HOME": false, "NODE_ENV": false,
		"A_KEY": true, "a_key": true, "MY_TOKEN": true, "my_token": true,
		"KEY": false, "TOKEN": false, "": false, "A_\u212aEY": false,
	} {
		assert.Equal(t, want, p.IsSecret(name), "%q", name)
	}
	// An exemption on a variant spelling exempts that spelling only.
	q := table(t, 8, []Name{
		{Name: "SLEUTH_KEY", Secret: true},
		{Name: "sleuth_key", Variant: true, Secret: true, Pass: true},
		{Name: "OTHER"},
	})
	assert.True(t, q.IsSecret("SLEUTH_KEY"))
	assert.False(t, q.IsSecret("sleuth_key"))
	assert.True(t, q.IsSecret("Sleuth_key"))
	assert.False(t, q.IsSecret("OTHER"))
	assert.False(t, (&Policy{}).IsSecret("GITHUB_TOKEN"), "empty policy")
}

// roles returns a task's roles for names, by name.
func roles(byName map[string]Role) []Role {
	out := make([]Role, len(names))
	for i, n := range names {
		out[i] = byName[n.Name]
	}
	return out
}

func TestTaskKeep(t *testing.T) {
	p := table(t, 16, names, pat("*_KEY"), pat("*_TOKEN"))
	isolated := &Task{
		Policy:  p,
		Roles:   roles(map[string]Role{"github_token": RolePassThrough, "NODE_ENV": RolePassThrough, "LANG": RoleNegated}),
		Pass:    []Pattern{pat("NEXT_*")},
		Negated: []Pattern{pat("NEXT_SECRET_*")},
	}
	inherit := &Task{
		Policy:  p,
		Inherit: true,
		Roles:   roles(map[string]Role{"github_token": RolePassThrough, "NODE_ENV": RoleUnset}),
		Unset:   []Pattern{pat("npm_config_*")},
	}
	for _, c := range []struct {
		task        *Task
		name        string
		exact, fold bool // want without and with folding
	}{
		{isolated, "PATH", true, true},
		{isolated, "path", false, true}, // an essential in another spelling
		{isolated, "HOME", true, true},
		{isolated, "LANG", false, false}, // negated beats essential
		{isolated, "lang", false, false},
		{isolated, "NODE_ENV", true, true},
		{isolated, "node_env", false, true},
		{isolated, "github_token", true, true}, // exempt by its exact spelling
		{isolated, "GITHUB_TOKEN", false, false},
		{isolated, "Github_Token", false, false}, // listed on Windows, but still a secret
		{isolated, "SLEUTH_KEY", false, false},   // not a secret, but not listed
		{isolated, "NEXT_A", true, true},
		{isolated, "next_a", false, true},
		{isolated, "NEXT_SECRET_A", false, false},
		{isolated, "next_secret_a", false, false},
		{isolated, "NEXT_KEY", false, false}, // a pattern passes no secret
		{isolated, "next_key", false, false},
		{isolated, "OTHER", false, false},
		{inherit, "OTHER", true, true},
		{inherit, "PATH", true, true},
		{inherit, "GITHUB_TOKEN", false, false},
		{inherit, "github_token", true, true},
		{inherit, "Github_Token", false, false},
		{inherit, "SLEUTH_KEY", true, true},
		{inherit, "sleuth_key", false, false},
		{inherit, "NODE_ENV", false, false},
		{inherit, "node_env", true, false},
		{inherit, "npm_config_cache", false, false},
		{inherit, "NPM_CONFIG_CACHE", true, false},
		{inherit, "MY_TOKEN", false, false},
		{inherit, "my_token", false, false},
		{inherit, "a_key", false, false},
	} {
		mode := "isolated"
		if c.task.Inherit {
			mode = "inherit"
		}
		assert.Equal(t, c.exact, c.task.keep(c.name, false), "%s %q exact", mode, c.name)
		assert.Equal(t, c.fold, c.task.keep(c.name, true), "%s %q folded", mode, c.name)
	}
}

func TestBuildFirstWinsManyNames(t *testing.T) {
	// Three rounds of n names in different orders: the first round
	// wins; the second is spelled in lower case, so it is a new name
	// only where names compare exactly. n above 255 takes the heap
	// table; n below, the table on the stack.
	for _, n := range []int{5, 100, 600} {
		rng := rand.New(rand.NewPCG(uint64(n), 1))
		var environ, first, second []string
		for round, spell := range []string{"V%d=%d", "v%d=%d", "V%d=%d"} {
			for _, i := range rng.Perm(n) {
				e := fmt.Sprintf(spell, i, round)
				environ = append(environ, e)
				switch round {
				case 0:
					first = append(first, e)
				case 1:
					second = append(second, e)
				}
			}
		}
		assert.Equal(t, append(slices.Clone(first), second...), BuildFold(nil, environ, everything, nil, nil, nil, false), "n=%d exact", n)
		assert.Equal(t, first, BuildFold(nil, environ, everything, nil, nil, nil, true), "n=%d folded", n)
	}
}

func TestBuildDroppedSpellingWinsWhenFolding(t *testing.T) {
	p := table(t, 16, names, pat("*_TOKEN"))
	inherit := &Task{Policy: p, Inherit: true, Roles: roles(map[string]Role{"github_token": RolePassThrough})}
	env := []string{"GITHUB_TOKEN=a", "github_token=b", "A=1"}
	assert.Equal(t, []string{"github_token=b", "A=1"}, BuildFold(nil, env, inherit, nil, nil, nil, false))
	assert.Equal(t, []string{"A=1"}, BuildFold(nil, env, inherit, nil, nil, nil, true))
	// A define of a dropped name is added, in the define's spelling.
	assert.Equal(t, []string{"A=1", "Github_Token=d"}, BuildFold(nil, env, inherit, []string{"Github_Token=d"}, nil, nil, true))
	assert.Equal(t, []string{"A=1"}, BuildFold(nil, env, inherit, nil, []Var{Unset("GITHUB_TOKEN")}, nil, true))
}

func TestBuildDefinesAndOverrides(t *testing.T) {
	env := []string{"A=1", "B=2", "Path=/bin"}
	for _, c := range []struct {
		what        string
		defines     []string
		overrides   []Var
		exact, fold []string
	}{
		{"define replaces in place", []string{"B=d"}, nil,
			[]string{"A=1", "B=d", "Path=/bin"}, nil},
		{"define takes its spelling", []string{"a=d"}, nil,
			[]string{"A=1", "B=2", "Path=/bin", "a=d"}, []string{"a=d", "B=2", "Path=/bin"}},
		{"define with NUL skipped", []string{"A=x\x00", "C=3"}, nil,
			[]string{"A=1", "B=2", "Path=/bin", "C=3"}, nil},
		{"later define wins", []string{"C=1", "C=2"}, nil,
			[]string{"A=1", "B=2", "Path=/bin", "C=2"}, nil},
		{"unset inherited", nil, []Var{Unset("A")},
			[]string{"B=2", "Path=/bin"}, nil},
		{"unset other spelling", nil, []Var{Unset("a")},
			[]string{"A=1", "B=2", "Path=/bin"}, []string{"B=2", "Path=/bin"}},
		{"unset missing", nil, []Var{Unset("Z")},
			[]string{"A=1", "B=2", "Path=/bin"}, nil},
		{"unset then set", nil, []Var{Unset("A"), Set("A", "9")},
			[]string{"A=9", "B=2", "Path=/bin"}, nil},
		{"set then unset", nil, []Var{Set("C", "3"), Unset("C")},
			[]string{"A=1", "B=2", "Path=/bin"}, nil},
		{"unset, set, unset", nil, []Var{Unset("B"), Set("B", "x"), Unset("B")},
			[]string{"A=1", "Path=/bin"}, nil},
		{"unset of a define", []string{"D=d"}, []Var{Unset("D")},
			[]string{"A=1", "B=2", "Path=/bin"}, nil},
		{"unset of a define, then set", []string{"D=d"}, []Var{Unset("D"), Set("D", "o")},
			[]string{"A=1", "B=2", "Path=/bin", "D=o"}, nil},
		{"set over a define", []string{"D=d"}, []Var{Set("D", "o")},
			[]string{"A=1", "B=2", "Path=/bin", "D=o"}, nil},
		{"last set wins", nil, []Var{Set("C", "1"), Set("A", "x"), Set("C", "2")},
			[]string{"A=x", "B=2", "Path=/bin", "C=2"}, nil},
		{"set takes its spelling", nil, []Var{Set("PATH", "/o")},
			[]string{"A=1", "B=2", "Path=/bin", "PATH=/o"}, []string{"A=1", "B=2", "PATH=/o"}},
		{"empty value", nil, []Var{Set("A", "")},
			[]string{"A=", "B=2", "Path=/bin"}, nil},
		{"invalid overrides ignored", nil, []Var{Set("", "x"), Set("A=B", "x"), Set("A\x00", "x"), Set("A", "x\x00"), Unset(""), Unset("A=1"), Unset("A\x00")},
			[]string{"A=1", "B=2", "Path=/bin"}, nil},
		{"everything removed", nil, []Var{Unset("A"), Unset("B"), Unset("Path")},
			[]string{}, nil},
	} {
		if c.fold == nil {
			c.fold = c.exact
		}
		assert.Equal(t, c.exact, BuildFold(nil, env, everything, c.defines, c.overrides, nil, false), "%s, exact", c.what)
		assert.Equal(t, c.fold, BuildFold(nil, env, everything, c.defines, c.overrides, nil, true), "%s, folded", c.what)
	}
}

func TestBuildPath(t *testing.T) {
	a, b := Dir{"/a"}, Dir{"/b"}
	for _, c := range []struct {
		what        string
		environ     []string
		overrides   []Var
		dirs        []Dir
		exact, fold []string
	}{
		{"no PATH", []string{"X=1"}, nil, []Dir{a, b},
			[]string{"X=1", "PATH=" + join("/a", "/b")}, nil},
		{"empty PATH", []string{"PATH=", "X=1"}, nil, []Dir{a, b},
			[]string{"PATH=" + join("/a", "/b"), "X=1"}, nil},
		{"PATH", []string{"PATH=/bin" + sep + "/usr/bin"}, nil, []Dir{a, b},
			[]string{"PATH=" + join("/a", "/b", "/bin", "/usr/bin")}, nil},
		{"Path spelling", []string{"Path=/bin"}, nil, []Dir{a},
			[]string{"Path=/bin", "PATH=/a"}, []string{"Path=" + join("/a", "/bin")}},
		{"Path first, PATH later", []string{"Path=/bin", "PATH=/other"}, nil, []Dir{a},
			[]string{"Path=/bin", "PATH=" + join("/a", "/other")}, []string{"Path=" + join("/a", "/bin")}},
		{"empty Path", []string{"Path="}, nil, []Dir{a},
			[]string{"Path=", "PATH=/a"}, []string{"Path=/a"}},
		{"repeats", []string{"PATH=/a"}, nil, []Dir{a, b, a, {"/", "a"}, {"/a", ""}, b},
			[]string{"PATH=" + join("/a", "/b", "/a")}, nil},
		{"prefixes are not repeats", nil, nil, []Dir{{"/a", "b"}, a, {"/ab/"}, {"/a", "b"}},
			[]string{"PATH=" + join("/ab", "/a", "/ab/")}, nil},
		{"empty dirs", []string{"PATH=/bin"}, nil, []Dir{{""}, {"", ""}, a, {""}},
			[]string{"PATH=" + join("/a", "/bin")}, nil},
		{"only empty dirs", []string{"PATH=/bin"}, nil, []Dir{{""}, {"", ""}},
			[]string{"PATH=/bin"}, nil},
		{"only empty dirs, no PATH", []string{"X=1"}, nil, []Dir{{""}},
			[]string{"X=1"}, nil},
		{"dir with NUL", []string{"PATH=/bin"}, nil, []Dir{{"/x\x00"}, a, {"/", "\x00"}},
			[]string{"PATH=" + join("/a", "/bin")}, nil},
		{"only a dir with NUL", []string{"PATH=/bin"}, nil, []Dir{{"/x\x00"}},
			[]string{"PATH=/bin"}, nil},
		{"pieces", nil, nil, []Dir{{"/p", "/node_modules/.bin"}, {"/w", "", "/bin"}},
			[]string{"PATH=" + join("/p/node_modules/.bin", "/w/bin")}, nil},
		{"after Set", []string{"PATH=/bin"}, []Var{Set("PATH", "/o")}, []Dir{a},
			[]string{"PATH=" + join("/a", "/o")}, nil},
		{"after Set to empty", []string{"PATH=/bin"}, []Var{Set("PATH", "")}, []Dir{a},
			[]string{"PATH=/a"}, nil},
		{"after Unset", []string{"PATH=/bin", "X=1"}, []Var{Unset("PATH")}, []Dir{a},
			[]string{"PATH=/a", "X=1"}, nil},
		{"after Unset of another spelling", []string{"Path=/bin", "X=1"}, []Var{Unset("path")}, []Dir{a},
			[]string{"Path=/bin", "X=1", "PATH=/a"}, []string{"PATH=/a", "X=1"}},
		{"no dirs", []string{"PATH=/bin"}, nil, nil,
			[]string{"PATH=/bin"}, nil},
		{"no dirs after Unset", []string{"PATH=/bin"}, []Var{Unset("PATH")}, nil,
			[]string{}, nil},
	} {
		if c.fold == nil {
			c.fold = c.exact
		}
		assert.Equal(t, c.exact, BuildFold(nil, c.environ, everything, nil, c.overrides, c.dirs, false), "%s, exact", c.what)
		assert.Equal(t, c.fold, BuildFold(nil, c.environ, everything, nil, c.overrides, c.dirs, true), "%s, folded", c.what)
	}
}

func TestBuildPathManyDirs(t *testing.T) {
	var dirs []Dir
	var want []string
	for i := range 40 {
		d := fmt.Sprintf("/d%d", i)
		dirs = append(dirs, Dir{d}, Dir{"/d", fmt.Sprint(i)}) // each twice
		want = append(want, d)
	}
	got := BuildFold(nil, []string{"PATH=/bin"}, everything, nil, nil, dirs, false)
	assert.Equal(t, []string{"PATH=" + join(append(want, "/bin")...)}, got)
}

func TestBuildPathZeroPieceDir(t *testing.T) {
	// envgen emits Dir{} for binPaths: [""], and Build must treat it as
	// the empty directory it is, whatever the other directories hold.
	// (policy binPaths: ["", "."]). An early version counted len+1 per
	// piece and took [Dir{}, Dir{"."}] for all-empty.
	for _, fold := range []bool{false, true} {
		got := BuildFold(nil, []string{"PATH=/bin"}, everything, nil, nil, []Dir{{}, {"."}}, fold)
		assert.Equal(t, []string{"PATH=" + join(".", "/bin")}, got, "fold=%v", fold)
		got = BuildFold(nil, []string{"PATH=/bin"}, everything, nil, nil, []Dir{{}, {}, {"/a"}, {}}, fold)
		assert.Equal(t, []string{"PATH=" + join("/a", "/bin")}, got, "fold=%v", fold)
	}
}

func TestBuildLeavesDstAlone(t *testing.T) {
	env := []string{"A=1", "B=2", "A=3", "PATH=/bin"}
	defines := []string{"D=d"}
	overrides := []Var{Unset("B"), Set("A", "x")}
	dirs := []Dir{{"/a"}}
	want := []string{"A=x", "PATH=" + join("/a", "/bin"), "D=d"}
	for _, fold := range []bool{false, true} {
		// dst holds entries with the same names, which Build must
		// neither read (de-duplicate against) nor change.
		sentinels := []string{"A=dst", "B=dst", "PATH=dst", "not an entry", ""}
		dst := make([]string, len(sentinels), 32)
		copy(dst, sentinels)
		got := BuildFold(dst, env, everything, defines, overrides, dirs, fold)
		assert.Equal(t, sentinels, dst, "fold=%v", fold)
		assert.Equal(t, want, got[len(dst):], "fold=%v", fold)
		assert.Equal(t, sentinels, got[:len(dst)], "fold=%v", fold)
		assert.Same(t, &dst[0], &got[0], "fold=%v: with room, the result is dst's array", fold)
		// After removals the tail past the result is cleared, so
		// dst's array keeps nothing alive.
		tail := dst[len(got):cap(dst)]
		assert.Empty(t, slices.DeleteFunc(slices.Clone(tail), func(s string) bool { return s == "" }), "fold=%v", fold)

		// Without room, dst is still left as it was.
		full := slices.Clone(sentinels)
		got = BuildFold(full[:len(full):len(full)], env, everything, defines, overrides, dirs, fold)
		assert.Equal(t, sentinels, full, "fold=%v", fold)
		assert.Equal(t, append(slices.Clone(sentinels), want...), got, "fold=%v", fold)
	}
}

// model is Build written the obvious way, with maps, for comparing with
// the table-driven engine on random input: keep decides which inherited
// names pass.
func model(environ []string, keep func(string) bool, defines []string, overrides []Var, dirs []Dir, fold bool) []string {
	key := func(name string) string {
		if fold {
			return upperASCII(name)
		}
		return name
	}
	type entry struct {
		s       string
		removed bool
	}
	var out []entry
	at := map[string]int{} // key → index in out, or -1 for a dropped name
	set := func(name, s string) {
		if i, ok := at[key(name)]; ok && i >= 0 {
			out[i] = entry{s: s}
			return
		}
		at[key(name)] = len(out)
		out = append(out, entry{s: s})
	}
	for _, e := range environ {
		name, ok := Split(e)
		if !ok {
			continue
		}
		if _, seen := at[key(name)]; seen {
			continue
		}
		if keep(name) {
			at[key(name)] = len(out)
			out = append(out, entry{s: e})
		} else {
			at[key(name)] = -1
		}
	}
	for _, d := range defines {
		if name, ok := Split(d); ok {
			set(name, d)
		}
	}
	for _, v := range overrides {
		switch {
		case v.name == "" || strings.ContainsAny(v.name, "=\x00") || strings.Contains(v.value, "\x00"):
		case v.unset:
			if i, ok := at[key(v.name)]; ok && i >= 0 {
				out[i].removed = true
			}
		default:
			set(v.name, v.name+"="+v.value)
		}
	}
	var list []string
	for _, d := range dirs {
		s := strings.Join(d, "")
		if s != "" && !strings.Contains(s, "\x00") && !slices.Contains(list, s) {
			list = append(list, s)
		}
	}
	if len(list) > 0 {
		name, value := "PATH", join(list...)
		if i, ok := at[key(name)]; ok && i >= 0 && !out[i].removed {
			name, _ = Split(out[i].s)
			if old := out[i].s[len(name)+1:]; old != "" {
				value += sep + old
			}
		}
		set(name, name+"="+value)
	}
	result := []string{}
	for _, e := range out {
		if !e.removed {
			result = append(result, e.s)
		}
	}
	return result
}

// TestBuildMatchesModel runs Build and model on random environments,
// defines, overrides and directories over a small set of names (so that
// repeats and case variants are common), and over many names (so that
// the heap table is used), with names compared exactly and folded.
func TestBuildMatchesModel(t *testing.T) {
	// X_TOKEN is a secret exempt by that exact spelling; other *_token
	// names are secrets.
	secret := table(t, 8, []Name{{Name: "X_TOKEN", Secret: true}}, pat("*_TOKEN"))
	task := &Task{Policy: secret, Inherit: true, Roles: []Role{RolePassThrough}}
	keep := func(name string) bool {
		return name == "X_TOKEN" || !strings.HasSuffix(upperASCII(name), "_TOKEN")
	}
	rng := rand.New(rand.NewPCG(7, 11))
	pick := func(s ...string) string { return s[rng.IntN(len(s))] }
	small := []string{"A", "a", "B", "PATH", "Path", "path", "=C:", "=", "X_TOKEN", "x_token", "Y_TOKEN", "LONG_NAME_1"}
	values := []string{"", "1", "b=c", "/bin", "/a" + sep + "/bin", "x\x00y"}
	name := func(many bool) string {
		if many && rng.IntN(4) > 0 {
			return fmt.Sprintf("%s%d", pick("V", "v"), rng.IntN(400))
		}
		return pick(small...)
	}
	for iter := range 3000 {
		many := iter%20 == 0
		n := rng.IntN(12)
		if many {
			n = 200 + rng.IntN(600)
		}
		var environ, defines []string
		var overrides []Var
		var dirs []Dir
		for range n {
			switch rng.IntN(12) {
			case 0:
				environ = append(environ, name(many)) // no '='
			case 1:
				environ = append(environ, pick("", "=", "=x"))
			default:
				environ = append(environ, name(many)+"="+pick(values...))
			}
		}
		for range rng.IntN(4) {
			defines = append(defines, name(many)+"="+pick(values...))
		}
		for range rng.IntN(6) {
			switch rng.IntN(5) {
			case 0:
				overrides = append(overrides, Unset(pick(name(many), "", "A=1")))
			case 1:
				overrides = append(overrides, Unset(name(many)))
			default:
				overrides = append(overrides, Set(pick(name(many), name(many), "", "A=B", "N\x00"), pick(values...)))
			}
		}
		for range rng.IntN(5) {
			var d Dir // at least one piece, as envgen emits for a non-empty value
			for range 1 + rng.IntN(2) {
				d = append(d, pick("", "/a", "/b", "x", "/a\x00", "/bin"))
			}
			dirs = append(dirs, d)
		}
		for _, fold := range []bool{false, true} {
			want := model(environ, keep, defines, overrides, dirs, fold)
			got := BuildFold(nil, environ, task, defines, overrides, dirs, fold)
			if !slices.Equal(want, got) {
				t.Fatalf("fold=%v\nenviron   %q\ndefines   %q\noverrides %v\ndirs      %q\ngot  %q\nwant %q",
					fold, environ, defines, overrides, dirs, got, want)
			}
		}
	}
}

// TestTableClusters is a linearity check that counts rather than times:
// after inheriting n distinct names, the longest run of occupied slots
// bounds the probes any lookup makes, and it stays small for ordinary
// names at the table's load.
func TestTableClusters(t *testing.T) {
	longest := func(environ []string, fold bool) int {
		slots := tableFor(nil, len(environ)+1)
		b := builder{environ: environ, fold: fold}
		for _, e := range environ {
			name, _ := Split(e)
			b.inherit(slots, e, name)
		}
		if !fold {
			require.Len(t, b.out, len(environ))
		}
		run, most := 0, 0
		for _, s := range append(slices.Clone(slots), slots...) { // wraps around
			if s == 0 {
				run = 0
				continue
			}
			run++
			most = max(most, run)
		}
		return min(most, len(slots))
	}
	var env []string
	for i := range 10000 {
		env = append(env, fmt.Sprintf("VAR_%d=x", i))
	}
	for _, fold := range []bool{false, true} {
		assert.Less(t, longest(env, fold), 64, "fold=%v", fold)
	}

	// Case variants of one name are distinct names where names compare
	// exactly; the exact hash must spread them rather than chain them.
	var variants []string
	for i := range 1 << 10 {
		b := []byte("abcdefghij")
		for j := range b {
			if i>>j&1 != 0 {
				b[j] -= 'a' - 'A'
			}
		}
		variants = append(variants, string(b)+"=x")
	}
	assert.Less(t, longest(variants, false), 64, "exact names spread out")
	assert.Less(t, longest(variants, true), 64, "folded, the variants are one name")
}
