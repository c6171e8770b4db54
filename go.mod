module github.com/envgen/envgen

go 1.24

require (
	github.com/dave/jennifer v1.7.1
	github.com/stretchr/testify v1.12.1
	go.yaml.in/yaml/v3 v3.0.6
)

tool github.com/envgen/envgen/cmd/envgen
