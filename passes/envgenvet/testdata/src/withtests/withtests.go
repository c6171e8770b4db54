// Package withtests has a spawn site in a test file: with -tests it is
// reported.
package withtests

// Name is what the test file's child runs.
const Name = "ls"
