package gen

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/internal/reference"
)

// testSpecEssentials is the built-in essentials list as documented, POSIX group then
// Windows group, in the documented order: the contract builtinEssentials must match.
var testSpecEssentials = []string{
	"PATH", "HOME", "SHELL", "USER", "LOGNAME", "TMPDIR", "TEMP", "TMP", "LANG",
	"LC_ALL", "LC_CTYPE", "TERM", "COLORTERM", "FORCE_COLOR", "NO_COLOR", "CI", "NODE_OPTIONS",

	"SYSTEMROOT", "APPDATA", "LOCALAPPDATA", "PROGRAMDATA", "PROGRAMFILES",
	"PROGRAMFILES(X86)", "COMSPEC", "PATHEXT", "SYSTEMDRIVE", "WINDIR", "USERPROFILE",
	"HOMEDRIVE", "HOMEPATH", "NUMBER_OF_PROCESSORS", "PROCESSOR_ARCHITECTURE",
}

// testSpecPOSIXEssentials is how many of testSpecEssentials form the POSIX group.
const testSpecPOSIXEssentials = 17

// testNomadDenylist is HashiCorp Nomad's default env.denylist, which the README
// requires the built-in secrets to cover.
var testNomadDenylist = []string{
	"CONSUL_TOKEN", "CONSUL_HTTP_TOKEN", "CONSUL_HTTP_TOKEN_FILE", "NOMAD_TOKEN",
	"VAULT_TOKEN", "CONSUL_LICENSE", "NOMAD_LICENSE", "VAULT_LICENSE",
	"CONSUL_LICENSE_PATH", "NOMAD_LICENSE_PATH", "VAULT_LICENSE_PATH",
	"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_METADATA_URL",
	"GOOGLE_APPLICATION_CREDENTIALS", "GOOGLE_OAUTH_ACCESS_TOKEN",
}

// testMustIncludeSecrets is every name the README promises among the built-in
// secrets: Nomad's denylist plus the names it lists after it. These stay
// listed by name even where a built-in pattern covers them.
var testMustIncludeSecrets = append(append([]string(nil), testNomadDenylist...),
	"GITHUB_TOKEN", "GH_TOKEN", "NPM_TOKEN", "NODE_AUTH_TOKEN",
	"OPENAI_API_KEY", "ANTHROPIC_API_KEY", "SSH_AUTH_SOCK",
)

// testFoldASCII lower-cases the ASCII letters of s and leaves every other byte alone.
func testFoldASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// testGlobMatchFold reports whether name matches pattern ASCII case
// aside, by the reference interpreter's matcher.
func testGlobMatchFold(pattern, name string) bool { return reference.Match(pattern, name, true) }

func TestBuiltinSyntax(t *testing.T) {
	nameRE := regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	patternRE := regexp.MustCompile(`^[A-Za-z_*][A-Za-z0-9_*]*$`)
	for _, e := range policy.BuiltinEssentials {
		if e.Name == "PROGRAMFILES(X86)" {
			continue // the one built-in name outside the name syntax
		}
		assert.Regexp(t, nameRE, e.Name, "essential %q is not a name", e.Name)
	}
	for _, s := range policy.BuiltinSecrets {
		if strings.Contains(s.Name, "*") {
			assert.Regexp(t, patternRE, s.Name, "secret pattern %q has bad syntax", s.Name)
		} else {
			assert.Regexp(t, nameRE, s.Name, "secret %q is not a name", s.Name)
		}
	}
}

func TestBuiltinEssentialsMatchSpec(t *testing.T) {
	var names []string
	for _, e := range policy.BuiltinEssentials {
		names = append(names, e.Name)
	}
	require.Equal(t, testSpecEssentials, names)
	for i, e := range policy.BuiltinEssentials {
		want := "Windows"
		if i < testSpecPOSIXEssentials {
			want = "POSIX"
		}
		assert.Equal(t, want, e.Group, "group of essential %s", e.Name)
	}
}

func TestBuiltinSecretsMustInclude(t *testing.T) {
	have := map[string]bool{}
	for _, s := range policy.BuiltinSecrets {
		have[s.Name] = true
	}
	for _, name := range testMustIncludeSecrets {
		assert.True(t, have[name], "built-in secrets lack %s", name)
	}
}

