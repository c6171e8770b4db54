package bench

import (
	"fmt"
	"os"
	goruntime "runtime"
	"strings"
	"testing"

	"github.com/envgen/envgen/internal/bench/benchdata"
	"github.com/envgen/envgen/internal/gen"
	policyfile "github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/internal/testkit"
	"github.com/envgen/envgen/runtime/envimpl"
)

// BenchmarkFirstCall times what a task's first call adds: the runtime
// compiling the task's lists into its tables (a task's look-up table and
// each spelling's decision), for the example agent host's shell task
// (the built-in secret list, about 190 names) and the benchmark policies'
// tasks with 10, 1,000 and 10,000 secret names (the last made here).
// Later calls skip it.
func BenchmarkFirstCall(b *testing.B) {
	for _, c := range []struct{ name, file, task string }{
		{"agenthost-shell", "../../examples/agenthost/envpolicy.yaml", "shell"},
		{"S=10-inherit", "s10/policy.yaml", "inherit"},
		{"S=10-isolated", "s10/policy.yaml", "isolated"},
		{"S=1000-inherit", "s1000/policy.yaml", "inherit"},
		{"S=10000-inherit", "", "inherit"},
	} {
		src, err := os.ReadFile(c.file)
		if c.file == "" {
			src, err = []byte(benchdata.Policy("", 10_000, benchdata.SecretPatterns, false)), nil
		}
		if err != nil {
			b.Fatal(err)
		}
		p, err := policyfile.Load(c.file, src)
		if err != nil {
			b.Fatal(err)
		}
		pl := gen.MakePlan(p, "p", c.file)
		index := -1
		for i, t := range pl.Tasks {
			if t.Key == c.task {
				index = i
			}
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, tasks := pl.Tables() // fresh, not yet compiled
				sink += len(envimpl.Build(envimpl.Given(nil, nil), tasks[index], nil, nil, nil))
			}
		})
	}
}

// readmePolicy is the README quickstart's policy, read from the README
// so that the figure is the one the README's example pays.
func readmePolicy(tb testing.TB) []byte {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		tb.Fatal(err)
	}
	for _, block := range testkit.CodeBlocks(testkit.MarkdownSection(string(readme), "## Quickstart")) {
		if block.Lang == "yaml" {
			return []byte("package: p\n" + block.Text)
		}
	}
	tb.Fatal("README's quickstart has no policy")
	return nil
}

// BenchmarkFirstCallREADME times the first call of each task of the
// README quickstart's policy, which compiles the policy's tables (the
// built-in lists) for the first and the task's own for both.
func BenchmarkFirstCallREADME(b *testing.B) {
	p, err := policyfile.Load("README.md", readmePolicy(b))
	if err != nil {
		b.Fatal(err)
	}
	pl := gen.MakePlan(p, "p", "README.md")
	environ := benchdata.Environ(100, nil)
	for i, t := range pl.Tasks {
		b.Run(t.Key, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, tasks := pl.Tables() // fresh, not yet compiled
				if i > 0 {              // the policy compiled already, by the first task's call
					b.StopTimer()
					envimpl.Build(envimpl.Fresh(environ), tasks[0], nil, nil, nil)
					b.StartTimer()
				}
				sink += len(envimpl.Build(envimpl.Fresh(environ), tasks[i], nil, nil, nil))
			}
		})
	}
}

// manyTasks is a policy of 5,000 secret names and 50 tasks, half
// inherit tasks that unset names of their own, half isolated ones that
// pass names of their own and a pattern.
func manyTasks() []byte {
	var b strings.Builder
	b.WriteString("version: 1\npackage: p\nsecrets:\n  extra:\n")
	for _, s := range benchdata.SecretNames(5000) {
		b.WriteString("    - " + s + "\n")
	}
	b.WriteString("tasks:\n")
	for i := range 50 {
		if i%2 == 0 {
			fmt.Fprintf(&b, "  t%d: {mode: inherit, unset: [HISTFILE, OWN_%d]}\n", i, i)
		} else {
			fmt.Fprintf(&b, "  t%d: {passThrough: [NODE_ENV, OWN_%d, \"NEXT_PUBLIC_*\"]}\n", i, i)
		}
	}
	return []byte(b.String())
}

// keptBytes returns the heap that the tables of the 50 tasks of
// manyTasks keep after one call of each, over the heap before.
func keptBytes(tb testing.TB) uint64 {
	p, err := policyfile.Load("policy.yaml", manyTasks())
	if err != nil {
		tb.Fatal(err)
	}
	pl := gen.MakePlan(p, "p", "policy.yaml")
	environ := benchdata.Environ(100, benchdata.SecretNames(5000))
	var before, after goruntime.MemStats
	goruntime.GC()
	goruntime.ReadMemStats(&before)
	rp, tasks := pl.Tables()
	for _, t := range tasks {
		sink += len(envimpl.Build(envimpl.Fresh(environ), t, nil, nil, nil))
	}
	goruntime.GC()
	goruntime.ReadMemStats(&after)
	goruntime.KeepAlive(rp)
	goruntime.KeepAlive(tasks)
	return after.HeapAlloc - before.HeapAlloc
}

// BenchmarkKeptMemory reports what 50 tasks over 5,000 secret names keep
// after one call each (kept-B), the target being 2 MB.
func BenchmarkKeptMemory(b *testing.B) {
	var kept uint64
	for b.Loop() {
		kept = keptBytes(b)
	}
	b.ReportMetric(float64(kept), "kept-B")
}

// TestKeptMemory holds the tables of 50 tasks over 5,000 secret names,
// after one call each, to 2 MB: a policy's lists are compiled once for
// all its tasks (a heap measured after a collection, not a time).
func TestKeptMemory(t *testing.T) {
	if kept := keptBytes(t); kept > 2<<20 {
		t.Errorf("50 tasks × 5,000 secret names keep %d bytes after one call each, over 2 MB", kept)
	} else {
		t.Logf("kept %d bytes", kept)
	}
}
