package policy

import "strings"

// sharedNames checks the policy-wide naming keys, prefix and params, into
// p and into c for the tasks' checks.
func (c *checker) sharedNames(f *policySource, p *Policy) {
	p.PrefixPos = Pos{1, 1}
	if f.Prefix != nil {
		p.PrefixPos = f.Prefix.Pos
		if IsPrefix(f.Prefix.Value) {
			p.Prefix = f.Prefix.Value
		} else {
			c.d.errorf(f.Prefix.Pos, "prefix %q: want an upper-case ASCII letter, then letters and digits ([A-Z][A-Za-z0-9]*), so that every generated identifier stays exported", f.Prefix.Value)
		}
	}
	c.prefix = p.Prefix
	if f.ParamsKey == nil {
		return
	}
	p.HasSharedParams = true
	p.SharedParams = []string{}
	for _, s := range c.unique(f.Params, "params") {
		if !IsParam(s.Value) {
			c.d.errorf(s.Pos, "params: %q is not a parameter name ([a-z][A-Za-z0-9]*, as {name} spells it in a value)", s.Value)
			continue
		}
		p.SharedParams = append(p.SharedParams, s.Value)
	}
	c.shared = p.SharedParams
}

// sharedParamsOnly reports every {param} of t that the policy's params
// does not list, at the value that uses it: a task of a policy with
// params takes that one Params struct, which has no field for it.
func (c *checker) sharedParamsOnly(t Task) {
	known := SetOf(c.shared)
	reported := map[string]bool{}
	for _, v := range valuesOf(t) {
		for _, s := range v {
			if s.Param == "" || known[s.Param] || reported[s.Param] {
				continue
			}
			reported[s.Param] = true
			listed := "it is empty"
			if len(c.shared) > 0 {
				listed = "it lists " + strings.Join(c.shared, ", ")
			}
			c.d.errorf(s.Pos, "task %q: parameter {%s} is not in the policy's params (%s); add it there, since every task with parameters takes the one %sParams", t.Key, s.Param, listed, c.prefix)
		}
	}
}

// IsPrefix reports whether s can start every generated identifier of a
// policy: [A-Z][A-Za-z0-9]*, so that they stay exported.
func IsPrefix(s string) bool {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !IsLetter(c) && !IsDigit(c) {
			return false
		}
	}
	return true
}
