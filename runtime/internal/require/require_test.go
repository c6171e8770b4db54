package require

import (
	"errors"
	"testing"
)

// recorder is a TestingT that keeps whether a check failed and stopped.
type recorder struct{ failed, stopped bool }

func (r *recorder) Errorf(format string, args ...any) { r.failed = true }
func (r *recorder) Helper()                           {}
func (r *recorder) FailNow()                          { r.stopped = true }

// TestStops checks that each check stops the test when it fails, and
// only then.
func TestStops(t *testing.T) {
	err := errors.New("e")
	cases := []struct {
		name       string
		hold, fail func(TestingT)
	}{
		{"Equal", func(t TestingT) { Equal(t, 1, 1) }, func(t TestingT) { Equal(t, 1, 2) }},
		{"True", func(t TestingT) { True(t, true) }, func(t TestingT) { True(t, false) }},
		{"Len", func(t TestingT) { Len(t, []int{1}, 1) }, func(t TestingT) { Len(t, []int{}, 1) }},
		{"NoError", func(t TestingT) { NoError(t, nil) }, func(t TestingT) { NoError(t, err) }},
		{"Error", func(t TestingT) { Error(t, err) }, func(t TestingT) { Error(t, nil) }},
	}
	for _, c := range cases {
		var r recorder
		if c.hold(&r); r.failed || r.stopped {
			t.Errorf("%s: failed where it must hold", c.name)
		}
		r = recorder{}
		if c.fail(&r); !r.failed || !r.stopped {
			t.Errorf("%s: failed %v, stopped %v where it must fail and stop", c.name, r.failed, r.stopped)
		}
	}
}
