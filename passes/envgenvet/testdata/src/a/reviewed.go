package a

// Sites a review found the analyzer missed or misread: a Cmd started by a
// closure or a method value, slices.Concat and Insert, a helper with an
// error result, a generic helper; and traps: a variable a closure reads,
// an Env a callee fills through its address, a branch that exits.

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"os/exec"
	"slices"
	"sync"
	"syscall"
	"time"

	"envhelp"
	"gen"
	"github.com/envgen/envgen/runtime/envexec"
	"golang.org/x/sys/unix"
)

func startedInGoroutine() error {
	cmd := exec.Command("ls")
	errc := make(chan error, 1)
	go func() { errc <- cmd.Run() }() // want `^exec.Cmd.Run in a closure: the environment is nil`
	return <-errc
}

func goStatement() {
	cmd := exec.Command("ls")
	cmd.Env = os.Environ()
	go cmd.Run() // want `^exec.Cmd.Run: the environment is os.Environ\(\)`
}

func retry(f func() error) error { return f() }

func methodValue() error {
	cmd := exec.Command("ls")
	return retry(cmd.Run) // want `^exec.Cmd.Run in a closure: the environment is nil`
}

func deferredClosure() {
	cmd := exec.Command("ls")
	cmd.Env = append(os.Environ(), "A=1")
	defer func() { _ = cmd.Start() }() // want `^exec.Cmd.Start in a closure: the environment is os.Environ\(\)`
}

func loopBodyOverFunc(names []string) {
	cmd := exec.Command("ls")
	for range slices.Values(names) {
		cmd.Run() // want `^exec.Cmd.Run in a closure: the environment is nil`
	}
}

func multiLineGoroutine(done chan<- error) {
	cmd := exec.Command("ls")
	cmd.Env = os.Environ()
	go func() {
		err := cmd.Run() // want `^exec.Cmd.Run in a closure: the environment is os.Environ\(\)`
		done <- err
	}()
}

func environCapturedByGoroutine(names []string) {
	env := os.Environ()
	for _, n := range names {
		go func() {
			c := exec.Command(n)
			c.Env = env
			c.Run() // want `os.Environ\(\) or derived`
		}()
	}
}

var parentEnv = append(os.Environ(), "LC_ALL=C")

func packageVariable() {
	cmd := exec.Command("ls")
	cmd.Env = parentEnv
	cmd.Run() // want `os.Environ\(\) or derived`
}

var unsetEnv []string

func nilPackageVariable() {
	cmd := exec.Command("ls")
	cmd.Env = unsetEnv
	cmd.Run() // want `^exec.Cmd.Run: the environment is nil`
}

func unixExec() {
	_ = unix.Exec("/bin/ls", nil, os.Environ()) // want `^unix.Exec: the environment is os.Environ\(\)`
}

func check() error {
	if len(os.Args) > 3 {
		return errors.New("too many")
	}
	return nil
}

// setupMaybe may return nil without setting Env: check's error may be nil.
func setupMaybe(cmd *exec.Cmd, ok bool) error { // want setupMaybe:"holderParams\\(starts \\[\\], hands on \\[\\]\\)"
	if ok {
		cmd.Env = gen.ShellEnvOS()
		return nil
	}
	return check()
}

func setupMaybeThenRun(ok bool) error {
	cmd := exec.Command("ls")
	if err := setupMaybe(cmd, ok); err != nil {
		return err
	}
	return cmd.Run() // want `^exec.Cmd.Run: the environment is nil on some paths`
}

var errNoDir = errors.New("no directory")

// configureDir returns a sentinel error where it sets no Env: a caller that
// stops on its error runs the Cmd with the builder's Env only (quiet).
func configureDir(cmd *exec.Cmd, dir string) error { // want configureDir:"holderParams\\(starts \\[\\], hands on \\[\\]\\)"
	if dir == "" {
		return errNoDir
	}
	cmd.Dir, cmd.Env = dir, gen.ShellEnvOS()
	return nil
}

