package secretvalue_test

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// environValues reads testdata/environ.txt, the environment of a
// developer's laptop, a CI runner and a Kubernetes pod, as NAME=value
// lines ('#' starts a comment line), and returns the values.
func environValues(tb testing.TB) []string {
	tb.Helper()
	f, err := os.Open("testdata/environ.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var values []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		_, value, ok := strings.Cut(line, "=")
		if !ok {
			tb.Fatalf("testdata/environ.txt: %q has no '='", line)
		}
		values = append(values, value)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return values
}
