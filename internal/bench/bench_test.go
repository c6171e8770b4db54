// Package bench compares ways to build a child's environment, side by side
// in one run: the copy, idx and semantics floors, a hand-written map
// filter, the policy interpreted at spawn, and envgen's generated builders, at
// N = 30, 100, 1,000 and 10,000 entries and S = 10, 100 and 1,000 secret
// names, with the environment in a fixed order or shuffled between calls.
//
//	go test ./internal/bench -run X -bench . -benchmem
package bench

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/envgen/envgen/internal/bench/benchdata"
	"github.com/envgen/envgen/internal/bench/s10"
	"github.com/envgen/envgen/internal/bench/s100"
	"github.com/envgen/envgen/internal/bench/s1000"
	"github.com/envgen/envgen/internal/bench/s10values"
	"github.com/envgen/envgen/runtime/envrt"
)

// policy is one benchmark policy: its secret names and its builders.
type policy struct {
	s           int
	secrets     []string
	inherit     func(dst, environ []string, overrides ...envrt.Var) []string
	isolated    func(dst, environ []string, overrides ...envrt.Var) []string
	inheritEnv  func(environ []string) []string
	isolatedEnv func(environ []string) []string
	interpreted *interpreted
	hand        *HandFilter
}

func loadPolicies(tb testing.TB) []policy {
	ps := []policy{
		{s: 10,
			inherit:     s10.AppendInheritEnv,
			isolated:    s10.AppendIsolatedEnv,
			inheritEnv:  func(e []string) []string { return s10.InheritEnv(e) },
			isolatedEnv: func(e []string) []string { return s10.IsolatedEnv(e) }},
		{s: 100,
			inherit:     s100.AppendInheritEnv,
			isolated:    s100.AppendIsolatedEnv,
			inheritEnv:  func(e []string) []string { return s100.InheritEnv(e) },
			isolatedEnv: func(e []string) []string { return s100.IsolatedEnv(e) }},
		{s: 1000,
			inherit:     s1000.AppendInheritEnv,
			isolated:    s1000.AppendIsolatedEnv,
			inheritEnv:  func(e []string) []string { return s1000.InheritEnv(e) },
			isolatedEnv: func(e []string) []string { return s1000.IsolatedEnv(e) }},
	}
	for i := range ps {
		p := &ps[i]
		p.secrets = benchdata.SecretNames(p.s)
		src, err := os.ReadFile(fmt.Sprintf("s%d/policy.yaml", p.s))
		if err != nil {
			tb.Fatal(err)
		}
		if p.interpreted, err = parseInterpreted(src); err != nil {
			tb.Fatal(err)
		}
		p.hand = NewHandFilter(p.secrets)
	}
	return ps
}

var sink int

// BenchmarkBuild runs every contender on every shape. Sub-benchmark names
// read mode/N/S/order/contender, so benchstat can set them side by side.
func BenchmarkBuild(b *testing.B) {
	for _, p := range loadPolicies(b) {
		for _, n := range []int{30, 100, 1000, 10000} {
			env := benchdata.Environ(n, p.secrets)
			orders := map[string][][]string{"fixed": {env}, "shuffled": benchdata.Shuffled(env, 16)}
			for _, order := range []string{"fixed", "shuffled"} {
				envs := orders[order]
				name := func(mode, contender string) string {
					return fmt.Sprintf("%s/N=%d/S=%d/%s/%s", mode, n, p.s, order, contender)
				}
				dst := make([]string, 0, n+8)
				if p.s == 10 { // the floors do not depend on the policy
					b.Run(name("floor", "copy"), func(b *testing.B) {
						for i := 0; b.Loop(); i++ {
							dst = append(dst[:0], envs[i%len(envs)]...)
						}
					})
					b.Run(name("floor", "idx"), func(b *testing.B) {
						for i := 0; b.Loop(); i++ {
							n := 0 // not sink: a store per entry would be a chain through memory
							for _, e := range envs[i%len(envs)] {
								n += strings.IndexByte(e, '=')
							}
							sink += n
						}
					})
					b.Run(name("floor", "semantics"), func(b *testing.B) {
						f := NewSemanticsFloor(n)
						for i := 0; b.Loop(); i++ {
							dst = f.Build(dst, envs[i%len(envs)])
						}
					})
				}
				for _, mode := range []string{"inherit", "isolated"} {
					appendEnv, env := p.inherit, p.inheritEnv
					hand := p.hand.Inherit
					if mode == "isolated" {
						appendEnv, env = p.isolated, p.isolatedEnv
						hand = p.hand.Isolated
					}
					b.Run(name(mode, "generated-append"), func(b *testing.B) {
						b.ReportAllocs()
						for i := 0; b.Loop(); i++ {
							dst = appendEnv(dst[:0], envs[i%len(envs)])
						}
					})
					if mode == "inherit" && p.s == 10 {
						// The same policy with the value detectors on.
						b.Run(name(mode, "generated-append-values"), func(b *testing.B) {
							b.ReportAllocs()
							for i := 0; b.Loop(); i++ {
								dst = s10values.AppendInheritEnv(dst[:0], envs[i%len(envs)])
							}
						})
						// Both over realistic values (paths, URLs, JSON,
						// digests, LS_COLORS) in place of the filler.
						real := make([][]string, len(envs))
						for i, e := range envs {
							real[i] = benchdata.WithValues(e, realisticValues(b))
						}
						b.Run(name(mode, "generated-append-real"), func(b *testing.B) {
							b.ReportAllocs()
							for i := 0; b.Loop(); i++ {
								dst = s10.AppendInheritEnv(dst[:0], real[i%len(real)])
							}
						})
						b.Run(name(mode, "generated-append-values-real"), func(b *testing.B) {
							b.ReportAllocs()
							for i := 0; b.Loop(); i++ {
								dst = s10values.AppendInheritEnv(dst[:0], real[i%len(real)])
							}
						})
					}
					if p.s == 10 {
						// Three run-time refinements: what they cost
						// beside generated-append, which passes none.
						b.Run(name(mode, "generated-append-refine3"), func(b *testing.B) {
							b.ReportAllocs()
							for i := 0; b.Loop(); i++ {
								dst = appendEnv(dst[:0], envs[i%len(envs)], Refinements...)
							}
						})
					}
					b.Run(name(mode, "generated-env"), func(b *testing.B) {
						b.ReportAllocs()
						for i := 0; b.Loop(); i++ {
							sink += len(env(envs[i%len(envs)]))
						}
					})
					b.Run(name(mode, "handwritten"), func(b *testing.B) {
						b.ReportAllocs()
						for i := 0; b.Loop(); i++ {
							sink += len(hand(envs[i%len(envs)]))
						}
					})
					b.Run(name(mode, "interpreted"), func(b *testing.B) {
						b.ReportAllocs()
						for i := 0; b.Loop(); i++ {
							sink += len(p.interpreted.build(mode, envs[i%len(envs)]))
						}
					})
				}
			}
		}
	}
}

// realisticValues are the values of runtime/secretvalue's corpus of real
// environments (a developer's laptop, a CI runner, a Kubernetes pod).
func realisticValues(tb testing.TB) []string {
	values, err := benchdata.ReadValues("../../runtime/secretvalue/testdata/environ.txt")
	if err != nil {
		tb.Fatal(err)
	}
	return values
}
