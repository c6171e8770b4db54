package policy

import "strings"

// BuiltinPresetPrefix starts an extends entry that names a preset shipped
// with envgen: "builtin:go". A preset key of the policy cannot hold ':',
// so a built-in preset never shadows one of the user's, nor the reverse.
const BuiltinPresetPrefix = "builtin:"

// BuiltinPreset is a preset shipped with envgen: names an isolated task
// of one toolchain needs passed, and defines, each with its source. It
// has no binPaths, so it adds no parameter to the tasks that take it.
type BuiltinPreset struct {
	Key    string    // reached as "builtin:" + Key
	Doc    string    // what it is for, one sentence, for the docs page
	Pass   []Builtin // passThrough names; Group says what each does
	Define []BuiltinDefine
}

// BuiltinDefine is one define of a built-in preset.
type BuiltinDefine struct {
	Name, Value, Why, Source string
}

// Sources of the built-in presets.
const (
	srcGoEnv      = "[go help environment](https://pkg.go.dev/cmd/go#hdr-Environment_variables)"
	srcGoProxy    = "[net/http: ProxyFromEnvironment](https://pkg.go.dev/net/http#ProxyFromEnvironment)"
	srcCurl       = "[curl(1): ENVIRONMENT](https://curl.se/docs/manpage.html)"
	srcX509       = "[crypto/x509: SystemCertPool (SSL_CERT_FILE, SSL_CERT_DIR)](https://pkg.go.dev/crypto/x509#SystemCertPool)"
	srcNodeCLI    = "[Node.js CLI: environment variables](https://nodejs.org/api/cli.html#environment-variables)"
	srcNpmConfig  = "[npm config: environment variables](https://docs.npmjs.com/cli/v10/using-npm/config#environment-variables)"
	srcCorepack   = "[Corepack: environment variables](https://github.com/nodejs/corepack#environment-variables)"
	srcPython     = "[Python: environment variables](https://docs.python.org/3/using/cmdline.html#environment-variables)"
	srcVenv       = "[Python: venv](https://docs.python.org/3/library/venv.html)"
	srcPyenv      = "[pyenv: environment variables](https://github.com/pyenv/pyenv#environment-variables)"
	srcPip        = "[pip: environment variables](https://pip.pypa.io/en/stable/topics/configuration/#environment-variables)"
	srcRequests   = "[Requests: SSL cert verification](https://requests.readthedocs.io/en/latest/user/advanced/#ssl-cert-verification)"
	srcUv         = "[uv: environment variables](https://docs.astral.sh/uv/reference/environment/)"
	srcCargo      = "[Cargo: environment variables](https://doc.rust-lang.org/cargo/reference/environment-variables.html)"
	srcRustup     = "[rustup: environment variables](https://rust-lang.github.io/rustup/environment-variables.html)"
	srcGit        = "[git(1): environment variables](https://git-scm.com/docs/git#_environment_variables)"
	srcGitSSL     = "[git-config: http.sslCAInfo](https://git-scm.com/docs/git-config#Documentation/git-config.txt-httpsslCAInfo)"
	srcXDGBaseDir = "[XDG Base Directory Specification](https://specifications.freedesktop.org/basedir-spec/latest/)"
)

