package envgenvet

// This file is the one table of what the analysis knows by name: every
// import path, type and function it recognises, and what each does.
// When an API moves or is renamed, this is the file to change (and
// TestTableNamesExist says which entry no longer names anything).

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Import paths of the packages the analysis knows beside the standard
// library's.
const (
	// envimplPath is the runtime's package that only generated builders
	// call (package envimpl).
	envimplPath = "github.com/envgen/envgen/runtime/envimpl"
	// envrtPath is the runtime's program API (package envrt).
	envrtPath = "github.com/envgen/envgen/runtime/envrt"
	// envexecPath holds the spawning helpers (package envexec).
	envexecPath = "github.com/envgen/envgen/runtime/envexec"
	// interpPath and expandPath are mvdan.cc/sh's shell interpreter and
	// its environments: a Runner starts its commands' children itself.
	interpPath = "mvdan.cc/sh/v3/interp"
	expandPath = "mvdan.cc/sh/v3/expand"
	unixPath   = "golang.org/x/sys/unix"
)

// spawnHelperPaths are the packages that hold envgen's spawning
// helpers (LookPath, Command, CommandContext, Start, Run, PathCache),
// with the name messages give each.
var spawnHelperPaths = []struct{ path, show string }{
	{envexecPath, "envexec"},
}

// setsPaths are the packages whose Sets(entries) makes a program's
// NAME=value entries overrides, passed as given: the runtime's program
// API.
var setsPaths = []string{envrtPath}

// A role is what a known function does, as far as the analysis cares.
type role int

const (
	roleNone        role = iota
	roleStart            // starts the Cmd or ProcAttr at arg (a site)
	roleSpawnEnv         // starts a child (or picks its program, or a shell's environment) with the environment at arg (a site)
	roleCommand          // a site, and a new Cmd whose Env is the environment at arg: envexec.Command
	roleNewCmd           // a new Cmd whose Env is nil: exec.Command
	roleShellNew         // interp.New: a shell with the parent's environment unless one of its options (arg, variadic) is interp.Env
	roleEnviron          // returns the parent's environment: os.Environ
	roleCmdEnviron       // returns the environment a Cmd (arg) would give its child: exec.Cmd.Environ
	roleClone            // returns a copy of the slice at arg: slices.Clone
	roleConcat           // returns its slices (arg, variadic) one after the other: slices.Concat
	roleInsert           // returns (and writes into) the slice at arg with the entries of its last argument added: slices.Insert, Replace
	roleListEnviron      // an environment (expand.Environ) with the entries at arg: expand.ListEnviron
	roleJoin             // a string holding the entries at arg: strings.Join
	roleSplit            // an environment of the entries the string at arg holds: strings.Split
	roleExits            // never returns: os.Exit, log.Fatal
	roleFails            // returns an error that is never nil: errors.New
)

// A known function is a role and the argument (in SSA's order, the
// receiver first) that role reads; for a site, the kinds of environment
// that are findings there and the name messages give it.
type known struct {
	does role
	arg  int
	bad  envKind
	show string
}

// funcKey names a function or method: its package's import path, its
// receiver's type name ("" for a function) and its name.
type funcKey struct{ pkg, recv, name string }

// Which kinds of environment are findings where nil means the parent's
// environment (exec.Cmd, os.StartProcess, interp.Env), where it means
// an empty one (syscall, envexec.Start, LookPath), and where a builder is
// given its environ (entries appended to the parent's lose to its own).
const (
	badWhereNilInherits = kNil | kInherit | kInheritPlus | kExtended
	badWhereNilIsEmpty  = kInherit | kInheritPlus | kExtended
	badFirstWins        = kInheritPlus
	badForwarded        = kInherit | kInheritPlus // envrt.Sets: each entry passes as given, secrets too
)

