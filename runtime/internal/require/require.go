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

// stop stops the test when a check did not hold.
func stop(t TestingT, held bool) {
	if !held {
		t.FailNow()
	}
}

// Equal is assert.Equal, stopping the test when it fails.
func Equal(t TestingT, expected, actual any, msgAndArgs ...any) {
	t.Helper()
	stop(t, assert.Equal(t, expected, actual, msgAndArgs...))
}

// True is assert.True, stopping the test when it fails.
func True(t TestingT, value bool, msgAndArgs ...any) {
	t.Helper()
	stop(t, assert.True(t, value, msgAndArgs...))
}

// Len is assert.Len, stopping the test when it fails.
func Len(t TestingT, object any, length int, msgAndArgs ...any) {
	t.Helper()
	stop(t, assert.Len(t, object, length, msgAndArgs...))
}

// NoError is assert.NoError, stopping the test when it fails.
func NoError(t TestingT, err error, msgAndArgs ...any) {
	t.Helper()
	stop(t, assert.NoError(t, err, msgAndArgs...))
}

// Error is assert.Error, stopping the test when it fails.
func Error(t TestingT, err error, msgAndArgs ...any) {
	t.Helper()
	stop(t, assert.Error(t, err, msgAndArgs...))
}