func configureThenRun(dir string) error {
	cmd := exec.Command("ls")
	if err := configureDir(cmd, dir); err != nil {
		return err
	}
	return cmd.Run()
}

func setupIgnored(ok bool) {
	cmd := exec.Command("ls")
	_ = setup(cmd, ok)
	cmd.Run() // want `^exec.Cmd.Run: the environment is nil on some paths`
}

func concatEnviron() {
	cmd := exec.Command("ls")
	cmd.Env = slices.Concat(os.Environ(), []string{"A=1"})
	cmd.Run() // want `os.Environ\(\) or derived`
}

func concatExtends(tok string) {
	cmd := exec.Command("ls")
	cmd.Env = slices.Concat(gen.ShellEnvOS(), []string{"TOKEN=" + tok})
	cmd.Run() // want `a builder's result with a non-constant entry appended`
}

func insertExtends(tok string) {
	cmd := exec.Command("ls")
	cmd.Env = slices.Insert(gen.ShellEnvOS(), 0, "TOKEN="+tok)
	cmd.Run() // want `a builder's result with a non-constant entry appended`
}

func childEnv() ([]string, error) { // want childEnv:"envFunc\\(inherit\\+\\)"
	if len(os.Args) > 5 {
		return nil, errors.New("too many")
	}
	return append(os.Environ(), "X=1"), nil
}

func errorResult() error {
	env, err := childEnv()
	if err != nil {
		return err
	}
	cmd := exec.Command("ls")
	cmd.Env = env
	return cmd.Run() // want `os.Environ\(\) or derived`
}

type job struct{ cmd *exec.Cmd }

func storedAfterStart(j *job) error {
	cmd := exec.Command("ls")
	cmd.Env = append(os.Environ(), "A=1")
	if err := cmd.Start(); err != nil { // want `os.Environ\(\) or derived`
		return err
	}
	j.cmd = cmd
	return nil
}

func printedAfterRun() error {
	cmd := exec.Command("ls")
	if err := cmd.Run(); err != nil { // want `^exec.Cmd.Run: the environment is nil`
		return fmt.Errorf("%v: %w", cmd, err)
	}
	return nil
}

func newCmd(name string) *exec.Cmd { // want newCmd:"cmdFunc\\(nil\\)"
	cmd := exec.Command(name)
	cmd.Dir = "/"
	return cmd
}

func newCmdErr(name string) (*exec.Cmd, error) { // want newCmdErr:"cmdFunc\\(nil\\|inherit\\)"
	if name == "" {
		return nil, errors.New("no name")
	}
	cmd := exec.Command(name)
	if name == "env" {
		cmd.Env = os.Environ()
	}
	return cmd, nil
}

func newPolicyCmd(name string) *exec.Cmd { // want newPolicyCmd:"cmdFunc\\(policy\\)"
	cmd := exec.Command(name)
	cmd.Env = gen.ShellEnvOS()
	return cmd
}

func fromConstructor() {
	newCmd("ls").Run() // want `^exec.Cmd.Run: the environment is nil`
}

func fromConstructorWithError() error {
	cmd, err := newCmdErr("ls")
	if err != nil {
		return err
	}
	return cmd.Run() // want `^exec.Cmd.Run: the environment is os.Environ\(\) or derived from it, so`
}

func runIt[T any](cmd *exec.Cmd, _ T) error { return cmd.Run() } // want runIt:"holderParams\\(starts \\[0\\], hands on \\[\\]\\)"

func genericStarter() {
	cmd := exec.Command("ls")
	_ = runIt(cmd, "tag") // want `^runIt \(which starts it\): the environment is nil`
}

// Traps: none of these is reported.

func startedInGoroutineWithPolicy() error {
	cmd := exec.Command("ls")
	cmd.Env = gen.ShellEnvOS()
	errc := make(chan error, 1)
	go func() { errc <- cmd.Run() }()
	return <-errc
}

