package extendsdefine

// Self-checks of define merging under extends: the later value wins, in
// the place the name first took. They run only inside the e2e module that
// internal/gen's TestE2E builds.

import (
	"slices"
	"testing"
)

func TestDefineOrder(t *testing.T) {
	for _, tc := range []struct {
		task string
		got  []string
		want []string
	}{
		{"both", BothEnv(nil), []string{"A=first", "B=second", "C=task", "D=second"}},
		{"reversed", ReversedEnv(nil), []string{"B=first", "D=second", "A=first", "C=first"}},
		{"own", OwnEnv(nil), []string{"A=own", "B=first", "C=first", "E=own"}},
	} {
		if !slices.Equal(tc.got, tc.want) {
			t.Errorf("%s:\n got  %q\n want %q", tc.task, tc.got, tc.want)
		}
	}
}
