package envrt_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/envgen/envgen/internal/gen"
	envrt "github.com/envgen/envgen/runtime"
)

// benchPolicy is a realistic policy with the built-in lists on.
const benchPolicy = `version: 1
package: p
tasks:
  build:
    passThrough: [NODE_ENV, "NEXT_PUBLIC_*"]
    define: {CGO_ENABLED: "0"}
  shell:
    mode: inherit
    unset: [HISTFILE]
`

// benchEnviron returns n entries shaped like a developer's environment,
// one in ten a secret.
func benchEnviron(n int) []string {
	env := make([]string, n)
	for i := range env {
		switch {
		case i%10 == 0:
			env[i] = fmt.Sprintf("SERVICE%d_API_TOKEN=%s", i, strings.Repeat("x", 40))
		case i%7 == 0:
			env[i] = fmt.Sprintf("NEXT_PUBLIC_FEATURE_%d=on", i)
		default:
			env[i] = fmt.Sprintf("SOME_VARIABLE_%d=/usr/local/share/value/%d", i, i)
		}
	}
	return append(env, "PATH=/usr/bin:/bin", "HOME=/home/u", "NODE_ENV=dev")
}

// BenchmarkBuild measures the build loop for both modes, appending into a
// reused dst as a high-frequency spawner would.
func BenchmarkBuild(b *testing.B) {
	c, err := gen.Compile("policy.yaml", []byte(benchPolicy))
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{30, 100, 1000} {
		environ := benchEnviron(n)
		for _, key := range []string{"build", "shell"} {
			task := c.Task(key).Task
			defines := c.Task(key).Defines(nil)
			b.Run(fmt.Sprintf("%s/N=%d", key, n), func(b *testing.B) {
				dst := make([]string, 0, len(environ)+4)
				b.ReportAllocs()
				for b.Loop() {
					dst = envrt.Build(dst[:0], environ, task, defines, nil, nil)
				}
			})
		}
	}
}
