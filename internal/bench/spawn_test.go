package bench

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"testing"

	"github.com/envgen/envgen/internal/bench/benchdata"
	"github.com/envgen/envgen/internal/bench/s10"
	"github.com/envgen/envgen/runtime/envexec"
)

// BenchmarkSpawn measures what a builder call sits in: starting a child
// that does nothing (true(1)) and waiting for it, with the environment the
// generated inherit builder gives it at N=100.
func BenchmarkSpawn(b *testing.B) {
	path, err := exec.LookPath("true")
	if err != nil {
		b.Skip("no true(1) on this machine")
	}
	env := s10.InheritEnv(benchdata.Environ(100, benchdata.SecretNames(10)))
	b.ReportAllocs()
	for b.Loop() {
		cmd := exec.Command(path)
		cmd.Env = env
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSpawnLean compares two ways of starting a child with a built
// environment, side by side, at N = 100 and 1,000 entries: exec.Command
// with a bare name (a PATH look-up and a second de-duplication of Env on
// every spawn), and envrt's lean path (PathCache.LookPath, then envexec.Run,
// which hands the environment to os.StartProcess as it is). Besides time
// and allocations it reports the parent's own CPU time per spawn
// (getrusage RUSAGE_SELF: user + system), which is what a spawner pays;
// the child's run is the same in both.
func BenchmarkSpawnLean(b *testing.B) {
	if _, err := exec.LookPath("true"); err != nil {
		b.Skip("no true(1) on this machine")
	}
	for _, n := range []int{100, 1000} {
		env := s10.InheritEnv(benchdata.Environ(n, benchdata.SecretNames(10)))
		env = append(env, "PATH="+os.Getenv("PATH")) // the child's PATH, to find true(1)
		b.Run(fmt.Sprintf("N=%d/exec.Command", n), func(b *testing.B) {
			parentCPU(b, func() {
				cmd := exec.Command("true")
				cmd.Env = env
				if err := cmd.Run(); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run(fmt.Sprintf("N=%d/envexec.Run", n), func(b *testing.B) {
			var paths envexec.PathCache
			ctx := context.Background()
			argv := []string{"true"}
			parentCPU(b, func() {
				path, err := paths.LookPath(env, "true")
				if err != nil {
					b.Fatal(err)
				}
				if err := envexec.Run(ctx, path, argv, env, envexec.Stdio{}); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// parentCPU runs spawn b.N times and reports the process's own CPU time
// per call as parent-cpu-ns/op.
func parentCPU(b *testing.B, spawn func()) {
	b.ReportAllocs()
	before := cpuTime(b)
	for b.Loop() {
		spawn()
	}
	b.ReportMetric(float64(cpuTime(b)-before)/float64(b.N), "parent-cpu-ns/op")
}
