// Package require is package assert whose checks stop the test when they
// fail, as testify's require does: the names and arguments of testify's,
// on the standard library. Only tests import it.
package require

import "github.com/envgen/envgen/runtime/internal/assert"

// TestingT is what a check reports to and stops: a *testing.T, B or F.
type TestingT interface {
	assert.TestingT
	FailNow()
}

// Equal is assert.Equal, stopping the test when it fails.
func Equal(t TestingT, expected, actual any, msgAndArgs ...any) {
	t.Helper()
	if !assert.Equal(t, expected, actual, msgAndArgs...) {
		t.FailNow()
	}
}

// True is assert.True, stopping the test when it fails.
func True(t TestingT, value bool, msgAndArgs ...any) {
	t.Helper()
	if !assert.True(t, value, msgAndArgs...) {
		t.FailNow()
	}
}

// Len is assert.Len, stopping the test when it fails.
func Len(t TestingT, object any, length int, msgAndArgs ...any) {
	t.Helper()
	if !assert.Len(t, object, length, msgAndArgs...) {
		t.FailNow()
	}
}

// NotNil is assert.NotNil, stopping the test when it fails.
func NotNil(t TestingT, object any, msgAndArgs ...any) {
	t.Helper()
	if !assert.NotNil(t, object, msgAndArgs...) {
		t.FailNow()
	}
}

// NoError is assert.NoError, stopping the test when it fails.
func NoError(t TestingT, err error, msgAndArgs ...any) {
	t.Helper()
	if !assert.NoError(t, err, msgAndArgs...) {
		t.FailNow()
	}
}

// Error is assert.Error, stopping the test when it fails.
func Error(t TestingT, err error, msgAndArgs ...any) {
	t.Helper()
	if !assert.Error(t, err, msgAndArgs...) {
		t.FailNow()
	}
}

// ErrorIs is assert.ErrorIs, stopping the test when it fails.
func ErrorIs(t TestingT, err, target error, msgAndArgs ...any) {
	t.Helper()
	if !assert.ErrorIs(t, err, target, msgAndArgs...) {
		t.FailNow()
	}
}
