package runtimetest

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/gentest"
	"github.com/envgen/envgen/runtime/envrt"
)

// defaultCalls is how many random calls TestDefaultPolicy makes.
const defaultCalls = 2000

// TestDefaultPolicy holds envrt's default builders to the reference
// interpreter, run on the policy they are generated from
// (runtime/internal/defaultpolicy/policy.yaml), over random environments
// and overrides: InheritEnv and IsolatedEnv, their Append… forms after a
// dst entry and in place; and their …OS forms against the same builder
// over os.Environ().
func TestDefaultPolicy(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "runtime", "internal", "defaultpolicy", "policy.yaml"))
	require.NoError(t, err)
	c, err := gentest.Compile("policy.yaml", src)
	require.NoError(t, err)
	type builders struct {
		env    func([]string, ...envrt.Var) []string
		append func([]string, []string, ...envrt.Var) []string
		os     func(...envrt.Var) []string
	}
	byTask := map[string]builders{
		"inherit":  {envrt.InheritEnv, envrt.AppendInheritEnv, envrt.InheritEnvOS},
		"isolated": {envrt.IsolatedEnv, envrt.AppendIsolatedEnv, envrt.IsolatedEnvOS},
	}
	require.Len(t, c.Tasks, len(byTask), "the default policy's tasks")

	r := rand.New(rand.NewPCG(6, 0x64656661756c74))
	calls, failures := defaultCalls, 0
	if testing.Short() {
		calls /= 4 // the inner loop's share of -short
	}
	for range calls {
		call := gentest.RandomCallFor(r, c)
		b, vars := byTask[call.Task], overrides(call.Overrides)
		want := gentest.Reference(c, call.Task, call.Environ, nil, call.Overrides, runtime.GOOS == "windows")
		got := b.env(call.Environ, vars...)
		appended := b.append([]string{"DST=1"}, call.Environ, vars...)
		env := slices.Clone(call.Environ)
		inPlace := b.append(env[:0], env, vars...)
		if !slices.Equal(got, want) || !slices.Equal(appended[1:], want) || appended[0] != "DST=1" || !slices.Equal(inPlace, want) {
			if failures++; failures <= 5 {
				t.Errorf("%s, environ %q, overrides %+v:\n got %q\n appended %q\n in place %q\n want %q",
					call.Task, call.Environ, call.Overrides, got, appended, inPlace, want)
			}
		}
	}
	for key, b := range byTask {
		assert.Equal(t, b.env(os.Environ()), b.os(), "%s: the …OS form", key)
	}
}
