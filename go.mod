module github.com/envgen/envgen

go 1.24.0

require (
	github.com/dave/jennifer v1.7.1
	github.com/stretchr/testify v1.12.1
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/tools v0.40.0
)

require (
	github.com/envgen/envgen/runtime v0.0.0-00010101000000-000000000000
	golang.org/x/mod v0.32.0 // indirect
	golang.org/x/sync v0.19.0 // indirect
)

tool github.com/envgen/envgen/cmd/envgen
