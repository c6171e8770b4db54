package gen

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/internal/reference"
)

// testSpecInjection is what docs/semantics.md ("Injection variables") names among the
// injection variables.
var testSpecInjection = []string{"LD_*", "DYLD_*", "BASH_ENV", "ENV", "PYTHONPATH", "PERL5LIB", "RUBYOPT", "BASH_FUNC_*"}

// testSudoBadenv is sudo's default env_delete table (initial_badenv_table
// in plugins/sudoers/env.c), its platform entries included, less the
// bash-function entry "*=()*", which the value rule covers.
var testSudoBadenv = []string{
	"IFS", "CDPATH", "LOCALDOMAIN", "RES_OPTIONS", "HOSTALIASES", "NLSPATH", "PATH_LOCALE",
	"LD_*", "_RLD*", "SHLIB_PATH", "LDR_*", "LIBPATH", "AUTHSTATE", "DYLD_*", "KRB5_CONFIG*",
	"KRB5_KTNAME", "VAR_ACE", "USR_ACE", "DLC_ACE", "TERMINFO", "TERMINFO_DIRS", "TERMPATH",
	"TERMCAP", "ENV", "BASH_ENV", "PS4", "GLOBIGNORE", "BASHOPTS", "SHELLOPTS", "JAVA_TOOL_OPTIONS",
	"PERLIO_DEBUG", "PERLLIB", "PERL5LIB", "PERL5OPT", "PERL5DB", "FPATH", "NULLCMD", "READNULLCMD",
	"ZDOTDIR", "TMPPREFIX", "PYTHONHOME", "PYTHONPATH", "PYTHONINSPECT", "PYTHONUSERBASE",
	"RUBYLIB", "RUBYOPT",
}

// testSudoLeftOut are the entries of testSudoBadenv that builtinInjection
// leaves out on purpose, as its doc comment says why.
var testSudoLeftOut = []string{"AUTHSTATE", "VAR_ACE", "USR_ACE", "DLC_ACE", "KRB5_KTNAME"}

// injectionMatches reports whether the injection list matches name, as
// unset does with exact names.
func injectionMatches(name string) bool {
	for _, b := range policy.BuiltinInjection {
		if testGlobMatch(b.Name, name) {
			return true
		}
	}
	return false
}

// testGlobMatch is the reference interpreter's matcher, names compared
// exactly.
func testGlobMatch(pattern, name string) bool { return reference.Match(pattern, name, false) }

func TestInjectionSyntax(t *testing.T) {
	seen := map[string]bool{}
	for _, b := range policy.BuiltinInjection {
		assert.True(t, policy.IsName(b.Name) || policy.IsPattern(b.Name), "%q is neither a name nor a pattern", b.Name)
		assert.False(t, seen[policy.FoldKey(b.Name)], "%q is listed twice", b.Name)
		seen[policy.FoldKey(b.Name)] = true
		assert.NotEmpty(t, b.Group, b.Name)
		assert.Regexp(t, `^\[[^\]]+\]\(https://[^ )]+\)$`, b.Source, "%s: a source is one Markdown link", b.Name)
	}
}

func TestInjectionCoversSpecAndSudo(t *testing.T) {
	for _, name := range testSpecInjection {
		assert.True(t, slices.ContainsFunc(policy.BuiltinInjection, func(b policy.Builtin) bool { return b.Name == name }), "docs/semantics.md names %s", name)
	}
	for _, entry := range testSudoBadenv {
		if slices.Contains(testSudoLeftOut, entry) {
			assert.False(t, injectionMatches(entry), "%s is left out on purpose", entry)
			continue
		}
		// A sudo pattern is covered when its own text, as a name, matches.
		probe := strings.ReplaceAll(entry, "*", "X")
		assert.True(t, injectionMatches(probe), "sudo's env_delete has %s", entry)
	}
	for _, name := range []string{"LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "DYLD_INSERT_LIBRARIES", "BASH_FUNC_ls%%", "GCONV_PATH", "NODE_OPTIONS", "LUA_INIT_5_4"} {
		assert.True(t, injectionMatches(name), name)
	}
}