// BuiltinPresets are the presets shipped with envgen, sorted by key.
var BuiltinPresets = []BuiltinPreset{
	{Key: "git", Doc: "git's identity, CA bundle and configuration variables; never a prompt that would hang a task.",
		Pass: []Builtin{
			{"GIT_AUTHOR_NAME", "commit identity", srcGit},
			{"GIT_AUTHOR_EMAIL", "commit identity", srcGit},
			{"GIT_COMMITTER_NAME", "commit identity", srcGit},
			{"GIT_COMMITTER_EMAIL", "commit identity", srcGit},
			{"GIT_CONFIG_GLOBAL", "configuration", srcGit},
			{"GIT_CONFIG_NOSYSTEM", "configuration", srcGit},
			{"GIT_SSL_CAINFO", "CA bundle", srcGitSSL},
		},
		Define: []BuiltinDefine{{"GIT_TERMINAL_PROMPT", "0", "fail, never hang, on a credential prompt", srcGit}}},
	{Key: "go", Doc: "The go command's caches, module proxy and toolchain settings.",
		Pass: []Builtin{
			{"GOCACHE", "build cache", srcGoEnv},
			{"GOMODCACHE", "module cache", srcGoEnv},
			{"GOPATH", "module cache, installed binaries", srcGoEnv},
			{"GOENV", "configuration file", srcGoEnv},
			{"GOFLAGS", "default flags", srcGoEnv},
			{"GOTOOLCHAIN", "toolchain selection", srcGoEnv},
			{"GOPROXY", "module proxy", srcGoEnv},
			{"GONOPROXY", "module proxy", srcGoEnv},
			{"GOPRIVATE", "private modules", srcGoEnv},
			{"GONOSUMDB", "checksum database", srcGoEnv},
			{"GOSUMDB", "checksum database", srcGoEnv},
			{"GOINSECURE", "module fetching", srcGoEnv},
			{"GOVCS", "module fetching", srcGoEnv},
		}},
	{Key: "network", Doc: "Proxies (both spellings: on Unix many tools read only the lower-case ones) and the CA bundles every toolchain reads.",
		Pass: []Builtin{
			{"HTTP_PROXY", "proxy", srcGoProxy},
			{"HTTPS_PROXY", "proxy", srcGoProxy},
			{"NO_PROXY", "proxy", srcGoProxy},
			{"ALL_PROXY", "proxy", srcCurl},
			{"http_proxy", "proxy", srcCurl},
			{"https_proxy", "proxy", srcCurl},
			{"no_proxy", "proxy", srcCurl},
			{"all_proxy", "proxy", srcCurl},
			{"SSL_CERT_FILE", "CA bundle (OpenSSL, Go, Python's ssl)", srcX509},
			{"SSL_CERT_DIR", "CA bundle (OpenSSL, Go)", srcX509},
			{"CURL_CA_BUNDLE", "CA bundle (curl)", srcCurl},
		}},
	{Key: "node", Doc: "Node.js, npm and Corepack settings; add binPaths: [\"{projectDir}/node_modules/.bin\"] yourself.",
		Pass: []Builtin{
			{"NODE_ENV", "mode", srcNodeCLI},
			{"NODE_EXTRA_CA_CERTS", "CA bundle (Node ignores SSL_CERT_FILE)", srcNodeCLI},
			{"npm_config_registry", "registry", srcNpmConfig},
			{"npm_config_cache", "cache", srcNpmConfig},
			{"NPM_CONFIG_REGISTRY", "registry", srcNpmConfig},
			{"NPM_CONFIG_CACHE", "cache", srcNpmConfig},
			{"COREPACK_HOME", "cache", srcCorepack},
		}},
	{Key: "python", Doc: "Python, pyenv, venv, pip and uv settings; PYTHONPATH is an injection variable, so it is not here.",
		Pass: []Builtin{
			{"VIRTUAL_ENV", "active virtual environment", srcVenv},
			{"PYENV_ROOT", "pyenv's shims find their Pythons", srcPyenv},
			{"PYENV_VERSION", "pyenv version selection", srcPyenv},
			{"PYTHONUNBUFFERED", "output", srcPython},
			{"PYTHONDONTWRITEBYTECODE", "no .pyc files", srcPython},
			{"PYTHONUTF8", "UTF-8 mode", srcPython},
			{"REQUESTS_CA_BUNDLE", "CA bundle (Requests ignores SSL_CERT_FILE)", srcRequests},
			{"PIP_CERT", "CA bundle (pip)", srcPip},
			{"PIP_INDEX_URL", "package index", srcPip},
			{"PIP_EXTRA_INDEX_URL", "package index", srcPip},
			{"PIP_CACHE_DIR", "cache", srcPip},
			{"UV_CACHE_DIR", "cache", srcUv},
			{"UV_INDEX_URL", "package index", srcUv},
		}},
	{Key: "rust", Doc: "Cargo and rustup homes (rustup's proxies need them when HOME is elsewhere), target directory and flags.",
		Pass: []Builtin{
			{"CARGO_HOME", "registry cache, installed binaries", srcCargo},
			{"RUSTUP_HOME", "installed toolchains", srcRustup},
			{"RUSTUP_TOOLCHAIN", "toolchain selection", srcRustup},
			{"CARGO_TARGET_DIR", "build output", srcCargo},
			{"CARGO_INCREMENTAL", "build mode", srcCargo},
			{"CARGO_NET_OFFLINE", "network", srcCargo},
			{"RUSTFLAGS", "compiler flags", srcCargo},
		}},
	{Key: "xdg", Doc: "The XDG base directories, where many tools keep configuration, caches and state.",
		Pass: []Builtin{
			{"XDG_CONFIG_HOME", "configuration", srcXDGBaseDir},
			{"XDG_CACHE_HOME", "caches", srcXDGBaseDir},
			{"XDG_DATA_HOME", "data", srcXDGBaseDir},
			{"XDG_STATE_HOME", "state", srcXDGBaseDir},
			{"XDG_RUNTIME_DIR", "runtime files", srcXDGBaseDir},
			{"XDG_CONFIG_DIRS", "configuration search path", srcXDGBaseDir},
			{"XDG_DATA_DIRS", "data search path", srcXDGBaseDir},
		}},
}

