package gentest

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/gen"
	"github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/internal/reference"
	"github.com/envgen/envgen/internal/testkit"
)

// The differential test holds the code envgen generates to the reference
// interpreter: it draws random policies, generates each into a package of
// a throwaway module (as TestE2E does), builds one driver program that
// calls every generated builder, feeds it thousands of random calls, and
// compares every answer with reference.Build(…, fold=false), this OS's rules.
// Windows' rules are compared in internal/runtimetest, in process,
// through envimpl.BuildFold.

// Sizes of one run: policies × calls per policy ≥ 10,000 calls.
const (
	diffPolicies       = 40
	diffCallsPerPolicy = 400
)

// diffSeed is the run's random seed: fixed, so that a failure repeats;
// ENVGEN_DIFF_SEED picks another.
func diffSeed(t testing.TB) uint64 {
	var seed uint64 = 4
	if s := os.Getenv("ENVGEN_DIFF_SEED"); s != "" {
		_, err := fmt.Sscan(s, &seed)
		require.NoError(t, err, "ENVGEN_DIFF_SEED")
	}
	return seed
}

// driverCase is one call as the driver reads it: which policy, and a
// RandomCall's arguments; Dst is what Append…Env gets as dst.
type driverCase struct {
	Policy    int
	Task      string
	Dst       []string
	Environ   []string
	Params    map[string]string
	Overrides []RefOverride
	Names     []string
	Values    []string
}

// driverResult is what the driver answers for a driverCase.
type driverResult struct {
	Env, Append    []string // …Env's result; Append…Env's
	InPlace        []string // Append…Env(environ[:0], environ), on a copy
	DstIntact      bool     // dst[:len(dst)] unchanged by Append…Env
	EnvironIntact  bool     // environ unchanged by either
	Secret         []bool   // IsSecret of each of Names
	SecretValue    []bool   // IsSecretValue of each of Values
	Secrets        []string // Secrets()
	SecretsIsFresh bool     // changing Secrets()'s slice leaves the next call alone
	Lookup         []string // with params: what Lookup(Task)'s builder returns
	LookupOK       bool     // Lookup found the task
}

// diffBatch is one run of the generated side: policies, calls, answers.
type diffBatch struct {
	seed     uint64
	srcs     []string
	policies []*Compiled
	cases    []driverCase
	results  []driverResult
	build    time.Duration // generating and building the driver
	run      time.Duration // running every case
}

var (
	diffOnce sync.Once
	diffData *diffBatch
)

// diffRun makes the batch once per test binary, in whichever of
// TestDifferential and TestInvariantsGenerated runs first; the other
// reuses it.
func diffRun(t *testing.T) *diffBatch {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs generated code; skipped with -short")
	}
	diffOnce.Do(func() { diffData = makeDiffBatch(t) })
	if diffData == nil {
		t.Fatal("the differential batch could not be made (see the first test that tried)")
	}
	return diffData
}

