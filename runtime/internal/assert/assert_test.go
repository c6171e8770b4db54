package assert

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
)

// recorder is a TestingT that keeps what a check reports.
type recorder struct{ errors []string }

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Helper() {}

// TestChecks runs each check where it must hold and where it must fail:
// a check that passes everything would let every test of the module
// pass.
func TestChecks(t *testing.T) {
	x := 1
	wrapped := fmt.Errorf("read: %w", fs.ErrNotExist)
	cases := []struct {
		name       string
		hold, fail func(TestingT) bool
	}{
		{"Equal", func(t TestingT) bool { return Equal(t, []string{"a"}, []string{"a"}) }, func(t TestingT) bool { return Equal(t, 1, int64(1)) }},
		{"Equal bytes", func(t TestingT) bool { return Equal(t, []byte("a"), []byte("a")) }, func(t TestingT) bool { return Equal(t, []byte("a"), []byte("b")) }},
		{"Equal nil", func(t TestingT) bool { return Equal(t, nil, nil) }, func(t TestingT) bool { return Equal(t, nil, (*int)(nil)) }},
		{"True", func(t TestingT) bool { return True(t, true) }, func(t TestingT) bool { return True(t, false) }},
		{"False", func(t TestingT) bool { return False(t, false) }, func(t TestingT) bool { return False(t, true) }},
		{"Zero", func(t TestingT) bool { return Zero(t, "") }, func(t TestingT) bool { return Zero(t, 0.5) }},
		{"Zero nil", func(t TestingT) bool { return Zero(t, nil) }, func(t TestingT) bool { return Zero(t, []int{}) }},
		{"Empty", func(t TestingT) bool { return Empty(t, map[string]int{}) }, func(t TestingT) bool { return Empty(t, []int{0}) }},
		{"Empty zero", func(t TestingT) bool { return Empty(t, 0) }, func(t TestingT) bool { return Empty(t, "a") }},
		{"Empty nil", func(t TestingT) bool { return Empty(t, nil) }, func(t TestingT) bool { return Empty(t, &x) }},
		{"Len", func(t TestingT) bool { return Len(t, "abc", 3) }, func(t TestingT) bool { return Len(t, []int{1}, 2) }},
		{"Len of no list", func(t TestingT) bool { return Len(t, map[int]int{1: 1}, 1) }, func(t TestingT) bool { return Len(t, 1, 0) }},
		{"Contains string", func(t TestingT) bool { return Contains(t, "abc", "bc") }, func(t TestingT) bool { return Contains(t, "abc", "x") }},
		{"Contains slice", func(t TestingT) bool { return Contains(t, []string{"a", "b"}, "b") }, func(t TestingT) bool { return Contains(t, []string{"a"}, "b") }},
		{"Contains of no list", func(t TestingT) bool { return Contains(t, [2]int{1, 2}, 2) }, func(t TestingT) bool { return Contains(t, 12, 2) }},
		{"NotContains", func(t TestingT) bool { return NotContains(t, "abc", "x") }, func(t TestingT) bool { return NotContains(t, "abc", "a") }},
		{"NotContains slice", func(t TestingT) bool { return NotContains(t, []int{1}, 2) }, func(t TestingT) bool { return NotContains(t, []int{1}, 1) }},
		{"NotContains of no list", func(t TestingT) bool { return NotContains(t, "1", "2") }, func(t TestingT) bool { return NotContains(t, 1, 2) }},
		{"NoError", func(t TestingT) bool { return NoError(t, nil) }, func(t TestingT) bool { return NoError(t, wrapped) }},
		{"Error", func(t TestingT) bool { return Error(t, wrapped) }, func(t TestingT) bool { return Error(t, nil) }},
		{"ErrorIs", func(t TestingT) bool { return ErrorIs(t, wrapped, fs.ErrNotExist) }, func(t TestingT) bool { return ErrorIs(t, wrapped, fs.ErrExist) }},
		{"Greater", func(t TestingT) bool { return Greater(t, 2, 1) }, func(t TestingT) bool { return Greater(t, 1, 1) }},
		{"GreaterOrEqual", func(t TestingT) bool { return GreaterOrEqual(t, uint(1), uint(1)) }, func(t TestingT) bool { return GreaterOrEqual(t, 0.5, 1.0) }},
		{"Positive", func(t TestingT) bool { return Positive(t, 0.1) }, func(t TestingT) bool { return Positive(t, 0) }},
	}
	for _, c := range cases {
		var r recorder
		if !c.hold(&r) || len(r.errors) != 0 {
			t.Errorf("%s: failed where it must hold: %q", c.name, r.errors)
		}
		r = recorder{}
		if c.fail(&r) || len(r.errors) != 1 {
			t.Errorf("%s: held where it must fail: %q", c.name, r.errors)
		}
	}
}

// TestMessage checks that a failure carries the caller's message, a
// format and its arguments or one value, as testify's does.
func TestMessage(t *testing.T) {
	for _, c := range []struct {
		args []any
		want string
	}{
		{[]any{"task %s, call %d", "shell", 3}, "message: task shell, call 3"},
		{[]any{"plain"}, "message: plain"},
		{[]any{42}, "message: 42"},
	} {
		var r recorder
		Equal(&r, 1, 2, c.args...)
		if len(r.errors) != 1 || !strings.HasSuffix(r.errors[0], c.want) {
			t.Errorf("Equal(1, 2, %q) reported %q, want it to end in %q", c.args, r.errors, c.want)
		}
	}
}
