package gen

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/internal/testkit"
)

// Hostile policies: each must give a clear, positioned error or work,
// within hostileTime and hostileAlloc, never panic, and never leave a
// half-written output file or a stray temporary file behind. They run
// through Main with -o, as go generate would, in a child process.

// Bounds every hostile policy must stay within. They are loose on purpose
// (a 2-core machine, and the race detector when CI adds it); the test
// logs what each case took.
const (
	hostileTime  = 20 * time.Second
	hostileAlloc = 4 << 30 // bytes allocated in all while generating
	// hostileMemory bounds the child's peak resident memory (VmHWM);
	// GOMEMLIMIT sits below it, so that garbage is collected before a
	// policy that fits is refused.
	hostileMemory   = 2 << 30
	hostileMemoryGo = "1536MiB"
	// hostileAddressKiB is the address space the child may map (ulimit -v,
	// where there is one), so that a runaway allocation fails in the
	// child rather than the machine running out. It is not the memory
	// bound: Go's runtime reserves address space it never touches
	// (`envgen -version` needs 512-768 MB of it), so under 2 GB a policy
	// using 330 MB of heap failed when GC lagged on a loaded machine.
	hostileAddressKiB = 2 * hostileMemory >> 10
)

// A hostileCase is one hostile policy and what it must give: the output
// when want is "", else an error on stderr matching want.
type hostileCase struct {
	name string
	src  func() []byte
	want string // a regular expression for stderr, "" if the policy works
}

