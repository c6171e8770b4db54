package cmd

import (
	"bytes"
	"encoding/json"
	"errors"
	"go/token"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/envgen/envgen/passes/envgenvet"
)

// TestSARIFReport builds a SARIF log from findings made by hand: the
// rules are the analyzer's categories, then one for a finding without a
// category; a result's rule index points at its rule; a column counts
// UTF-16 code units of its line (é one, 😀 two) where the file can be
// read and stays Go's byte column where it cannot; a relative file is a
// URI against %SRCROOT%, escaped, an absolute one a file URI; the flows
// not followed are a notification. With ENVGEN_SARIF_DIR set, it writes
// the log there, for CI to check against the SARIF schema.
func TestSARIFReport(t *testing.T) {
	files := map[string]string{
		"dir with space/a.go": "package a\n\nfunc f() {\n\t_, _ = \"é😀\", g()\n}\n",
	}
	read := func(name string) ([]byte, error) {
		if src, ok := files[name]; ok {
			return []byte(src), nil
		}
		return nil, errors.New("no such file")
	}
	abs := filepath.Join(string(filepath.Separator)+"elsewhere", "b.go")
	findings := []finding{
		{token.Position{Filename: "dir with space/a.go", Line: 4, Column: 19}, "g: the environment is nil", envgenvet.CategoryNilEnv},
		{token.Position{Filename: "dir with space/a.go", Line: 9, Column: 3}, "past the end", envgenvet.CategoryParentEnv},
		{token.Position{Filename: abs, Line: 2, Column: 5}, "unread file", envgenvet.CategoryDirectiveUnused},
		{token.Position{Filename: "c.go", Line: 1, Column: 1}, "no category", ""},
	}
	unfollowed := []finding{
		{token.Position{Filename: "dir with space/a.go", Line: 4, Column: 9}, "the environment, derived from os.Environ(), is put in a map", envgenvet.UnfollowedCategory},
		{token.Position{Filename: "c.go", Line: 2, Column: 1}, "the environment, derived from os.Environ(), is passed to a func value", envgenvet.UnfollowedCategory},
		{token.Position{Filename: "c.go", Line: 3, Column: 1}, "the environment, derived from os.Environ(), is passed to a func value", envgenvet.UnfollowedCategory},
	}
	log := sarifReport(findings, vetCounts{NotFollowed: unfollowed}, read)
	if dir := os.Getenv("ENVGEN_SARIF_DIR"); dir != "" {
		var buf bytes.Buffer
		require.NoError(t, writeJSON(&buf, log))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "report.sarif"), buf.Bytes(), 0o644))
	}

	assert.Equal(t, "2.1.0", log.Version)
	assert.Equal(t, sarifSchema, log.Schema)
	require.Len(t, log.Runs, 1)
	run := log.Runs[0]
	assert.Equal(t, "envgen vet", run.Tool.Driver.Name)
	assert.Equal(t, envgenvet.Analyzer.URL, run.Tool.Driver.InformationURI)
	var ids []string
	for _, r := range run.Tool.Driver.Rules {
		ids = append(ids, r.ID)
		assert.NotEmpty(t, r.ShortDescription.Text, r.ID)
	}
	assert.Equal(t, []string{"nil-env", "parent-env", "extended-builder", "first-wins", "field-store", "dependency", "forwarded-sets", "directive-no-reason", "directive-unused", "envgenvet"}, ids)

	require.Len(t, run.Results, 4)
	for _, r := range run.Results {
		assert.Equal(t, r.RuleID, run.Tool.Driver.Rules[r.RuleIndex].ID)
	}
	first := run.Results[0]
	assert.Equal(t, "error", first.Level)
	assert.Equal(t, "g: the environment is nil", first.Message.Text)
	assert.Equal(t, sarifArtifactLocation{URI: "dir%20with%20space/a.go", URIBaseID: "%SRCROOT%"}, first.Locations[0].PhysicalLocation.ArtifactLocation)
	assert.Equal(t, sarifRegion{StartLine: 4, StartColumn: 16}, first.Locations[0].PhysicalLocation.Region)
	assert.Equal(t, sarifRegion{StartLine: 9, StartColumn: 3}, run.Results[1].Locations[0].PhysicalLocation.Region, "a line past the file's end")
	third := run.Results[2]
	assert.Equal(t, "warning", third.Level)
	assert.Equal(t, sarifArtifactLocation{URI: "file://" + filepath.ToSlash(abs)}, third.Locations[0].PhysicalLocation.ArtifactLocation)
	assert.Equal(t, sarifRegion{StartLine: 2, StartColumn: 5}, third.Locations[0].PhysicalLocation.Region, "a file that cannot be read")
	assert.Equal(t, "envgenvet", run.Results[3].RuleID)

	require.Len(t, run.Invocations, 1)
	assert.True(t, run.Invocations[0].ExecutionSuccessful)
	notes := run.Invocations[0].ToolExecutionNotifications
	require.Len(t, notes, 1)
	assert.Equal(t, "note", notes[0].Level)
	assert.Equal(t, sarifMessage{"3 environment flows not followed: a site they reach is not judged"}, notes[0].Message)
	require.Len(t, notes[0].Locations, 3, "where each flow goes")
	assert.Equal(t, sarifArtifactLocation{URI: "dir%20with%20space/a.go", URIBaseID: "%SRCROOT%"}, notes[0].Locations[0].PhysicalLocation.ArtifactLocation)
	assert.Equal(t, sarifRegion{StartLine: 4, StartColumn: 9}, notes[0].Locations[0].PhysicalLocation.Region, "before é: bytes and units agree")
	assert.Equal(t, sarifRegion{StartLine: 3, StartColumn: 1}, notes[0].Locations[2].PhysicalLocation.Region)
	assert.Empty(t, sarifReport(nil, vetCounts{}, read).Runs[0].Invocations[0].ToolExecutionNotifications)
}

