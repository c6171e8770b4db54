// Package defaultpolicy holds the builders that envgen generates from
// policy.yaml, the runtime's default policy, which package envrt gives
// programs as InheritEnv, IsolatedEnv and their …OS and Append… forms:
// a program with one kind of child needs no policy file of its own.
//
// It is generated with envgen's internal -inside-runtime option, so that
// it imports only envimpl and envrt can import it; .ci/run checks that
// it is fresh.
package defaultpolicy

//go:generate go run github.com/envgen/envgen/cmd/envgen -inside-runtime -o policy_gen.go policy.yaml