// makeDiffBatch draws, generates, builds and runs the batch.
func makeDiffBatch(t *testing.T) *diffBatch {
	start := time.Now()
	b := &diffBatch{seed: diffSeed(t)}
	r := rand.New(rand.NewPCG(b.seed, 0x656e7667656e))
	for i := range diffPolicies {
		src, c := RandomPolicy(r, fmt.Sprintf("p%d", i))
		b.srcs = append(b.srcs, src)
		b.policies = append(b.policies, c)
		for range diffCallsPerPolicy {
			call := RandomCallFor(r, c)
			dst := []string{"DST=0", "DST=1"}[:r.IntN(3)]
			b.cases = append(b.cases, driverCase{i, call.Task, dst, call.Environ, call.Params, call.Overrides, call.Names, call.Values})
		}
	}

	goTool := testkit.GoCommand(t)
	mod := t.TempDir()
	testkit.HostModule(t, mod, "envgen.test/diff")
	for i, src := range b.srcs {
		code, err := gen.Generate("policy.yaml", []byte(src), "")
		require.NoError(t, err, "policy %d:\n%s", i, src)
		dir := filepath.Join(mod, fmt.Sprintf("p%d", i))
		require.NoError(t, os.Mkdir(dir, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "gen.go"), code, 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "policy.yaml"), []byte(src), 0o644))
	}
	require.NoError(t, os.WriteFile(filepath.Join(mod, "main.go"), driverSource(b.policies), 0o644))
	exe := filepath.Join(mod, "driver.exe")
	cmd := exec.Command(goTool, "build", "-o", exe, ".")
	cmd.Dir = mod
	cmd.Env = testkit.GoEnv(t, goTool)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go build of the driver in %s:\n%s", mod, out)
	b.build = time.Since(start)

	start = time.Now()
	var in bytes.Buffer
	require.NoError(t, gob.NewEncoder(&in).Encode(b.cases))
	cmd = exec.Command(exe)
	cmd.Stdin = &in
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "driver: %s", stderr.String())
	require.NoError(t, gob.NewDecoder(&stdout).Decode(&b.results))
	require.Len(t, b.results, len(b.cases))
	b.run = time.Since(start)
	return b
}

