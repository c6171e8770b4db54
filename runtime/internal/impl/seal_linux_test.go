package impl

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/envgen/envgen/runtime/internal/assert"
	"github.com/envgen/envgen/runtime/internal/require"
)

// sealChild is set in the environment of the process TestPolicySeal
// starts: it seals there, where it may change its own environment.
const sealChild = "ENVGEN_IMPL_SEAL_CHILD"

// sealReport is what the sealing process saw.
type sealReport struct {
	Names   []string
	Getenv  map[string]string // after Seal
	Lookup  map[string]string // the sealed values
	Environ string            // its /proc/self/environ after Seal
	Built   []string          // a builder's output with Sealed.Var of each name
	Vars    []string          // Sealed.Var of each name, as String writes it
}

// TestPolicySeal: a policy's Seal seals what the policy calls secret, by
// name (its list, a pattern of secrets.extra) and by value, but a value
// whose name secrets.pass lists; Sealed.Var hands a sealed value on as a
// Set and does nothing for a name not sealed.
func TestPolicySeal(t *testing.T) {
	p := &Policy{Secrets: []string{"GITHUB_TOKEN", "*_WALLET"}, Pass: []string{"PUBLIC_DEMO"}, SecretValues: true}
	names := []string{"HOME", "GITHUB_TOKEN", "MY_WALLET", "SYNC_CONFIG", "PUBLIC_DEMO", "ABSENT"}
	token := "ghp_" + strings.Repeat("aB3dE5gH7j", 3) + "K9mN1p"
	if os.Getenv(sealChild) == "1" {
		s, err := p.Seal(nil)
		if err != nil {
			t.Fatal(err)
		}
		block, err := os.ReadFile("/proc/self/environ")
		if err != nil {
			t.Fatal(err)
		}
		r := sealReport{Names: s.Names(), Getenv: map[string]string{}, Lookup: map[string]string{}, Environ: string(block)}
		var vars []Var
		for _, n := range names {
			r.Getenv[n] = os.Getenv(n)
			if v, ok := s.Lookup(n); ok {
				r.Lookup[n] = v
			}
			vars = append(vars, s.Var(n))
			r.Vars = append(r.Vars, s.Var(n).String())
		}
		r.Built = BuildFold(nil, []string{"HOME=/home/ann"}, &Task{Policy: p, Inherit: true}, nil, vars, nil, false)
		json.NewEncoder(os.Stdout).Encode(r)
		os.Exit(0)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestPolicySeal$")
	cmd.Env = []string{sealChild + "=1", "HOME=/home/ann", "GITHUB_TOKEN=t0ken-by-name", "MY_WALLET=w4llet-by-pattern",
		"SYNC_CONFIG=" + token, "PUBLIC_DEMO=" + token}
	out, err := cmd.Output()
	require.NoError(t, err)
	var r sealReport
	require.NoError(t, json.NewDecoder(bytes.NewReader(out)).Decode(&r))

	assert.Equal(t, []string{"GITHUB_TOKEN", "MY_WALLET", "SYNC_CONFIG"}, r.Names)
	assert.Equal(t, map[string]string{"GITHUB_TOKEN": "t0ken-by-name", "MY_WALLET": "w4llet-by-pattern", "SYNC_CONFIG": token}, r.Lookup)
	assert.Equal(t, map[string]string{"HOME": "/home/ann", "GITHUB_TOKEN": "", "MY_WALLET": "", "SYNC_CONFIG": "", "PUBLIC_DEMO": token, "ABSENT": ""}, r.Getenv)
	for _, secret := range []string{"t0ken-by-name", "w4llet-by-pattern", token[:20]} {
		assert.Equal(t, strings.Contains(r.Environ, secret), secret == token[:20], "%s in /proc/self/environ after Seal (PUBLIC_DEMO keeps the token)", secret)
	}
	assert.Equal(t, 1, strings.Count(r.Environ, token), "only PUBLIC_DEMO's copy of the token stays")
	assert.Equal(t, []string{`Sealed.Var("HOME"), not sealed: nothing`, `Set("GITHUB_TOKEN", <13 bytes>)`, `Set("MY_WALLET", <17 bytes>)`,
		`Set("SYNC_CONFIG", <40 bytes>)`, `Sealed.Var("PUBLIC_DEMO"), not sealed: nothing`, `Sealed.Var("ABSENT"), not sealed: nothing`}, r.Vars)
	assert.Equal(t, []string{"HOME=/home/ann", "GITHUB_TOKEN=t0ken-by-name", "MY_WALLET=w4llet-by-pattern", "SYNC_CONFIG=" + token}, r.Built)
	assert.NoError(t, CheckVars(Var{op: opNone, name: "X"}), "Sealed.Var of a name not sealed is a valid override")
}
