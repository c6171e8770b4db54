// Package benchdata makes the benchmark inputs: secret names, policies'
// tasks and environments shaped like a developer's or a CI runner's.
// It imports only the standard library.
package benchdata

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
)

// SecretPatterns are the suffix patterns every benchmark policy lists.
var SecretPatterns = []string{"*_TOKEN", "*_SECRET", "*_PASSWORD", "*_API_KEY"}

// Tasks is the tasks section of every benchmark policy.
const Tasks = `tasks:
  inherit:
    mode: inherit
    unset: [HISTFILE]
  isolated:
    passThrough: [NODE_ENV, GOFLAGS, "NEXT_PUBLIC_*"]
    define: {CGO_ENABLED: "0"}
  strict:
    passThrough: [NODE_ENV, GOFLAGS]
    define: {CGO_ENABLED: "0"}
`

// words build names that share long prefixes and suffixes, like real
// credential names do (ARCHIVE_SHARD_API_KEY, ARCHIVE_ACTOR_API_KEY).
var (
	services = []string{"ARCHIVE", "BILLING", "CATALOG", "DEPLOY", "EVENTS", "FRONTEND", "GATEWAY", "HARBOR", "INGEST", "JOURNAL", "KAFKA", "LEDGER", "MAILER", "NOTIFY", "ORDERS", "PAYMENTS", "QUEUE", "REPORTS", "SEARCH", "TRACING"}
	parts    = []string{"SHARD", "ACTOR", "REPLICA", "PRIMARY", "WORKER", "SIGNER", "WEBHOOK", "UPLOAD", "EXPORT", "BACKUP"}
	kinds    = []string{"KEY", "CREDENTIAL", "PRIVKEY", "SIGNING_KEY", "DSN"}
)

// SecretNames returns n distinct secret names that no suffix pattern
// covers, the same ones every time.
func SecretNames(n int) []string {
	var out []string
	for i := 0; len(out) < n; i++ {
		s := services[i%len(services)]
		p := parts[i/len(services)%len(parts)]
		k := kinds[i/(len(services)*len(parts))%len(kinds)]
		name := s + "_" + p + "_" + k
		if round := i / (len(services) * len(parts) * len(kinds)); round > 0 {
			name = fmt.Sprintf("%s_%s%d_%s", s, p, round, k)
		}
		out = append(out, name)
	}
	return out
}

// Patterns returns n secret patterns, the same ones every time: the four
// SecretPatterns, then patterns such as a platform team's list holds,
// one in two a suffix (*_BILLING_REPLICA_KEY), two in five a prefix
// (BILLING_REPLICA_KEY_*) and one in ten a piece within
// (*_REPLICA_KEY_BILLING*). The suffixes end in one of five words and the
// prefixes start with one of twenty, as such lists' do, so that they
// share their last and first bytes; ten patterns hold each kind, as a
// thousand do.
func Patterns(n int) []string {
	out := slices.Clone(SecretPatterns[:min(n, len(SecretPatterns))])
	for i := 0; len(out) < n; i++ {
		s := services[i%len(services)]
		p := parts[i/len(services)%len(parts)]
		k := kinds[i/(len(services)*len(parts))%len(kinds)]
		if round := i / (len(services) * len(parts) * len(kinds)); round > 0 {
			p += strconv.Itoa(round)
		}
		switch i % 10 {
		case 1, 3, 5, 7, 9:
			out = append(out, "*_"+s+"_"+p+"_"+k)
		case 2, 4, 6, 8:
			out = append(out, s+"_"+p+"_"+k+"_*")
		default:
			out = append(out, "*_"+p+"_"+k+"_"+s+"*")
		}
	}
	return out
}

// Policy returns a benchmark policy: the secret names SecretNames(names)
// and the patterns given, with the built-in secret list off, and Tasks;
// value detection is off unless values is set.
func Policy(header string, names int, patterns []string, values bool) string {
	var b strings.Builder
	b.WriteString(header)
	b.WriteString("version: 1\n")
	b.WriteString("secrets:\n  builtin: false\n")
	if !values {
		b.WriteString("  values: false\n")
	}
	b.WriteString("  extra:\n")
	for _, p := range patterns {
		fmt.Fprintf(&b, "    - %q\n", p)
	}
	for _, name := range SecretNames(names) {
		fmt.Fprintf(&b, "    - %s\n", name)
	}
	b.WriteString(Tasks)
	return b.String()
}

