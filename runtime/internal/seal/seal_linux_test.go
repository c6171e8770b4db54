package seal

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// entry is one entry of a target's environment, and whether the test
// expects Seal to overwrite its value in the block.
type entry struct {
	text   string
	sealed bool
}

// target is a running copy of the test binary in its target role.
type target struct {
	proc  *os.Process
	stdin *os.File
	out   *bufio.Reader
}

// startTarget starts a target with the entries, the rounds of Seal and
// extra helper variables, as cred's user when cred is not nil.
func startTarget(t *testing.T, entries []entry, rounds string, cred *syscall.Credential, extra ...string) *target {
	t.Helper()
	inR, inW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer inR.Close()
	defer outW.Close()
	// os.StartProcess, not os/exec, which would drop the duplicates.
	env := append(environ(entries), helperEnv+"=target", roundsEnv+"="+rounds)
	proc, err := os.StartProcess(binary, []string{binary}, &os.ProcAttr{
		Dir:   binDir,
		Env:   append(env, extra...),
		Files: []*os.File{inR, outW, os.Stderr},
		Sys:   &syscall.SysProcAttr{Credential: cred},
	})
	if err != nil {
		inW.Close()
		outR.Close()
		if cred != nil {
			t.Skipf("cannot start a process as uid %d: %v", cred.Uid, err)
		}
		t.Fatal(err)
	}
	t.Cleanup(func() { proc.Kill(); proc.Wait(); outR.Close(); inW.Close() })
	tg := &target{proc, inW, bufio.NewReader(outR)}
	if line, err := tg.out.ReadString('\n'); line != "ready\n" {
		t.Fatalf("the target said %q, %v; want ready", line, err)
	}
	return tg
}

// seal has the target call Seal and returns its report.
func (tg *target) seal(t *testing.T) report {
	t.Helper()
	if _, err := tg.stdin.WriteString("seal\n"); err != nil {
		t.Fatal(err)
	}
	var rep report
	if err := json.NewDecoder(tg.out).Decode(&rep); err != nil {
		t.Fatalf("reading the target's report: %v", err)
	}
	return rep
}

