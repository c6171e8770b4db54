package secretvalue_test

import (
	"testing"

	"github.com/envgen/envgen/runtime/secretvalue"
)

// The benchmarks run over the values of testdata/environ.txt, the same
// ones in the same order, and report the cost per value.

func BenchmarkContains(b *testing.B) {
	values := environValues(b)
	d := secretvalue.New()
	b.ReportAllocs()
	found := 0
	for b.Loop() {
		for _, v := range values {
			if d.Contains(v) {
				found++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(values)), "ns/value")
	if found != 0 {
		b.Fatalf("%d ordinary values reported", found/b.N)
	}
}

// BenchmarkScan is BenchmarkContains with each value scanned, as at its
// first sight, without the memo.
func BenchmarkScan(b *testing.B) {
	values := environValues(b)
	d := secretvalue.New()
	b.ReportAllocs()
	for b.Loop() {
		for _, v := range values {
			secretvalue.Scanned(d, v)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(values)), "ns/value")
}
