package cmd

// envgen vet analyses one package per process, as go vet -vettool does:
// the go command lists the packages and builds their export data, and
// envgen runs itself once per package that may need the analysis (the
// packages named, and each dependency outside the standard library that
// imports one that spawns or one with facts), in dependency order, a few
// at a time, each reading its dependencies' facts from files and writing
// its own. No process holds more than one package's syntax, types and
// SSA, so the peak memory is one package's, not the program's.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/build"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/envgen/envgen/passes/envgenvet"
)

// unitEnv is the variable that makes envgen (or a test binary of this
// package) analyse the one package a unit file describes, as a go vet
// tool does, instead of running as asked.
const unitEnv = "ENVGEN_VET_UNIT"

// vetUnit analyses the package the unit file in args describes, with the
// analyzer's flags before it, and exits: unitchecker's protocol. envgen
// runs itself as "envgen vet ARGS" with unitEnv set.
func vetUnit(args []string) {
	os.Args = append([]string{os.Args[0]}, args...)
	unitchecker.Main(envgenvet.Analyzer)
}

// listedPackage is what go list tells of a package.
type listedPackage struct {
	ImportPath      string
	Name            string
	Dir             string
	Export          string
	GoFiles         []string
	CompiledGoFiles []string
	Imports         []string
	ImportMap       map[string]string
	Deps            []string
	Standard        bool
	DepOnly         bool
	ForTest         string
	Module          *struct{ Path, Version, GoVersion string }
	Error           *listError
	DepsErrors      []*listError
}

// listError is a package's load error as go list gives it.
type listError struct {
	Pos string
	Err string
}

// unitConfig is what a unit file says, as unitchecker reads it.
type unitConfig struct {
	ID            string
	Compiler      string
	Dir           string
	ImportPath    string
	GoVersion     string
	GoFiles       []string
	ModulePath    string
	ModuleVersion string
	ImportMap     map[string]string
	PackageFile   map[string]string
	Standard      map[string]bool
	PackageVetx   map[string]string
	VetxOnly      bool
	VetxOutput    string
}

