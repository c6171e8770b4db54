module envgen.test/toolsdk

go 1.24
