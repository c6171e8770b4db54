// Package s10values is the benchmark policy s10 with the value detectors
// on (secrets.values), and its generated builders: what detection costs.
// It imports the runtime, as generated code does.
package s10values

//go:generate go run ../mkpolicy -s 10 -values -o policy.yaml
//go:generate go tool envgen -o policy_gen.go policy.yaml
