// Package assert holds the checks the runtime module's tests make, with
// the names and arguments of testify's assert package, written on the
// standard library: the runtime module requires nothing, so that adding
// it moves none of a host's versions (testify's among them). Each check
// reports a failure with t.Errorf and returns whether it held; package
// require's stop the test instead. Only tests import it.
package assert

import (
	"bytes"
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

// fail reports a failed check: what failed, then the caller's message,
// msgAndArgs being a format and its arguments, or one value.
func fail(t TestingT, what string, msgAndArgs []any) bool {
	t.Helper()
	if msg := message(msgAndArgs); msg != "" {
		what += "\nmessage: " + msg
	}
	t.Errorf("%s", what)
	return false
}

// message formats msgAndArgs as testify does.
func message(msgAndArgs []any) string {
	switch {
	case len(msgAndArgs) == 0:
		return ""
	case len(msgAndArgs) == 1:
		if s, ok := msgAndArgs[0].(string); ok {
			return s
		}
		return fmt.Sprintf("%+v", msgAndArgs[0])
	}
	if format, ok := msgAndArgs[0].(string); ok {
		return fmt.Sprintf(format, msgAndArgs[1:]...)
	}
	return fmt.Sprint(msgAndArgs...)
}

// ObjectsAreEqual reports whether expected and actual are equal: byte
// slices by their bytes, everything else by reflect.DeepEqual.
func ObjectsAreEqual(expected, actual any) bool {
	if expected == nil || actual == nil {
		return expected == actual
	}
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
	return fail(t, fmt.Sprintf("not equal:\nexpected: %#v\nactual  : %#v", expected, actual), msgAndArgs)
}

// NotEqual checks that actual does not equal expected.
func NotEqual(t TestingT, expected, actual any, msgAndArgs ...any) bool {
	if !ObjectsAreEqual(expected, actual) {
		return true
	}
	t.Helper()
	return fail(t, fmt.Sprintf("should not be %#v", actual), msgAndArgs)
}

// EqualError checks that err is not nil and that its message is want.
func EqualError(t TestingT, err error, want string, msgAndArgs ...any) bool {
	if err != nil && err.Error() == want {
		return true
	}
	t.Helper()
	return fail(t, fmt.Sprintf("error message not equal:\nexpected: %q\nactual  : %v", want, err), msgAndArgs)
}

// True checks that value is true.
func True(t TestingT, value bool, msgAndArgs ...any) bool {
	if value {
		return true
	}
	t.Helper()
	return fail(t, "should be true", msgAndArgs)
}

// False checks that value is false.
func False(t TestingT, value bool, msgAndArgs ...any) bool {
	if !value {
		return true
	}
	t.Helper()
	return fail(t, "should be false", msgAndArgs)
}

// Zero checks that i is the zero value of its type, or nil.
func Zero(t TestingT, i any, msgAndArgs ...any) bool {
	if i == nil || ObjectsAreEqual(i, reflect.Zero(reflect.TypeOf(i)).Interface()) {
		return true
	}
	t.Helper()
	return fail(t, fmt.Sprintf("should be zero, but is %#v", i), msgAndArgs)
}

// isEmpty reports whether object is nil, a zero value, a channel, map
// or slice of length 0, or a pointer to an empty value.
func isEmpty(object any) bool {
	if object == nil {
		return true
	}
	v := reflect.ValueOf(object)
	switch v.Kind() {
	case reflect.Chan, reflect.Map, reflect.Slice:
		return v.Len() == 0
	case reflect.Pointer:
		return v.IsNil() || isEmpty(v.Elem().Interface())
	}
	return reflect.DeepEqual(object, reflect.Zero(v.Type()).Interface())
}

// Empty checks that object is empty (isEmpty).
func Empty(t TestingT, object any, msgAndArgs ...any) bool {
	if isEmpty(object) {
		return true
	}
	t.Helper()
	return fail(t, fmt.Sprintf("should be empty, but is %#v", object), msgAndArgs)
}

// isNil reports whether object is nil, or a nil channel, function,
// interface, map, pointer or slice.
func isNil(object any) bool {
	if object == nil {
		return true
	}
	switch v := reflect.ValueOf(object); v.Kind() {
	case reflect.Chan, reflect.Func, reflect.Interface, reflect.Map, reflect.Pointer, reflect.Slice, reflect.UnsafePointer:
		return v.IsNil()
	}
	return false
}

// Nil checks that object is nil (isNil).
func Nil(t TestingT, object any, msgAndArgs ...any) bool {
	if isNil(object) {
		return true
	}
	t.Helper()
	return fail(t, fmt.Sprintf("expected nil, but got %#v", object), msgAndArgs)
}

// NotNil checks that object is not nil (isNil).
func NotNil(t TestingT, object any, msgAndArgs ...any) bool {
	if !isNil(object) {
		return true
	}
	t.Helper()
	return fail(t, "expected a value, not nil", msgAndArgs)
}

// Len checks that object, anything reflect.Value.Len takes, has length.
func Len(t TestingT, object any, length int, msgAndArgs ...any) bool {
	v := reflect.ValueOf(object)
	switch v.Kind() {
	case reflect.Array, reflect.Chan, reflect.Map, reflect.Slice, reflect.String:
		if v.Len() == length {
			return true
		}
		t.Helper()
		return fail(t, fmt.Sprintf("%#v should have %d items, but has %d", object, length, v.Len()), msgAndArgs)
	}
	t.Helper()
	return fail(t, fmt.Sprintf("%#v has no length", object), msgAndArgs)
}

// contains reports whether list, a string, map, array or slice, holds
// element: a substring, a key, an item; ok is false for another list.
func contains(list, element any) (found, ok bool) {
	v := reflect.ValueOf(list)
	switch v.Kind() {
	case reflect.String:
		s, isString := element.(string)
		return isString && strings.Contains(v.String(), s), isString
	case reflect.Map:
		for _, k := range v.MapKeys() {
			if ObjectsAreEqual(k.Interface(), element) {
				return true, true
			}
		}
		return false, true
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

// Contains checks that s, a string, map, array or slice, holds element.
func Contains(t TestingT, s, element any, msgAndArgs ...any) bool {
	found, ok := contains(s, element)
	if ok && found {
		return true
	}
	t.Helper()
	return fail(t, fmt.Sprintf("%#v does not contain %#v", s, element), msgAndArgs)
}

// NotContains checks that s, a string, map, array or slice, does not
// hold element.
func NotContains(t TestingT, s, element any, msgAndArgs ...any) bool {
	found, ok := contains(s, element)
	if ok && !found {
		return true
	}
	t.Helper()
	return fail(t, fmt.Sprintf("%#v should not contain %#v", s, element), msgAndArgs)
}

// ElementsMatch checks that the arrays or slices listA and listB hold
// the same items, each as often, in any order.
func ElementsMatch(t TestingT, listA, listB any, msgAndArgs ...any) bool {
	a, b := reflect.ValueOf(listA), reflect.ValueOf(listB)
	isList := func(v reflect.Value) bool { return v.Kind() == reflect.Array || v.Kind() == reflect.Slice }
	if isList(a) && isList(b) && a.Len() == b.Len() {
		used := make([]bool, b.Len())
		matched := 0
		for i := range a.Len() {
			for j := range b.Len() {
				if !used[j] && ObjectsAreEqual(a.Index(i).Interface(), b.Index(j).Interface()) {
					used[j] = true
					matched++
					break
				}
			}
		}
		if matched == a.Len() {
			return true
		}
	}
	t.Helper()
	return fail(t, fmt.Sprintf("elements differ:\nlistA: %#v\nlistB: %#v", listA, listB), msgAndArgs)
}

// Same checks that expected and actual are pointers of one type to one
// variable.
func Same(t TestingT, expected, actual any, msgAndArgs ...any) bool {
	e, a := reflect.ValueOf(expected), reflect.ValueOf(actual)
	if e.Kind() == reflect.Pointer && a.Kind() == reflect.Pointer && e.Type() == a.Type() && e.Pointer() == a.Pointer() {
		return true
	}
	t.Helper()
	return fail(t, fmt.Sprintf("not the same pointer:\nexpected: %p %#v\nactual  : %p %#v", expected, expected, actual, actual), msgAndArgs)
}

// Panics checks that f panics.
func Panics(t TestingT, f func(), msgAndArgs ...any) bool {
	if didPanic(f) {
		return true
	}
	t.Helper()
	return fail(t, "should panic", msgAndArgs)
}

// didPanic reports whether f panics.
func didPanic(f func()) (panicked bool) {
	defer func() { recover() }()
	panicked = true
	f()
	return false
}

// NoError checks that err is nil.
func NoError(t TestingT, err error, msgAndArgs ...any) bool {
	if err == nil {
		return true
	}
	t.Helper()
	return fail(t, fmt.Sprintf("unexpected error: %v", err), msgAndArgs)
}

// Error checks that err is not nil.
func Error(t TestingT, err error, msgAndArgs ...any) bool {
	if err != nil {
		return true
	}
	t.Helper()
	return fail(t, "an error is expected, but got nil", msgAndArgs)
}

// ErrorIs checks that errors.Is(err, target).
func ErrorIs(t TestingT, err, target error, msgAndArgs ...any) bool {
	if errors.Is(err, target) {
		return true
	}
	t.Helper()
	return fail(t, fmt.Sprintf("error is not %v:\ngot: %v", target, err), msgAndArgs)
}

// NotErrorIs checks that !errors.Is(err, target).
func NotErrorIs(t TestingT, err, target error, msgAndArgs ...any) bool {
	if !errors.Is(err, target) {
		return true
	}
	t.Helper()
	return fail(t, fmt.Sprintf("error should not be %v:\ngot: %v", target, err), msgAndArgs)
}

// compare returns the order of a and b, which must be numbers or
// strings of one kind; ok is false otherwise.
func compare(a, b any) (order int, ok bool) {
	x, y := reflect.ValueOf(a), reflect.ValueOf(b)
	if !x.IsValid() || !y.IsValid() || x.Kind() != y.Kind() {
		return 0, false
	}
	sign := func(less, greater bool) int {
		switch {
		case less:
			return -1
		case greater:
			return 1
		}
		return 0
	}
	switch x.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return sign(x.Int() < y.Int(), x.Int() > y.Int()), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return sign(x.Uint() < y.Uint(), x.Uint() > y.Uint()), true
	case reflect.Float32, reflect.Float64:
		return sign(x.Float() < y.Float(), x.Float() > y.Float()), true
	case reflect.String:
		return strings.Compare(x.String(), y.String()), true
	}
	return 0, false
}

// ordered checks that compare(e1, e2) is one of want.
func ordered(t TestingT, e1, e2 any, relation string, msgAndArgs []any, want ...int) bool {
	if order, ok := compare(e1, e2); ok {
		for _, w := range want {
			if order == w {
				return true
			}
		}
	}
	t.Helper()
	return fail(t, fmt.Sprintf("%#v is not %s %#v", e1, relation, e2), msgAndArgs)
}

// Greater checks that e1 > e2.
func Greater(t TestingT, e1, e2 any, msgAndArgs ...any) bool {
	t.Helper()
	return ordered(t, e1, e2, "greater than", msgAndArgs, 1)
}

// GreaterOrEqual checks that e1 >= e2.
func GreaterOrEqual(t TestingT, e1, e2 any, msgAndArgs ...any) bool {
	t.Helper()
	return ordered(t, e1, e2, "greater than or equal to", msgAndArgs, 1, 0)
}

// Less checks that e1 < e2.
func Less(t TestingT, e1, e2 any, msgAndArgs ...any) bool {
	t.Helper()
	return ordered(t, e1, e2, "less than", msgAndArgs, -1)
}

// Positive checks that e, a number, is greater than its type's zero.
func Positive(t TestingT, e any, msgAndArgs ...any) bool {
	t.Helper()
	var zero any
	if e != nil {
		zero = reflect.Zero(reflect.TypeOf(e)).Interface()
	}
	return ordered(t, e, zero, "greater than", msgAndArgs, 1)
}