func TestBuiltinSecretsLayout(t *testing.T) {
	seenPattern := false
	closed := map[string]bool{} // groups whose run of entries has ended
	prev := ""
	names := 0
	for _, s := range policy.BuiltinSecrets {
		isPat := strings.Contains(s.Name, "*")
		if isPat {
			seenPattern = true
			assert.Equal(t, "Patterns", s.Group, "pattern %s", s.Name)
		} else {
			names++
			assert.False(t, seenPattern, "name %s comes after a pattern", s.Name)
			assert.NotEqual(t, "Patterns", s.Group, "name %s", s.Name)
		}
		if s.Group != prev {
			assert.False(t, closed[s.Group], "group %q is split; %s is apart from the rest", s.Group, s.Name)
			closed[prev] = true
			prev = s.Group
		}
		assert.NotEmpty(t, s.Group, "group of %s", s.Name)
	}
	assert.True(t, seenPattern, "no patterns")
	assert.GreaterOrEqual(t, names, 80, "curated list is short")
	assert.LessOrEqual(t, names, 150, "curated list is long")
}

func TestBuiltinNoDuplicatesFold(t *testing.T) {
	seen := map[string]string{}
	check := func(kind string, list []policy.Builtin) {
		for _, e := range list {
			k := testFoldASCII(e.Name)
			if prev, ok := seen[k]; ok {
				t.Errorf("%s %q repeats %q (ignoring ASCII case)", kind, e.Name, prev)
				continue
			}
			seen[k] = e.Name
		}
	}
	check("essential", policy.BuiltinEssentials)
	check("secret", policy.BuiltinSecrets)
}

func TestBuiltinEssentialsAreNotSecrets(t *testing.T) {
	for _, e := range policy.BuiltinEssentials {
		for _, s := range policy.BuiltinSecrets {
			assert.False(t, testGlobMatchFold(s.Name, e.Name), "essential %s is a secret by %s", e.Name, s.Name)
		}
	}
}

func TestBuiltinSecretNamesNotCoveredByPatterns(t *testing.T) {
	must := map[string]bool{}
	for _, name := range testMustIncludeSecrets {
		must[name] = true
	}
	for _, s := range policy.BuiltinSecrets {
		if strings.Contains(s.Name, "*") || must[s.Name] {
			continue
		}
		for _, p := range policy.BuiltinSecrets {
			if strings.Contains(p.Name, "*") {
				assert.False(t, testGlobMatchFold(p.Name, s.Name), "secret %s is redundant: pattern %s covers it", s.Name, p.Name)
			}
		}
	}
}

func TestBuiltinSources(t *testing.T) {
	for _, list := range [][]policy.Builtin{policy.BuiltinEssentials, policy.BuiltinSecrets} {
		for _, e := range list {
			assert.Contains(t, e.Source, "](http", "source of %s has no link", e.Name)
			assert.True(t, strings.HasPrefix(e.Source, "["), "source of %s should start with a link title: %q", e.Name, e.Source)
			assert.NotContains(t, e.Source, "|", "source of %s would break the table", e.Name)
			assert.NotContains(t, e.Source, "\n", "source of %s would break the table", e.Name)
			assert.NotContains(t, e.Group, "|", "group of %s would break the table", e.Name)
		}
	}
}

// testBareSecrets are bare credential names that the built-in suffix
// patterns (*_TOKEN, *_API_KEY, …) miss for want of a prefix, and that
// peers' environment scrubbing treats as secrets: Codex's default
// excludes (*KEY*, *SECRET*, *TOKEN*) and Gemini CLI's name patterns
// (TOKEN, SECRET, PASSWORD, PASSWD, KEY, …).
var testBareSecrets = []string{
	"API_KEY", "APIKEY", "KEY", "TOKEN", "SECRET", "SECRET_KEY", "ACCESS_KEY",
	"PRIVATE_KEY", "PASSWORD", "PASSWD", "PASSPHRASE",
}

