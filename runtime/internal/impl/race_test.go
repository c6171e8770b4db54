//go:build race

package impl

// raceEnabled: the race detector's sync.Pool drops a quarter of what it
// is given, on purpose, so the pooled tables allocate again at random.
const raceEnabled = true