func closureMadeBeforeEnv() error {
	cmd := exec.Command("ls")
	run := func() error { return cmd.Run() }
	cmd.Env = gen.ShellEnvOS()
	return run()
}

func envReadByClosure() int {
	env := gen.ShellEnvOS()
	count := func() int { return len(env) }
	cmd := exec.Command("ls")
	cmd.Env = env
	cmd.Run()
	return count()
}

func storedBeforeStart(j *job) {
	cmd := exec.Command("ls")
	j.cmd = cmd // nothing runs between the store and the start
	cmd.Run()   // want `^exec.Cmd.Run: the environment is nil`
}

func storedInLoop(jobs []*job) {
	cmd := exec.Command("ls")
	for _, j := range jobs {
		cmd.Run() // a later turn runs it after it was stored
		j.cmd = cmd
	}
}

func constructorThenEnv() {
	cmd := newCmd("ls")
	cmd.Env = gen.ShellEnvOS()
	cmd.Run()
}

func policyConstructor() {
	newPolicyCmd("ls").Run()
}

func policyCapturedByGoroutine(names []string) {
	env := gen.ShellEnvOS()
	for _, n := range names {
		go func() {
			c := exec.Command(n)
			c.Env = env
			c.Run()
		}()
	}
}

var extraEnv = []string{"NO_COLOR=1"}

func constantPackageList() {
	cmd := exec.Command("ls")
	cmd.Env = append(gen.ShellEnvOS(), extraEnv...)
	cmd.Run()
}

var setLater []string

func setPackageVariable() { setLater = gen.ShellEnvOS() }

func packageVariableSetElsewhere() {
	cmd := exec.Command("ls")
	cmd.Env = setLater
	cmd.Run()
}

// ExportedEnv may be set by any package.
var ExportedEnv []string

func exportedPackageVariable() {
	cmd := exec.Command("ls")
	cmd.Env = ExportedEnv
	cmd.Run()
}

// setup sets Env unless it fails.
func setup(cmd *exec.Cmd, ok bool) error { // want setup:"holderParams\\(starts \\[\\], hands on \\[\\]\\)"
	if !ok {
		return errors.New("not ready")
	}
	cmd.Env = gen.ShellEnvOS()
	return nil
}

// setupGuarded sets Env unless check fails.
func setupGuarded(cmd *exec.Cmd) error { // want setupGuarded:"holderParams\\(starts \\[\\], hands on \\[\\]\\)"
	err := check()
	if err != nil {
		return fmt.Errorf("check: %w", err)
	}
	if err := check(); err != nil {
		return err
	}
	cmd.Env = gen.ShellEnvOS()
	return nil
}

func setupOrReturn(ok bool) error {
	cmd := exec.Command("ls")
	if err := setup(cmd, ok); err != nil {
		return err
	}
	return cmd.Run()
}

func setupOrContinue(names []string) {
	for _, n := range names {
		cmd := exec.Command(n)
		if err := setupGuarded(cmd); err != nil {
			continue
		}
		cmd.Run()
	}
}

func setupEqualNil(ok bool) {
	cmd := exec.Command("ls")
	if err := setup(cmd, ok); err == nil {
		cmd.Run()
	}
}

func fill(dst *[]string) { *dst = gen.ShellEnvOS() }

func envFromConfig(data []byte) error {
	cmd := exec.Command("ls")
	if err := json.Unmarshal(data, &cmd.Env); err != nil {
		return err
	}
	return cmd.Run()
}

func envFilledThroughAddress() {
	cmd := exec.Command("ls")
	fill(&cmd.Env)
	cmd.Run()
}

func exitsOnOtherBranch(ok bool) {
	cmd := exec.Command("ls")
	if ok {
		cmd.Env = gen.ShellEnvOS()
	} else {
		log.Fatalf("no environment")
	}
	cmd.Run()
}

func exitsFirst(ok bool) {
	cmd := exec.Command("ls")
	if !ok {
		os.Exit(2)
	}
	cmd.Env = gen.ShellEnvOS()
	cmd.Run()
}

