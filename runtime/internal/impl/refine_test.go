package impl

import (
	"errors"
	"strings"
	"testing"

	"github.com/envgen/envgen/runtime/internal/assert"
	"github.com/envgen/envgen/runtime/internal/require"
)

// This file holds the run-time refinements (Keep, Drop, KeepMatching,
// Sets, CheckVars) to docs/semantics.md, "Run-time refinements", one test
// per promise, with the expected environments written out by hand.

// refinePolicy has a secret name and pattern, an essential, value
// detection, and the injection list's NODE_OPTIONS.
var refinePolicy = &Policy{
	Essentials:   []string{"PATH", "HOME"},
	Secrets:      []string{"GITHUB_TOKEN", "*_TOKEN"},
	Injection:    []string{"NODE_OPTIONS", "LD_*"},
	SecretValues: true,
}

// A token the value detectors recognise, under an innocent name.
const ghToken = "ghp_0123456789abcdefghijABCDEFGHIJ012345"

var refineEnviron = []string{
	"PATH=/bin",
	"HOME=/home/u",
	"GITHUB_TOKEN=t1",
	"NODE_ENV=production",
	"NODE_TOKEN=t2",
	"NODE_CONFIG=" + ghToken,
	"NODE_OPTIONS=--require x",
	"NODE_SECRET_A=s",
	"MY_CORP_URL=https://corp",
	"my_corp_key=k",
	"EDITOR=vi",
	"NODE_ENV=development",
}

var (
	refineIsolated = &Task{Policy: refinePolicy, PassThrough: []string{"!NODE_SECRET_*"}, DropInjection: true}
	refineInherit  = &Task{Policy: refinePolicy, Inherit: true, Unset: []string{"EDITOR"}}
)

func TestKeepPassesAnExactNameEvenASecret(t *testing.T) {
	both(t, refineIsolated, refineEnviron, []string{"PATH=/bin", "HOME=/home/u", "GITHUB_TOKEN=t1", "NODE_CONFIG=" + ghToken},
		Keep("GITHUB_TOKEN"), Keep("NODE_CONFIG"), Keep("ABSENT"))
	both(t, refineInherit, refineEnviron, []string{"PATH=/bin", "HOME=/home/u", "NODE_ENV=production", "NODE_OPTIONS=--require x", "NODE_SECRET_A=s",
		"MY_CORP_URL=https://corp", "my_corp_key=k", "NODE_TOKEN=t2", "EDITOR=vi"},
		Keep("NODE_TOKEN"), Keep("EDITOR"))
}

func TestKeepTakesTheFirstEntryOfExactlyTheName(t *testing.T) {
	environ := []string{"PATH=/bin", "github_token=lower", "X=1", "GITHUB_TOKEN=upper", "GITHUB_TOKEN=later"}
	assert.Equal(t, []string{"PATH=/bin", "GITHUB_TOKEN=upper"}, run(refineIsolated, environ, nil, []Var{Keep("GITHUB_TOKEN")}, nil, false))
	assert.Equal(t, []string{"PATH=/bin", "GITHUB_TOKEN=upper"}, run(refineIsolated, environ, nil, []Var{Keep("GITHUB_TOKEN")}, nil, true),
		"on Windows too: the entry spelled exactly so")
	assert.Equal(t, []string{"PATH=/bin"}, run(refineIsolated, environ, nil, []Var{Keep("Github_Token")}, nil, true), "no entry is spelled so")
	assert.Equal(t, []string{"PATH=/bin"}, run(refineIsolated, []string{"PATH=/bin", "K=a\x00", "K"}, nil, []Var{Keep("K")}, nil, false),
		"no entry exec could carry")
}

func TestKeepReplacesInPlaceAndIgnoresABadName(t *testing.T) {
	task := &Task{Policy: refinePolicy, PassThrough: []string{"EDITOR"}}
	both(t, task, refineEnviron, []string{"PATH=/bin", "HOME=/home/u", "EDITOR=nano"}, Set("EDITOR", "nano"))
	both(t, task, refineEnviron, []string{"PATH=/bin", "HOME=/home/u", "EDITOR=vi"}, Set("EDITOR", "nano"), Keep("EDITOR"))
	both(t, task, refineEnviron, []string{"PATH=/bin", "HOME=/home/u", "EDITOR=vi"}, Keep("NODE_*"), Keep("9X"), Keep(""))
}

