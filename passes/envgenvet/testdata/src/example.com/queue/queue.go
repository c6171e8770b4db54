// Package queue stands in for a generic library that keeps what it is
// given: it names no Cmd (nor imports os/exec), so the analysis learns
// nothing of it, and a Cmd given to it leaves the caller's hands.
package queue

type Queue[T any] struct{ items []T }

func Push[T any](q *Queue[T], v T) { q.items = append(q.items, v) }