// listPackages runs go list on patterns (with their tests) and returns
// the packages named and their dependencies, dependencies first, with
// their export data built.
func listPackages(patterns []string, tests bool, environ []string) ([]*listedPackage, error) {
	args := []string{"list", "-e", "-deps", "-export", "-compiled", "-json=ImportPath,Name,Dir,Export,GoFiles,CompiledGoFiles,Imports,ImportMap,Deps,Standard,DepOnly,ForTest,Module,Error,DepsErrors"}
	if tests {
		args = append(args, "-test")
	}
	cmd := exec.Command("go", append(append(args, "--"), patterns...)...)
	cmd.Env = environ
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil { //envgen:inherit the go command lists and builds the packages with this environment, as go build would
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, errors.New(msg)
	}
	var pkgs []*listedPackage
	dec := json.NewDecoder(&stdout)
	for {
		p := new(listedPackage)
		if err := dec.Decode(p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("reading go list's output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) == 0 && strings.Contains(stderr.String(), "matched no packages") {
		return nil, nil
	}
	return pkgs, nil
}

// needsUnit reports whether the dependency p may have facts: one of its
// imports has (by hasFacts, once it is done), or it may start a child
// itself (by its imports, and its files read as text).
func needsUnit(p *listedPackage, hasFacts func(imp string) bool) bool {
	var imports []string
	for _, imp := range p.Imports {
		imports = append(imports, pathOf(imp))
	}
	var files [][]byte
	for _, f := range p.GoFiles {
		if data, err := os.ReadFile(filepath.Join(p.Dir, f)); err == nil {
			files = append(files, data)
		}
	}
	return envgenvet.NeedsAnalysis(imports, files) || slices.ContainsFunc(p.Imports, hasFacts)
}

// pathOf is the package path of a package go list names by ID: a test
// variant's "p [p.test]" is p.
func pathOf(id string) string {
	path, _, _ := strings.Cut(id, " ")
	return path
}

// unitResult is what a unit's analysis reported: its diagnostics by
// package and analyzer, as unitchecker's -json prints them.
type unitResult map[string]map[string]json.RawMessage

// unitDiagnostic is one diagnostic of a unit.
type unitDiagnostic struct {
	Posn     string `json:"posn"`
	Message  string `json:"message"`
	Category string `json:"category"`
}

// runUnits analyses pkgs (from listPackages) one package per process and
// returns the diagnostics of the packages named, with their positions,
// and the packages it could not analyse (named or dependencies, whose
// facts are then missing) with why.
func runUnits(pkgs []*listedPackage, roots []*listedPackage, tests bool, environ []string) ([]unitDiagnostic, map[string]string, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, nil, err
	}
	tmp, err := os.MkdirTemp("", "envgen-vet-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(tmp)

	byPath := map[string]*listedPackage{}
	index := map[string]int{}
	for i, p := range pkgs {
		byPath[p.ImportPath] = p
		index[p.ImportPath] = i
	}
	isRoot := map[string]bool{}
	for _, p := range roots {
		isRoot[p.ImportPath] = true
	}
	cmdDir := filepath.Join(build.Default.GOROOT, "src", "cmd") + string(filepath.Separator)

	// The packages that may need a process: those named, and the
	// dependencies outside the standard library; a dependency runs only
	// if, once its own are done, it may have facts.
	type unit struct {
		p     *listedPackage
		cfg   string
		vetx  string
		deps  []int // the units it waits for
		done  chan struct{}
		facts bool // its facts file is not empty
		err   string
		out   []byte
	}
	units := make([]*unit, len(pkgs))
	for i, p := range pkgs {
		if p.Standard && !strings.HasPrefix(p.Dir+string(filepath.Separator), cmdDir) || p.Export == "" && !isRoot[p.ImportPath] {
			continue // the standard library is not analysed (but cmd)
		}
		if len(p.GoFiles) == 0 && len(p.CompiledGoFiles) == 0 {
			continue // test files alone, checked with -tests
		}
		if len(p.GoFiles) == 0 && len(p.CompiledGoFiles) == 0 {
			continue // test files alone, checked with -tests
		}
		u := &unit{p: p, done: make(chan struct{})}
		for _, imp := range p.Imports {
			if j, ok := index[imp]; ok && units[j] != nil {
				u.deps = append(u.deps, j)
			}
		}
		units[i] = u
	}

	// Run them, a few at a time, each once its dependencies are done.
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, u := range units {
		if u == nil {
			continue
		}
		u.vetx = filepath.Join(tmp, strconv.Itoa(i)+".vetx")
		u.cfg = filepath.Join(tmp, strconv.Itoa(i)+".cfg")
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(u.done)
			for _, j := range u.deps {
				<-units[j].done
			}
			if !isRoot[u.p.ImportPath] && !needsUnit(u.p, func(imp string) bool {
				d, ok := index[imp]
				return ok && units[d] != nil && units[d].facts
			}) {
				return // it cannot have facts
			}
			cfg := unitConfig{
				ID: u.p.ImportPath, Compiler: "gc", Dir: u.p.Dir, ImportPath: u.p.ImportPath,
				ImportMap: map[string]string{}, PackageFile: map[string]string{}, Standard: map[string]bool{}, PackageVetx: map[string]string{},
				VetxOnly: !isRoot[u.p.ImportPath], VetxOutput: u.vetx,
			}
			cfg.ImportPath = pathOf(cfg.ImportPath)
			files := u.p.CompiledGoFiles // after cgo, where it runs
			if len(files) == 0 {
				files = u.p.GoFiles
			}
			for _, f := range files {
				if !filepath.IsAbs(f) {
					f = filepath.Join(u.p.Dir, f)
				}
				cfg.GoFiles = append(cfg.GoFiles, f)
			}
			if m := u.p.Module; m != nil {
				cfg.ModulePath, cfg.ModuleVersion = m.Path, m.Version
				if m.GoVersion != "" {
					cfg.GoVersion = "go" + m.GoVersion
				}
			}
			for _, imp := range u.p.Imports {
				cfg.ImportMap[pathOf(imp)] = pathOf(imp)
			}
			for from, to := range u.p.ImportMap {
				cfg.ImportMap[from] = pathOf(to)
			}
			for _, dep := range u.p.Deps {
				d := byPath[dep]
				if d == nil {
					continue
				}
				cfg.PackageFile[pathOf(dep)] = d.Export
				if d.Standard {
					cfg.Standard[pathOf(dep)] = true
				}
				if du := units[index[dep]]; du != nil && du.facts {
					cfg.PackageVetx[pathOf(dep)] = du.vetx
				}
			}
			data, err := json.Marshal(cfg)
			if err == nil {
				err = os.WriteFile(u.cfg, data, 0o644)
			}
			if err != nil {
				u.err = err.Error()
				return
			}
			sem <- struct{}{}
			defer func() { <-sem }()
			args := []string{"vet", "-json", "-envgenvet.tests=" + strconv.FormatBool(tests), "-envgenvet.unfollowed", "-envgenvet.observe", u.cfg}
			cmd := exec.CommandContext(context.Background(), self, args...)
			cmd.Env = append(environ, unitEnv+"=1")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil { //envgen:inherit envgen analysing one package, in the environment the go command was given
				u.err = strings.TrimSpace(stderr.String())
				if u.err == "" {
					u.err = err.Error()
				}
				return
			}
			u.out = stdout.Bytes()
			if st, err := os.Stat(u.vetx); err == nil && st.Size() > 0 {
				u.facts = true
			}
		}()
	}
	wg.Wait()

	var diags []unitDiagnostic
	failed := map[string]string{}
	for _, u := range units {
		if u == nil {
			continue
		}
		if u.err != "" { // a dependency's too: what it would tell the packages named is missing
			failed[u.p.ImportPath] = u.err
			continue
		}
		if !isRoot[u.p.ImportPath] {
			continue
		}
		var res unitResult
		if len(bytes.TrimSpace(u.out)) > 0 {
			if err := json.Unmarshal(u.out, &res); err != nil {
				failed[u.p.ImportPath] = "reading its analysis: " + err.Error()
				continue
			}
		}
		for _, byAnalyzer := range res {
			for _, raw := range byAnalyzer {
				var ds []unitDiagnostic
				if err := json.Unmarshal(raw, &ds); err != nil {
					var e struct{ Error string }
					if json.Unmarshal(raw, &e) == nil && e.Error != "" {
						failed[u.p.ImportPath] = e.Error
					}
					continue
				}
				diags = append(diags, ds...)
			}
		}
	}
	return diags, failed, nil
}