// knownFuncs is the table, with the spawning helpers added for each of
// spawnHelperPaths by init.
var knownFuncs = map[funcKey]known{
	// Children started from a holder.
	{"os/exec", "Cmd", "Run"}:            {roleStart, 0, badWhereNilInherits, "exec.Cmd.Run"},
	{"os/exec", "Cmd", "Start"}:          {roleStart, 0, badWhereNilInherits, "exec.Cmd.Start"},
	{"os/exec", "Cmd", "Output"}:         {roleStart, 0, badWhereNilInherits, "exec.Cmd.Output"},
	{"os/exec", "Cmd", "CombinedOutput"}: {roleStart, 0, badWhereNilInherits, "exec.Cmd.CombinedOutput"},
	{"os", "", "StartProcess"}:           {roleStart, 2, badWhereNilInherits, "os.StartProcess"},
	{"syscall", "", "ForkExec"}:          {roleStart, 2, badWhereNilIsEmpty, "syscall.ForkExec"},
	{"syscall", "", "StartProcess"}:      {roleStart, 2, badWhereNilIsEmpty, "syscall.StartProcess"},

	// Children started from an environment.
	{"syscall", "", "Exec"}: {roleSpawnEnv, 2, badWhereNilIsEmpty, "syscall.Exec"},
	{unixPath, "", "Exec"}:  {roleSpawnEnv, 2, badWhereNilIsEmpty, "unix.Exec"},

	// New Cmds.
	{"os/exec", "", "Command"}:        {roleNewCmd, -1, 0, ""},
	{"os/exec", "", "CommandContext"}: {roleNewCmd, -1, 0, ""},

	// Environments.
	{"os", "", "Environ"}:         {roleEnviron, -1, 0, ""},
	{"syscall", "", "Environ"}:    {roleEnviron, -1, 0, ""},
	{"os/exec", "Cmd", "Environ"}: {roleCmdEnviron, 0, 0, ""},
	{"slices", "", "Clone"}:       {roleClone, 0, 0, ""},
	{"slices", "", "Clip"}:        {roleClone, 0, 0, ""},
	{"slices", "", "Grow"}:        {roleClone, 0, 0, ""},
	{"slices", "", "Delete"}:      {roleClone, 0, 0, ""}, // what is left of the entries: a filtered copy is still derived
	{"slices", "", "DeleteFunc"}:  {roleClone, 0, 0, ""},
	{"slices", "", "Compact"}:     {roleClone, 0, 0, ""},
	{"slices", "", "CompactFunc"}: {roleClone, 0, 0, ""},
	{"slices", "", "Concat"}:      {roleConcat, 0, 0, ""},
	{"slices", "", "Insert"}:      {roleInsert, 0, 0, ""},
	{"slices", "", "Replace"}:     {roleInsert, 0, 0, ""},
	{"slices", "", "AppendSeq"}:   {roleInsert, 0, 0, ""},
	{"slices", "", "Values"}:      {roleClone, 0, 0, ""}, // an iterator over the entries
	{"slices", "", "Collect"}:     {roleClone, 0, 0, ""},
	{"slices", "", "Sorted"}:      {roleClone, 0, 0, ""},
	{"strings", "", "Join"}:       {roleJoin, 0, 0, ""},
	{"strings", "", "Split"}:      {roleSplit, 0, 0, ""},
	{"strings", "", "SplitN"}:     {roleSplit, 0, 0, ""},
	{"strings", "", "SplitAfter"}: {roleSplit, 0, 0, ""},
	{"strings", "", "Fields"}:     {roleSplit, 0, 0, ""},

	// The shell interpreter: interp.Env is where its environment is
	// given; interp.New without it takes the parent's.
	{interpPath, "", "Env"}:         {roleSpawnEnv, 0, badWhereNilInherits, "interp.Env"},
	{interpPath, "", "New"}:         {roleShellNew, 0, badWhereNilInherits, "interp.New"},
	{expandPath, "", "ListEnviron"}: {roleListEnviron, 0, 0, ""},

	// Calls that never return, as panic does.
	{"os", "", "Exit"}:               {roleExits, -1, 0, ""},
	{"runtime", "", "Goexit"}:        {roleExits, -1, 0, ""},
	{"log", "", "Fatal"}:             {roleExits, -1, 0, ""},
	{"log", "", "Fatalf"}:            {roleExits, -1, 0, ""},
	{"log", "", "Fatalln"}:           {roleExits, -1, 0, ""},
	{"log", "", "Panic"}:             {roleExits, -1, 0, ""},
	{"log", "", "Panicf"}:            {roleExits, -1, 0, ""},
	{"log", "", "Panicln"}:           {roleExits, -1, 0, ""},
	{"log", "Logger", "Fatal"}:       {roleExits, -1, 0, ""},
	{"log", "Logger", "Fatalf"}:      {roleExits, -1, 0, ""},
	{"log", "Logger", "Fatalln"}:     {roleExits, -1, 0, ""},
	{"log", "Logger", "Panic"}:       {roleExits, -1, 0, ""},
	{"log", "Logger", "Panicf"}:      {roleExits, -1, 0, ""},
	{"log", "Logger", "Panicln"}:     {roleExits, -1, 0, ""},
	{"testing", "common", "FailNow"}: {roleExits, -1, 0, ""},
	{"testing", "common", "Fatal"}:   {roleExits, -1, 0, ""},
	{"testing", "common", "Fatalf"}:  {roleExits, -1, 0, ""},
	{"testing", "common", "Skip"}:    {roleExits, -1, 0, ""},
	{"testing", "common", "Skipf"}:   {roleExits, -1, 0, ""},
	{"testing", "common", "SkipNow"}: {roleExits, -1, 0, ""},
	{"errors", "", "New"}:            {roleFails, -1, 0, ""},
	{"fmt", "", "Errorf"}:            {roleFails, -1, 0, ""},
}

// builderAPI is what only generated builders call, with the roles of
// its arguments: Build(in Input, t *Task, …), given a task, returns a
// builder's result appended to in's dst (core); Given(dst, environ) and
// Fresh(environ) make an Input. Any other Input (envimpl.OS()) has an
// empty dst.
var builderAPI = map[funcKey]roles{
	{envimplPath, "", "Build"}: {Dst: -1, Environ: -1, Input: 0, core: true},
	{envimplPath, "", "Given"}: {Dst: 0, Environ: 1, Input: -1},
	{envimplPath, "", "Fresh"}: {Dst: -1, Environ: 0, Input: -1},
}

