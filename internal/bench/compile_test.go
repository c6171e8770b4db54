package bench

import (
	"os"
	"testing"

	"github.com/envgen/envgen/internal/gen"
	policyfile "github.com/envgen/envgen/internal/policy"
	envrt "github.com/envgen/envgen/runtime"
)

// BenchmarkFirstCall times what a task's first call adds: the runtime
// compiling the task's lists into its tables (a task's look-up table and
// each spelling's decision), for the example agent host's shell task
// (the built-in secret list, about 190 names) and the benchmark policies'
// tasks with 10 and 1,000 secret names. Later calls skip it.
func BenchmarkFirstCall(b *testing.B) {
	for _, c := range []struct{ name, file, task string }{
		{"agenthost-shell", "../../examples/agenthost/envpolicy.yaml", "shell"},
		{"S=10-inherit", "s10/policy.yaml", "inherit"},
		{"S=10-isolated", "s10/policy.yaml", "isolated"},
		{"S=1000-inherit", "s1000/policy.yaml", "inherit"},
	} {
		src, err := os.ReadFile(c.file)
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
				sink += len(envrt.Build(envrt.Given(nil, nil), tasks[index], nil, nil, nil))
			}
		})
	}
}
