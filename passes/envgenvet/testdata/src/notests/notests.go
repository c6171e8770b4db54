// Package notests has a spawn site in a test file only: without -tests
// it is not reported.
package notests

// Name is what the test file's child runs.
const Name = "ls"
