module github.com/envgen/envgen/passes/golangci

go 1.24.0

require (
	github.com/envgen/envgen v0.0.0-00010101000000-000000000000
	github.com/golangci/plugin-module-register v0.1.2
	golang.org/x/tools v0.40.0
)

// The analyzer in this checkout: a release replaces the pseudo-version
// above with envgen's tag of the same commit.
replace github.com/envgen/envgen => ../..