// Helpers whose []string parameter reaches their result, a Cmd's Env or a
// child: judged at each call by what the caller passes.

func withLang(env []string) []string { // want withLang:"envFunc\\(param\\)"
	return append(env, "LANG=C")
}

func passedThroughEnviron() {
	cmd := exec.Command("ls")
	cmd.Env = withLang(os.Environ())
	cmd.Run() // want `os.Environ\(\) or derived`
}

func passedThroughPolicy() {
	cmd := exec.Command("ls")
	cmd.Env = withLang(gen.ShellEnvOS())
	cmd.Run()
}

func addToken(env []string, tok string) []string { // want addToken:"envFunc\\(param\\+\\)"
	return append(env, "TOKEN="+tok)
}

func tokenAddedToBuilder(tok string) {
	envexec.Command(addToken(gen.ShellEnvOS(), tok), "ls").Run() // want `^envexec.Command: the environment is a builder's result with a non-constant entry`
}

func withExtra(extra ...string) []string { // want withExtra:"envFunc\\(policy\\+param\\)"
	return append(gen.ShellEnvOS(), extra...)
}

func constantExtra() {
	envexec.Command(withExtra("NO_COLOR=1"), "ls").Run()
}

func variableExtra(tok string) {
	envexec.Command(withExtra("TOKEN="+tok), "ls").Run() // want `^envexec.Command: the environment is a builder's result with a non-constant entry`
}

func configure(cmd *exec.Cmd, env []string) { // want configure:"holderParams\\(starts \\[\\], hands on \\[\\]\\)"
	cmd.Dir = "/"
	cmd.Env = env
}

func configuredWithEnviron() {
	cmd := exec.Command("ls")
	configure(cmd, os.Environ())
	cmd.Run() // want `os.Environ\(\) or derived`
}

func configuredWithPolicy() {
	cmd := exec.Command("ls")
	configure(cmd, gen.ShellEnvOS())
	cmd.Run()
}

func spawnWith(env []string, name string) error { // want spawnWith:"startsFunc\\(param\\)"
	cmd := exec.Command(name)
	cmd.Env = env
	return cmd.Run()
}

func spawnedWithEnviron() {
	_ = spawnWith(os.Environ(), "ls") // want `^spawnWith \(which starts a child with it\): the environment is os.Environ\(\)`
}

func spawnedWithNil() {
	_ = spawnWith(nil, "ls") // want `^spawnWith \(which starts a child with it\): the environment is nil`
}

func spawnedWithPolicy() {
	_ = spawnWith(gen.ShellEnvOS(), "ls")
}

func newCmdWith(env []string) *exec.Cmd { // want newCmdWith:"cmdFunc\\(param\\)"
	cmd := exec.Command("ls")
	cmd.Env = env
	return cmd
}

func constructedWithEnviron() {
	newCmdWith(os.Environ()).Run() // want `os.Environ\(\) or derived`
}

func constructedWithPolicy() {
	newCmdWith(gen.ShellEnvOS()).Run()
}

func spawnedInAnotherPackage() {
	_ = envhelp.Spawn(os.Environ()) // want `^Spawn \(which starts a child with it\): the environment is os.Environ\(\)`
	_ = envhelp.Spawn(gen.ShellEnvOS())
}

func printedBeforeRun() {
	cmd := exec.Command("git", "fetch")
	log.Printf("running %v", cmd)
	cmd.Run() // want `^exec.Cmd.Run: the environment is nil`
}

func deferredRunEnvSetAfter() {
	cmd := exec.Command("ls")
	defer cmd.Run()
	cmd.Env = gen.ShellEnvOS()
}

func deferredRunEnvNil(ok bool) {
	cmd := exec.Command("ls")
	defer cmd.Run() // want `^exec.Cmd.Run: the environment is nil on some paths`
	if ok {
		cmd.Env = gen.ShellEnvOS()
	}
}

