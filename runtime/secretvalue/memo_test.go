package secretvalue_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/envgen/envgen/runtime/internal/assert"
	"github.com/envgen/envgen/runtime/internal/require"

	"github.com/envgen/envgen/runtime/secretvalue"
)

// memoValues are values of 8 bytes and more, which the memo remembers:
// credentials and ordinary values alike.
func memoValues(n int) []string {
	var values []string
	for i := range n {
		if i%3 == 0 {
			values = append(values, fmt.Sprintf("Bearer ghp_%036d", i))
		} else {
			values = append(values, fmt.Sprintf("/home/dev/projects/app-%06d/bin", i))
		}
	}
	return values
}

// TestMemoAnswersAsTheScan: a value answered from the memo gets the scan's
// answer, the first time and after, also when more values than slots
// have pushed one another out, and a short value is never remembered.
func TestMemoAnswersAsTheScan(t *testing.T) {
	d := secretvalue.New()
	values := memoValues(20000) // far more than the memo's slots
	for round := range 3 {
		for _, v := range values {
			if got, want := d.Contains(v), secretvalue.Scanned(d, v); got != want {
				t.Fatalf("round %d: Contains(%q) = %v, the scan says %v", round, v, got, want)
			}
		}
	}
	assert.Positive(t, secretvalue.Remembered(d))
	fresh := secretvalue.New()
	fresh.Contains("ghp_" + strings.Repeat("a", 3)) // 7 bytes
	assert.Zero(t, secretvalue.Remembered(fresh), "a value under 8 bytes is scanned, not remembered")
	fresh.Contains("ghp_" + strings.Repeat("a", 4)) // 8 bytes
	assert.Equal(t, 1, secretvalue.Remembered(fresh), "a value of 8 bytes is remembered")
	fresh = secretvalue.New()
	// 100 values, 40 of them four to a bucket of slots and no five in
	// one, the other 60 alone in theirs: all stay; a fifth value in a
	// full bucket pushes the fourth out. The seed is drawn per detector,
	// so the buckets are found for this detector's values.
	byBucket := map[uint64][]string{}
	var buckets []uint64
	for _, v := range values {
		p := secretvalue.MemoBucket(fresh, v)
		if byBucket[p] == nil {
			buckets = append(buckets, p)
		}
		byBucket[p] = append(byBucket[p], v)
	}
	var fours, ones []string
	var fifth string
	for _, p := range buckets {
		if vs := byBucket[p]; len(vs) >= 5 && len(fours) < 40 {
			fours = append(fours, vs[:4]...)
			if fifth == "" {
				fifth = vs[4]
			}
		} else if len(ones) < 60 {
			ones = append(ones, vs[0])
		}
	}
	require.Len(t, slices.Concat(fours, ones), 100)
	require.True(t, fifth != "", "no fifth value found")
	for _, v := range slices.Concat(fours, ones) {
		fresh.Contains(v)
	}
	assert.Equal(t, 100, secretvalue.Remembered(fresh), "four slots a bucket: 100 values in 4,096 slots all stay")
	fresh.Contains(fifth)
	assert.Equal(t, 100, secretvalue.Remembered(fresh), "a fifth value in a full bucket takes the fourth's slot")
	assert.Equal(t, secretvalue.Scanned(fresh, fifth), fresh.Contains(fifth))
}

// TestMemoConcurrent: goroutines asking one detector of values that push
// one another out of the memo get the scan's answers (run under -race).
func TestMemoConcurrent(t *testing.T) {
	d := secretvalue.New()
	values := memoValues(6000)
	want := make([]bool, len(values))
	for i, v := range values {
		want[i] = secretvalue.Scanned(d, v)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range values {
				k := (i*7 + g*131) % len(values)
				if d.Contains(values[k]) != want[k] {
					t.Errorf("Contains(%q) != %v", values[k], want[k])
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestMemoGrows: a detector that sees more distinct values than its
// memo holds grows it, so that 10,000 values seen again and again (six
// times: each table grows once an eighth of its slots' worth have been
// pushed out) are remembered, all but a few that share a bucket with four
// others; one that sees a few hundred keeps its first table.
func TestMemoGrows(t *testing.T) {
	d := secretvalue.New()
	values := memoValues(10000)
	for range 6 {
		for _, v := range values {
			d.Contains(v)
		}
	}
	assert.Greater(t, secretvalue.MemoSlots(d), 4*len(values), "grown past four slots a value")
	assert.Greater(t, secretvalue.Remembered(d), len(values)*99/100)
	small := secretvalue.New()
	for range 3 {
		for _, v := range values[:300] {
			small.Contains(v)
		}
	}
	assert.Equal(t, 4096, secretvalue.MemoSlots(small))
}
