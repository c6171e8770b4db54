package secretvalue_test

import (
	"encoding/base64"
	"fmt"
	"math/rand/v2"
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

// largeValue returns random bytes of about n bytes in base64, the same
// ones every time: one long run of base64 whose runs of token bytes,
// between its '+' and '/', start base64 text now and then.
func largeValue(n int) string {
	r := rand.New(rand.NewPCG(40, 2026))
	b := make([]byte, n*3/4)
	for i := range b {
		b[i] = byte(r.UintN(256))
	}
	return base64.StdEncoding.EncodeToString(b)
}

// BenchmarkScanLarge scans one value of 1, 4 and 10 MiB (the issue's
// random base64): a value's cost is linear in its length.
func BenchmarkScanLarge(b *testing.B) {
	d := secretvalue.New()
	for _, mib := range []int{1, 4, 10} {
		v := largeValue(mib << 20)
		b.Run(fmt.Sprintf("%dMiB", mib), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(v)))
			for b.Loop() {
				if secretvalue.Scanned(d, v) {
					b.Fatal("random bytes reported")
				}
			}
		})
	}
}