// TestWriteFindingsEmpty checks what each format prints for no
// findings: text nothing, JSON an empty list, SARIF a run with its
// rules and no result.
func TestWriteFindingsEmpty(t *testing.T) {
	var text, js, sarif bytes.Buffer
	require.NoError(t, writeFindings(&text, "text", nil, vetCounts{}))
	assert.Empty(t, text.String())
	require.NoError(t, writeFindings(&js, "json", nil, vetCounts{Observe: 1}))
	assert.Equal(t, "{\n  \"findings\": [],\n  \"flowsNotFollowed\": 0,\n  \"notFollowed\": [],\n  \"observeSites\": 1\n}\n", js.String())
	require.NoError(t, writeFindings(&sarif, "sarif", nil, vetCounts{}))
	checkSARIF(t, sarif.Bytes())
	assert.Contains(t, sarif.String(), `"results": []`)
}

// TestVetFormats runs envgen vet -format json and -format sarif on a
// user's module with a leaking site (after a string with é and 😀 on
// its line), a directive that accepts nothing and a flow vet cannot
// follow (the parent's environment stored to an exported variable):
// both formats give the two findings with their rules and the flow's
// place, the exit code stays 1, and the SARIF log has the properties
// the schema requires and code scanning reads. The text format counts
// the flow, and lists it with -unfollowed. A format it does not know is
// bad usage.
func TestVetFormats(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a module's packages with the go command; skipped with -short")
	}
	dir, environ := vetModule(t)
	leak := "package main\n\nimport \"os/exec\"\n\nfunc leak() {\n\t_, _ = \"é😀\", exec.Command(\"env\").Run()\n}\n\n" +
		"func stale() string {\n\treturn \"x\" //envgen:inherit nothing starts here\n}\n"
	// A builder switched to observe mode is no finding, but counted apart.
	observe := "package main\n\nimport \"github.com/envgen/envgen/runtime/envrt\"\n\n" +
		"func observed() []string {\n\treturn ShellEnvOS(envrt.Observe(func(envrt.Dropped) {}))\n}\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "observe.go"), []byte(observe), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "leak.go"), []byte(leak), 0o644))
	saved := "package main\n\nimport \"os\"\n\n// Saved is read by who knows.\nvar Saved []string\n\nfunc save() {\n\tSaved = os.Environ()\n}\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "saved.go"), []byte(saved), 0o644))
	notFollowed := vetJSONFinding{File: "saved.go", Line: 9, Column: 2, Rule: envgenvet.UnfollowedCategory,
		Message: "the environment, derived from os.Environ(), is stored to the package-level variable Saved, which the analysis does not follow"}
	nilEnv := "exec.Cmd.Run: the environment is nil, which gives the child this process's whole environment; " +
		"build it with a policy builder, or accept the line with //envgen:inherit REASON"
	unused := "//envgen:inherit accepts nothing here: no finding is on this line, nor about a Cmd created on it, " +
		"in the build configuration checked; remove it"

	code, stdout, stderr := runVet(t, dir, environ, "-format", "json")
	assert.Equal(t, 1, code, stderr)
	var got vetJSON
	require.NoError(t, json.Unmarshal([]byte(stdout), &got), stdout)
	assert.Equal(t, vetJSON{Findings: []vetJSONFinding{
		{File: "leak.go", Line: 6, Column: 19, Rule: "nil-env", Message: nilEnv},
		{File: "leak.go", Line: 10, Column: 13, Rule: "directive-unused", Message: unused},
	}, FlowsNotFollowed: 1, NotFollowed: []vetJSONFinding{notFollowed}, ObserveSites: 1}, got)
	assert.Contains(t, stderr, "envgen vet: 1 place(s) switch a builder to observe mode (envrt.Observe)")
	assert.Contains(t, stderr, "envgen vet: 1 place(s) where an environment derived from os.Environ() goes where vet cannot follow it (docs/vet.md, \"What it does not follow\")\n")

	code, stdout, stderr = runVet(t, dir, environ)
	assert.Equal(t, 1, code, stderr)
	assert.Equal(t, "leak.go:6:19: "+nilEnv+"\nleak.go:10:13: "+unused+"\n", stdout)
	assert.Contains(t, stderr, "cannot follow it (docs/vet.md, \"What it does not follow\"); -unfollowed lists them\n")
	assert.NotContains(t, stderr, "saved.go")
	code, stdout2, stderr := runVet(t, dir, environ, "-unfollowed")
	assert.Equal(t, 1, code, stderr)
	assert.Equal(t, stdout, stdout2, "the findings as without -unfollowed")
	assert.Contains(t, stderr, "cannot follow it (docs/vet.md, \"What it does not follow\"):\nsaved.go:9:2: "+notFollowed.Message+"\n")

	code, stdout, stderr = runVet(t, dir, environ, "-format", "sarif", "./...")
	assert.Equal(t, 1, code, stderr)
	checkSARIF(t, []byte(stdout))
	var log sarifLog
	require.NoError(t, json.Unmarshal([]byte(stdout), &log))
	require.Len(t, log.Runs[0].Results, 2)
	assert.Equal(t, sarifResult{RuleID: "nil-env", RuleIndex: 0, Level: "error", Message: sarifMessage{nilEnv},
		Locations: []sarifLocation{{PhysicalLocation: sarifPhysicalLocation{
			ArtifactLocation: sarifArtifactLocation{URI: "leak.go", URIBaseID: "%SRCROOT%"},
			Region:           sarifRegion{StartLine: 6, StartColumn: 16},
		}}}}, log.Runs[0].Results[0])
	assert.Equal(t, "directive-unused", log.Runs[0].Results[1].RuleID)
	assert.Equal(t, "warning", log.Runs[0].Results[1].Level)
	notes := log.Runs[0].Invocations[0].ToolExecutionNotifications
	require.Len(t, notes, 2)
	assert.Equal(t, sarifNotification{Level: "note", Message: sarifMessage{"1 environment flows not followed: a site they reach is not judged"},
		Locations: []sarifLocation{{PhysicalLocation: sarifPhysicalLocation{
			ArtifactLocation: sarifArtifactLocation{URI: "saved.go", URIBaseID: "%SRCROOT%"},
			Region:           sarifRegion{StartLine: 9, StartColumn: 2},
		}}}}, notes[0])
	assert.Contains(t, notes[1].Message.Text, "1 place(s) switch a builder to observe mode")

	code, stdout, stderr = runVet(t, dir, environ, "-format", "xml")
	assert.Equal(t, 2, code)
	assert.Equal(t, "envgen vet: no format \"xml\"; the formats: text, json, sarif\nrun envgen vet -h for usage\n", stderr)
	assert.Empty(t, stdout)
}