func copiedFromTemplate(args [][]string) {
	tmpl := exec.Cmd{Path: "/bin/ls", Env: gen.ShellEnvOS()}
	for _, a := range args {
		c := tmpl
		c.Args = a
		c.Run()
	}
}

func copiedFromNilTemplate() {
	tmpl := exec.Cmd{Path: "/bin/ls"}
	c := tmpl
	c.Run() // want `^exec.Cmd.Run: the environment is nil`
}

// From a second review of the above: what each new rule must not report,
// and the defers it must still see.

func policyEnvOrError(ws string) ([]string, error) { // want policyEnvOrError:"envFunc\\(policy\\)"
	if ws == "" {
		return nil, errors.New("no workspace")
	}
	return gen.ShellEnvOS(), nil
}

func envFromFailingHelper(ws string) error {
	env, err := policyEnvOrError(ws)
	if err != nil {
		return err
	}
	cmd := exec.Command("ls")
	cmd.Env = env
	return cmd.Run()
}

func newChecked(name string) (*exec.Cmd, error) { // want newChecked:"cmdFunc\\(policy\\)"
	c := exec.Command(name)
	if name == "" {
		return c, errors.New("no name") // the Cmd comes back for its Path in messages
	}
	c.Env = gen.ShellEnvOS()
	return c, nil
}

func constructorFailingWithCmd() error {
	cmd, err := newChecked("ls")
	if err != nil {
		return err
	}
	return cmd.Run()
}

func runOrDefault(env []string, name string) error { // want runOrDefault:"startsFunc\\(param\\)"
	if env == nil {
		env = gen.ShellEnvOS()
	}
	cmd := exec.Command(name)
	cmd.Env = env
	return cmd.Run()
}

func nilReplacedByHelper() {
	_ = runOrDefault(nil, "ls")
	_ = runOrDefault(os.Environ(), "ls") // want `^runOrDefault \(which starts a child with it\): the environment is os.Environ\(\)`
}

func runAllWith(env []string, name string) {
	run := func(args []string) error {
		c := exec.Command(name, args...)
		c.Env = env // runAllWith's env, not the closure's args
		return c.Run()
	}
	_ = run(nil)
}

func closureParamIsNotItsFunctions() {
	runAllWith(gen.ShellEnvOS(), "ls")
}

func deferInLoop() {
	for i := 0; ; i++ {
		c := exec.Command("x")
		defer c.Run() // want `^exec.Cmd.Run: the environment is nil`
		if i == 3 {
			c.Env = gen.ShellEnvOS()
			break
		}
	}
}

func deferBeforePanic(ok bool) {
	cmd := exec.Command("x")
	defer cmd.Run() // want `^exec.Cmd.Run: the environment is nil on some paths`
	if !ok {
		panic("no")
	}
	cmd.Env = gen.ShellEnvOS()
}

func deferInLoopBodyOverFunc(names []string) {
	for n := range slices.Values(names) {
		c := exec.Command(n)
		defer c.Run() // want `^exec.Cmd.Run: the environment is nil`
	}
}

func concatOfNils() {
	var none []string
	cmd := exec.Command("ls")
	cmd.Env = slices.Concat(none, []string{})
	cmd.Run() // want `^exec.Cmd.Run: the environment is nil`
	cmd2 := exec.Command("ls")
	cmd2.Env = slices.Concat[[]string]()
	cmd2.Run() // want `^exec.Cmd.Run: the environment is nil`
}

func runOrDefaultIfEmpty(env []string, name string) error { // want runOrDefaultIfEmpty:"startsFunc\\(param\\)"
	if len(env) == 0 {
		env = gen.ShellEnvOS()
	}
	cmd := exec.Command(name)
	cmd.Env = env
	return cmd.Run()
}

func emptyReplacedByHelper() {
	_ = runOrDefaultIfEmpty(nil, "ls")
}

