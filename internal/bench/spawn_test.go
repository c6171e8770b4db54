package bench

import (
	"os/exec"
	"testing"

	"github.com/envgen/envgen/internal/bench/benchdata"
	"github.com/envgen/envgen/internal/bench/s10"
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