// environ returns the target's /proc/PID/environ as the test process
// reads it.
func (tg *target) environ(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("/proc/" + strconv.Itoa(tg.proc.Pid) + "/environ")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// finish lets the target exit and checks that it did so cleanly.
func (tg *target) finish(t *testing.T) {
	t.Helper()
	tg.stdin.Close()
	state, err := tg.proc.Wait()
	if err != nil || !state.Success() {
		t.Errorf("target: %v %v", state, err)
	}
}

// readAs has a reader started as cred's user read the target's
// /proc/PID/environ, and returns what it read or the error it met.
func readAs(tg *target, cred *syscall.Credential) ([]byte, error) {
	cmd := exec.Command(binary)
	cmd.Dir = binDir
	cmd.Env = []string{helperEnv + "=read", pidEnv + "=" + strconv.Itoa(tg.proc.Pid)}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, errors.New(strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// environ returns the entries' texts.
func environ(entries []entry) []string {
	var env []string
	for _, e := range entries {
		env = append(env, e.text)
	}
	return env
}

// sealedBlock returns the block a target started with entries shows after
// Seal: the entries marked sealed have NUL bytes for values.
func sealedBlock(entries []entry, helpers ...string) []byte {
	var b []byte
	for _, e := range entries {
		name, value, _ := strings.Cut(e.text, "=")
		if e.sealed {
			b = append(b, name+"="...)
			b = append(b, make([]byte, len(value))...)
		} else {
			b = append(b, e.text...)
		}
		b = append(b, 0)
	}
	for _, h := range helpers {
		b = append(b, h+"\x00"...)
	}
	return b
}

// leak returns the first 8 bytes of value found in a row in block, or "".
func leak(block []byte, value string) string {
	for i := 0; i+8 <= len(value); i++ {
		if bytes.Contains(block, []byte(value[i:i+8])) {
			return value[i : i+8]
		}
	}
	return ""
}

// fake is a test environment with fake credentials: by name, by value
// (prefix "sk-x"), empty, twice (the first entry, a later one or both
// secret), and entries with no '=' or more than one.
var fake = []entry{
	{"HOME=/home/demo", false},
	{"AWS_SECRET_ACCESS_KEY=fakeAWSsecret/0123456789abcdefghijKLMN", true},
	{"GITHUB_TOKEN=ghp_fake0000000000000000000000000000000a", true},
	{"LATER=plain", false},
	{"OPTS=a=b=c", false},
	{"NOEQUALS", false},
	{"COPIED=sk-x-proj-0123456789abcdef", true},
	{"SESSION=sk-x-session-0123456789", true},
	{"NPM_TOKEN=", true},
	{"EMPTY=", false},
	{"GITHUB_TOKEN=ghp_fake1111111111111111111111111111111b", true},
	{"LATER=sk-x-dup-9876543210zyxwvuts", true},
	{"SESSION=later-plain-value", true},
	{"PATH=/usr/bin:/bin", false},
}

const fakeRules = "AWS_SECRET_ACCESS_KEY,GITHUB_TOKEN,NPM_TOKEN,value:sk-x"

// fakeSealed is what Seal keeps of fake: the first value of each name.
var fakeSealed = map[string]string{
	"AWS_SECRET_ACCESS_KEY": "fakeAWSsecret/0123456789abcdefghijKLMN",
	"COPIED":                "sk-x-proj-0123456789abcdef",
	"GITHUB_TOKEN":          "ghp_fake0000000000000000000000000000000a",
	"NPM_TOKEN":             "",
	"SESSION":               "sk-x-session-0123456789",
}

// checkBlock checks that the block holds none of the sealed values and is
// otherwise want, byte for byte.
func checkBlock(t *testing.T, block, want []byte, entries []entry) {
	t.Helper()
	for _, e := range entries {
		_, value, _ := strings.Cut(e.text, "=")
		if found := leak(block, value); e.sealed && found != "" {
			t.Errorf("the block still holds %q of %s", found, e.text)
		}
	}
	if !bytes.Equal(block, want) {
		t.Errorf("block\n%q\nwant\n%q", block, want)
	}
}

// checkGo checks the target's report of Go's environment and its child's.
func checkGo(t *testing.T, rep report, entries []entry, sealed map[string]string) {
	t.Helper()
	if rep.Err != "" || !rep.Same {
		t.Fatalf("Seal: %s (same Sealed each call: %v)", rep.Err, rep.Same)
	}
	names := slices.Sorted(func(yield func(string) bool) {
		for name := range sealed {
			yield(name)
		}
	})
	if !slices.Equal(rep.Names, names) {
		t.Errorf("Names() = %q, want %q", rep.Names, names)
	}
	for name, value := range sealed {
		if got := rep.Lookup[name]; got != value {
			t.Errorf("Lookup(%s) = %q, want %q", name, got, value)
		}
		if got := rep.Getenv[name]; got != nil {
			t.Errorf("after Seal, os.Getenv(%s) = %q", name, *got)
		}
		if got, ok := rep.Child[name]; !ok || got != value {
			t.Errorf("a child given %s=Lookup(%[1]s) has %q (%v), want %q", name, got, ok, value)
		}
		if got, ok := rep.BareChild[name]; ok {
			t.Errorf("a child given os.Environ() has %s=%q", name, got)
		}
	}
	for name, value := range environMap(environ(entries)) {
		if _, ok := sealed[name]; ok {
			continue
		}
		if got := rep.Getenv[name]; got == nil || *got != value {
			t.Errorf("after Seal, os.Getenv(%s) = %v, want %q", name, got, value)
		}
	}
}

func TestSeal(t *testing.T) {
	tg := startTarget(t, fake, fakeRules, nil)
	helpers := []string{helperEnv + "=target", roundsEnv + "=" + fakeRules}
	before := tg.environ(t)
	if want := strings.Join(append(environ(fake), helpers...), "\x00") + "\x00"; string(before) != want {
		t.Fatalf("before Seal, the block is\n%q\nwant\n%q", before, want)
	}
	rep := tg.seal(t)
	after := tg.environ(t)
	tg.finish(t)
	t.Logf("/proc/PID/environ before Seal:\n%q", before)
	t.Logf("/proc/PID/environ after Seal:\n%q", after)
	checkBlock(t, after, sealedBlock(fake, helpers...), fake)
	checkGo(t, rep, fake, fakeSealed)
}

func TestSealTwice(t *testing.T) {
	entries := append(slices.Clone(fake), entry{"DB_PASSWORD=fake-db-password-0123", true})
	rounds := fakeRules + "|" + fakeRules + "|DB_PASSWORD"
	tg := startTarget(t, entries, rounds, nil)
	rep := tg.seal(t)
	after := tg.environ(t)
	tg.finish(t)
	checkBlock(t, after, sealedBlock(entries, helperEnv+"=target", roundsEnv+"="+rounds), entries)
	sealed := maps.Clone(fakeSealed)
	sealed["DB_PASSWORD"] = "fake-db-password-0123"
	checkGo(t, rep, entries, sealed)
}

func TestSealRacesGetenv(t *testing.T) {
	rounds := "AWS_SECRET_ACCESS_KEY|GITHUB_TOKEN,NPM_TOKEN|value:sk-x|AWS_SECRET_ACCESS_KEY"
	tg := startTarget(t, fake, rounds, nil, raceEnv+"=1")
	rep := tg.seal(t)
	after := tg.environ(t)
	tg.finish(t)
	checkBlock(t, after, sealedBlock(fake, helperEnv+"=target", roundsEnv+"="+rounds, raceEnv+"=1"), fake)
	checkGo(t, rep, fake, fakeSealed)
}

func TestSealRestoresAfterFailedWrite(t *testing.T) {
	tg := startTarget(t, fake, fakeRules, nil, failEnv+"=3")
	before := tg.environ(t)
	rep := tg.seal(t)
	after := tg.environ(t)
	tg.finish(t)
	if !rep.Unsupported || !strings.Contains(rep.Err, "write refused by the test") {
		t.Errorf("Seal's error %q, wrapping errors.ErrUnsupported: %v", rep.Err, rep.Unsupported)
	}
	if !bytes.Equal(after, before) {
		t.Errorf("after a failed Seal the block is\n%q\nwant\n%q", after, before)
	}
	if len(rep.Names) != 0 {
		t.Errorf("after a failed Seal, Names() = %q", rep.Names)
	}
	for name, value := range environMap(environ(fake)) {
		if got := rep.Getenv[name]; got == nil || *got != value {
			t.Errorf("after a failed Seal, os.Getenv(%s) = %v, want %q", name, got, value)
		}
	}
}

func TestSealWithoutProc(t *testing.T) {
	t.Setenv("SEAL_TEST_SECRET", "fake-secret-0123456789")
	procSelf = t.TempDir()
	defer func() { procSelf = "/proc/self" }()
	s, err := Seal(func(name, _ string) bool { return name == "SEAL_TEST_SECRET" }, true)
	if s != nil || !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("Seal without /proc = %v, %v; want nil and an error wrapping ErrUnsupported", s, err)
	}
	if got := os.Getenv("SEAL_TEST_SECRET"); got != "fake-secret-0123456789" {
		t.Errorf("a failed Seal left os.Getenv(SEAL_TEST_SECRET) = %q", got)
	}
	if _, ok := process.Lookup("SEAL_TEST_SECRET"); ok {
		t.Error("a failed Seal sealed SEAL_TEST_SECRET")
	}
}

func TestHideProcess(t *testing.T) {
	// As root, the target and the reader run as nobody, as two processes
	// of one user that is not root; otherwise as this user.
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		cred = &syscall.Credential{Uid: 65534, Gid: 65534}
	}
	entries := []entry{
		{"HOME=/home/demo", false},
		{"GITHUB_TOKEN=ghp_fake0000000000000000000000000000000a", true},
		{"ANTHROPIC_API_KEY=sk-ant-fake-0123456789abcdef", true},
	}
	// The second round runs after the first made the process non-dumpable.
	for _, rounds := range []string{"GITHUB_TOKEN|ANTHROPIC_API_KEY", "GITHUB_TOKEN,+hide|ANTHROPIC_API_KEY"} {
		hide := strings.Contains(rounds, "+hide")
		tg := startTarget(t, entries, rounds, cred)
		rep := tg.seal(t)
		want := sealedBlock(entries, helperEnv+"=target", roundsEnv+"="+rounds)
		got, err := readAs(tg, cred)
		if os.Geteuid() == 0 { // root reads a hidden process too
			checkBlock(t, tg.environ(t), want, entries)
		}
		tg.finish(t)
		t.Logf("hide %v: a reader of the same user gets %q, %v", hide, got, err)
		checkGo(t, rep, entries, map[string]string{
			"GITHUB_TOKEN":      "ghp_fake0000000000000000000000000000000a",
			"ANTHROPIC_API_KEY": "sk-ant-fake-0123456789abcdef",
		})
		switch {
		case hide && (err == nil || !strings.Contains(err.Error(), "permission denied")):
			t.Errorf("with hide, a reader of the same user gets %q, %v; want permission denied", got, err)
		case !hide && err != nil:
			t.Errorf("without hide, a reader of the same user gets %v", err)
		case !hide:
			checkBlock(t, got, want, entries)
		}
	}
}
