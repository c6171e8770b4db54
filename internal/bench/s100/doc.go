// Package s100 holds the benchmark policy with 100 secret names and its
// generated builders.
// It imports the runtime, as generated code does.
package s100

//go:generate go run ../mkpolicy -s 100 -o policy.yaml
//go:generate go tool envgen -o policy_gen.go policy.yaml