func TestDropLeavesOutWhatItMatchesSoFar(t *testing.T) {
	both(t, refineInherit, refineEnviron, []string{"PATH=/bin", "HOME=/home/u", "NODE_ENV=production", "NODE_OPTIONS=--require x", "NODE_SECRET_A=s"},
		Drop("my_corp_*"))
	// A define, a Set before it and PATH go too; a Set after it, and
	// binPaths' PATH (their directories alone), come back in the places
	// the names had.
	environ := []string{"PATH=/bin", "A=1", "B=2"}
	out := build(Given(nil, environ), everything, []string{"DEF=d"}, []Var{Set("SET", "s"), Drop("*"), Set("B", "3")}, []Dir{{"/tools"}}, false)
	assert.Equal(t, []string{"PATH=/tools", "B=3"}, out)
	assert.Equal(t, []string{"PATH=/bin", "A=1"}, run(everything, environ, nil, []Var{Drop("B")}, nil, false), "an exact name is a pattern too")
	assert.Equal(t, []string{"PATH=/bin", "A=1"}, run(everything, environ, nil, []Var{Drop("b")}, nil, false), "ASCII case aside")
}

func TestDropFailsClosed(t *testing.T) {
	for _, bad := range []string{"", "MY-CORP-*", "1*", "A B", "*\x00"} {
		out := build(Given(nil, refineEnviron), refineInherit, []string{"DEF=d"}, []Var{Set("BEFORE", "b"), Drop(bad), Set("AFTER", "a")}, []Dir{{"/tools"}}, false)
		assert.Equal(t, []string{"PATH=/tools", "AFTER=a"}, out, "Drop(%q) leaves out every entry so far", bad)
	}
}

func TestKeepMatchingPassesWhatAPatternWould(t *testing.T) {
	// Not a secret by name (NODE_TOKEN) or value (NODE_CONFIG), not
	// negated (NODE_SECRET_A), not an injection variable (NODE_OPTIONS),
	// the first entry of NODE_ENV.
	both(t, refineIsolated, refineEnviron, []string{"PATH=/bin", "HOME=/home/u", "NODE_ENV=production"}, KeepMatching("NODE_*"))
	both(t, refineIsolated, refineEnviron, []string{"PATH=/bin", "HOME=/home/u", "NODE_ENV=production", "MY_CORP_URL=https://corp", "my_corp_key=k", "EDITOR=vi"},
		KeepMatching("*"))
	assert.Equal(t, []string{"PATH=/bin", "HOME=/home/u", "MY_CORP_URL=https://corp"},
		run(refineIsolated, refineEnviron, nil, []Var{KeepMatching("MY_CORP_*")}, nil, false), "names compare exactly")
	assert.Equal(t, []string{"PATH=/bin", "HOME=/home/u", "MY_CORP_URL=https://corp", "my_corp_key=k"},
		run(refineIsolated, refineEnviron, nil, []Var{KeepMatching("MY_CORP_*")}, nil, true), "on Windows, ASCII case aside")
	both(t, refineIsolated, refineEnviron, []string{"PATH=/bin", "HOME=/home/u"}, KeepMatching("NODE-*"), KeepMatching(""))
}

func TestKeepMatchingKeepsWhatTheTaskLeavesOut(t *testing.T) {
	// An inherit task's unset stays unset; a name an earlier override
	// dropped comes back.
	both(t, refineInherit, refineEnviron, []string{"PATH=/bin", "HOME=/home/u", "NODE_ENV=production", "NODE_OPTIONS=--require x", "NODE_SECRET_A=s",
		"MY_CORP_URL=https://corp", "my_corp_key=k"}, KeepMatching("EDITOR"), KeepMatching("*_TOKEN"))
	both(t, refineInherit, refineEnviron, []string{"PATH=/bin", "HOME=/home/u", "NODE_ENV=production", "NODE_OPTIONS=--require x", "NODE_SECRET_A=s"},
		Drop("*"), KeepMatching("*"), Drop("MY_CORP_*"))
	// More than a few names, and repeats among them past the first few.
	var environ, want []string
	for i := range 40 {
		environ = append(environ, "V"+strings.Repeat("x", i)+"=first")
	}
	want = append(want, environ...)
	for i := range 40 {
		environ = append(environ, "V"+strings.Repeat("x", i)+"=second")
	}
	both(t, &Task{Policy: &Policy{}}, environ, want, KeepMatching("V*"))
}

// TestKeepMatchingEverything holds docs/semantics.md's two sentences on
// KeepMatching: on an inherit task it changes nothing the task decides
// (it passes every entry a pattern could already), and on an isolated
// one KeepMatching("*") passes what an inherit task of the same policy
// passes, less the isolated task's negations and, under dropInjection,
// the injection variables.
func TestKeepMatchingEverything(t *testing.T) {
	inheritLike := &Task{Policy: refinePolicy, Inherit: true, Unset: []string{"NODE_SECRET_*"}, DropInjection: true}
	for _, fold := range []bool{false, true} {
		for _, pattern := range []string{"*", "NODE_*", "EDITOR", "*_TOKEN"} {
			assert.Equal(t, run(refineInherit, refineEnviron, nil, nil, nil, fold), run(refineInherit, refineEnviron, nil, []Var{KeepMatching(pattern)}, nil, fold),
				"KeepMatching(%q) on an inherit task, fold=%v", pattern, fold)
		}
		assert.Equal(t, sortedCopy(run(inheritLike, refineEnviron, nil, nil, nil, fold)), sortedCopy(run(refineIsolated, refineEnviron, nil, []Var{KeepMatching("*")}, nil, fold)),
			"KeepMatching(\"*\") on an isolated task, fold=%v", fold)
	}
}

