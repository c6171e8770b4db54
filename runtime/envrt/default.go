package envrt

import "github.com/envgen/envgen/runtime/internal/defaultpolicy"

// This file is the default policy: builders that envgen generates from a
// policy of its built-in lists alone (runtime/internal/defaultpolicy), for
// a program with one kind of child, which then needs no policy file, no
// generator and no generated file. A policy file of its own is the next
// step, when children differ.

// InheritEnv returns the environment of a child that inherits environ
// (os.Environ form) but its secrets: every entry but those the built-in
// credential list names (GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY, *_TOKEN,
// …, ASCII case aside) and those whose value holds a credential (package
// secretvalue's detectors), the first entry of each name; then vars in
// order. It allocates only the slice it returns (as long as the result)
// and what vars build. Task "inherit" of docs/semantics.md, in a policy of
// the built-in lists with value detection on.
func InheritEnv(environ []string, vars ...Var) []string {
	return defaultpolicy.InheritEnv(environ, vars...)
}

// InheritEnvOS is InheritEnv over this process's own environment.
func InheritEnvOS(vars ...Var) []string { return defaultpolicy.InheritEnvOS(vars...) }

// AppendInheritEnv is InheritEnv appending to dst, whose entries it
// neither reads nor changes; it allocates nothing when dst has room but
// what vars build, also in place (AppendInheritEnv(environ[:0], environ)).
func AppendInheritEnv(dst, environ []string, vars ...Var) []string {
	return defaultpolicy.AppendInheritEnv(dst, environ, vars...)
}

// IsolatedEnv returns the environment of a child that gets from environ
// (os.Environ form) only the built-in essentials (PATH, HOME, USER, LANG,
// TERM, TMPDIR, …, and Windows' SYSTEMROOT, APPDATA, …), never one whose
// value holds a credential, the first entry of each name; then vars in
// order (Keep, KeepMatching and Set add more). It allocates only the
// slice it returns and what vars build.
func IsolatedEnv(environ []string, vars ...Var) []string {
	return defaultpolicy.IsolatedEnv(environ, vars...)
}

// IsolatedEnvOS is IsolatedEnv over this process's own environment.
func IsolatedEnvOS(vars ...Var) []string { return defaultpolicy.IsolatedEnvOS(vars...) }

// AppendIsolatedEnv is IsolatedEnv appending to dst, whose entries it
// neither reads nor changes; it allocates nothing when dst has room but
// what vars build.
func AppendIsolatedEnv(dst, environ []string, vars ...Var) []string {
	return defaultpolicy.AppendIsolatedEnv(dst, environ, vars...)
}
