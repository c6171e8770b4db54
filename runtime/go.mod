module github.com/envgen/envgen/runtime

go 1.24.0