// testSecretLookAlikes are ordinary variables whose names start like a
// bare secret name: the built-in list must let them pass.
var testSecretLookAlikes = []string{
	"TOKENIZERS_PARALLELISM",   // Hugging Face tokenizers
	"PASSWORD_STORE_DIR",       // pass(1)
	"PASSWORD_STORE_CLIP_TIME", // pass(1)
	"KEYTIMEOUT",               // zsh
}

// TestBuiltinBareSecretNames holds the built-in list, and the tables
// envgen builds from it, to testBareSecrets and testSecretLookAlikes.
func TestBuiltinBareSecretNames(t *testing.T) {
	c := compiled(t, "version: 1\npackage: p\n")
	listed := func(name string) bool {
		for _, s := range policy.BuiltinSecrets {
			if testGlobMatchFold(s.Name, name) {
				return true
			}
		}
		return false
	}
	for _, name := range testBareSecrets {
		for _, spelling := range []string{name, testFoldASCII(name)} {
			assert.True(t, listed(spelling), "the built-in list misses %s", spelling)
			assert.True(t, c.Policy.IsSecret(spelling), "IsSecret(%q)", spelling)
		}
	}
	for _, name := range testSecretLookAlikes {
		assert.False(t, listed(name), "the built-in list takes %s for a secret", name)
		assert.False(t, c.Policy.IsSecret(name), "IsSecret(%q)", name)
	}
}

// TestSecretsPassTakesBuiltinEssentials: a secret pattern that matches
// PROGRAMFILES(X86), which is outside the name syntax, can be cured with
// secrets.pass, in any ASCII case, without turning the built-in
// essentials off; other names outside the syntax are still refused.
func TestSecretsPassTakesBuiltinEssentials(t *testing.T) {
	src := func(pass string) []byte {
		return []byte("version: 1\npackage: p\nsecrets: {extra: [\"PROGRAM*\"], pass: [PROGRAMDATA, PROGRAMFILES" + pass + "]}\n")
	}
	c := compiled(t, string(src(`, "PROGRAMFILES(X86)", "ProgramFiles(x86)"`)))
	assert.False(t, c.Policy.IsSecret("PROGRAMFILES(X86)"))
	assert.False(t, c.Policy.IsSecret("ProgramFiles(x86)"))
	assert.True(t, c.Policy.IsSecret("programfiles(x86)"), "an exemption matches its exact spelling only")

	_, err := policy.Load("policy.yaml", src(""))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `essential "PROGRAMFILES(X86)" is also a secret (by "PROGRAM*")`)

	_, err = policy.Load("policy.yaml", src(`, "PROGRAMFILES(X86)", "PROGRAMFILES(X64)"`))
	require.Error(t, err)
	assert.Equal(t, `policy.yaml:3:87: secrets.pass: "PROGRAMFILES(X64)" is not a name ([A-Za-z_][A-Za-z0-9_]*) or a built-in essential`, err.Error())
}

func TestReferenceIsSecret(t *testing.T) {
	p := mustLoad(t, barePolicy(`secrets: {builtin: false, extra: [GITHUB_TOKEN, "*_KEY"], pass: [SLEUTH_KEY, GITHUB_TOKEN]}`))
	for name, want := range map[string]bool{
		"GITHUB_TOKEN": false, "github_token": true, "A_KEY": true, "a_key": true,
		"SLEUTH_KEY": false, "sleuth_key": true, "KEY": false, "PATH": false,
	} {
		assert.Equal(t, want, reference.IsSecret(p, name), name)
	}
	assert.Equal(t, []string{"*_KEY"}, reference.Secrets(p))
}

func TestReferenceBuiltinSecrets(t *testing.T) {
	src := "version: 1\npackage: p\ntasks: {sh: {mode: inherit}}\n"
	p := mustLoad(t, src)
	var env []string
	for _, name := range testMustIncludeSecrets {
		env = append(env, name+"=x", testFoldASCII(name)+"=x")
	}
	for _, fold := range []bool{false, true} {
		assert.Equal(t, []string{"HOME=/h"}, reference.Build(p, p.Task("sh"), append(env, "HOME=/h"), nil, nil, fold).Environ())
	}
}
