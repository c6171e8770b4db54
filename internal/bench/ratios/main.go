// Command ratios reads the output of the benchmark suite (go test -bench,
// any -count) and prints the ratio tables of BENCHMARKS.md, from the
// median ns/op of each benchmark:
//
//	go run ./internal/bench/ratios < bench.txt
//
// A cell the input lacks is left out.
//
// It imports only the standard library.
package main

import (
	"bufio"
	"fmt"
	"io"
	"log"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

func main() {
	m, err := readMedians(os.Stdin)
	if err != nil {
		log.Fatal(err)
	}
	writeRatios(os.Stdout, m)
}

// medians maps a benchmark's name, without "Benchmark" and the -GOMAXPROCS
// suffix, to its median ns/op.
type medians map[string]float64

// benchLine matches a result line: name-procs, iterations, ns/op.
var benchLine = regexp.MustCompile(`^Benchmark(\S+?)(?:-\d+)?\s+\d+\s+([0-9.e+]+) ns/op`)

// readMedians reads go test -bench output and returns each benchmark's
// median ns/op (of an even count, the mean of the middle two).
func readMedians(r io.Reader) (medians, error) {
	all := map[string][]float64{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		m := benchLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		ns, err := strconv.ParseFloat(m[2], 64)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", sc.Text(), err)
		}
		all[m[1]] = append(all[m[1]], ns)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	out := medians{}
	for name, v := range all {
		slices.Sort(v)
		out[name] = (v[(len(v)-1)/2] + v[len(v)/2]) / 2
	}
	return out, nil
}

// The suite's dimensions, in the order the tables print them.
var (
	orders  = []string{"fixed", "shuffled"}
	sizes   = []string{"30", "100", "1000", "10000"}
	secrets = []string{"10", "100", "1000"}
	osSizes = []string{"10", "30", "100", "300", "1000", "10000"}
)

// build returns the median of Build/mode/N=n/S=s/order/what.
func (m medians) build(mode, n, s, order, what string) (float64, bool) {
	v, ok := m[fmt.Sprintf("Build/%s/N=%s/S=%s/%s/%s", mode, n, s, order, what)]
	return v, ok
}

// writeRatios prints the tables: each generated builder against the idx
// and semantics floors, flatness in S, the alternatives against the
// generated …Env, the OS entry point against its two ways, and a spawn.
func writeRatios(w io.Writer, m medians) {
	for _, mode := range []string{"inherit", "isolated"} {
		fmt.Fprintf(w, "## %s generated-append / idx floor, and / semantics floor\n", mode)
		for _, order := range orders {
			for _, n := range sizes {
				idx, ok1 := m.build("floor", n, "10", order, "idx")
				sem, ok2 := m.build("floor", n, "10", order, "semantics")
				if !ok1 || !ok2 {
					continue
				}
				cells := []string{fmt.Sprintf("%s N=%s idx=%.0f sem=%.0f (%.2fx idx)", order, n, idx, sem, sem/idx)}
				for _, s := range secrets {
					if g, ok := m.build(mode, n, s, order, "generated-append"); ok {
						cells = append(cells, fmt.Sprintf("S=%s: %.0f ns = %.2fx idx, %.2fx sem", s, g, g/idx, g/sem))
					}
				}
				fmt.Fprintln(w, strings.Join(cells, " | "))
			}
		}
	}

	fmt.Fprintln(w, "## flat in S: inherit generated-append S=1000 / S=10")
	for _, order := range orders {
		line := order
		for _, n := range sizes {
			lo, ok1 := m.build("inherit", n, "10", order, "generated-append")
			hi, ok2 := m.build("inherit", n, "1000", order, "generated-append")
			if ok1 && ok2 {
				line += fmt.Sprintf(" N=%s: %.2f", n, hi/lo)
			}
		}
		fmt.Fprintln(w, line)
	}

	fmt.Fprintln(w, "## handwritten / generated-env and interpreted / generated-env")
	for _, order := range orders {
		for _, n := range sizes {
			cells := []string{fmt.Sprintf("%s N=%s", order, n)}
			for _, s := range secrets {
				var parts []string
				for _, mode := range []string{"inherit", "isolated"} {
					g, ok1 := m.build(mode, n, s, order, "generated-env")
					h, ok2 := m.build(mode, n, s, order, "handwritten")
					i, ok3 := m.build(mode, n, s, order, "interpreted")
					if ok1 && ok2 && ok3 {
						parts = append(parts, fmt.Sprintf("%s %.2fx (interp %.2fx)", mode, h/g, i/g))
					}
				}
				if parts != nil {
					cells = append(cells, fmt.Sprintf("S=%s: %s", s, strings.Join(parts, ", ")))
				}
			}
			if len(cells) > 1 {
				fmt.Fprintln(w, strings.Join(cells, " | "))
			}
		}
	}

	fmt.Fprintln(w, "## OS: generated-os / the better of lookup and environ-scan")
	for _, n := range osSizes {
		l, ok1 := m["OS/N="+n+"/lookup"]
		e, ok2 := m["OS/N="+n+"/environ-scan"]
		g, ok3 := m["OS/N="+n+"/generated-os"]
		if ok1 && ok2 && ok3 {
			fmt.Fprintf(w, "N=%s: lookup %.0f environ+scan %.0f generated-os %.0f = %.2fx the better\n", n, l, e, g, g/min(l, e))
		}
	}
	if s, ok := m["Spawn"]; ok {
		fmt.Fprintf(w, "Spawn %.0f ns\n", s)
	}
}
