package prefixed

import (
	"reflect"
	"testing"
)

// TestPrefixed: the prefixed builders build what the policy says.
func TestPrefixed(t *testing.T) {
	got := WebBuildEnv([]string{"PATH=/bin", "X=1"}, WebBuildParams{Task: "build"})
	if want := []string{"PATH=/bin", "VX_RUN_TASK=build"}; !reflect.DeepEqual(got, want) {
		t.Errorf("WebBuildEnv = %q, want %q", got, want)
	}
	environ := []string{"GITHUB_TOKEN=ghp_x", "X=1"}
	if got := AppendWebXEnv(nil, environ); !reflect.DeepEqual(got, []string{"X=1"}) {
		t.Errorf("AppendWebXEnv = %q", got)
	}
	if got := WebAppendXEnv(environ); !reflect.DeepEqual(got, []string{"X=1"}) {
		t.Errorf("WebAppendXEnv = %q", got)
	}
	if !WebIsSecret("GITHUB_TOKEN") || len(WebSecrets()) == 0 {
		t.Error("WebIsSecret/WebSecrets do not see the built-in secrets")
	}
}
