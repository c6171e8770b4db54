package cmd

// This file prints envgen vet's findings in each of its formats: text
// (FILE:LINE:COL: message), JSON of a stable shape, and SARIF 2.1.0 for
// code scanning.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/envgen/envgen/passes/envgenvet"
)

// vetFormats are the values of envgen vet's -format flag, the default
// first.
var vetFormats = []string{"text", "json", "sarif"}

// vetCounts are what a run finds beside its findings: the places where
// the analysis saw the parent's environment go where it could not follow
// it (sorted, each with why), and how many places switch a builder to
// observe mode (envrt.Observe), whose children get the parent's whole
// environment. Neither is a finding, nor clean.
type vetCounts struct {
	NotFollowed []finding
	Observe     int
}

// writeFindings prints findings (sorted, each once) to w in format, one
// of vetFormats, with counts (0 when none or not counted): JSON and
// SARIF carry them, the text format leaves them to the caller's note on
// standard error.
func writeFindings(w io.Writer, format string, findings []finding, counts vetCounts) error {
	switch format {
	case "json":
		return writeJSON(w, jsonReport(findings, counts))
	case "sarif":
		return writeJSON(w, sarifReport(findings, counts, os.ReadFile))
	}
	for _, f := range findings {
		if _, err := fmt.Fprintln(w, f); err != nil {
			return err
		}
	}
	return nil
}

// writeJSON writes v indented, with a final newline.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// vetJSON is what envgen vet -format json prints: one object.
type vetJSON struct {
	Findings []vetJSONFinding `json:"findings"` // sorted by file, line, column; [] when none
	// FlowsNotFollowed is how many environment flows the analysis
	// could not follow, and NotFollowed where each goes (rule
	// "unfollowed"), sorted as Findings; [] when none.
	FlowsNotFollowed int              `json:"flowsNotFollowed"`
	NotFollowed      []vetJSONFinding `json:"notFollowed"`
	// ObserveSites is how many places switch a builder to observe mode
	// (envrt.Observe): their children get the parent's whole environment.
	ObserveSites int `json:"observeSites"`
}

// vetJSONFinding is one finding: where it is (the file relative to the
// working directory when below it; line and column from 1, the column
// in bytes, as the text format's), its kind and its message.
type vetJSONFinding struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

// jsonReport is the JSON form of findings.
func jsonReport(findings []finding, counts vetCounts) vetJSON {
	return vetJSON{
		Findings:         jsonFindings(findings),
		FlowsNotFollowed: len(counts.NotFollowed),
		NotFollowed:      jsonFindings(counts.NotFollowed),
		ObserveSites:     counts.Observe,
	}
}

// jsonFindings is the JSON form of a list of findings: [] for none.
func jsonFindings(findings []finding) []vetJSONFinding {
	out := []vetJSONFinding{}
	for _, f := range findings {
		out = append(out, vetJSONFinding{
			File: filepath.ToSlash(f.pos.Filename), Line: f.pos.Line, Column: f.pos.Column,
			Rule: ruleID(f.rule), Message: f.msg,
		})
	}
	return out
}

// ruleID is the rule of a finding of category cat: the category, or
// the analyzer's name for a finding that has none.
func ruleID(cat string) string {
	if cat == "" {
		return envgenvet.Analyzer.Name
	}
	return cat
}

// The SARIF 2.1.0 objects envgen vet writes, with the properties it
// fills.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool        sarifTool         `json:"tool"`
		Invocations []sarifInvocation `json:"invocations"`
		Results     []sarifResult     `json:"results"`
		ColumnKind  string            `json:"columnKind"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string           `json:"id"`
		ShortDescription     sarifMessage     `json:"shortDescription"`
		DefaultConfiguration sarifRuleDefault `json:"defaultConfiguration"`
	}
	sarifRuleDefault struct {
		Level string `json:"level"`
	}
	sarifInvocation struct {
		ExecutionSuccessful        bool                `json:"executionSuccessful"`
		ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
	}
	sarifNotification struct {
		Level     string          `json:"level"`
		Message   sarifMessage    `json:"message"`
		Locations []sarifLocation `json:"locations,omitempty"`
	}
	sarifResult struct {
		RuleID    string          `json:"ruleId"`
		RuleIndex int             `json:"ruleIndex"`
		Level     string          `json:"level"`
		Message   sarifMessage    `json:"message"`
		Locations []sarifLocation `json:"locations"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
	}
	sarifPhysicalLocation struct {
		ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
		Region           sarifRegion           `json:"region"`
	}
	sarifArtifactLocation struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn"`
	}
)

// sarifSchema is the address of the SARIF 2.1.0 JSON schema, which a
// log names as its $schema.
const sarifSchema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

// srcRoot is the base of the relative file URIs: the working directory
// envgen vet ran in, which code scanning takes as the checkout's root.
const srcRoot = "%SRCROOT%"