// hostileCases lists the cases. Sizes are the issue's: a 10 MB file,
// 100,000 tasks, a 10,000-character name; and for the cases that cost
// time rather than memory (many spellings of a name, presets, names ×
// patterns), large enough that a check quadratic in them would pass the
// time bound.
func hostileCases() []hostileCase {
	text := func(s string) func() []byte { return func() []byte { return []byte(s) } }
	return []hostileCase{
		{"300-aliases-of-a-1MB-value", expands(testkit.AliasedValue, 300), `^policy\.yaml:21:12: policy too large: over 16000000 bytes of keys, names and values, counting each alias as a copy of what it names\n$`},
		{"3000-aliases-of-a-1MB-value", expands(testkit.AliasedValue, 3000), `^policy\.yaml:21:12: policy too large: over 16000000 bytes`},
		{"14-aliases-of-a-1MB-value", expands(testkit.AliasedValue, 14), ""},
		{"300-tasks-alias-a-1MB-name", expands(testkit.AliasedName, 300), `^policy\.yaml:19:\d+: policy too large: over 16000000 bytes`},
		{"300-tasks-extend-a-1MB-define", expands(testkit.PresetValueFanOut, 300), `^policy\.yaml:21:3: policy too large: over 16000000 bytes of names and values in all, counting each use of a preset anew\n$`},
		{"14-tasks-extend-a-1MB-define", expands(testkit.PresetValueFanOut, 14), ""},
		{"billion-laughs", billionLaughs, `^policy\.yaml:\d+:\d+: policy too large: over 1000000 YAML nodes, counting each alias as a copy of what it names\n$`},
		{"alias-fan-out", aliasFanOut, `^policy\.yaml:\d+:\d+: policy too large: over 1000000 YAML nodes`},
		{"alias-fan-out-under-node-limit", aliasFanOutSmall, `^policy\.yaml:\d+:\d+: policy too large: over 100000 names, patterns, values and directories in all`},
		{"10MB-comments", tenMBComments, ""},
		{"10MB-value", tenMBValue, ""},
		{"10MB-list", tenMBList, `^policy\.yaml:3:\d+: policy too large: over 100000 names, patterns, values and directories in all`},
		{"100000-tasks", manyTasks(100_000), `^policy\.yaml:1004:3: too many tasks: 100000; a policy holds at most 1000\n$`},
		{"1000-tasks", manyTasks(1_000), ""},
		{"1000-tasks-5000-names", tasksTimesNames(5000), ""},
		{"1000-tasks-50000-names", tasksTimesNames(50_000), ""},
		{"tables-at-the-limit", tablesAtTheLimit, ""},
		{"24000-spellings-1000-tasks-alike", caseSpellings(24_000, 1000, true), ""},
		{"24000-spellings-1000-tasks", caseSpellings(24_000, 1000, false), ""},
		{"100000-name-preset", bigPreset(100_000), `^policy\.yaml:6:3: policy too large: over 100000 names, patterns, values and directories in all, counting each use of an alias or preset anew\n$`},
		{"20000-name-preset-100-tasks", presetFanOut(20_000, 100), `^policy\.yaml:11:3: policy too large: over 100000 names, patterns, values and directories in all, counting each use of an alias or preset anew\n$`},
		{"5000-preset-chain", presetChain(5000, true), `^policy\.yaml:4556:3: policy too large: over 100000 names`},
		{"180000-preset-deep-chain", presetChain(180_000, false), ""},
		{"49000-names-49000-secret-patterns", namesTimesSecretPatterns(49_000, 49_000),
			`^policy\.yaml:6:\d+: policy too large: its \d+ names \(each spelling, and each \$\{NAME\} referenced; \d+ bytes\) against its \d+ patterns so far \(\d+ bytes\) pass 500000000 units of matching \(16 a test, 8 a byte of the name, 1 a byte of the pattern\); use fewer or shorter names or patterns\n$`},
		{"50000-names-49000-passThrough-patterns", namesTimesTaskPatterns(50_000, 49_000),
			`^policy\.yaml:6:3: policy too large: its \d+ names \(each spelling, and each \$\{NAME\} referenced; \d+ bytes\) against its \d+ patterns so far \(\d+ bytes\) pass 500000000 units`},
		{"300-long-names-300-long-globs", longGlobs(300), `^policy\.yaml:\d+:7: policy too large: its 441 names .* pass 500000000 units of matching`},
		{"100-long-names-100-long-globs", longGlobs(100), ""},
		{"99000-parameters", manyParams(99_000), `^policy\.yaml:99006:14: task "zz": mode "sideways": want isolated or inherit\n$`},
		{"99000-defines-from-a-preset", defineFanIn(99_000), `^policy\.yaml:99008:14: task "zz": mode "sideways": want isolated or inherit\n$`},
		{"deep-flow-nesting", text("version: 1\npackage: p\ntasks: " + strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000) + "\n"),
			`^policy\.yaml:3: YAML syntax: exceeded max depth of 10000\n$`},
		{"deep-block-nesting", deepBlock, `^policy\.yaml:4:1: tasks must be a mapping; got a list\n$`},
		{"10000-character-name", text("version: 1\npackage: p\ntasks: {t: {passThrough: [" + strings.Repeat("N", 10_000) + "]}}\n"), ""},
		{"10000-character-key", text("version: 1\npackage: p\ntasks:\n  t:\n    define:\n      " + strings.Repeat("N", 10_000) + ": x\n"),
			`^policy\.yaml:6: YAML syntax: .* \(a YAML key is at most 1024 characters long\)\n$`},
		{"10000-character-bad-name", text("version: 1\npackage: p\ntasks: {t: {passThrough: [" + strings.Repeat("N", 5_000) + "-" + strings.Repeat("N", 5_000) + "]}}\n"),
			`^policy\.yaml:3:27: task "t" passThrough: "N{50}… \(10001 bytes\)" is neither a name nor a pattern: '-' may stand in neither \(a name is`},
		{"non-utf8", text("version: 1\npackage: p\ntasks: {t: {define: {X: ab\xffcd}}}\n"),
			`^policy\.yaml:3:27: YAML syntax: invalid leading UTF-8 octet \(byte 0xff; a policy is UTF-8 text\)\n$`},
		{"non-utf8-truncated", text("version: 1\npackage: p\n# caf\xc3"),
			`^policy\.yaml:3:6: YAML syntax: .*UTF-8.* \(byte 0xc3; a policy is UTF-8 text\)\n$`},
		{"bom", text("\ufeffversion: 1\npackage: p\ntasks: {t: {}}\n"), ""},
		{"bom-error-position", text("\ufeffversion: 1\npackage: p\ntasks: {t: {colour: red}}\n"), `^policy\.yaml:3:13: unknown key "colour"`},
		{"utf16-bom", utf16, ""},
		{"crlf", text("version: 1\r\npackage: p\r\ntasks:\r\n  t:\r\n    define:\r\n      X: \"a b\"\r\n"), ""},
		{"crlf-error-position", text("version: 1\r\npackage: p\r\ntasks:\r\n  t:\r\n    colour: red\r\n"), `^policy\.yaml:5:5: unknown key "colour"`},
		{"tab-indent", text("version: 1\npackage: p\ntasks:\n\tt: {}\n"), `^policy\.yaml:4: YAML syntax: .* \(YAML indents with spaces, not tabs\)\n$`},
		{"tab-in-flow", text("version: 1\npackage: p\ntasks: {\tt: {define: {X: \"a\tb\"}}}\n"), ""},
		{"duplicate-keys", text("version: 1\npackage: p\ntasks:\n  t: {}\n  t: {}\n"), `^policy\.yaml:5:3: duplicate key "t" in tasks \(first at line 4\)\n$`},
		{"empty", text(""), `^policy\.yaml:1:1: empty policy: want a mapping with at least version: 1\n$`},
		{"only-comments", text("# nothing here\n"), `^policy\.yaml:1:1: empty policy`},
		{"nul-byte", text("version: 1\npackage: p\x00\n"), `^policy\.yaml:\d+(:\d+)?: YAML syntax: control characters are not allowed`},
		{"unclosed-at-eof", text("version: 1\npackage: p\ntasks: {t: {"), `^policy\.yaml:3: YAML syntax: did not find expected node content\n$`},
		{"unknown-anchor", text("version: 1\npackage: p\ntasks: {t: {passThrough: *nowhere}}\n"),
			`^policy\.yaml:3:26: YAML syntax: unknown anchor 'nowhere' referenced \(no &nowhere anchor comes before it; to write a pattern, quote it: "\*nowhere"\)\n$`},
	}
}

