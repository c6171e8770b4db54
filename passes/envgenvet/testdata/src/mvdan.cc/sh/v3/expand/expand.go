// Package expand stands in for mvdan.cc/sh/v3/expand: an environment a
// shell reads and exports to its commands.
package expand

type Variable struct{ Str string }

type Environ interface {
	Get(name string) Variable
	Each(func(name string, vr Variable) bool)
}

type listEnviron []string

func (l listEnviron) Get(name string) Variable                 { return Variable{} }
func (l listEnviron) Each(func(name string, vr Variable) bool) {}

func ListEnviron(pairs ...string) Environ { return listEnviron(pairs) }

type funcEnviron func(string) string

func (f funcEnviron) Get(name string) Variable                 { return Variable{f(name)} }
func (f funcEnviron) Each(func(name string, vr Variable) bool) {}

func FuncEnviron(fn func(string) string) Environ { return funcEnviron(fn) }
