// Command envgen-vet is envgen's spawn-site check as a go vet tool:
//
//	go build -o envgen-vet github.com/envgen/envgen/passes/envgenvet/cmd/envgen-vet
//	go vet -vettool=$(pwd)/envgen-vet ./...
//
// It reports the same findings as envgen vet; see package
// github.com/envgen/envgen/passes/envgenvet.
// It imports the analyzer and x/tools's unitchecker.
package main

import (
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/envgen/envgen/passes/envgenvet"
)

func main() { unitchecker.Main(envgenvet.Analyzer) }