// TestHostilePolicies runs every hostile case through Main -o, each in a
// child process (this test binary again, running TestHostileChild) so
// that a case that runs away is stopped at the time bound and reported,
// instead of taking the other tests down with it.
func TestHostilePolicies(t *testing.T) {
	if testing.Short() {
		t.Skip("large inputs; skipped with -short")
	}
	for _, c := range hostileCases() {
		t.Run(c.name, func(t *testing.T) {
			dir, reportDir := t.TempDir(), t.TempDir()
			policy, out := filepath.Join(dir, "policy.yaml"), filepath.Join(dir, "out.go")
			require.NoError(t, os.WriteFile(policy, c.src(), 0o644))
			const old = "// an earlier output, which a failing run must leave alone\npackage p\n"
			if c.want != "" {
				require.NoError(t, os.WriteFile(out, []byte(old), 0o644))
			}

			ctx, cancel := context.WithTimeout(context.Background(), 2*hostileTime)
			defer cancel()
			cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestHostileChild$", "-test.v")
			if memoryLimited() {
				cmd = exec.CommandContext(ctx, "/bin/sh", "-c", fmt.Sprintf(`ulimit -v %d && exec "$0" "$@"`, hostileAddressKiB),
					os.Args[0], "-test.run=^TestHostileChild$", "-test.v")
			}
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "ENVGEN_HOSTILE_REPORT="+reportDir, "GOMEMLIMIT="+hostileMemoryGo)
			output, err := cmd.CombinedOutput()
			if ctx.Err() != nil {
				t.Fatalf("still running after %v: stopped", 2*hostileTime)
			}
			require.NoError(t, err, "the child process (limited to %d MB of address space: %v):\n%s", hostileAddressKiB>>10, memoryLimited(), truncate(string(output), 4000))
			var r hostileReport
			raw, err := os.ReadFile(filepath.Join(reportDir, "report.json"))
			require.NoError(t, err)
			require.NoError(t, json.Unmarshal(raw, &r))
			t.Logf("%d-byte policy: exit %d in %v, %d MB allocated, %d MB heap at the end, %d MB peak resident",
				len(c.src()), r.Code, r.Took.Round(time.Millisecond), r.Alloc>>20, r.Heap>>20, r.Peak>>20)
			assert.Less(t, r.Took, hostileTime, "wall-clock time")
			assert.Less(t, r.Alloc, uint64(hostileAlloc), "bytes allocated")
			assert.Less(t, r.Peak, uint64(hostileMemory), "peak resident memory")

			entries, err := os.ReadDir(dir)
			require.NoError(t, err)
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			assert.Equal(t, []string{"out.go", "policy.yaml"}, slices.Sorted(slices.Values(names)), "files left in the output directory")

			if c.want == "" {
				require.Equal(t, 0, r.Code, "stderr:\n%s", truncate(r.Stderr, 2000))
				src, err := os.ReadFile(out)
				require.NoError(t, err)
				_, err = parser.ParseFile(token.NewFileSet(), out, src, parser.SkipObjectResolution)
				assert.NoError(t, err, "the output does not parse")
				return
			}
			assert.Equal(t, 1, r.Code)
			if !regexp.MustCompile(c.want).MatchString(r.Stderr) {
				t.Errorf("stderr:\n%s\nwant it to match %s", truncate(r.Stderr, 2000), c.want)
			}
			for _, line := range strings.Split(strings.TrimSuffix(r.Stderr, "\n"), "\n") {
				if !regexp.MustCompile(`^policy\.yaml:\d+(:\d+)?: \S`).MatchString(line) {
					t.Errorf("an error without a position: %s", truncate(line, 200))
				}
			}
			got, err := os.ReadFile(out)
			require.NoError(t, err)
			assert.Equal(t, old, string(got), "a failing run changed the output file")
		})
	}
}

