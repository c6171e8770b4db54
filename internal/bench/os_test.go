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

// BenchmarkOS compares the ways to build a task's environment from this
// process's own: for the isolated task strict, os.LookupEnv for each name
// it can pass; for it and the inherit task, the builder over os.Environ()
// (a copy, then the builder's own slice) and the generated …EnvOS, which
// filters os.Environ()'s copy in place without the NUL and repeat checks
// (on Unix neither can occur there). N is the size of the process
// environment.
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
		b.Run(fmt.Sprintf("N=%d/inherit-environ-scan", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sink += len(s10.InheritEnv(os.Environ()))
			}
		})
		b.Run(fmt.Sprintf("N=%d/inherit-generated-os", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sink += len(s10.InheritEnvOS())
			}
		})
	}
}