// sarifReport is the SARIF log of findings: one run of envgen vet, its
// rules the analyzer's categories (and one for a finding without a
// category), a result per finding, and a notification of the flows not
// followed when there are any, with where each goes. readFile reads a
// finding's file, to count its column in UTF-16 code units as SARIF does.
func sarifReport(findings []finding, counts vetCounts, readFile func(string) ([]byte, error)) sarifLog {
	var rules []sarifRule
	index := map[string]int{}
	leak := map[string]bool{}
	addRule := func(id, summary string, isLeak bool) {
		index[id] = len(rules)
		leak[id] = isLeak
		rules = append(rules, sarifRule{ID: id, ShortDescription: sarifMessage{summary}, DefaultConfiguration: sarifRuleDefault{sarifLevel(isLeak)}})
	}
	for _, r := range envgenvet.Rules {
		addRule(r.Category, r.Summary, r.Leak)
	}
	columns := utf16Columns{read: readFile, files: map[string][]byte{}}
	location := func(f finding) sarifLocation {
		uri, base := fileURI(f.pos.Filename)
		return sarifLocation{PhysicalLocation: sarifPhysicalLocation{
			ArtifactLocation: sarifArtifactLocation{URI: uri, URIBaseID: base},
			Region:           sarifRegion{StartLine: f.pos.Line, StartColumn: columns.column(f.pos.Filename, f.pos.Line, f.pos.Column)},
		}}
	}
	inv := sarifInvocation{ExecutionSuccessful: true}
	if n := len(counts.NotFollowed); n > 0 {
		note := sarifNotification{Level: "note", Message: sarifMessage{
			fmt.Sprintf("%d environment flows not followed: a site they reach is not judged", n)}}
		for _, f := range counts.NotFollowed {
			note.Locations = append(note.Locations, location(f))
		}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, note)
	}
	if counts.Observe > 0 {
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, sarifNotification{Level: "warning", Message: sarifMessage{
			fmt.Sprintf("%d place(s) switch a builder to observe mode (envrt.Observe): their children get this process's whole environment", counts.Observe)}})
	}
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name: "envgen vet", InformationURI: envgenvet.Analyzer.URL}},
		Invocations: []sarifInvocation{inv},
		Results:     []sarifResult{},
		ColumnKind:  "utf16CodeUnits",
	}
	for _, f := range findings {
		id := ruleID(f.rule)
		if _, ok := index[id]; !ok {
			addRule(id, envgenvet.Analyzer.Doc, true)
		}
		run.Results = append(run.Results, sarifResult{
			RuleID: id, RuleIndex: index[id], Level: sarifLevel(leak[id]), Message: sarifMessage{f.msg},
			Locations: []sarifLocation{location(f)},
		})
	}
	run.Tool.Driver.Rules = rules
	return sarifLog{Schema: sarifSchema, Version: "2.1.0", Runs: []sarifRun{run}}
}

// sarifLevel is the SARIF level of a finding: an error where a child
// may get an environment no policy built, a warning for a directive.
func sarifLevel(leak bool) string {
	if leak {
		return "error"
	}
	return "warning"
}

// fileURI is the SARIF artifact location of a finding's file: a
// relative URI against srcRoot for a file below the working directory
// (as relativePath left it), else an absolute file URI.
func fileURI(name string) (uri, base string) {
	slashed := filepath.ToSlash(name)
	if !filepath.IsAbs(name) {
		return (&url.URL{Path: slashed}).String(), srcRoot
	}
	if !strings.HasPrefix(slashed, "/") { // C:/…
		slashed = "/" + slashed
	}
	return (&url.URL{Scheme: "file", Path: slashed}).String(), ""
}

// utf16Columns turns a byte column (Go's) into a column in UTF-16 code
// units (SARIF's default), reading each file once.
type utf16Columns struct {
	read  func(string) ([]byte, error)
	files map[string][]byte // nil for one that could not be read
}

// column is the UTF-16 column of the byte column col of line in file;
// col itself where the file cannot be read or has no such place.
func (u utf16Columns) column(file string, line, col int) int {
	src, ok := u.files[file]
	if !ok {
		src, _ = u.read(file)
		u.files[file] = src
	}
	for i := 1; i < line && src != nil; i++ {
		nl := bytes.IndexByte(src, '\n')
		if nl < 0 {
			return col
		}
		src = src[nl+1:]
	}
	if src == nil || col-1 > len(src) {
		return col
	}
	prefix, units := src[:col-1], 0
	for len(prefix) > 0 {
		r, size := utf8.DecodeRune(prefix)
		prefix = prefix[size:]
		if n := utf16.RuneLen(r); n > 0 {
			units += n
		} else {
			units++ // an invalid byte is one unit, as a replacement character
		}
	}
	return units + 1
}