// memoryLimited reports whether TestHostilePolicies runs its children
// under ulimit -v: where there is a POSIX shell to set it, and not under
// the race detector, whose shadow memory needs terabytes of address space.
func memoryLimited() bool {
	if runtime.GOOS == "windows" || raceEnabled() {
		return false
	}
	_, err := os.Stat("/bin/sh")
	return err == nil
}

// raceEnabled reports whether this test binary was built with -race.
func raceEnabled() bool {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	for _, s := range info.Settings {
		if s.Key == "-race" {
			return s.Value == "true"
		}
	}
	return false
}

// hostileReport is what TestHostileChild tells TestHostilePolicies.
type hostileReport struct {
	Code   int
	Stderr string
	Took   time.Duration
	Alloc  uint64 // bytes allocated while Main ran
	Heap   uint64 // bytes of heap in use after it
	Peak   uint64 // the process's peak resident memory (VmHWM), where Linux tells it; else 0
}

// TestHostileChild is TestHostilePolicies' child process: it runs Main
// on policy.yaml in the current directory, writing out.go, and reports
// to $ENVGEN_HOSTILE_REPORT/report.json. It does nothing otherwise.
func TestHostileChild(t *testing.T) {
	reportDir := os.Getenv("ENVGEN_HOSTILE_REPORT")
	if reportDir == "" {
		t.Skip("run by TestHostilePolicies")
	}
	var stderr bytes.Buffer
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	code := generateFile(&stderr, "policy.yaml", "p", "out.go")
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	raw, err := json.Marshal(hostileReport{code, stderr.String(), took, after.TotalAlloc - before.TotalAlloc, after.HeapAlloc, peakResident()})
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(reportDir, "report.json"), raw, 0o644))
}

// peakResident returns this process's peak resident memory in bytes, as
// Linux reports it in /proc/self/status (VmHWM), or 0 where that file
// does not say.
func peakResident() uint64 {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			var kib uint64
			if _, err := fmt.Sscanf(strings.TrimSpace(rest), "%d kB", &kib); err == nil {
				return kib << 10
			}
		}
	}
	return 0
}

// generateFile does what envgen -pkg pkg -o out file does, the way the
// command reports: it generates the policy file and writes out, or prints
// its diagnostics to stderr and returns exit code 1.
func generateFile(stderr io.Writer, file, pkg, out string) int {
	src, err := os.ReadFile(file)
	if err == nil {
		var code []byte
		if code, err = Generate(file, src, pkg); err == nil {
			_, err = WriteIfChanged(out, code)
		}
	}
	var diags policy.Diagnostics
	switch {
	case errors.As(err, &diags):
		for _, d := range diags {
			fmt.Fprintln(stderr, d)
		}
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "envgen: %v\n", err)
		return 1
	}
	return 0
}

// truncate shortens s to at most n bytes, for messages.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// expands returns a hostile case's source: build(n), one of testkit's
// policies that expand past a limit.
func expands(build func(n int) []byte, n int) func() []byte {
	return func() []byte { return build(n) }
}

// billionLaughs nests ten aliases ten wide: 10^10 nodes once expanded.
func billionLaughs() []byte {
	var b strings.Builder
	b.WriteString("version: 1\npackage: p\nessentials:\n  extra: &a0 [L, L, L, L, L, L, L, L, L, L]\ntasks:\n")
	for i := 1; i < 10; i++ {
		fmt.Fprintf(&b, "  t%d: {mode: inherit, unset: &a%d [%s*a%d]}\n", i, i, strings.Repeat(fmt.Sprintf("*a%d, ", i-1), 9), i-1)
	}
	return []byte(b.String())
}

