package bench

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/envgen/envgen/internal/bench/benchdata"
	"github.com/envgen/envgen/internal/bench/s10"
)

// strictNames are the names task strict can pass: the essentials and
// its passThrough names, what a look-up has to ask for.
var strictNames = append(append([]string(nil), essentials...), "NODE_ENV", "GOFLAGS")

// BenchmarkOS compares the ways to build an isolated task's environment
// from this process's own: os.LookupEnv for each name the task can pass,
// os.Environ() and a scan, and the generated StrictEnvOS, which picks
// between them. N is the size of the process environment.
func BenchmarkOS(b *testing.B) {
	saved := os.Environ()
	defer func() {
		os.Clearenv()
		for _, e := range saved {
			name, value, _ := strings.Cut(e, "=")
			os.Setenv(name, value)
		}
	}()
	for _, n := range []int{10, 30, 100, 300, 1000, 10000} {
		os.Clearenv()
		for _, e := range benchdata.Environ(n, benchdata.SecretNames(10)) {
			name, value, _ := strings.Cut(e, "=")
			os.Setenv(name, value)
		}
		b.Run(fmt.Sprintf("N=%d/lookup", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var env []string
				for _, name := range strictNames {
					if v, ok := os.LookupEnv(name); ok {
						env = append(env, name+"="+v)
					}
				}
				sink += len(s10.StrictEnv(env))
			}
		})
		b.Run(fmt.Sprintf("N=%d/environ-scan", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sink += len(s10.StrictEnv(os.Environ()))
			}
		})
		b.Run(fmt.Sprintf("N=%d/generated-os", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sink += len(s10.StrictEnvOS())
			}
		})
	}
}