// ordinary names are the kind of variable a shell, a desktop session or a
// CI runner holds.
var ordinary = []string{
	"PATH", "HOME", "SHELL", "USER", "LOGNAME", "LANG", "TERM", "TMPDIR", "PWD", "OLDPWD",
	"EDITOR", "PAGER", "HOSTNAME", "SHLVL", "XDG_SESSION_TYPE", "XDG_RUNTIME_DIR",
	"XDG_CONFIG_HOME", "XDG_DATA_DIRS", "DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "SSH_TTY",
	"GOPATH", "GOFLAGS", "GOCACHE", "NODE_ENV", "NVM_DIR", "JAVA_HOME", "PYTHONUNBUFFERED",
	"CI", "GITHUB_ACTIONS", "GITHUB_WORKFLOW", "GITHUB_RUN_ID", "GITHUB_SHA", "GITHUB_REF",
	"RUNNER_OS", "RUNNER_TEMP", "HISTFILE", "LESSOPEN", "LS_COLORS", "MAIL",
}

// Environ returns n entries: one in ten a secret from secrets (one in
// four of those spelt in lower case), one in ten matching a suffix
// pattern, one in twenty a NEXT_PUBLIC_ variable, the rest ordinary names
// (numbered once the list runs out), with values of realistic lengths.
func Environ(n int, secrets []string) []string {
	r := rand.New(rand.NewPCG(1, uint64(n)))
	env := make([]string, 0, n)
	for i := 0; len(env) < n; i++ {
		var name string
		switch {
		case i%10 == 3 && len(secrets) > 0:
			name = secrets[r.IntN(len(secrets))]
			if i%40 == 3 {
				name = strings.ToLower(name)
			}
		case i%10 == 7:
			name = fmt.Sprintf("SERVICE%d%s", i, []string{"_TOKEN", "_SECRET", "_PASSWORD", "_API_KEY"}[i%4])
		case i%20 == 9:
			name = fmt.Sprintf("NEXT_PUBLIC_FEATURE_%d", i)
		case i < len(ordinary):
			name = ordinary[i]
		default:
			name = fmt.Sprintf("%s_%d", ordinary[i%len(ordinary)], i)
		}
		value := strings.Repeat("v", 8+r.IntN(48))
		if name == "PATH" {
			value = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/usr/games:/usr/local/games:/snap/bin:/home/u/go/bin"
		}
		env = append(env, name+"="+value)
	}
	return env
}

// Shuffled returns k permutations of env, the same ones every time, so
// that a benchmark cycling through them defeats branch prediction.
func Shuffled(env []string, k int) [][]string {
	r := rand.New(rand.NewPCG(2, uint64(len(env))))
	out := make([][]string, k)
	for i := range out {
		out[i] = append([]string(nil), env...)
		r.Shuffle(len(out[i]), func(a, b int) { out[i][a], out[i][b] = out[i][b], out[i][a] })
	}
	return out
}

// ReadValues returns the values of an environment file of NAME=value
// lines (blank lines and lines starting with '#' skipped), such as
// runtime/secretvalue/testdata/environ.txt, the realistic corpus of a
// developer's laptop, a CI runner and a Kubernetes pod.
func ReadValues(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var values []string
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		if _, value, ok := strings.Cut(line, "="); ok {
			values = append(values, value)
		}
	}
	return values, nil
}

// Distinct returns n values from values, each distinct past the first
// round: the value of entry i is values[i%len(values)], with ":" and i
// appended when i is len(values) or more, so that an environment of n
// entries holds n values a memo must each remember.
func Distinct(values []string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = values[i%len(values)]
		if i >= len(values) {
			out[i] += fmt.Sprintf(":%d", i)
		}
	}
	return out
}

// WithValues returns env with the value of its entry i replaced by
// values[i%len(values)]: the same names, with realistic values (paths,
// URLs, JSON, digests, LS_COLORS) instead of Environ's filler.
func WithValues(env, values []string) []string {
	out := make([]string, len(env))
	for i, e := range env {
		name, _, _ := strings.Cut(e, "=")
		out[i] = name + "=" + values[i%len(values)]
	}
	return out
}