// aliasFanOut has 2,000 tasks share one 1,000-name list by an alias: 50
// KB standing for two million names.
func aliasFanOut() []byte {
	var b strings.Builder
	b.WriteString("version: 1\npackage: p\nsecrets:\n  extra: &names [")
	for i := range 1000 {
		fmt.Fprintf(&b, "N%d, ", i)
	}
	b.WriteString("X]\ntasks:\n")
	for i := range 2000 {
		fmt.Fprintf(&b, "  t%d: {mode: inherit, passThrough: *names}\n", i)
	}
	return []byte(b.String())
}

// aliasFanOutSmall has 500 tasks share a 1,000-name list: half a million
// names, under the node limit but over the entry limit.
func aliasFanOutSmall() []byte {
	var b strings.Builder
	b.WriteString("version: 1\npackage: p\nsecrets:\n  extra: &names [")
	for i := range 1000 {
		fmt.Fprintf(&b, "N%d, ", i)
	}
	b.WriteString("X]\ntasks:\n")
	for i := range 500 {
		fmt.Fprintf(&b, "  t%d: {mode: inherit, passThrough: *names}\n", i)
	}
	return []byte(b.String())
}

// tenMBComments is a small policy inside 10 MB of comments.
func tenMBComments() []byte {
	line := "# " + strings.Repeat("x", 97) + "\n"
	return []byte("version: 1\npackage: p\n" + strings.Repeat(line, 100_000) + "tasks: {t: {passThrough: [A]}}\n")
}

// tenMBValue is a policy with one 10 MB define value.
func tenMBValue() []byte {
	return []byte("version: 1\npackage: p\ntasks: {t: {define: {X: \"" + strings.Repeat("x", 10<<20) + "\"}}}\n")
}

// tenMBList is a policy with a 10 MB list: 500,000 secret names.
func tenMBList() []byte {
	var b strings.Builder
	b.WriteString("version: 1\npackage: p\nsecrets: {extra: [")
	for i := range 500_000 {
		fmt.Fprintf(&b, "N%015d, ", i)
	}
	b.WriteString("X]}\ntasks: {t: {mode: inherit}}\n")
	return []byte(b.String())
}

// manyTasks is a policy with n tasks, alternately isolated and inherit.
func manyTasks(n int) func() []byte {
	return func() []byte {
		var b strings.Builder
		b.WriteString("version: 1\npackage: p\ntasks:\n")
		for i := range n {
			if i%2 == 0 {
				fmt.Fprintf(&b, "  t%d: {passThrough: [A%d]}\n", i, i%100)
			} else {
				fmt.Fprintf(&b, "  t%d: {mode: inherit, unset: [B%d]}\n", i, i%100)
			}
		}
		return []byte(b.String())
	}
}

// tasksTimesNames is 1,000 tasks, all alike, over n names of
// essentials.extra, which a table per task and name would turn into
// 1,000 × n entries, and planning each task anew into 1,000 × n
// decisions.
func tasksTimesNames(n int) func() []byte {
	return func() []byte {
		var b strings.Builder
		b.WriteString("version: 1\npackage: p\nessentials:\n  extra: [")
		for i := range n {
			fmt.Fprintf(&b, "E%d, ", i)
		}
		b.WriteString("X]\ntasks:\n")
		for i := range 1000 {
			fmt.Fprintf(&b, "  t%d: {}\n", i)
		}
		return []byte(b.String())
	}
}

// tablesAtTheLimit is many tasks over many secrets: 99 inherit tasks
// over 2,400 secrets, each unsetting 25 names of its own, so that each
// keeps about as many names (the others') as it drops. It was as much
// decision table as a policy could print (246,000 decisions) when
// generated files printed them; the runtime now compiles a task's
// decisions at its first call.
func tablesAtTheLimit() []byte {
	var b strings.Builder
	b.WriteString("version: 1\npackage: p\nsecrets:\n  extra: [")
	for i := range 2400 {
		fmt.Fprintf(&b, "S%d, ", i)
	}
	b.WriteString("X]\ntasks:\n")
	for i := range 99 {
		fmt.Fprintf(&b, "  t%d: {mode: inherit, unset: [", i)
		for j := range 25 {
			fmt.Fprintf(&b, "P%d_%d, ", i, j)
		}
		b.WriteString("X]}\n")
	}
	return []byte(b.String())
}

