package bench

import (
	"fmt"
	"testing"

	"github.com/envgen/envgen/internal/bench/benchdata"
	"github.com/envgen/envgen/internal/gen"
	policyfile "github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/runtime/envimpl"
)

// BenchmarkManyPatterns times the inherit task of a policy of 10 secret
// names and 10, 100 or 1,000 secret patterns (benchdata.Patterns) over
// 1,000 entries, Append…Env into a reused dst, built in process as the
// generated file's lists (Plan.Tables): the pattern index keeps the cost
// flat in the number of patterns (icount patterns10|100|1000 counts the
// same calls' instructions).
func BenchmarkManyPatterns(b *testing.B) {
	env := benchdata.Environ(1000, benchdata.SecretNames(10))
	for _, n := range []int{10, 100, 1000} {
		p, err := policyfile.Load("policy.yaml", []byte(benchdata.Policy("", 10, benchdata.Patterns(n), false)))
		if err != nil {
			b.Fatal(err)
		}
		_, tasks := gen.MakePlan(p, "p", "policy.yaml").Tables()
		dst := envimpl.Build(envimpl.Given(make([]string, 0, len(env)+8), env), tasks[0], nil, nil, nil) // the first call, compiling the tables
		b.Run(fmt.Sprintf("P=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				dst = envimpl.Build(envimpl.Given(dst[:0], env), tasks[0], nil, nil, nil)
			}
			sink += len(dst)
		})
	}
}
