//go:build !race

package envrt

// raceEnabled: see race_test.go.
const raceEnabled = false
