package envrt

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/envgen/envgen/runtime/internal/assert"
	"github.com/envgen/envgen/runtime/internal/require"
)

// This file holds Config to docs/rollout.md: its keys, the order of its
// Vars, and errors that name each bad entry and never a value.

func TestConfigKeys(t *testing.T) {
	ty := reflect.TypeFor[Config]()
	for field, key := range map[string]string{"Keep": "keep", "Drop": "drop", "KeepMatching": "keepMatching", "Set": "set"} {
		f, ok := ty.FieldByName(field)
		require.True(t, ok, field)
		assert.Equal(t, key+",omitempty", f.Tag.Get("json"), field)
		assert.Equal(t, key+",omitempty", f.Tag.Get("yaml"), field)
	}
	assert.Equal(t, 4, ty.NumField())

	var c Config
	require.NoError(t, json.Unmarshal([]byte(`{"keep":["SSH_AUTH_SOCK"],"drop":["MY_CORP_*"],"keepMatching":["NEXT_PUBLIC_*"],"set":{"PAGER":"less"}}`), &c))
	assert.Equal(t, Config{Keep: []string{"SSH_AUTH_SOCK"}, Drop: []string{"MY_CORP_*"}, KeepMatching: []string{"NEXT_PUBLIC_*"}, Set: map[string]string{"PAGER": "less"}}, c)
	out, err := json.Marshal(Config{})
	require.NoError(t, err)
	assert.Equal(t, "{}", string(out))
}

// TestConfigVarsOrder: drop, keep, keepMatching, then set by name, so
// that an exact keep wins over a drop pattern and set over both.
func TestConfigVarsOrder(t *testing.T) {
	vars, err := Config{
		Keep:         []string{"SSH_AUTH_SOCK", "EDITOR"},
		Drop:         []string{"SSH_*", "EDITOR"},
		KeepMatching: []string{"XDG_*"},
		Set:          map[string]string{"PAGER": "less", "EDITOR": "nano", "A": ""},
	}.Vars()
	require.NoError(t, err)
	assert.Equal(t, []Var{Drop("SSH_*"), Drop("EDITOR"), Keep("SSH_AUTH_SOCK"), Keep("EDITOR"), KeepMatching("XDG_*"),
		Set("A", ""), Set("EDITOR", "nano"), Set("PAGER", "less")}, vars)
	vars, err = Config{}.Vars()
	assert.NoError(t, err)
	assert.Empty(t, vars)
}

// TestConfigVarsErrors: each bad entry named as written, by its key and
// index, and nothing of a value: not set's values, not what follows a
// '=' in an entry, not an entry that holds a credential.
func TestConfigVarsErrors(t *testing.T) {
	token := "ghp_" + strings.Repeat("Zq8X", 9)
	vars, err := Config{
		Drop:         []string{"MY_CORP_*", "MY-CORP-*", "9X"},
		Keep:         []string{"GITHUB_TOKEN=" + token, token + "\n", "SSH_*", "OK"},
		KeepMatching: []string{"NEXT PUBLIC"},
		Set:          map[string]string{"A=" + token: "x", "B": "v\x00" + token, "": "empty", "C": token},
	}.Vars()
	require.Error(t, err)
	assert.Equal(t, strings.Join([]string{
		`drop[1] "MY-CORP-*": neither a name nor a pattern: want [A-Za-z0-9_*]+, not starting with a digit, '*' matching any run of characters`,
		`drop[2] "9X": neither a name nor a pattern: want [A-Za-z0-9_*]+, not starting with a digit, '*' matching any run of characters`,
		`keep[0] "GITHUB_TOKEN=" + <40 bytes>: not a name: want [A-Za-z_][A-Za-z0-9_]*`,
		`keep[1] <redacted, 41 bytes>: not a name: want [A-Za-z_][A-Za-z0-9_]*`,
		`keep[2] "SSH_*": not a name: want [A-Za-z_][A-Za-z0-9_]*`,
		`keepMatching[0] "NEXT PUBLIC": neither a name nor a pattern: want [A-Za-z0-9_*]+, not starting with a digit, '*' matching any run of characters`,
		`set "": empty name`,
		`set "A=" + <40 bytes>: the name holds '='`,
		`set "B": the value holds a NUL byte`,
	}, "\n"), err.Error())
	for i := 0; i+8 <= len(token); i++ {
		require.True(t, !strings.Contains(err.Error(), token[i:i+8]), "the error holds bytes of the token")
	}

	// The Vars come with the error, an invalid Drop among them, which
	// leaves out every entry: a program that went on anyway passes less.
	assert.Equal(t, 12, len(vars))
	assert.Equal(t, Drop("MY-CORP-*"), vars[1])
}