func closureCalledBeforeItsVariableChanges(x bool) {
	env := gen.ShellEnvOS()
	get := func() []string { return env }
	fmt.Println(len(get())) // get is summarised here, before env's os.Environ() is seen
	if x {
		env = os.Environ()
	}
	d := exec.Command("b")
	d.Env = get()
	d.Run() // want `os.Environ\(\) or derived`
}

func load(name string, dst ...any) error { return nil }

type options struct{ env *[]string }

func fillOptions(o options) { *o.env = gen.ShellEnvOS() }

func envFilledThroughVariadicAny() error {
	cmd := exec.Command("ls")
	if err := load("cfg", &cmd.Env); err != nil {
		return err
	}
	return cmd.Run()
}

func envFilledThroughStruct() {
	cmd := exec.Command("ls")
	fillOptions(options{env: &cmd.Env})
	cmd.Run()
}

var templates []*exec.Cmd

func copiedFromEscapedTemplate() {
	tmpl := &exec.Cmd{Path: "/bin/ls"}
	templates = append(templates, tmpl) // want `^exec.Cmd in a slice or array: the environment is nil`
	c := *tmpl
	c.Run() // its Env may be set elsewhere: reported where it left

}

func storedJustBeforeStart(j *job) error {
	cmd := exec.Command("server")
	cmd.Env = append(os.Environ(), "PORT=8080")
	j.cmd = cmd
	return cmd.Start() // want `os.Environ\(\) or derived`
}

func storedThenConfiguredElsewhere(j *job, setup func(*job)) error {
	cmd := exec.Command("server")
	j.cmd = cmd
	setup(j) // may set j.cmd.Env
	return cmd.Start()
}

// A standard-library call between the store and the start cannot reach
// the Cmd (an MCP client's stdio transport keeps a reader of its output
// beside it): the start is judged.
type stdioJob struct {
	cmd *exec.Cmd
	out *bufio.Reader
}

func storedThenStdlibCall(j *stdioJob) error {
	cmd := exec.Command("server")
	cmd.Env = append(os.Environ(), "PORT=8080")
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	j.cmd = cmd
	j.out = bufio.NewReader(out)
	return cmd.Start() // want `os.Environ\(\) or derived`
}

// Quiet twins: a standard-library call given a func value may run it,
// which may set the Env; so may a call of the program's own.
func storedThenStdlibCallsBack(j *stdioJob, once *sync.Once) error {
	cmd := exec.Command("server")
	cmd.Env = append(os.Environ(), "PORT=8080")
	j.cmd = cmd
	once.Do(func() { j.cmd.Env = gen.ShellEnvOS() })
	return cmd.Start()
}

func storedThenOwnCall(j *stdioJob) error {
	cmd := exec.Command("server")
	cmd.Env = append(os.Environ(), "PORT=8080")
	j.cmd = cmd
	configureJob(j)
	return cmd.Start()
}

func configureJob(j *stdioJob) { j.cmd.Env = gen.ShellEnvOS() }

// A function analysed again (its closure's summary changed once the
// function's was done) keeps its []string parameter: its callers are
// still judged by what they pass.
func spawnWithAfterClosure(env []string, x bool) error { // want spawnWithAfterClosure:"startsFunc\\(param\\)"
	e := gen.ShellEnvOS()
	get := func() []string { return e }
	fmt.Println(len(get()))
	if x {
		e = os.Environ()
	}
	cmd := exec.Command("ls")
	cmd.Env = env
	return cmd.Run()
}

func spawnedAfterClosure() {
	_ = spawnWithAfterClosure(os.Environ(), true) // want `^spawnWithAfterClosure \(which starts a child with it\): the environment is os.Environ\(\)`
}

// A helper that starts a syscall.ProcAttr it is given: there nil is an
// empty environment, at the call as at the site inside.
func forkWith(a *syscall.ProcAttr) error { // want forkWith:"holderParams\\(starts \\[0\\], hands on \\[\\]\\)"
	_, err := syscall.ForkExec("/bin/ls", nil, a)
	return err
}

