module example.test/sdk

go 1.24
