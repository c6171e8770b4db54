package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A run of three counts over a few cells, with the noise lines go test
// prints around them.
const sample = `goos: linux
goarch: amd64
pkg: github.com/envgen/envgen/internal/bench
cpu: Test CPU
BenchmarkBuild/floor/N=100/S=10/fixed/idx-2         	  400000	       500.0 ns/op	       0 B/op	       0 allocs/op
BenchmarkBuild/floor/N=100/S=10/fixed/idx-2         	  400000	       900.0 ns/op	       0 B/op	       0 allocs/op
BenchmarkBuild/floor/N=100/S=10/fixed/idx-2         	  400000	       400.0 ns/op	       0 B/op	       0 allocs/op
BenchmarkBuild/floor/N=100/S=10/fixed/semantics-2   	   80000	      2500 ns/op	       0 B/op	       0 allocs/op
BenchmarkBuild/inherit/N=100/S=10/fixed/generated-append-2 	   50000	      4000 ns/op	       0 B/op	       0 allocs/op
BenchmarkBuild/inherit/N=100/S=1000/fixed/generated-append-2 	   50000	      4400 ns/op	       0 B/op	       0 allocs/op
BenchmarkBuild/inherit/N=100/S=10/fixed/generated-env-2 	   50000	      5000 ns/op	    1792 B/op	       1 allocs/op
BenchmarkBuild/inherit/N=100/S=10/fixed/handwritten-2 	   10000	     20000 ns/op	    9000 B/op	      20 allocs/op
BenchmarkBuild/inherit/N=100/S=10/fixed/interpreted-2 	   10000	     30000 ns/op	    9000 B/op	      20 allocs/op
BenchmarkOS/N=100/lookup-2                          	   50000	      2000 ns/op
BenchmarkOS/N=100/environ-scan-2                    	   50000	      3000 ns/op
BenchmarkOS/N=100/generated-os-2                    	   50000	      1800 ns/op
BenchmarkSpawn-2                                    	     100	   1000000 ns/op
PASS
ok  	github.com/envgen/envgen/internal/bench	12.3s
`

func TestReadMedians(t *testing.T) {
	m, err := readMedians(strings.NewReader(sample))
	require.NoError(t, err)
	assert.Equal(t, 500.0, m["Build/floor/N=100/S=10/fixed/idx"], "the middle of three")
	assert.Equal(t, 1e6, m["Spawn"], "no sub-benchmark, and the -2 suffix gone")
	assert.Len(t, m, 11)

	even, err := readMedians(strings.NewReader("BenchmarkX-4 1 10 ns/op\nBenchmarkX-4 1 40 ns/op\nBenchmarkX-4 1 20 ns/op\nBenchmarkX-4 1 30 ns/op\n"))
	require.NoError(t, err)
	assert.Equal(t, 25.0, even["X"], "of an even count, the mean of the middle two")
}

func TestWriteRatios(t *testing.T) {
	m, err := readMedians(strings.NewReader(sample))
	require.NoError(t, err)
	var out strings.Builder
	writeRatios(&out, m)
	assert.Equal(t, `## inherit generated-append / idx floor, and / semantics floor
fixed N=100 idx=500 sem=2500 (5.00x idx) | S=10: 4000 ns = 8.00x idx, 1.60x sem | S=1000: 4400 ns = 8.80x idx, 1.76x sem
## isolated generated-append / idx floor, and / semantics floor
fixed N=100 idx=500 sem=2500 (5.00x idx)
## flat in S: inherit generated-append S=1000 / S=10
fixed N=100: 1.10
shuffled
## handwritten / generated-env and interpreted / generated-env
fixed N=100 | S=10: inherit 4.00x (interp 6.00x)
## OS: generated-os / the better of lookup and environ-scan
N=100: lookup 2000 environ+scan 3000 generated-os 1800 = 0.90x the better
Spawn 1000000 ns
`, out.String())
}
