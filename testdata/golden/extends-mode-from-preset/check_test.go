package extendsmode

// Self-checks of mode and dropInjection under extends: the last one given
// wins. They run only inside the e2e module that internal/gen's TestE2E
// builds.

import (
	"slices"
	"testing"
)

var environ = []string{
	"HISTFILE=/h",
	"LD_PRELOAD=/evil.so",
	"EDITOR=vi",
	"GITHUB_TOKEN=t",
	"PLUGIN_TOKEN=p",
	"LANGUAGE=en",
}

func TestModeFromPreset(t *testing.T) {
	for _, tc := range []struct {
		task string
		got  []string
		want []string
	}{
		{"shell", ShellEnv(environ), []string{"EDITOR=vi", "LANGUAGE=en"}},
		{"plugin", PluginEnv(environ), []string{"EDITOR=vi", "PLUGIN_TOKEN=p", "LANGUAGE=en"}},
		{"report", ReportEnv(environ), []string{"LD_PRELOAD=/evil.so", "EDITOR=vi", "LANGUAGE=en"}},
	} {
		if !slices.Equal(tc.got, tc.want) {
			t.Errorf("%s:\n got  %q\n want %q", tc.task, tc.got, tc.want)
		}
	}
}
