package secretvalue_test

import (
	"strings"
	"testing"

	"github.com/envgen/envgen/runtime/envrt"
)

// TestVarsNeverPrintACredential: a credential pasted where an override
// takes a name or a pattern (NAME=value for a name, a token read from a
// file with its newline) never reaches Var.String or CheckVars' error, 8
// bytes of it in a row or more, for each family's samples and each
// maker. It lives here, with the samples; it imports envrt, which
// imports this package, as only an external test may.
func TestVarsNeverPrintACredential(t *testing.T) {
	makers := map[string]func(s string) []envrt.Var{
		"Keep":               func(s string) []envrt.Var { return []envrt.Var{envrt.Keep(s)} },
		"Keep NAME=":         func(s string) []envrt.Var { return []envrt.Var{envrt.Keep("GITHUB_TOKEN=" + s)} },
		"Keep with newline":  func(s string) []envrt.Var { return []envrt.Var{envrt.Keep(s + "\n")} },
		"Drop":               func(s string) []envrt.Var { return []envrt.Var{envrt.Drop(s)} },
		"Drop NAME=":         func(s string) []envrt.Var { return []envrt.Var{envrt.Drop("MY_*=" + s)} },
		"KeepMatching":       func(s string) []envrt.Var { return []envrt.Var{envrt.KeepMatching(s)} },
		"Unset":              func(s string) []envrt.Var { return []envrt.Var{envrt.Unset(s)} },
		"Unset NAME=":        func(s string) []envrt.Var { return []envrt.Var{envrt.Unset("NPM_TOKEN=" + s)} },
		"Set name":           func(s string) []envrt.Var { return []envrt.Var{envrt.Set(s, "v")} },
		"Set NAME= name":     func(s string) []envrt.Var { return []envrt.Var{envrt.Set("A="+s, "v")} },
		"Set value":          func(s string) []envrt.Var { return []envrt.Var{envrt.Set("A", s+"\x00")} },
		"Sets entry":         func(s string) []envrt.Var { return envrt.Sets([]string{s}) },
		"Sets entry, value":  func(s string) []envrt.Var { return envrt.Sets([]string{s + "=v", "A=" + s}) },
		"Sets entry, spaced": func(s string) []envrt.Var { return envrt.Sets([]string{" " + s}) },
	}
	checked := 0
	for _, sample := range familySamples {
		s := sample.value
		for maker, make := range makers {
			vars := make(s)
			printed := ""
			for _, v := range vars {
				printed += v.String() + "\n"
			}
			if err := envrt.CheckVars(vars...); err != nil {
				printed += err.Error()
			}
			for i := 0; i+8 <= len(s); i++ {
				if window := s[i : i+8]; strings.Contains(printed, window) {
					t.Fatalf("%s of a %s sample prints %q of it:\n%s", maker, sample.family, window, printed)
				}
			}
			checked++
		}
	}
	if checked < 100 {
		t.Fatalf("only %d cases checked", checked)
	}
}