// TestInjectionSparesEssentialData keeps out of the list what sudo's
// env_check table only checks (data, not code) and the essentials a
// shell needs, bar NODE_OPTIONS, which loads code (--require).
func TestInjectionSparesEssentialData(t *testing.T) {
	for _, name := range []string{"COLORTERM", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LINGUAS", "TERM", "TZ", "TMPDIR"} {
		assert.False(t, injectionMatches(name), name)
	}
	for _, e := range policy.BuiltinEssentials {
		if e.Name != "NODE_OPTIONS" {
			assert.False(t, injectionMatches(e.Name), "essential %s", e.Name)
		}
	}
}

func TestDropInjectionDesugars(t *testing.T) {
	p := mustLoad(t, barePolicy(`tasks:
  sh: {mode: inherit, dropInjection: true, unset: [PYTHONPATH, "LD_*", X]}
  off: {mode: inherit, dropInjection: false}
`))
	sh, off := p.Task("sh"), p.Task("off")
	assert.True(t, sh.DropInjection)
	assert.False(t, off.DropInjection)
	assert.Empty(t, off.UnsetExact)
	assert.Empty(t, off.UnsetPatterns)
	var names, patterns []string
	for _, b := range policy.BuiltinInjection {
		if policy.IsPattern(b.Name) {
			patterns = append(patterns, b.Name)
		} else {
			names = append(names, b.Name)
		}
	}
	// The task's own entries first, then the list's, each once.
	assert.Equal(t, append([]string{"PYTHONPATH", "X"}, slices.DeleteFunc(names, func(n string) bool { return n == "PYTHONPATH" })...), sh.UnsetExact)
	assert.Equal(t, append([]string{"LD_*"}, slices.DeleteFunc(patterns, func(n string) bool { return n == "LD_*" })...), sh.UnsetPatterns)
}

// TestDropInjectionDesugarsIsolated: an isolated task takes dropInjection
// too; its unset, which it cannot write itself, is the injection list.
func TestDropInjectionDesugarsIsolated(t *testing.T) {
	p := mustLoad(t, barePolicy(`tasks:
  b: {dropInjection: true, passThrough: [PYTHONPATH, "LD_*"]}
  off: {dropInjection: false}
`))
	b, off := p.Task("b"), p.Task("off")
	assert.True(t, b.DropInjection)
	assert.False(t, off.DropInjection)
	assert.Empty(t, off.UnsetExact)
	var names, patterns []string
	for _, e := range policy.BuiltinInjection {
		if policy.IsPattern(e.Name) {
			patterns = append(patterns, e.Name)
		} else {
			names = append(names, e.Name)
		}
	}
	assert.Equal(t, names, b.UnsetExact)
	assert.Equal(t, patterns, b.UnsetPatterns)
	assert.Equal(t, []string{"PYTHONPATH"}, b.Exact)
}

func TestDropInjectionErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"tasks: {b: {mode: inherit, dropInjection: 1}}\n", `task "b" dropInjection must be true or false; got "1"`},
		{"tasks: {b: {mode: inherit, dropInjection: [true]}}\n", `task "b" dropInjection must be true or false; got a list`},
		{"tasks: {b: {mode: bogus, dropInjection: true}}\n", `mode "bogus": want isolated or inherit`},
	} {
		_, err := Generate("policy.yaml", []byte(barePolicy(c.src)), "p")
		require.Error(t, err, c.src)
		assert.Contains(t, err.Error(), c.want, c.src)
	}
	// An unknown mode is reported once, not as a misplaced dropInjection too.
	_, err := Generate("policy.yaml", []byte(barePolicy("tasks: {b: {mode: bogus, dropInjection: true}}\n")), "p")
	assert.NotContains(t, err.Error(), "dropInjection")
}
