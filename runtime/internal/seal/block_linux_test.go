package seal

import (
	"slices"
	"strings"
	"testing"
)

func TestParseBounds(t *testing.T) {
	// Fields 3 to 49, then env_start, env_end and exit_code.
	tail := strings.Repeat(" 7", 49-2) + " 140737488351000 140737488352000 0\n"
	for _, comm := range []string{"(sh)", "(a) 1 2 (b)", "()", "(x))"} {
		start, end, err := parseBounds("123 " + comm + tail)
		if err != nil || start != 140737488351000 || end != 140737488352000 {
			t.Errorf("parseBounds with comm %s = %d, %d, %v", comm, start, end, err)
		}
	}
	for _, stat := range []string{
		"",
		"123 sh" + tail, // no ')'
		"123 (sh)" + strings.Repeat(" 7", 47) + " 1000", // no env_end
		"123 (sh)" + strings.Repeat(" 7", 47) + " 0 0 0",
		"123 (sh)" + strings.Repeat(" 7", 47) + " 2000 1000 0",
		"123 (sh)" + strings.Repeat(" 7", 47) + " 1000 x 0",
	} {
		if start, end, err := parseBounds(stat); err == nil {
			t.Errorf("parseBounds(%q) = %d, %d, want an error", stat, start, end)
		}
	}
}

func TestSecretValues(t *testing.T) {
	isSecret := func(name, value string) bool { return name == "K" || value == "v" }
	for _, tc := range []struct {
		block string
		want  []span
	}{
		{"", nil},
		{"K=ab\x00", []span{{2, 2}}},
		{"K=ab", []span{{2, 2}}}, // no NUL at the end
		{"A=1\x00\x00\x00K=\x00K=xyz\x00", []span{{11, 3}}}, // NUL runs, an empty value, a duplicate
		{"A=v\x00A=w\x00B=w\x00", []span{{2, 1}, {6, 1}}},   // a secret value makes its name's later entries secret
		{"K\x00=v\x00KK=1\x00", []span{{3, 1}}},             // no '=', an empty name
	} {
		if got := secretValues([]byte(tc.block), isSecret); !slices.Equal(got, tc.want) {
			t.Errorf("secretValues(%q) = %v, want %v", tc.block, got, tc.want)
		}
	}
}
