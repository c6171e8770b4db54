package braces

// Self-checks of {{ and }}: literal braces in defines and binPaths, next
// to a parameter too. They run only inside the e2e module that
// internal/gen's TestE2E builds.

import (
	"os"
	"slices"
	"testing"
)

// sameEntries fails unless got holds exactly want's entries, in any
// order (SPEC does not fix the order), each once.
func sameEntries(t *testing.T, what string, got, want []string) {
	t.Helper()
	g, w := slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))
	if !slices.Equal(g, w) {
		t.Errorf("%s:\n got  %q\n want %q", what, g, w)
	}
	if len(slices.Compact(g)) != len(got) {
		t.Errorf("%s holds an entry twice: %q", what, got)
	}
}

func TestRenderEnv(t *testing.T) {
	got := RenderEnv([]string{"PATH=/bin"}, RenderParams{User: "bob"})
	sameEntries(t, "RenderEnv", got, []string{
		"PATH=/opt/{x}/bin" + string(os.PathListSeparator) + "/bin",
		"TEMPLATE={name}",
		`JSON={"a": {"b": 1}}`,
		"WRAPPED={bob}",
		"CLOSERS=}}",
	})
}

func TestPlainEnv(t *testing.T) {
	// "{{}}" is two literal braces, not a parameter: PlainEnv takes none.
	sameEntries(t, "PlainEnv", PlainEnv(nil), []string{"NO_PARAMS={}"})
}
