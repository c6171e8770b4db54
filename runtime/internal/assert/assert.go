// Package assert holds the checks the runtime module's tests make, with
// the names and arguments of testify's assert package, written on the
// standard library: the runtime module requires nothing, so that adding
// it moves none of a host's versions (testify's among them). Each check
// reports a failure with t.Errorf and returns whether it held; package
// require's stop the test instead. Only tests import it.
package assert

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// TestingT is what a check reports to: a *testing.T, B or F.
type TestingT interface {
	Errorf(format string, args ...any)
	Helper()
}

// fail is every check's failure path: it reports what failed (format
// and args), then the caller's message, msgAndArgs being a format and its
// arguments, or values, and returns false. A check calls t.Helper only
// when it fails, because Helper costs more than most checks.
func fail(t TestingT, msgAndArgs []any, format string, args ...any) bool {
	t.Helper()
	what := fmt.Sprintf(format, args...)
	if len(msgAndArgs) > 0 {
		msg := fmt.Sprint(msgAndArgs...)
		if f, ok := msgAndArgs[0].(string); ok && len(msgAndArgs) > 1 {
			msg = fmt.Sprintf(f, msgAndArgs[1:]...)
		}
		what += "\nmessage: " + msg
	}
	t.Errorf("%s", what)
	return false
}

// ObjectsAreEqual reports whether expected and actual are equal: byte
// slices by their bytes, everything else by reflect.DeepEqual.
func ObjectsAreEqual(expected, actual any) bool {
	if e, ok := expected.([]byte); ok {
		a, ok := actual.([]byte)
		return ok && bytes.Equal(e, a)
	}
	return reflect.DeepEqual(expected, actual)
}

// Equal checks that actual equals expected (ObjectsAreEqual).
func Equal(t TestingT, expected, actual any, msgAndArgs ...any) bool {
	if ObjectsAreEqual(expected, actual) {
		return true
	}
	t.Helper()
	return fail(t, msgAndArgs, "not equal:\nexpected: %#v\nactual  : %#v", expected, actual)
}

// True checks that value is true.
func True(t TestingT, value bool, msgAndArgs ...any) bool {
	if value {
		return true
	}
	t.Helper()
	return fail(t, msgAndArgs, "should be true")
}

// False checks that value is false.
func False(t TestingT, value bool, msgAndArgs ...any) bool {
	if !value {
		return true
	}
	t.Helper()
	return fail(t, msgAndArgs, "should be false")
}

// Zero checks that i is nil or the zero value of its type.
func Zero(t TestingT, i any, msgAndArgs ...any) bool {
	if i == nil || reflect.ValueOf(i).IsZero() {
		return true
	}
	t.Helper()
	return fail(t, msgAndArgs, "should be zero, but is %#v", i)
}

// Empty checks that object is nil, a zero value, or a string, slice,
// array, map or channel of length 0.
func Empty(t TestingT, object any, msgAndArgs ...any) bool {
	n, ok := lengthOf(object)
	if object == nil || reflect.ValueOf(object).IsZero() || ok && n == 0 {
		return true
	}
	t.Helper()
	return fail(t, msgAndArgs, "should be empty, but is %#v", object)
}

// Len checks that object, a string, slice, array, map or channel, has
// length items.
func Len(t TestingT, object any, length int, msgAndArgs ...any) bool {
	n, ok := lengthOf(object)
	if ok && n == length {
		return true
	}
	t.Helper()
	return fail(t, msgAndArgs, "%#v should have %d items, but has %d", object, length, n)
}

// lengthOf returns the length of object; ok is false when it has none.
func lengthOf(object any) (n int, ok bool) {
	switch v := reflect.ValueOf(object); v.Kind() {
	case reflect.Array, reflect.Chan, reflect.Map, reflect.Slice, reflect.String:
		return v.Len(), true
	}
	return 0, false
}

// Contains checks that s, a string or a slice or array, holds element:
// a substring, an item (ObjectsAreEqual).
func Contains(t TestingT, s, element any, msgAndArgs ...any) bool {
	found, ok := contains(s, element)
	if ok && found {
		return true
	}
	t.Helper()
	return fail(t, msgAndArgs, "%#v does not contain %#v", s, element)
}

// NotContains checks that s, a string or a slice or array, does not hold
// element.
func NotContains(t TestingT, s, element any, msgAndArgs ...any) bool {
	found, ok := contains(s, element)
	if ok && !found {
		return true
	}
	t.Helper()
	return fail(t, msgAndArgs, "%#v should not contain %#v", s, element)
}

// contains reports whether list holds element (Contains); ok is false
// when list is neither a string nor a slice or array, or element is not
// a string when list is.
func contains(list, element any) (found, ok bool) {
	switch v := reflect.ValueOf(list); v.Kind() {
	case reflect.String:
		sub, ok := element.(string)
		return ok && strings.Contains(v.String(), sub), ok
	case reflect.Array, reflect.Slice:
		for i := range v.Len() {
			if ObjectsAreEqual(v.Index(i).Interface(), element) {
				return true, true
			}
		}
		return false, true
	}
	return false, false
}

// NoError checks that err is nil.
func NoError(t TestingT, err error, msgAndArgs ...any) bool {
	if err == nil {
		return true
	}
	t.Helper()
	return fail(t, msgAndArgs, "unexpected error: %v", err)
}

// Error checks that err is not nil.
func Error(t TestingT, err error, msgAndArgs ...any) bool {
	if err != nil {
		return true
	}
	t.Helper()
	return fail(t, msgAndArgs, "an error is expected, but got nil")
}

// ErrorIs checks that errors.Is(err, target).
func ErrorIs(t TestingT, err, target error, msgAndArgs ...any) bool {
	if errors.Is(err, target) {
		return true
	}
	t.Helper()
	return fail(t, msgAndArgs, "error is not %v:\ngot: %v", target, err)
}

// Greater checks that e1 > e2.
func Greater[T cmp.Ordered](t TestingT, e1, e2 T, msgAndArgs ...any) bool {
	if e1 > e2 {
		return true
	}
	t.Helper()
	return fail(t, msgAndArgs, "%#v is not greater than %#v", e1, e2)
}

// GreaterOrEqual checks that e1 >= e2.
func GreaterOrEqual[T cmp.Ordered](t TestingT, e1, e2 T, msgAndArgs ...any) bool {
	if e1 >= e2 {
		return true
	}
	t.Helper()
	return fail(t, msgAndArgs, "%#v is not greater than or equal to %#v", e1, e2)
}

// Positive checks that e is greater than its type's zero.
func Positive[T cmp.Ordered](t TestingT, e T, msgAndArgs ...any) bool {
	t.Helper()
	var zero T
	return Greater(t, e, zero, msgAndArgs...)
}
