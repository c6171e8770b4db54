package secretvalue_test

import (
	"fmt"

	"github.com/envgen/envgen/runtime/secretvalue"
)

// A program redacts what it logs of its children's environment.
func ExampleFind() {
	for _, e := range []struct{ name, value string }{
		{"GOPROXY", "https://proxy.golang.org,https://ci:s3cr3t-Pw@goproxy.corp.example,direct"},
		{"AUTH_HEADER", "Bearer ghp_nA9icKB0kFv3HuKvPk8w1BLZzkPWwj65S9O8"},
		{"HOME", "/home/dev"},
	} {
		if f, ok := secretvalue.Find(e.value); ok {
			fmt.Printf("%s=<redacted: %s>\n", e.name, f)
			continue
		}
		fmt.Printf("%s=%s\n", e.name, e.value)
	}
	// Output:
	// GOPROXY=<redacted: URL with a password in a URL list>
	// AUTH_HEADER=<redacted: GitHub token after `Bearer `>
	// HOME=/home/dev
}

// A detector with a prefix of one's own, as secrets.valuePrefixes gives.
func ExampleNew() {
	d := secretvalue.New("acme_live_")
	f, _ := d.Find("acme_live_4f9a8b7c")
	fmt.Println(f.Family, "/", f.Prefix)
	// Output: value with a secret prefix / acme_live_
}
