package extendsmulti

// Self-checks of list merging under extends: presets in order, then the
// task's own entries, repeats dropped. They run only inside the e2e module
// that internal/gen's TestE2E builds.

import (
	"os"
	"slices"
	"testing"
)

var environ = []string{
	"PATH=/usr/bin",
	"GOPRIVATE=corp.example",
	"GOPATH=/go",
	"HTTPS_PROXY=http://proxy",
	"NODE_ENV=dev",
	"GITHUB_TOKEN=t",
}

func TestMergedLists(t *testing.T) {
	sep := string(os.PathListSeparator)
	for _, tc := range []struct {
		task string
		got  []string
		want []string
	}{
		// node's binPaths, then go's, then the task's; !GOPRIVATE wins over GO*.
		{"build", BuildEnv(environ, BuildParams{Root: "/r"}), []string{
			"PATH=/r/node_modules/.bin" + sep + "/r/bin" + sep + "/r/tools" + sep + "/usr/bin",
			"GOPATH=/go", "HTTPS_PROXY=http://proxy", "NODE_ENV=dev",
		}},
		{"lint", LintEnv(environ, LintParams{Root: "/r"}), []string{
			"PATH=/r/bin" + sep + "/r/node_modules/.bin" + sep + "/usr/bin",
			"GOPRIVATE=corp.example", "GOPATH=/go", "HTTPS_PROXY=http://proxy", "NODE_ENV=dev",
		}},
	} {
		if !slices.Equal(tc.got, tc.want) {
			t.Errorf("%s:\n got  %q\n want %q", tc.task, tc.got, tc.want)
		}
	}
}
