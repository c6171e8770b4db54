package lookup

import (
	"reflect"
	"testing"
)

// TestLookup: each task key gives that task's builder, with the shared
// Params; an unknown key gives false.
func TestLookup(t *testing.T) {
	p := Params{Workspace: "/w", Task: "test", ProjectDir: "/w/app"}
	environ := []string{"PATH=/bin", "GITHUB_TOKEN=ghp_x", "X=1"}
	for _, key := range TaskKeys() {
		env, ok := Lookup(key)
		if !ok {
			t.Fatalf("Lookup(%q): not found", key)
		}
		var want []string
		switch key {
		case "build":
			want = BuildEnv(environ, p)
		case "test":
			want = TestEnv(environ, p)
		case "shell":
			want = ShellEnv(environ)
		default:
			t.Fatalf("TaskKeys lists %q, which the policy has not", key)
		}
		if got := env(environ, p); !reflect.DeepEqual(got, want) {
			t.Errorf("Lookup(%q) builds %q, want %q", key, got, want)
		}
	}
	if got := TestEnv(environ, p); !reflect.DeepEqual(got, []string{"PATH=/bin", "VX_RUN_WORKSPACE=/w", "VX_RUN_TASK=test"}) {
		t.Errorf("TestEnv = %q", got)
	}
	if env, ok := Lookup("deploy"); ok || env != nil {
		t.Errorf("Lookup(deploy) = %v, %v; want nil, false", env != nil, ok)
	}
}

// TestTaskKeys: the keys, sorted, in a fresh slice each call.
func TestTaskKeys(t *testing.T) {
	keys := TaskKeys()
	if !reflect.DeepEqual(keys, []string{"build", "shell", "test"}) {
		t.Fatalf("TaskKeys = %q", keys)
	}
	keys[0] = "changed"
	if TaskKeys()[0] != "build" {
		t.Fatal("TaskKeys shares its slice")
	}
}
