package gonames

// Self-checks of the Go names of task keys with - _ and .: the builders
// exist with the signatures the README gives. They run only inside the e2e module
// that internal/gen's TestE2E builds.

import (
	"testing"

	"github.com/envgen/envgen/runtime/envrt"

	"envgen.test/e2e/checks"
)

type (
	envFunc    = func(environ []string, overrides ...envrt.Var) []string
	appendFunc = func(dst, environ []string, overrides ...envrt.Var) []string
)

// Each task key's builders, by the README's naming rule.
var (
	_ envFunc    = McpServerEnv // mcp-server
	_ appendFunc = AppendMcpServerEnv
	_ envFunc    = GoTestV2Env // go_test.v2
	_ appendFunc = AppendGoTestV2Env
	_ envFunc    = ABCDEnv // a.b-c_d
	_ appendFunc = AppendABCDEnv
	_ envFunc    = XEnv // X
	_ appendFunc = AppendXEnv
	_ envFunc    = AlreadyUpperEnv // already-Upper
	_ appendFunc = AppendAlreadyUpperEnv
	_ envFunc    = Lint1Env // lint-1
	_ appendFunc = AppendLint1Env
	_ envFunc    = IsSecretEnv // is-secret, next to IsSecret
	_ appendFunc = AppendIsSecretEnv
	_ envFunc    = SecretsEnv // secrets, next to Secrets
	_ appendFunc = AppendSecretsEnv

	_ func(string) bool = IsSecret
	_ func() []string   = Secrets
)

func TestBuilders(t *testing.T) {
	environ := []string{"HOME=/h", "GITHUB_TOKEN=gh", "EDITOR=vim", "GOFLAGS=-v"}
	checks.SameEntries(t, "McpServerEnv", McpServerEnv(environ), []string{"HOME=/h", "EDITOR=vim", "GOFLAGS=-v"})
	checks.SameEntries(t, "GoTestV2Env", GoTestV2Env(environ), []string{"HOME=/h", "GOFLAGS=-count=1"})
	for name, build := range map[string]envFunc{
		"ABCDEnv": ABCDEnv, "XEnv": XEnv, "AlreadyUpperEnv": AlreadyUpperEnv,
		"Lint1Env": Lint1Env, "IsSecretEnv": IsSecretEnv, "SecretsEnv": SecretsEnv,
	} {
		checks.SameEntries(t, name, build(environ), []string{"HOME=/h"})
	}
}
