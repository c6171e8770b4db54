// Package s10 holds the benchmark policy with 10 secret names and its
// generated builders.
// It imports the runtime, as generated code does.
package s10

//go:generate go run ../mkpolicy -s 10 -o policy.yaml
//go:generate go tool envgen -o policy_gen.go policy.yaml