func forkedEmpty() {
	_ = forkWith(&syscall.ProcAttr{})
}

func forkedEnviron() {
	_ = forkWith(&syscall.ProcAttr{Env: os.Environ()}) // want `^forkWith \(which starts it\): the environment is os.Environ\(\)`
}

// A deferred closure in a loop is judged where it is deferred and where
// the deferred calls run, as a deferred spawn is.
func deferredClosureInLoop(names []string) {
	for _, n := range names {
		c := exec.Command(n)
		c.Env = gen.ShellEnvOS()
		defer func() { _ = c.Run() }() // want `^exec.Cmd.Run in a closure: the environment is os.Environ\(\) or derived from it on some paths`
		c.Env = os.Environ()
	}
}

// A generic helper that returns the parent's environment.
func parentOf[T any](_ T) []string { // want parentOf:"envFunc\\(inherit\\)"
	return os.Environ()
}

func fromGenericHelper() {
	cmd := exec.Command("ls")
	cmd.Env = parentOf(1)
	cmd.Run() // want `^exec.Cmd.Run: the environment is os.Environ\(\) or derived`
}

// A helper that execs with the environment it is given: there nil is
// an empty environment.
func execWith(env []string) error { // want execWith:"startsFunc\\(param\\)"
	return syscall.Exec("/bin/ls", nil, env)
}

func execedWith() {
	_ = execWith(nil)
	_ = execWith(os.Environ()) // want `^execWith \(which execs with it\): the environment is os.Environ\(\) or derived`
}

// A Cmd the function neither made nor was given (read from a field or a
// map): where its Env is set is where it is decided, whoever starts it.
type mcpServer struct{ cmd *exec.Cmd }

func (s *mcpServer) start(extra []string) error {
	s.cmd.Env = append(os.Environ(), extra...) // want `^exec.Cmd.Env \(of one started elsewhere\): the environment is os.Environ\(\) or derived`
	return s.cmd.Start()
}

func restart(procs map[string]*exec.Cmd, name string) {
	procs[name].Env = os.Environ() // want `^exec.Cmd.Env \(of one started elsewhere\): the environment is os.Environ\(\) or derived`
}

// Quiet twins: a builder's result, with constants after it.
func (s *mcpServer) startClean() error {
	s.cmd.Env = append(gen.ShellEnvOS(), "PORT=8080")
	return s.cmd.Start()
}

func restartClean(procs map[string]*exec.Cmd, name string) {
	procs[name].Env = gen.ShellEnvOS()
}

// Set back to nil: the child gets the parent's environment again.
type procHolder struct {
	cmd  *exec.Cmd
	attr *os.ProcAttr
}

func (t *procHolder) reset() {
	t.cmd.Env = nil  // want `^exec.Cmd.Env \(of one started elsewhere\): the environment is nil`
	t.attr.Env = nil // want `^os.ProcAttr.Env \(of one started elsewhere\): the environment is nil`
}

// Quiet calls between a store and a start include time.Now and slices.
type timedJob struct {
	cmd     *exec.Cmd
	started time.Time
	args    []string
}

func storedThenTimed(j *timedJob) error {
	cmd := exec.Command("server")
	j.cmd = cmd
	j.started = time.Now()
	j.args = slices.Clone(cmd.Args)
	return cmd.Start() // want `^exec.Cmd.Start: the environment is nil`
}

// A nil overwritten at once is no finding; a nil left is.
func (t *procHolder) resetThenSet() {
	t.cmd.Env = nil
	t.cmd.Env = append(t.cmd.Env, "PATH=/bin")
}

func (t *procHolder) resetOtherThenSet(other *exec.Cmd) { // want resetOtherThenSet:"holderParams\\(starts \\[\\], hands on \\[\\]\\)"
	t.cmd.Env = nil // want `^exec.Cmd.Env \(of one started elsewhere\): the environment is nil`
	t.cmd = other
	t.cmd.Env = gen.ShellEnvOS()
}