// builtinPreset returns the built-in preset an extends entry names
// ("builtin:go"), if it names one.
func builtinPreset(ref string) (BuiltinPreset, bool) {
	key, ok := strings.CutPrefix(ref, BuiltinPresetPrefix)
	if !ok {
		return BuiltinPreset{}, false
	}
	for _, b := range BuiltinPresets {
		if b.Key == key {
			return b, true
		}
	}
	return BuiltinPreset{}, false
}

// builtinPresetKeys lists the built-in presets as extends names them.
func builtinPresetKeys() []string {
	var keys []string
	for _, b := range BuiltinPresets {
		keys = append(keys, BuiltinPresetPrefix+b.Key)
	}
	return keys
}

// source returns b as a preset of the policy, every entry at pos (the
// extends entry that first names it, so that anything said about it lands
// on the user's line).
func (b BuiltinPreset) source(pos Pos) TaskSource {
	t := TaskSource{Key: Text{BuiltinPresetPrefix + b.Key, pos}, BuiltinPass: map[string]string{}}
	for _, p := range b.Pass {
		t.PassThrough = append(t.PassThrough, Text{p.Name, pos})
		t.BuiltinPass[p.Name] = t.Key.Value
	}
	for _, d := range b.Define {
		t.Define = append(t.Define, DefineSource{Name: Text{d.Name, pos}, Value: Text{d.Value, pos}})
	}
	return t
}

// builtinPresetsMarkdown renders the built-in presets for
// docs/builtin-presets.md: per preset, what it is for, then a table of its
// names and defines with their sources.
func builtinPresetsMarkdown() string {
	var b strings.Builder
	for i, p := range BuiltinPresets {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString("#### `" + BuiltinPresetPrefix + p.Key + "`\n\n" + p.Doc + "\n\n")
		b.WriteString("| Name | What for | Source |\n| --- | --- | --- |\n")
		for _, e := range p.Pass {
			b.WriteString("| `" + e.Name + "` | " + e.Group + " | " + e.Source + " |\n")
		}
		for _, d := range p.Define {
			b.WriteString("| `" + d.Name + "=" + d.Value + "` (define) | " + d.Why + " | " + d.Source + " |\n")
		}
	}
	return b.String()
}
