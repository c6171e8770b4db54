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

// BenchmarkShortValues sets the memo's floor: over the values of 8 to 23
// bytes, Contains answering from the memo (steady state) against the
// scan of each.
func BenchmarkShortValues(b *testing.B) {
	var values []string
	for _, v := range environValues(b) {
		if len(v) >= 8 && len(v) < 24 {
			values = append(values, v)
		}
	}
	d := secretvalue.New()
	for _, bb := range []struct {
		name     string
		contains func(string) bool
	}{
		{"remembered", d.Contains},
		{"scanned", func(v string) bool { return secretvalue.Scanned(d, v) }},
	} {
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, v := range values {
					bb.contains(v)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(values)), "ns/value")
		})
	}
}
