package gentest

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/runtime/envexec"
)

// toolchainPolicy has one isolated task per toolchain, each built from
// envgen's own presets only.
const toolchainPolicy = `version: 1
package: p
tasks:
  go: {extends: [builtin:network, builtin:go, builtin:xdg]}
  git: {extends: [builtin:network, builtin:git]}
  node: {extends: [builtin:network, builtin:node]}
  python: {extends: [builtin:network, builtin:python]}
  rust: {extends: [builtin:network, builtin:rust]}
`

// TestBuiltinPresetsRunRealTools runs the real tools this machine has in
// isolated tasks built from the built-in presets. The parent environment
// holds only the essentials a shell would give (PATH, a throwaway HOME,
// LANG, TMPDIR), each toolchain's own variables pointing where this
// machine keeps its caches and installations (which a throwaway HOME no
// longer leads to), a credential and an undeclared name. Each tool must
// work, see what its preset passes, and see neither of the last two.
func TestBuiltinPresetsRunRealTools(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build, go test, git, node, python3 and cargo; skipped with -short")
	}
	c, err := Compile("policy.yaml", []byte(toolchainPolicy))
	require.NoError(t, err)
	realHome, _ := os.UserHomeDir()
	home := t.TempDir()
	parent := []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + home,
		"LANG=C.UTF-8",
		"TMPDIR=" + os.TempDir(),
		"GITHUB_TOKEN=ghp_envgen_fake_token",
		"UNDECLARED=stays behind",
	}
	// run builds task key's environment from parent plus more, runs name
	// with it in dir, and returns its output.
	run := func(t *testing.T, key, dir string, more []string, name string, arg ...string) string {
		t.Helper()
		env := c.Task(key).Build(nil, append(append([]string{}, parent...), more...), nil)
		for _, e := range env {
			require.False(t, strings.HasPrefix(e, "GITHUB_TOKEN=") || strings.HasPrefix(e, "UNDECLARED="), "task %s passes %s", key, e)
		}
		cmd := envexec.Command(env, name, arg...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s %s in task %s:\n%s", name, strings.Join(arg, " "), key, out)
		return string(out)
	}
	need := func(t *testing.T, tool string) {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s on this machine", tool)
		}
	}

	t.Run("go", func(t *testing.T) {
		need(t, "go")
		out, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE", "GOROOT").Output()
		require.NoError(t, err)
		vals := strings.Fields(string(out))
		require.Len(t, vals, 3)
		mod := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/hello\n\ngo 1.21\n"), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(mod, "main.go"), []byte("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello\") }\n"), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(mod, "env_test.go"), []byte(`package main

import (
	"os"
	"testing"
)

func TestIsolated(t *testing.T) {
	if os.Getenv("GITHUB_TOKEN") != "" || os.Getenv("UNDECLARED") != "" {
		t.Fatal("the test sees what its task should have left behind")
	}
	if os.Getenv("GOFLAGS") != "-mod=mod" {
		t.Fatalf("GOFLAGS = %q: builtin:go did not pass it", os.Getenv("GOFLAGS"))
	}
}
`), 0o644))
		// The go preset passes where the caches are and that nothing may
		// be downloaded: with the throwaway HOME, without them the build
		// would fill a new cache (or, without HOME, fail).
		goVars := []string{"GOCACHE=" + vals[0], "GOMODCACHE=" + vals[1], "GOPROXY=off", "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod"}
		run(t, "go", mod, goVars, filepath.Join(vals[2], "bin", "go"+exe()), "build", "-o", filepath.Join(mod, "hello"+exe()), ".")
		require.Equal(t, "hello\n", run(t, "go", mod, nil, filepath.Join(mod, "hello"+exe())))
		require.Contains(t, run(t, "go", mod, goVars, filepath.Join(vals[2], "bin", "go"+exe()), "test", "-count=1", "."), "ok")
	})

	t.Run("git", func(t *testing.T) {
		need(t, "git")
		repo := t.TempDir()
		who := []string{"GIT_AUTHOR_NAME=Envgen Test", "GIT_AUTHOR_EMAIL=test@envgen.invalid",
			"GIT_COMMITTER_NAME=Envgen Test", "GIT_COMMITTER_EMAIL=test@envgen.invalid", "GIT_CONFIG_NOSYSTEM=1"}
		run(t, "git", repo, who, "git", "init", "-q", ".")
		run(t, "git", repo, who, "git", "commit", "-q", "--allow-empty", "-m", "first")
		// The identity came through the preset: the throwaway HOME has no
		// .gitconfig, so without it git refuses to commit.
		require.Equal(t, "Envgen Test <test@envgen.invalid>\n", run(t, "git", repo, who, "git", "log", "--format=%an <%ae>"))
	})

	t.Run("node", func(t *testing.T) {
		need(t, "node")
		out := run(t, "node", t.TempDir(), []string{"NODE_ENV=test"}, "node", "-e",
			`console.log([process.env.NODE_ENV, process.env.GITHUB_TOKEN === undefined, process.env.HOME].join(" "))`)
		require.Equal(t, "test true "+home+"\n", out)
	})

	t.Run("python", func(t *testing.T) {
		need(t, "python3")
		more := []string{"PYTHONDONTWRITEBYTECODE=1", "VIRTUAL_ENV=/nonexistent/venv"}
		// A pyenv shim finds its Pythons under PYENV_ROOT, else under
		// $HOME/.pyenv, which the throwaway HOME does not hold.
		if root := os.Getenv("PYENV_ROOT"); root != "" {
			more = append(more, "PYENV_ROOT="+root)
		} else if dirExists(filepath.Join(realHome, ".pyenv")) {
			more = append(more, "PYENV_ROOT="+filepath.Join(realHome, ".pyenv"))
		}
		out := run(t, "python", t.TempDir(), more, "python3", "-c",
			`import os; print(os.environ.get("PYTHONDONTWRITEBYTECODE"), os.environ.get("VIRTUAL_ENV"), "GITHUB_TOKEN" in os.environ)`)
		require.Equal(t, "1 /nonexistent/venv False\n", out)
	})

	t.Run("cargo", func(t *testing.T) {
		need(t, "cargo")
		// rustup's proxies (cargo, rustc) find the toolchains under
		// RUSTUP_HOME and CARGO_HOME, else under $HOME.
		var more []string
		for name, dir := range map[string]string{"CARGO_HOME": ".cargo", "RUSTUP_HOME": ".rustup"} {
			if v := os.Getenv(name); v != "" {
				more = append(more, name+"="+v)
			} else if dirExists(filepath.Join(realHome, dir)) {
				more = append(more, name+"="+filepath.Join(realHome, dir))
			}
		}
		proj := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(proj, "Cargo.toml"), []byte("[package]\nname = \"hello\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"), 0o644))
		require.NoError(t, os.MkdirAll(filepath.Join(proj, "src"), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(proj, "src", "main.rs"), []byte(`fn main() { println!("{}", std::env::var("GITHUB_TOKEN").is_err()); }`+"\n"), 0o644))
		more = append(more, "CARGO_TARGET_DIR="+filepath.Join(proj, "target"), "CARGO_NET_OFFLINE=true")
		out := run(t, "rust", proj, more, "cargo", "run", "-q")
		require.Equal(t, "true\n", out)
	})
}

// exe is the suffix of executables on this OS.
func exe() string {
	if runtime.GOOS == "windows" {
		return ".exe"
	}
	return ""
}

// dirExists reports whether path is a directory.
func dirExists(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}