// checkSARIF checks that data is a SARIF 2.1.0 log with the properties
// the schema requires of each object envgen vet writes, and those code
// scanning needs (a result's rule, level, message and location).
func checkSARIF(t *testing.T, data []byte) {
	t.Helper()
	var doc map[string]any
	require.NoError(t, json.Unmarshal(data, &doc), string(data))
	assert.Equal(t, "2.1.0", doc["version"])
	assert.NotEmpty(t, doc["$schema"])
	runs, _ := doc["runs"].([]any)
	require.Len(t, runs, 1)
	run := runs[0].(map[string]any)
	driver := dig(t, run, "tool", "driver")
	assert.NotEmpty(t, driver["name"])
	rules, _ := driver["rules"].([]any)
	require.NotEmpty(t, rules)
	for _, r := range rules {
		r := r.(map[string]any)
		assert.NotEmpty(t, r["id"])
		assert.NotEmpty(t, dig(t, r, "shortDescription")["text"])
	}
	invocations, _ := run["invocations"].([]any)
	for _, inv := range invocations {
		inv := inv.(map[string]any)
		assert.Contains(t, inv, "executionSuccessful")
		notes, _ := inv["toolExecutionNotifications"].([]any)
		for _, n := range notes {
			assert.NotEmpty(t, dig(t, n.(map[string]any), "message")["text"])
		}
	}
	results, ok := run["results"].([]any)
	require.True(t, ok, "results is an array")
	for _, r := range results {
		r := r.(map[string]any)
		assert.NotEmpty(t, r["ruleId"])
		assert.Contains(t, []any{"error", "warning", "note"}, r["level"])
		assert.NotEmpty(t, dig(t, r, "message")["text"])
		locations, _ := r["locations"].([]any)
		require.Len(t, locations, 1)
		physical := dig(t, locations[0].(map[string]any), "physicalLocation")
		assert.NotEmpty(t, dig(t, physical, "artifactLocation")["uri"])
		region := dig(t, physical, "region")
		assert.GreaterOrEqual(t, region["startLine"], 1.0)
		assert.GreaterOrEqual(t, region["startColumn"], 1.0)
	}
}

// dig returns the object at path below obj, failing the test if there is
// none.
func dig(t *testing.T, obj map[string]any, path ...string) map[string]any {
	t.Helper()
	for _, key := range path {
		next, ok := obj[key].(map[string]any)
		require.True(t, ok, "no object %s in %v", key, obj)
		obj = next
	}
	return obj
}
