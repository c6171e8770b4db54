module example.test/app

go 1.24
