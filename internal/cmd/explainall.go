package cmd

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/envgen/envgen/internal/reference"
)

// This file is explain's view of all tasks at once: explain POLICY.yaml
// with no TASK.

// Cells of the all-tasks view.
const (
	cellPassed = "+" // the child gets the environment's value
	cellSet    = "=" // the child gets a value the task or the call sets (define, -set, binPaths)
	cellLeft   = "-" // left out
	cellAbsent = "." // neither in the environment nor set
)

// allTasks prints one row per name and one column per task of xs, the
// explainers of every task with the result each built, saying whether
// the task passes the name. With only set, the rows are those names, in
// that order; else every name any task passes or leaves out, sorted.
func allTasks(w io.Writer, xs []*explainer, results []reference.Result, only []string) {
	fold := len(xs) > 0 && xs[0].fold
	cells := map[string][]string{} // name key → one cell per task
	shown := map[string]string{}   // name key → the name as first seen
	var keys []string
	row := func(name string) []string {
		k := reference.Key(name, fold)
		if _, ok := cells[k]; !ok {
			cells[k] = slices.Repeat([]string{cellAbsent}, len(xs))
			shown[k] = name
			keys = append(keys, k)
		}
		return cells[k]
	}
	for _, name := range only {
		row(name)
	}
	for i, r := range results {
		for _, d := range r.Dropped {
			if d.Why.Kind == reference.Malformed || d.Why.Kind == reference.Duplicate {
				continue
			}
			if only == nil || cells[reference.Key(d.Name, fold)] != nil {
				row(d.Name)[i] = cellLeft
			}
		}
		for _, e := range r.Env {
			if only != nil && cells[reference.Key(e.Name, fold)] == nil {
				continue
			}
			cell := cellPassed
			switch e.From.Kind {
			case reference.Defined, reference.Overridden, reference.PATHPrefix:
				cell = cellSet
			}
			row(e.Name)[i] = cell
		}
	}
	if only == nil {
		slices.SortFunc(keys, func(a, b string) int { return strings.Compare(shown[a], shown[b]) })
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	header := []string{"NAME"}
	for _, x := range xs {
		header = append(header, x.t.Key)
	}
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	for _, k := range keys {
		fmt.Fprintln(tw, printable(shown[k])+"\t"+strings.Join(cells[k], "\t"))
	}
	tw.Flush()
}
