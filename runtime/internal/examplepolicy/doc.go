// Package examplepolicy holds the builders that envgen generates from
// envpolicy.yaml, for the runtime's examples: what they show is what a
// user's generated code does.
// It imports only the runtime, as any generated code does.
package examplepolicy

//go:generate go tool envgen -o envpolicy_gen.go envpolicy.yaml
