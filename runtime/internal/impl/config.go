package impl

import (
	"errors"
	"maps"
	"slices"
	"strconv"
)

// ConfigVars is envrt.Config's Vars: the overrides of a user's keep,
// drop, keepMatching and set entries, in the order drop, keep,
// keepMatching, set (by name), and an error naming each invalid entry as
// written (drop[1] "MY-CORP-*": …), never a value. The overrides come
// with the error too: an invalid Drop among them leaves out every entry.
func ConfigVars(keep, drop, keepMatching []string, set map[string]string) ([]Var, error) {
	var vars []Var
	var errs []error
	add := func(field string, entries []string, make func(string) Var) {
		for i, s := range entries {
			vars = append(vars, make(s))
			if p := vars[len(vars)-1].problem(); p != "" {
				errs = append(errs, errors.New(field+"["+strconv.Itoa(i)+"] "+shown(s)+": "+p))
			}
		}
	}
	add("drop", drop, Drop)
	add("keep", keep, Keep)
	add("keepMatching", keepMatching, KeepMatching)
	for _, name := range slices.Sorted(maps.Keys(set)) {
		vars = append(vars, Set(name, set[name]))
		if p := vars[len(vars)-1].problem(); p != "" {
			errs = append(errs, errors.New("set "+shown(name)+": "+p))
		}
	}
	return vars, errors.Join(errs...)
}