// spawnHelpers are envgen's spawning helpers, by name (a method with its
// receiver's type name), added to knownFuncs for each spawnHelperPaths.
var spawnHelpers = map[funcKey]known{
	{"", "", "Command"}:           {roleCommand, 0, badWhereNilIsEmpty, "Command"}, // its nil is an empty environment
	{"", "", "CommandContext"}:    {roleCommand, 1, badWhereNilIsEmpty, "CommandContext"},
	{"", "", "Start"}:             {roleSpawnEnv, 3, badWhereNilIsEmpty, "Start"},
	{"", "", "Run"}:               {roleSpawnEnv, 3, badWhereNilIsEmpty, "Run"},
	{"", "", "LookPath"}:          {roleSpawnEnv, 0, badWhereNilIsEmpty, "LookPath"},
	{"", "PathCache", "LookPath"}: {roleSpawnEnv, 1, badWhereNilIsEmpty, "PathCache.LookPath"},
}

func init() {
	for _, p := range setsPaths {
		knownFuncs[funcKey{p, "", "Sets"}] = known{roleSpawnEnv, 0, badForwarded, "envrt.Sets"}
	}
	for _, p := range spawnHelperPaths {
		for k, v := range spawnHelpers {
			v.show = p.show + "." + v.show
			knownFuncs[funcKey{p.path, k.recv, k.name}] = v
		}
	}
}

// startMethods are the methods of exec.Cmd that start it, by name: a Cmd
// behind an interface is started through them.
var startMethods = map[string]bool{"Run": true, "Start": true, "Output": true, "CombinedOutput": true}

// printingPackages are the packages whose functions only print what
// they are given (fmt.Errorf("%v", cmd) cannot set cmd's Env).
var printingPackages = map[string]bool{"fmt": true, "log": true, "log/slog": true}

// Types the analysis knows, by package path and name.
var (
	// holderTypes are the values whose Env the analysis follows, with
	// the kinds of environment that are findings when one is started
	// or leaves a function.
	holderTypes = map[typeKey]envKind{
		cmdType:                 badWhereNilInherits,
		{"os", "ProcAttr"}:      badWhereNilInherits,
		{"syscall", "ProcAttr"}: badWhereNilIsEmpty,
	}
	// cmdType is exec.Cmd, whose methods neither set its Env nor let it
	// go (but Run and the like start it).
	cmdType = typeKey{"os/exec", "Cmd"}
	// environType is the shell's environment, an environment value as
	// a []string is.
	environType = typeKey{expandPath, "Environ"}
	// runnerType is the shell's Runner: a store to its Env field is a
	// site, as interp.Env is.
	runnerType = typeKey{interpPath, "Runner"}
	// taskType is what a generated builder gives Build: a call into the
	// runtime with a *Task is what makes a function a builder.
	taskType = typeKey{envimplPath, "Task"}
)

// envField is the field that holds the environment, in holder types and
// in the shell's Runner.
const envField = "Env"

// typeKey names a declared type: its package's import path and its name.
type typeKey struct{ pkg, name string }

// lookup returns what the table knows of fn.
func lookup(fn *ssa.Function) (known, bool) {
	k, ok := knownFuncs[keyOf(fn)]
	return k, ok
}

// keyOf returns fn's key; the zero key for nil (a call of a func value)
// and for a function without an object (a closure, a wrapper).
func keyOf(fn *ssa.Function) funcKey {
	if fn == nil {
		return funcKey{}
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil {
		return funcKey{}
	}
	var recv string
	if r := obj.Signature().Recv(); r != nil {
		t := r.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			recv = n.Obj().Name()
		}
	}
	return funcKey{obj.Pkg().Path(), recv, obj.Name()}
}

// typeKeyOf returns the key of t if it is a declared type, and whether
// it is.
func typeKeyOf(t types.Type) (typeKey, bool) {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return typeKey{}, false
	}
	return typeKey{n.Obj().Pkg().Path(), n.Obj().Name()}, true
}

// modelledPaths are the packages whose functions the table models: what
// they do inside is not followed as a dependency's.
var modelledPaths = map[string]bool{
	envimplPath: true, envrtPath: true, envexecPath: true, interpPath: true, expandPath: true,
}

// spawnWords are, for the packages whose importers the analysis reads
// that have functions it does not care about, the words an importer's
// source must hold to need the analysis at all (a driver's quick test,
// before types: os.Getenv alone needs none); an importer of any other
// of relevantImports needs it.
var spawnWords = map[string][]string{
	"os":      {"Environ", "StartProcess", "ProcAttr"},
	"syscall": {"Environ", "Exec", "StartProcess", "ProcAttr"},
	unixPath:  {"Environ", "Exec"},
}

// relevantImports are the packages whose importers the analysis reads:
// those that start children or make environments (beside the packages
// that export facts).
var relevantImports = map[string]bool{
	"os": true, "os/exec": true, "syscall": true, unixPath: true,
	envimplPath: true, envexecPath: true, interpPath: true, expandPath: true,
}