// driverSource writes the driver program: it reads []driverCase (gob) on
// standard input, calls the generated builders, and writes
// []driverResult.
func driverSource(policies []*Compiled) []byte {
	var b bytes.Buffer
	b.WriteString(`package main

import (
	"encoding/gob"
	"os"
	"slices"

	"github.com/envgen/envgen/runtime/envrt"
`)
	for i := range policies {
		fmt.Fprintf(&b, "\tp%d \"envgen.test/diff/p%d\"\n", i, i)
	}
	b.WriteString(`)

type override struct {
	Name, Value string
	Unset       bool
	Op          int
}

type driverCase struct {
	Policy    int
	Task      string
	Dst       []string
	Environ   []string
	Params    map[string]string
	Overrides []override
	Names     []string
	Values    []string
}

type driverResult struct {
	Env, Append    []string
	InPlace        []string
	DstIntact      bool
	EnvironIntact  bool
	Secret         []bool
	SecretValue    []bool
	Secrets        []string
	SecretsIsFresh bool
	Lookup         []string
	LookupOK       bool
}

func main() {
	var cases []driverCase
	if err := gob.NewDecoder(os.Stdin).Decode(&cases); err != nil {
		panic(err)
	}
	results := make([]driverResult, len(cases))
	for i, c := range cases {
		results[i] = run(c)
	}
	if err := gob.NewEncoder(os.Stdout).Encode(results); err != nil {
		panic(err)
	}
}

func run(c driverCase) (r driverResult) {
	var ovs []envrt.Var
	for _, o := range c.Overrides {
		switch {
		case o.Op == 1:
			ovs = append(ovs, envrt.Keep(o.Name))
		case o.Op == 2:
			ovs = append(ovs, envrt.Drop(o.Name))
		case o.Op == 3:
			ovs = append(ovs, envrt.KeepMatching(o.Name))
		case o.Unset:
			ovs = append(ovs, envrt.Unset(o.Name))
		default:
			ovs = append(ovs, envrt.Set(o.Name, o.Value))
		}
	}
	environ := slices.Clone(c.Environ)
	inPlace := slices.Clone(c.Environ)
	dst := make([]string, len(c.Dst), len(c.Dst)+len(c.Environ)+8)
	copy(dst, c.Dst)
	p := c.Params
	_ = p
	switch c.Policy {
`)
	for i, c := range policies {
		prefix := c.checked.Prefix
		fmt.Fprintf(&b, "\tcase %d:\n\t\tswitch c.Task {\n", i)
		for _, t := range c.checked.Tasks {
			args := ""
			if len(t.Params) > 0 {
				var fields []string
				for _, param := range t.Params {
					fields = append(fields, fmt.Sprintf("%s: p[%q]", policy.UpperFirst(param), param))
				}
				paramsType := t.GoName + "Params"
				if c.checked.HasSharedParams {
					paramsType = prefix + "Params"
				}
				args = fmt.Sprintf(", p%d.%s{%s}", i, paramsType, strings.Join(fields, ", "))
			}
			fmt.Fprintf(&b, "\t\tcase %q:\n", t.Key)
			fmt.Fprintf(&b, "\t\t\tr.Env = p%d.%sEnv(environ%s, ovs...)\n", i, t.GoName, args)
			fmt.Fprintf(&b, "\t\t\tr.Append = p%d.Append%sEnv(dst, environ%s, ovs...)\n", i, t.GoName, args)
			fmt.Fprintf(&b, "\t\t\tr.InPlace = p%d.Append%sEnv(inPlace[:0], inPlace%s, ovs...)\n", i, t.GoName, args)
		}
		b.WriteString("\t\tdefault:\n\t\t\tpanic(\"no task \" + c.Task)\n\t\t}\n")
		if c.checked.HasSharedParams {
			// The task table, with every shared parameter given.
			var fields []string
			for _, param := range c.checked.SharedParams {
				fields = append(fields, fmt.Sprintf("%s: p[%q]", policy.UpperFirst(param), param))
			}
			fmt.Fprintf(&b, "\t\tif f, ok := p%d.%sLookup(c.Task); ok {\n", i, prefix)
			fmt.Fprintf(&b, "\t\t\tr.Lookup, r.LookupOK = f(slices.Clone(c.Environ), p%d.%sParams{%s}, ovs...), true\n\t\t}\n", i, prefix, strings.Join(fields, ", "))
		}
		fmt.Fprintf(&b, "\t\tfor _, n := range c.Names {\n\t\t\tr.Secret = append(r.Secret, p%d.%sIsSecret(n))\n\t\t}\n", i, prefix)
		fmt.Fprintf(&b, "\t\tfor _, v := range c.Values {\n\t\t\tr.SecretValue = append(r.SecretValue, p%d.%sIsSecretValue(v))\n\t\t}\n", i, prefix)
		fmt.Fprintf(&b, "\t\tif s := p%d.%sSecrets(); len(s) > 0 {\n\t\t\ts[0] = \"changed\"\n\t\t}\n", i, prefix)
		fmt.Fprintf(&b, "\t\tr.Secrets = p%d.%sSecrets()\n", i, prefix)
		b.WriteString("\t\tr.SecretsIsFresh = !slices.Contains(r.Secrets, \"changed\")\n")
	}
	b.WriteString(`	default:
		panic("no policy")
	}
	r.DstIntact = slices.Equal(dst, c.Dst)
	r.EnvironIntact = slices.Equal(environ, c.Environ)
	return r
}
`)
	return b.Bytes()
}

