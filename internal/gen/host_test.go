package gen

import (
	"go/version"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/testkit"
)

// hostGoMod is a host's module before it adds envgen: its go line is
// hostsFloor, and it requires versions of testify and yaml older than
// envgen's own (1.12.1, 3.0.6), as go-task's did.
const hostGoMod = `module example.com/host

go ` + hostsFloor + `

require (
	github.com/stretchr/testify v1.8.4
	go.yaml.in/yaml/v3 v3.0.3
)
`

// hostFiles are the host's code: it uses both of its requirements, so
// that go mod tidy keeps them, and after adding envgen, a builder.
var hostFiles = map[string]string{
	"main.go": `package main

import (
	"fmt"

	"go.yaml.in/yaml/v3"
)

func main() {
	out, _ := yaml.Marshal(map[string]int{"tasks": 1})
	fmt.Print(string(out))
}
`,
	"main_test.go": `package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTrue(t *testing.T) { assert.True(t, true) }
`,
}

// TestHostGainsOneRequire is what a host sees when it adds envgen's
// runtime and a generated builder: after go mod tidy its go.mod has
// gained exactly one require line (and the replace that points at this
// checkout, as a clone does before a release), and neither its versions
// nor its go line moved. It reaches the module proxy for the host's own
// requirements, as the host does.
func TestHostGainsOneRequire(t *testing.T) {
	if testing.Short() {
		t.Skip("resolves a host's requirements through the module proxy; skipped with -short")
	}
	if version.Compare(runtime.Version(), "go"+hostsFloor) < 0 {
		t.Skipf("the host's go line is %s; this toolchain is %s", hostsFloor, runtime.Version())
	}
	goTool := testkit.GoCommand(t)
	env := append(testkit.NetworkGoEnv(t, goTool), "GOTOOLCHAIN=local")
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	mod := t.TempDir()
	write := func(name, src string) { require.NoError(t, os.WriteFile(filepath.Join(mod, name), []byte(src), 0o644)) }
	write("go.mod", hostGoMod)
	for name, src := range hostFiles {
		write(name, src)
	}
	testkit.RunGo(t, goTool, mod, env, "mod", "tidy") // the host as it is: its go.sum, its indirect requirements
	before := readLines(t, filepath.Join(mod, "go.mod"))

	testkit.RunGo(t, goTool, mod, env, "mod", "edit",
		"-require="+testkit.RuntimeModule+"@v0.0.0",
		"-replace="+testkit.RuntimeModule+"="+filepath.ToSlash(filepath.Join(root, "runtime")))
	policy := "version: 1\ntasks: {shell: {mode: inherit}}\n"
	write("envpolicy.yaml", policy)
	code, err := Generate("envpolicy.yaml", []byte(policy), "main")
	require.NoError(t, err)
	write("envpolicy_gen.go", string(code))
	write("spawn.go", `package main

import (
	"os"

	"github.com/envgen/envgen/runtime/envexec"
)

func spawn() error { return envexec.Command(ShellEnv(os.Environ()), "true").Run() }

var _ = spawn
`)
	testkit.RunGo(t, goTool, mod, env, "mod", "tidy")
	testkit.RunGo(t, goTool, mod, env, "build", "./...")
	after := readLines(t, filepath.Join(mod, "go.mod"))

	var added, removed []string
	for _, l := range after {
		if !slices.Contains(before, l) {
			added = append(added, strings.TrimSpace(l))
		}
	}
	for _, l := range before {
		if !slices.Contains(after, l) {
			removed = append(removed, strings.TrimSpace(l))
		}
	}
	assert.Empty(t, removed, "go mod tidy moved or removed these lines of the host's go.mod")
	added = slices.DeleteFunc(added, func(l string) bool { return l == "" || l == "require (" || l == ")" })
	assert.Equal(t, []string{
		testkit.RuntimeModule + " v0.0.0",
		"replace " + testkit.RuntimeModule + " => " + filepath.ToSlash(filepath.Join(root, "runtime")),
	}, added, "what go mod tidy added to the host's go.mod")
	assert.Contains(t, after, "go "+hostsFloor)
}

// readLines returns the lines of the file at path.
func readLines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return strings.Split(string(data), "\n")
}
