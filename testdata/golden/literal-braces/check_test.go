package braces

// Self-checks of {{ and }}: literal braces in defines and binPaths, next
// to a parameter too. They run only inside the e2e module that
// internal/gen's TestE2E builds.

import (
	"os"
	"testing"

	"envgen.test/e2e/checks"
)

func TestRenderEnv(t *testing.T) {
	got := RenderEnv([]string{"PATH=/bin"}, RenderParams{User: "bob"})
	checks.SameEntries(t, "RenderEnv", got, []string{
		"PATH=/opt/{x}/bin" + string(os.PathListSeparator) + "/bin",
		"TEMPLATE={name}",
		`JSON={"a": {"b": 1}}`,
		"WRAPPED={bob}",
		"CLOSERS=}}",
	})
}

func TestPlainEnv(t *testing.T) {
	// "{{}}" is two literal braces, not a parameter: PlainEnv takes none.
	checks.SameEntries(t, "PlainEnv", PlainEnv(nil), []string{"NO_PARAMS={}"})
}
