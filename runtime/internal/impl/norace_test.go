//go:build !race

package impl

// raceEnabled: see race_test.go.
const raceEnabled = false
