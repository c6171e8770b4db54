package envgenvet

// This file holds what the analysis knows about an environment value:
// a set of what it may be, one bit per possibility, unioned where paths
// merge.

import "strings"

// envKind is the set of things an environment value ([]string in
// os.Environ form) may be on the paths the analysis sees.
type envKind uint16

const (
	kNil      envKind = 1 << iota // nil: the parent's environment for exec.Cmd and os.StartProcess
	kEmpty                        // an empty, non-nil slice
	kConst                        // constant entries only (a literal)
	kInherit                      // os.Environ() or a slice derived from it
	kPolicy                       // a generated builder's result
	kExtended                     // a builder's result with a non-constant entry appended after it ran
	kOther                        // built some other way, or not known
	kEntry                        // a Cmd parameter's Env as the caller left it (in function summaries)

	// In the summary of a function with one []string parameter, what
	// its caller's argument makes them (see bind):
	kParam      // that parameter as given, maybe with constants appended
	kParamExt   // that parameter with a non-constant entry appended
	kBuiltParam // a builder's result with that parameter's entries appended
)

// paramBits are the kinds that stand for a []string parameter.
const paramBits = kParam | kParamExt | kBuiltParam

// kindNames names each bit, for facts' String.
var kindNames = [...]string{"nil", "empty", "const", "inherit", "policy", "extended", "other", "entry", "param", "param+", "policy+param"}

// String lists the bits of k.
func (k envKind) String() string {
	var names []string
	for i, n := range kindNames {
		if k&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	return strings.Join(names, "|")
}

// eachBit calls f with each bit of k.
func (k envKind) eachBit(f func(envKind)) {
	for b := envKind(1); b != 0; b <<= 1 {
		if k&b != 0 {
			f(b)
		}
	}
}

// appendKind is the kind of append(base, add...), bit by bit: appending
// to the parent's environment keeps it the parent's; appending constants
// or another builder's result to a builder's result keeps it
// policy-built, and appending anything else extends it.
func appendKind(base, add envKind) envKind {
	var k envKind
	base.eachBit(func(b envKind) {
		add.eachBit(func(a envKind) { k |= appendBit(b, a) })
	})
	return k
}

// appendBit is appendKind for one bit of each side.
func appendBit(base, add envKind) envKind {
	safe := kNil | kEmpty | kConst
	switch {
	case base == kInherit || add == kInherit:
		return kInherit
	case add&(kNil|kEmpty) != 0:
		return base // append(x, nothing...) is x
	case base&(kNil|kEmpty) != 0:
		return add // append(nothing, y...) is a copy of y
	case base == kConst:
		return add
	case base == kParam && add&(safe|kParam) != 0:
		return kParam
	case base == kParam || base == kParamExt:
		return kParamExt
	case base == kPolicy && add == kParam, base == kBuiltParam && add&safe != 0:
		return kBuiltParam
	case base == kPolicy && add&(safe|kPolicy) != 0:
		return kPolicy
	case base == kPolicy || base == kExtended || base == kBuiltParam:
		return kExtended
	}
	return kOther
}

// bind is the kind k, from the summary of a function with one []string
// parameter, for a call that passes arg there: kParam is arg,
// kParamExt arg with something appended, kBuiltParam a builder's result
// with arg's entries appended.
func bind(k, arg envKind) envKind {
	out := k &^ paramBits
	if k&kParam != 0 {
		out |= arg
	}
	if k&kParamExt != 0 {
		out |= appendKind(arg, kOther)
	}
	if k&kBuiltParam != 0 {
		out |= appendKind(kPolicy, arg)
	}
	return out
}

// dstKind is the kind of an Append builder's result whose dst has kind
// dst: the builder's entries follow dst's, so dst's own kind decides
// whether the parent's environment or an extension came along. A dst of
// unknown origin (kOther) is given the benefit of the doubt.
func dstKind(dst envKind) envKind {
	k := dst & (kInherit | kExtended)
	if dst&^(kInherit|kExtended) != 0 {
		k |= kPolicy
	}
	return k
}
