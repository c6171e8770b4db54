package cmd

import (
	"encoding/json"
	"io"
	"slices"
	"strings"

	"github.com/envgen/envgen/internal/reference"
)

// explainRecord is what explain -json writes for one name of one task,
// one JSON object a line.
type explainRecord struct {
	Task   string `json:"task"`
	Name   string `json:"name"`
	Passed bool   `json:"passed"`
	// Source is where a passed value comes from ("essential",
	// "passThrough NAME", "define", ...), as the text view's note says.
	Source string `json:"source,omitempty"`
	// Reason is why a name is left out ("secret (GITHUB_TOKEN)", "not
	// declared", "not in the environment" for a passThrough name the
	// environment lacks), as the text view's note says.
	Reason string `json:"reason,omitempty"`
	// Value is a passed value, absent when Redacted; Bytes is its length
	// either way (absent for a name left out).
	Value    *string `json:"value,omitempty"`
	Redacted bool    `json:"redacted,omitempty"`
	Bytes    *int    `json:"bytes,omitempty"`
}

// records returns one record per name of r, sorted by name: a passed
// name's entry, else the first reason its entries were left out (later
// entries of a name repeat it), then the task's passThrough names the
// environment lacks. With only set, just the names in only (by key), in
// only's order, a name in neither the environment nor the result as not
// in the environment.
func (x *explainer) records(r reference.Result, only []string) []explainRecord {
	replaced := x.replaced(r)
	byKey := map[string]int{}
	var out []explainRecord
	add := func(rec explainRecord) {
		k := reference.Key(rec.Name, x.fold)
		if _, seen := byKey[k]; !seen {
			byKey[k] = len(out)
			out = append(out, rec)
		}
	}
	for _, e := range r.Env {
		n := len(e.Value)
		rec := explainRecord{Task: x.t.Key, Name: e.Name, Passed: true, Source: x.keptLine(e, nil).note, Bytes: &n}
		if _, hide := x.hidden(e); hide {
			rec.Redacted = true
		} else {
			v := e.Value
			rec.Value = &v
		}
		add(rec)
	}
	for _, d := range r.Dropped {
		if !x.folded(d, replaced) && d.Why.Kind != reference.Duplicate && d.Why.Kind != reference.Malformed {
			add(explainRecord{Task: x.t.Key, Name: d.Name, Reason: dropLine(d).note})
		}
	}
	for _, name := range x.t.Exact {
		add(explainRecord{Task: x.t.Key, Name: name, Reason: "not in the environment"})
	}
	if only == nil {
		slices.SortStableFunc(out, func(a, b explainRecord) int { return strings.Compare(a.Name, b.Name) })
		return out
	}
	var picked []explainRecord
	for _, name := range only {
		if i, ok := byKey[reference.Key(name, x.fold)]; ok {
			picked = append(picked, out[i])
		} else {
			picked = append(picked, explainRecord{Task: x.t.Key, Name: name, Reason: "not in the environment"})
		}
	}
	return picked
}

// writeRecords writes recs as JSON Lines, with no character that does
// not print left unescaped (see escapeJSON).
func writeRecords(w io.Writer, recs []explainRecord) error {
	for _, rec := range recs {
		line, err := json.Marshal(rec)
		if err != nil {
			return err
		}
		if _, err := w.Write(append(escapeJSON(line), '\n')); err != nil {
			return err
		}
	}
	return nil
}
