// Command icount calls one builder K times over an environment of N
// entries, so that valgrind's callgrind can count the instructions a call
// takes: a measure that, unlike time, does not change with the load on the
// machine. BENCHMARKS.md shows how to run it.
//
// patterns10, patterns100 and patterns1000 call the inherit task of a
// policy of 10 secret names and that many secret patterns
// (benchdata.Patterns); first1000 and first10000 make the tables of a
// policy of that many secret names anew for each call, so that a call
// is a first call (its count minus the count with K=0 is K first
// calls); file:PATH does the same for the first task of the policy file
// PATH. They build their policy in process, as gen's Plan.Tables gives
// the lists a generated file holds, in its order.
//
// A fifth argument names an environment file whose values replace the
// filler values (realistic values, for the cost of value detection);
// "distinct:FILE" makes each of the N values distinct (benchdata.Distinct).
//
//	icount inherit10|inherit10values|inherit10refine|inherit1000|isolated10|isolated10refine|isolated1000|hand-inherit10|hand-inherit1000|hand-isolated1000|hand-isolated10|inherit10os|strict10os|idx|semantics|patterns10|patterns100|patterns1000|first1000|first10000|file:PATH K N
//
// It imports the benchmark policies' generated packages, package bench
// (the contenders), benchdata, and policy, gen and envimpl for the
// policies it builds in process.
package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/envgen/envgen/internal/bench"
	"github.com/envgen/envgen/internal/bench/benchdata"
	"github.com/envgen/envgen/internal/bench/s10"
	"github.com/envgen/envgen/internal/bench/s1000"
	"github.com/envgen/envgen/internal/bench/s10values"
	"github.com/envgen/envgen/internal/gen"
	"github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/runtime/envimpl"
)

var sink int

// refinements are three run-time refinements, as a program whose users
// configure its children passes them (BenchmarkBuild's refine3).
var refinements = bench.Refinements

func main() {
	if len(os.Args) != 4 && len(os.Args) != 5 {
		fmt.Fprintln(os.Stderr, "usage: icount inherit10|inherit10values|inherit10refine|inherit1000|isolated10|isolated10refine|isolated1000|hand-inherit10|hand-inherit1000|hand-isolated1000|hand-isolated10|inherit10os|strict10os|idx|semantics|patterns10|patterns100|patterns1000|first1000|first10000|file:PATH K N [VALUES]")
		os.Exit(2)
	}
	which := os.Args[1]
	k, _ := strconv.Atoi(os.Args[2])
	n, _ := strconv.Atoi(os.Args[3])
	secrets := benchdata.SecretNames(10)
	if which == "inherit1000" || which == "isolated1000" || which == "hand-inherit1000" || which == "hand-isolated1000" {
		secrets = benchdata.SecretNames(1000)
	}
	env := benchdata.Environ(n, secrets)
	if len(os.Args) == 5 { // the values of an environment file, such as runtime/secretvalue/testdata/environ.txt
		path, distinct := strings.CutPrefix(os.Args[4], "distinct:")
		values, err := benchdata.ReadValues(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if distinct {
			values = benchdata.Distinct(values, n)
		}
		env = benchdata.WithValues(env, values)
	}
	dst := make([]string, 0, n+8)
	if strings.HasSuffix(which, "os") { // the process's own environment is env
		os.Clearenv()
		for _, e := range env {
			name, value, _ := strings.Cut(e, "=")
			os.Setenv(name, value)
		}
	}
	var plan *gen.Plan
	if p, ok := strings.CutPrefix(which, "patterns"); ok {
		count, _ := strconv.Atoi(p)
		plan = makePlan(10, benchdata.Patterns(count))
	} else if file, ok := strings.CutPrefix(which, "file:"); ok {
		src, err := os.ReadFile(file)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		plan = loadPlan(string(src))
		which = "first"
	} else if s, ok := strings.CutPrefix(which, "first"); ok {
		count, _ := strconv.Atoi(s)
		plan = makePlan(count, benchdata.SecretPatterns)
		env = benchdata.Environ(n, benchdata.SecretNames(count))
	}
	var task *envimpl.Task
	if plan != nil {
		_, tasks := plan.Tables()
		task = tasks[0] // the inherit task
	}
	floor := bench.NewSemanticsFloor(n)
	hand := bench.NewHandFilter(secrets)
	for range k {
		switch which {
		case "idx":
			n := 0 // summed locally, as BenchmarkBuild's floor does
			for _, e := range env {
				n += strings.IndexByte(e, '=')
			}
			sink += n
		case "semantics":
			dst = floor.Build(dst, env)
		case "inherit10":
			dst = s10.AppendInheritEnv(dst[:0], env)
		case "inherit10values":
			dst = s10values.AppendInheritEnv(dst[:0], env)
		case "hand-inherit10", "hand-inherit1000":
			dst = hand.Inherit(env)
		case "hand-isolated10", "hand-isolated1000":
			dst = hand.Isolated(env)
		case "inherit1000":
			dst = s1000.AppendInheritEnv(dst[:0], env)
		case "isolated1000":
			dst = s1000.AppendIsolatedEnv(dst[:0], env)
		case "isolated10":
			dst = s10.AppendIsolatedEnv(dst[:0], env)
		case "inherit10refine":
			dst = s10.AppendInheritEnv(dst[:0], env, refinements...)
		case "isolated10refine":
			dst = s10.AppendIsolatedEnv(dst[:0], env, refinements...)
		case "patterns10", "patterns100", "patterns1000":
			dst = envimpl.Build(envimpl.Given(dst[:0], env), task, nil, nil, nil)
		case "first", "first1000", "first10000":
			_, tasks := plan.Tables() // fresh, not compiled yet
			dst = envimpl.Build(envimpl.Given(dst[:0], env), tasks[0], nil, nil, nil)
		case "inherit10os":
			dst = s10.InheritEnvOS()
		case "strict10os":
			dst = s10.StrictEnvOS()
		}
	}
	sink += len(dst)
}

// makePlan returns the plan of a benchmark policy of names secret names
// and the patterns given.
func makePlan(names int, patterns []string) *gen.Plan {
	return loadPlan(benchdata.Policy("", names, patterns, false))
}

// loadPlan returns the plan of the policy src.
func loadPlan(src string) *gen.Plan {
	p, err := policy.Load("policy.yaml", []byte(src))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	return gen.MakePlan(p, "p", "policy.yaml")
}