// TestDifferential compares every answer of the generated builders with
// the reference interpreter under this OS's rules: …Env's, Append…Env's
// after a dst, and Append…Env's filtering a copy of environ in place.
func TestDifferential(t *testing.T) {
	b := diffRun(t)
	t.Logf("%d random calls of %d random policies (seed %d): generated and built in %v, run in %v",
		len(b.cases), len(b.policies), b.seed, b.build.Round(time.Millisecond), b.run.Round(time.Millisecond))
	require.GreaterOrEqual(t, len(b.cases), 10000)
	shared, prefixed := 0, 0
	for _, c := range b.policies {
		if c.checked.HasSharedParams {
			shared++
		}
		if c.checked.Prefix != "" {
			prefixed++
		}
	}
	valuesOff, valuePrefixes, builtinPass := 0, 0, 0
	for _, c := range b.policies {
		switch {
		case !c.checked.Values:
			valuesOff++
		case len(c.checked.ValuePrefixes) > 0:
			valuePrefixes++
		}
		if slices.ContainsFunc(c.checked.Tasks, func(t policy.Task) bool { return len(t.BuiltinPass) > 0 }) {
			builtinPass++
		}
	}
	t.Logf("%d policies with params: (and Lookup), %d with a prefix, %d with secrets.values: false, %d with secrets.valuePrefixes, %d with names only a built-in preset lists",
		shared, prefixed, valuesOff, valuePrefixes, builtinPass)
	require.NotZero(t, builtinPass, "no random policy has names only a built-in preset lists")
	require.NotZero(t, shared, "no random policy has params:")
	require.NotZero(t, prefixed, "no random policy has a prefix")
	require.NotZero(t, valuesOff, "no random policy has secrets.values: false")
	require.NotZero(t, valuePrefixes, "no random policy has secrets.valuePrefixes")
	fold := runtimeFold()
	failures := 0
	for i, c := range b.cases {
		res := b.results[i]
		p := b.policies[c.Policy].checked
		want := reference.Build(p, p.Task(c.Task), c.Environ, c.Params, c.Overrides, fold)
		problems := diffProblems(p, c, res, want)
		if len(problems) == 0 {
			continue
		}
		failures++
		if failures <= 5 {
			t.Errorf("case %d: %s\npolicy:\n%s\ntask %s, environ %q, params %q, overrides %+v\n got  %q\n want %q\n dropped %q",
				i, strings.Join(problems, "; "), b.srcs[c.Policy], c.Task, c.Environ, c.Params, c.Overrides,
				res.Env, want.Environ(), want.Dropped)
		}
	}
	if failures > 5 {
		t.Errorf("... %d failing cases in all", failures)
	}
}

// diffProblems lists how a driver answer differs from the reference's.
func diffProblems(p *policy.Policy, c driverCase, res driverResult, want reference.Result) []string {
	var out []string
	if !slices.Equal(res.Env, want.Environ()) {
		out = append(out, "…Env differs from the reference")
	}
	if len(res.Append) < len(c.Dst) || !slices.Equal(res.Append[:len(c.Dst)], c.Dst) || !slices.Equal(res.Append[len(c.Dst):], res.Env) {
		out = append(out, fmt.Sprintf("Append…Env(dst=%q) = %q, want dst then …Env's result", c.Dst, res.Append))
	}
	if !slices.Equal(res.InPlace, want.Environ()) {
		out = append(out, fmt.Sprintf("Append…Env(environ[:0], environ) = %q, filtering in place", res.InPlace))
	}
	if !res.DstIntact {
		out = append(out, "Append…Env changed dst[:len(dst)]")
	}
	if !res.EnvironIntact {
		out = append(out, "a builder changed environ")
	}
	for j, n := range c.Names {
		if res.Secret[j] != reference.IsSecret(p, n) {
			out = append(out, fmt.Sprintf("IsSecret(%q) = %v", n, res.Secret[j]))
		}
	}
	for j, v := range c.Values {
		if res.SecretValue[j] != reference.IsSecretValue(p, v) {
			out = append(out, fmt.Sprintf("IsSecretValue(%q) = %v", v, res.SecretValue[j]))
		}
	}
	if !slices.Equal(res.Secrets, reference.Secrets(p)) {
		out = append(out, fmt.Sprintf("Secrets() = %q, want %q", res.Secrets, reference.Secrets(p)))
	}
	if !res.SecretsIsFresh {
		out = append(out, "Secrets() shares its slice between calls")
	}
	if p.HasSharedParams && (!res.LookupOK || !slices.Equal(res.Lookup, want.Environ())) {
		out = append(out, fmt.Sprintf("Lookup(%q) = %q (found: %v), want the reference's answer", c.Task, res.Lookup, res.LookupOK))
	}
	return out
}

// runtimeFold reports whether the generated code, built for this OS,
// compares names as Windows does.
func runtimeFold() bool { return runtime.GOOS == "windows" }
