package impl

import (
	"slices"
	"strings"
	"testing"
)

// This file fuzzes build: a task of fuzzTasks on fuzzed environ,
// overrides and parameters, with either name comparison, into a separate
// dst and in place, against the same build with every entry decided by
// the rules alone (rulesOnly). Its seed corpus under testdata/fuzz runs
// as an ordinary test.

// fuzzPolicy and fuzzOddPolicy are the policies of fuzzTasks: between
// them every layer, both modes, patterns, negations, unset, injection
// variables and exemptions in other spellings.
var (
	fuzzPolicy = &Policy{
		Essentials: []string{"PATH", "HOME", "LANG", "NODE_OPTIONS"},
		Secrets:    []string{"*_TOKEN", "GITHUB_TOKEN", "*_KEY", "SSH_AUTH_SOCK"},
		Pass:       []string{"SLEUTH_KEY"},
		Injection:  []string{"LD_*", "BASH_FUNC_*", "NODE_OPTIONS", "BASH_ENV"},
	}
	fuzzOddPolicy = &Policy{
		Essentials: []string{"PATH", "Path", "home"},
		Secrets:    []string{"Deploy_Key", "*_TOKEN", "A*B*A", "**"},
		Pass:       []string{"deploy_key", "PATH", "Path", "home"},
	}
	fuzzTasks = []*Task{
		{Policy: fuzzPolicy, PassThrough: []string{"NODE_ENV", "GITHUB_TOKEN", "NEXT_PUBLIC_*", "!NEXT_PUBLIC_SECRET_*", "!LANG"}},
		{Policy: fuzzPolicy, Inherit: true, PassThrough: []string{"GH_TOKEN"}, Unset: []string{"HISTFILE", "npm_config_*"}, DropInjection: true},
		{Policy: fuzzOddPolicy, PassThrough: []string{"a_token", "x*", "!xy*", "Deploy_Key"}},
		{Policy: fuzzOddPolicy, Inherit: true, PassThrough: []string{"Deploy_Key", "a_token"}, Unset: []string{"X", "y*"}},
		{Policy: &Policy{}, Inherit: true},
		{Policy: &Policy{}},
		{Policy: fuzzPolicy, DropInjection: true, PassThrough: []string{"LD_PRELOAD", "F", "BASH_*", "!BASH_ENV", "*_KEY"}},
	}
)

// decodeFuzzCall turns fuzz input into a call: environ entries are the
// lines of environ; each line of ovs is an override, "-NAME" an Unset,
// else NAME<TAB>value a Set; params holds parameter values a, b, task,
// projectDir and workspace, separated by TABs, which make a templated
// define and binPaths directories as generated code makes them.
func decodeFuzzCall(environ, ovs, params string) modelCall {
	var c modelCall
	if environ != "" {
		c.environ = strings.Split(environ, "\n")
	}
	if ovs != "" {
		for _, line := range strings.Split(ovs, "\n") {
			if name, ok := strings.CutPrefix(line, "-"); ok {
				c.overrides = append(c.overrides, Unset(name))
				continue
			}
			name, value, _ := strings.Cut(line, "\t")
			c.overrides = append(c.overrides, Set(name, value))
		}
	}
	var p [5]string
	copy(p[:], strings.SplitN(params, "\t", 5))
	a, b, task, projectDir, workspace := p[0], p[1], p[2], p[3], p[4]
	c.defines = []string{"CGO_ENABLED=0", "RUN=" + task, "NODE_ENV=production"}
	c.dirs = []Dir{{projectDir, "/bin"}, {workspace, "/bin"}, {"/usr/x{y}"}, {a}, {b}, {a, "/"}}
	return c
}

func FuzzBuild(f *testing.F) {
	f.Add(uint8(0), false, "HOME=/h\nGITHUB_TOKEN=x\nNEXT_PUBLIC_A=1\nNEXT_PUBLIC_SECRET_B=2\nLANG=C\nPATH=/bin", "NODE_ENV\tdev\n-HOME", "\t\tbuild\t/p\t/w")
	f.Add(uint8(1), true, "github_token=x\nGH_TOKEN=y\nLD_PRELOAD=/x\nf=() { :; }\nBASH_FUNC_g%%=() { :; }\nnpm_config_x=1", "-TERM", "")
	f.Add(uint8(2), true, "Path=/x\nPATH=/y\nhome=h\nDeploy_Key=k\ndeploy_key=k2\nxy=1\nXz=2", "PATH\t/o", "/a\t/b")
	f.Add(uint8(3), false, "Path=/x\nPATH=/y\nA_TOKEN=t\na_token=u\nABA=1\nX=1\ny1=2", "A=B\tx\n\tx\n-\nN\x00\tv", "\x00\t/b\x00")
	f.Add(uint8(4), true, "=C:=C:\\x\n==x\nA=b=c\nE=\nNOEQUALS\n\nX\x00=1\nA=again", "a\tlower\nA\tupper", "")
	f.Add(uint8(5), false, "A=1\nB=2\nA=3", "-A\nA\tback\nC\tnew\n-C", "")
	f.Add(uint8(0), true, "github_token=S1\nNODE_ENV=1\nGITHUB_TOKEN=S2", "", "")
	f.Add(uint8(1), false, "F=() { :; }\nA=1\nF=plain\nB=2", "", "")
	f.Add(uint8(6), true, "LD_PRELOAD=() { :; }\nld_preload=/x\nF=() { :; }\nBASH_ENV=/e\nBASH_X=1\nA_KEY=k\nSLEUTH_KEY=s", "", "")
	f.Add(uint8(3), true, "x=1\nY1=2\nhistfile=h", "", "")
	f.Add(uint8(1), true, "Histfile=h\nNPM_CONFIG_X=1\nld_preload=/x", "", "")
	f.Fuzz(func(t *testing.T, which uint8, fold bool, environ, ovs, params string) {
		task := fuzzTasks[int(which)%len(fuzzTasks)]
		c := decodeFuzzCall(environ, ovs, params)
		want := build(Given(nil, c.environ), rulesOnly(task, fold), c.defines, c.overrides, c.dirs, fold)
		got := build(Given(nil, c.environ), task, c.defines, c.overrides, c.dirs, fold)
		if !slices.Equal(got, want) {
			t.Errorf("task %s, fold=%v, environ %q, overrides %v, defines %q, dirs %q\n got  %q\n want %q",
				describe(task), fold, c.environ, c.overrides, c.defines, c.dirs, got, want)
		}
		env := slices.Clone(c.environ)
		if inPlace := build(Given(env[:0], env), task, c.defines, c.overrides, c.dirs, fold); !slices.Equal(inPlace, got) {
			t.Errorf("in place: task %s, fold=%v, environ %q, overrides %v\n in place %q\n separate %q",
				describe(task), fold, c.environ, c.overrides, inPlace, got)
		}
	})
}
