// Package s1000 holds the benchmark policy with 1000 secret names and its
// generated builders.
// It imports the runtime, as generated code does.
package s1000

//go:generate go run ../mkpolicy -s 1000 -o policy.yaml
//go:generate go tool envgen -o policy_gen.go policy.yaml
