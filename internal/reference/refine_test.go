package reference

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The run-time refinements (docs/semantics.md, "Run-time refinements")
// and the built-in presets' passThrough (docs/semantics.md, "Secret
// values"), with expected values written out by hand, as for the other
// layers: the differential tests hold the runtime to these rules only
// through this interpreter.

func keep(name string) Override         { return Override{Name: name, Op: Keep} }
func drop(pattern string) Override      { return Override{Name: pattern, Op: DropMatching} }
func keepMatch(pattern string) Override { return Override{Name: pattern, Op: KeepMatching} }

// TestReferenceKeep: Keep passes the environment's first entry spelled
// exactly so, a secret by name or by value too, after the filter; a name
// the environment lacks, or an invalid one, adds nothing.
func TestReferenceKeep(t *testing.T) {
	p := refBare(`secrets: {builtin: false, extra: ["*_TOKEN"]}
tasks: {build: {passThrough: [NODE_ENV]}, sh: {mode: inherit}}
`)
	env := []string{"GH_TOKEN=g", "NODE_ENV=dev", "CFG=" + ghToken, "OTHER=o", "OTHER=later"}
	refBoth(t, p, "build", env, nil, []string{"NODE_ENV=dev", "GH_TOKEN=g", "CFG=" + ghToken, "OTHER=o"},
		keep("GH_TOKEN"), keep("CFG"), keep("OTHER"), keep("MISSING"), keep("1X"), keep("OTH*"))
	// The filter left them out, so they come as new names, after the
	// entries it kept.
	refBoth(t, p, "sh", env, nil, []string{"NODE_ENV=dev", "OTHER=o", "GH_TOKEN=g", "CFG=" + ghToken},
		keep("GH_TOKEN"), keep("CFG"))

	// Exactly so on every OS: where names compare ASCII case aside, the
	// entry GH_TOKEN is still not spelled gh_token.
	assert.Empty(t, refRun(t, p, "build", true, []string{"GH_TOKEN=g"}, nil, keep("gh_token")).Environ())

	// An entry exec could not carry is not there: the next one is first.
	refBoth(t, p, "build", []string{"GH_TOKEN=a\x00b", "GH_TOKEN=g"}, nil, []string{"GH_TOKEN=g"}, keep("GH_TOKEN"))

	r := refRun(t, p, "build", false, env, nil, keep("GH_TOKEN"), keep("1X"))
	assert.Equal(t, [4]string{"GH_TOKEN", "g", "kept by the call GH_TOKEN", ""}, entryTexts(r.Env)[1])
	assert.Contains(t, dropTexts(r.Dropped), [2]string{"1X", OverrideBadName.String()})
}

// TestReferenceDrop: Drop leaves out every entry built so far whose name
// the pattern matches, ASCII case aside, defines included; a later Set
// puts a name back where it stood; an invalid pattern leaves out every
// entry built so far.
func TestReferenceDrop(t *testing.T) {
	p := refBare(`tasks: {sh: {mode: inherit, define: {CORP_MODE: on}}}
`)
	env := []string{"PATH=/bin", "MY_CORP_SSO=s", "my_corp_vpn=v", "EDITOR=vi"}
	refBoth(t, p, "sh", env, nil, []string{"PATH=/bin", "EDITOR=vi", "CORP_MODE=on"}, drop("MY_CORP_*"))
	refBoth(t, p, "sh", env, nil, []string{"PATH=/bin", "MY_CORP_SSO=s", "my_corp_vpn=v", "EDITOR=vi"}, drop("*MODE"))
	refBoth(t, p, "sh", env, nil, []string{"PATH=/bin", "my_corp_vpn=v", "CORP_MODE=on"}, drop("editor"), drop("MY_CORP_SSO"))
	refBoth(t, p, "sh", env, nil, []string{"PATH=/bin", "MY_CORP_SSO=new", "EDITOR=vi", "CORP_MODE=on"},
		drop("MY_CORP_*"), Override{Name: "MY_CORP_SSO", Value: "new"})
	refBoth(t, p, "sh", env, nil, []string{"PATH=/bin", "EDITOR=vi", "CORP_MODE=on", "NEW=1"},
		drop("MY_CORP_*"), set("NEW", "1"))

	// An invalid pattern fails closed, and only for what came before it.
	refBoth(t, p, "sh", env, nil, []string{"A=1"}, drop("MY-CORP-*"), set("A", "1"))
	refBoth(t, p, "sh", env, nil, []string{"EDITOR=ed"}, drop(""), set("EDITOR", "ed"))

	r := refRun(t, p, "sh", false, env, nil, drop("MY_CORP_*"))
	assert.Equal(t, [][2]string{
		{"MY_CORP_SSO", "dropped by the call"},
		{"my_corp_vpn", "dropped by the call"},
	}, dropTexts(r.Dropped))
	assert.Equal(t, "MY_CORP_*", r.Dropped[0].Why.By)
}