func TestNoRunTimePatternPassesASecret(t *testing.T) {
	for _, task := range []*Task{refineIsolated, refineInherit} {
		for _, fold := range []bool{false, true} {
			out := run(task, refineEnviron, nil, []Var{Drop("*"), KeepMatching("*"), KeepMatching("*TOKEN*"), KeepMatching("NODE_CONFIG")}, nil, fold)
			for _, e := range out {
				assert.NotContains(t, e, "TOKEN", "fold=%v", fold)
				assert.NotContains(t, e, ghToken, "fold=%v", fold)
			}
		}
	}
}

func TestSetsAreSetsInOrder(t *testing.T) {
	vars := Sets([]string{"PAGER=cat", "A=b=c", "PAGER=less", "E=", "=C:=x", "NOEQUALS", ""})
	require.Len(t, vars, 7)
	both(t, everything, []string{"PAGER=more", "PATH=/bin"}, []string{"PAGER=less", "PATH=/bin", "A=b=c", "E="}, vars...)
	assert.Equal(t, []Var{Set("A", "b")}[0].op, vars[1].op)
	assert.Equal(t, "A", vars[1].name)
	assert.Equal(t, "b=c", vars[1].value)
}

func TestCheckVarsNamesEveryInvalidOverrideNeverItsValue(t *testing.T) {
	assert.NoError(t, CheckVars())
	assert.NoError(t, CheckVars(Set("A", "1"), Unset("B"), Keep("C"), Drop("D_*"), KeepMatching("E*")))
	vars := append([]Var{Set("OK", "fine-1"), Set("BAD=NAME", "v1"), Set("X", "s3cr3t\x00val"), Keep("NODE_*"), Drop("MY-CORP"), KeepMatching("")},
		Sets([]string{"ghp_sometokenwithoutequals", "Y=ok"})...)
	err := CheckVars(vars...)
	require.Error(t, err)
	msg := err.Error()
	for _, want := range []string{
		`override 1, Set("BAD=" + <4 bytes>, <2 bytes>): the name holds '='`,
		`override 2, Set("X", <10 bytes>): the value holds a NUL byte`,
		`override 3, Keep("NODE_*"): not a name`,
		`override 4, Drop("MY-CORP"): neither a name nor a pattern`,
		`override 5, KeepMatching(""): neither a name nor a pattern`,
		`override 6, Sets entry of 26 bytes: no '=' after its first byte`,
	} {
		assert.Contains(t, msg, want)
	}
	assert.Equal(t, 6, strings.Count(msg, "\n")+1, "one line per invalid override")
	for _, value := range []string{"v1", "s3cr3t", "ghp_", "fine-1"} {
		assert.NotContains(t, msg, value)
	}
	var ve *VarError
	require.True(t, errors.As(err, &ve))
	assert.Equal(t, 1, ve.Index)
	assert.True(t, strings.HasPrefix(ve.Error(), "override 1, "), "the message counts as Index does: %s", ve)
}

func TestRefinementsInPlace(t *testing.T) {
	// Filtering in place overwrites environ before Keep reads it: the
	// result is what a separate dst gets.
	// What the task keeps comes last, so that it overwrites what Keep
	// and KeepMatching read.
	environ := []string{"GITHUB_TOKEN=t1", "NODE_ENV=production", "EDITOR=vi", "PATH=/bin", "HOME=/home/u"}
	vars := []Var{Keep("GITHUB_TOKEN"), KeepMatching("NODE_*"), Keep("EDITOR")}
	want := []string{"PATH=/bin", "HOME=/home/u", "GITHUB_TOKEN=t1", "NODE_ENV=production", "EDITOR=vi"}
	for _, fold := range []bool{false, true} {
		assert.Equal(t, want, run(refineIsolated, environ, nil, vars, nil, fold), "fold=%v", fold)
		given := append([]string(nil), environ...)
		assert.Equal(t, want, build(Given(given[:0], given), refineIsolated, nil, vars, nil, fold), "fold=%v", fold)
		owned := append([]string(nil), environ...)
		in := Input{dst: owned[:0], environ: owned, owned: true}
		assert.Equal(t, want, build(in, refineIsolated, nil, vars, nil, fold), "owned, fold=%v", fold)
	}
}