// deepBlock nests 5,000 block sequences, one per line.
func deepBlock() []byte {
	var b strings.Builder
	b.WriteString("version: 1\npackage: p\ntasks:\n")
	for i := range 5000 {
		b.WriteString(strings.Repeat(" ", i) + "-\n")
	}
	return []byte(b.String())
}

// utf16 is a small policy in UTF-16 (little-endian, with its BOM), which
// YAML allows.
func utf16() []byte {
	src := "version: 1\npackage: p\ntasks: {t: {}}\n"
	out := []byte{0xff, 0xfe}
	for _, r := range src {
		out = append(out, byte(r), 0)
	}
	return out
}

// TestDiagnosticsShortenOnlyQuotedNames checks that shortening touches the
// names and values a message quotes, not its context: a long task key in
// "task %q" context, the list of presets, a cycle.
func TestDiagnosticsShortenOnlyQuotedNames(t *testing.T) {
	key := strings.Repeat("k", 90)
	var presets strings.Builder
	for i := range 12 {
		fmt.Fprintf(&presets, "  preset_number_%d: {extends: [preset_number_%d]}\n", i, (i+1)%12)
	}
	src := "version: 1\npackage: p\npresets:\n" + presets.String() +
		"tasks:\n  " + key + ":\n    extends: [nope]\n    passThrough: [A, A, " + strings.Repeat("B", 150) + "-x]\n"
	_, err := policy.Load("policy.yaml", []byte(src))
	require.Error(t, err)
	msg := err.Error()
	assert.Contains(t, msg, `task "`+key+`": extends unknown preset "nope"`, "the task key in context is whole")
	assert.Contains(t, msg, "preset_number_10, preset_number_11;", "the preset list is whole")
	assert.Contains(t, msg, "preset_number_10 → preset_number_11 → preset_number_0\n", "the cycle is whole")
	assert.Contains(t, msg, `task "`+key+`" passThrough: "A" is listed twice`)
	assert.Contains(t, msg, `"`+strings.Repeat("B", 50)+`… (152 bytes)" is neither a name nor a pattern`, "a long bad name is shortened")
}

// caseSpellings is n ASCII case spellings of one 16-letter name, all in
// essentials.extra, and tasks tasks: all alike, or each passing a name of
// its own, so that no two share tables.
func caseSpellings(n, tasks int, alike bool) func() []byte {
	return func() []byte {
		var b strings.Builder
		b.WriteString("version: 1\npackage: p\nessentials:\n  extra: [")
		for i := range n {
			s := []byte("ABCDEFGHIJKLMNOP")
			for j := range s {
				if i>>j&1 != 0 {
					s[j] ^= 0x20
				}
			}
			fmt.Fprintf(&b, "%s, ", s)
		}
		b.WriteString("X]\ntasks:\n")
		for i := range tasks {
			if alike {
				fmt.Fprintf(&b, "  t%d: {}\n", i)
			} else {
				fmt.Fprintf(&b, "  t%d: {passThrough: [P%d]}\n", i, i)
			}
		}
		return []byte(b.String())
	}
}

// bigPreset is one preset of n passThrough names, extended by a task that
// passes one more name.
func bigPreset(n int) func() []byte {
	return func() []byte {
		var b strings.Builder
		b.WriteString("version: 1\npackage: p\npresets:\n  big: {passThrough: [N0")
		for i := 1; i < n; i++ {
			fmt.Fprintf(&b, ", N%d", i)
		}
		b.WriteString("]}\ntasks:\n  t: {extends: [big], passThrough: [X]}\n")
		return []byte(b.String())
	}
}

// presetFanOut is one preset of n passThrough names that tasks tasks
// extend.
func presetFanOut(n, tasks int) func() []byte {
	return func() []byte {
		var b strings.Builder
		b.WriteString("version: 1\npackage: p\npresets:\n  big: {passThrough: [N0")
		for i := 1; i < n; i++ {
			fmt.Fprintf(&b, ", N%d", i)
		}
		b.WriteString("]}\ntasks:\n")
		for i := range tasks {
			fmt.Fprintf(&b, "  t%d: {extends: [big]}\n", i)
		}
		return []byte(b.String())
	}
}