// TestReferenceKeepMatching: KeepMatching passes the environment's
// entries whose names the pattern matches (as rule 3 compares names) that
// a passThrough pattern of the task would pass: never a secret by name or
// by value, a negated name, or an injection variable under dropInjection.
func TestReferenceKeepMatching(t *testing.T) {
	p := refBare(`secrets: {builtin: false, extra: ["*_TOKEN"]}
tasks:
  build: {dropInjection: true, passThrough: [NODE_ENV, "!NEXT_PRIVATE_*"]}
  sh: {mode: inherit, unset: [HISTFILE]}
`)
	env := []string{
		"NODE_ENV=dev", "NEXT_PUBLIC_URL=u", "NEXT_PUBLIC_TOKEN=t", "NEXT_PUBLIC_DB=" + dbURL,
		"NEXT_PRIVATE_KEY=k", "next_public_lower=l", "NEXT_PUBLIC_URL=later", "LD_PRELOAD=x", "OTHER=o",
	}
	exact := refRun(t, p, "build", false, env, nil, keepMatch("NEXT_*"), keepMatch("LD_*"), keepMatch("1*"))
	assert.Equal(t, []string{"NODE_ENV=dev", "NEXT_PUBLIC_URL=u"}, exact.Environ())
	folded := refRun(t, p, "build", true, env, nil, keepMatch("NEXT_*"), keepMatch("LD_*"), keepMatch("1*"))
	assert.Equal(t, []string{"NODE_ENV=dev", "NEXT_PUBLIC_URL=u", "next_public_lower=l"}, folded.Environ())
	assert.Contains(t, dropTexts(exact.Dropped), [2]string{"1*", OverrideBadName.String()})

	// In an inherit task it brings back only what an earlier override
	// left out: never what the task's own rules drop.
	refBoth(t, p, "sh", []string{"EDITOR=vi", "HISTFILE=h", "GH_TOKEN=g", "CFG=" + ghToken, "PAGER=less"}, nil,
		[]string{"EDITOR=vi", "PAGER=less"}, drop("EDITOR"), keepMatch("*"))
}

// TestReferenceBuiltinPresetExemptsNoValue: a name that only a built-in
// preset lists passes by its name, but an entry of it that holds a
// credential is a secret by value until the policy's own text lists the
// name, as a task's passThrough does here.
func TestReferenceBuiltinPresetExemptsNoValue(t *testing.T) {
	p := refBare(`tasks:
  net: {extends: ["builtin:network"]}
  own: {extends: ["builtin:network"], passThrough: [HTTPS_PROXY]}
  sh: {mode: inherit, extends: ["builtin:network"]}
`)
	env := []string{"HTTPS_PROXY=" + dbURL, "HTTP_PROXY=http://proxy:3128"}
	refBoth(t, p, "net", env, nil, []string{"HTTP_PROXY=http://proxy:3128"})
	refBoth(t, p, "sh", env, nil, []string{"HTTP_PROXY=http://proxy:3128"})
	refBoth(t, p, "own", env, nil, env)

	r := refRun(t, p, "net", false, env, nil)
	if assert.Len(t, r.Dropped, 1) {
		assert.Equal(t, "HTTPS_PROXY", r.Dropped[0].Name)
		assert.Equal(t, SecretValue, r.Dropped[0].Why.Kind)
		assert.Equal(t, "builtin:network", r.Dropped[0].Why.BuiltinPreset)
	}
}
