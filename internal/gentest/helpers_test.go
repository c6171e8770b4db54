package gentest

import (
	"testing"

	"github.com/envgen/envgen/internal/policy"
)

// taskOf returns the task of p with the given key.
func taskOf(t testing.TB, p *policy.Policy, key string) *policy.Task {
	t.Helper()
	for i := range p.Tasks {
		if p.Tasks[i].Key == key {
			return &p.Tasks[i]
		}
	}
	t.Fatalf("no task %q", key)
	return nil
}