// presetChain is n presets, each extending the next and passing a name
// of its own when named is set, and a task that extends the first.
func presetChain(n int, named bool) func() []byte {
	return func() []byte {
		var b strings.Builder
		b.WriteString("version: 1\npackage: p\npresets:\n")
		for i := range n {
			var fields []string
			if named {
				fields = append(fields, fmt.Sprintf("passThrough: [N%d]", i))
			}
			if i+1 < n {
				fields = append(fields, fmt.Sprintf("extends: [p%d]", i+1))
			}
			fmt.Fprintf(&b, "  p%d: {%s}\n", i, strings.Join(fields, ", "))
		}
		b.WriteString("tasks:\n  t: {extends: [p0]}\n")
		return []byte(b.String())
	}
}

// namesTimesSecretPatterns is a valid policy of n essentials and m
// secret patterns, none of which matches an essential.
func namesTimesSecretPatterns(n, m int) func() []byte {
	return func() []byte {
		var b strings.Builder
		b.WriteString("version: 1\npackage: p\nessentials:\n  extra: [")
		for i := range n {
			fmt.Fprintf(&b, "E%d, ", i)
		}
		b.WriteString("X]\nsecrets:\n  extra: [")
		for i := range m {
			fmt.Fprintf(&b, "\"*_S%d\", ", i)
		}
		b.WriteString("Y]\ntasks:\n  t: {}\n")
		return []byte(b.String())
	}
}

// longGlobs is a valid policy of n essentials of 2,000 bytes and n
// secret patterns '*AAAA…(1,000 A)…Z<i>*', none of which matches an
// essential, though each essential is a run of As: matching one against
// the other took the name's length times the run's until the matcher
// took linear time, and the limit on matching counted tests, not their
// length (25 s of CPU for 300 of each, before it was written).
func longGlobs(n int) func() []byte {
	return func() []byte {
		var b strings.Builder
		b.WriteString("version: 1\npackage: p\nessentials:\n  extra:\n")
		for i := range n {
			name := fmt.Sprintf("E%d", i)
			fmt.Fprintf(&b, "    - %s%s\n", name, strings.Repeat("A", 2000-len(name)))
		}
		b.WriteString("secrets:\n  extra:\n")
		for i := range n {
			fmt.Fprintf(&b, "    - \"*%sZ%d*\"\n", strings.Repeat("A", 1000), i)
		}
		b.WriteString("tasks:\n  t: {}\n  s: {mode: inherit}\n")
		return []byte(b.String())
	}
}

// namesTimesTaskPatterns is a valid policy of n names in secrets.pass
// and a task with m passThrough patterns that end like every name, so
// that no filter on a name's last bytes rules a pattern out.
func namesTimesTaskPatterns(n, m int) func() []byte {
	return func() []byte {
		var b strings.Builder
		b.WriteString("version: 1\npackage: p\nsecrets:\n  pass: [")
		for i := range n {
			fmt.Fprintf(&b, "E%dZZ, ", i)
		}
		b.WriteString("X]\ntasks:\n  t: {passThrough: [")
		for i := range m {
			fmt.Fprintf(&b, "\"*Q%dZZ\", ", i)
		}
		b.WriteString("Y]}\n")
		return []byte(b.String())
	}
}

// badTask is a task whose mode check refuses, written last so that
// every other check runs first, and nothing is generated.
const badTask = "  zz: {mode: sideways}\n"

// manyParams is a task with n defines, each its own {param}, and badTask.
func manyParams(n int) func() []byte {
	return func() []byte {
		var b strings.Builder
		b.WriteString("version: 1\npackage: p\ntasks:\n  t:\n    define:\n")
		for i := range n {
			fmt.Fprintf(&b, "      D%d: \"{p%d}\"\n", i, i)
		}
		return []byte(b.String() + badTask)
	}
}

// defineFanIn is a preset of n defines, a task that extends it, and
// badTask.
func defineFanIn(n int) func() []byte {
	return func() []byte {
		var b strings.Builder
		b.WriteString("version: 1\npackage: p\npresets:\n  big:\n    define:\n")
		for i := range n {
			fmt.Fprintf(&b, "      D%d: x\n", i)
		}
		return []byte(b.String() + "tasks:\n  t: {extends: [big]}\n" + badTask)
	}
}
