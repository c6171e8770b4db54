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

	kInheritPlus // os.Environ() with entries appended after the parent's: a builder given it keeps the parent's entries of those names

	// What a struct field's value makes them, as the param bits are for
	// a parameter (see bindField): the fields are named beside the kind
	// (flow.fields).
	kField      // a struct field's value as stored, maybe with constants appended
	kFieldExt   // that value with a non-constant entry appended
	kBuiltField // a builder's result with that value's entries appended
)

// kParent are the kinds that pass on the parent's whole environment.
const kParent = kInherit | kInheritPlus

// paramBits are the kinds that stand for a []string parameter.
const paramBits = kParam | kParamExt | kBuiltParam

// fieldBits are the kinds that stand for a struct field's value.
const fieldBits = kField | kFieldExt | kBuiltField

// kindNames names each bit, for facts' String.
var kindNames = [...]string{"nil", "empty", "const", "inherit", "policy", "extended", "other", "entry", "param", "param+", "policy+param", "inherit+", "field", "field+", "policy+field"}

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
// to the parent's environment keeps it the parent's (with entries after
// its own); appending constants or another builder's result to a
// builder's result keeps it policy-built, and appending anything else
// extends it.
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
	case add&(kNil|kEmpty) != 0:
		return base // append(x, nothing...) is x
	case base&(kNil|kEmpty) != 0:
		return add // append(nothing, y...) is a copy of y
	case base&kParent != 0:
		return kInheritPlus
	case add&kParent != 0:
		return kInherit
	case base == kConst:
		return add
	case base == kParam && add&(safe|kParam) != 0:
		return kParam
	case base == kParam || base == kParamExt:
		return kParamExt
	case base == kField && add&(safe|kField) != 0:
		return kField
	case base == kField || base == kFieldExt:
		return kFieldExt
	case base == kPolicy && add == kParam, base == kBuiltParam && add&safe != 0:
		return kBuiltParam
	case base == kPolicy && add == kField, base == kBuiltField && add&safe != 0:
		return kBuiltField
	case base == kPolicy && add&(safe|kPolicy) != 0:
		return kPolicy
	case base == kPolicy || base == kExtended || base == kBuiltParam || base == kBuiltField:
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

// bindField is the kind k, where k's field bits stand for a struct
// field's value, for a store of a value of kind x there: kField is x,
// kFieldExt x with something appended, kBuiltField a builder's result
// with x's entries appended.
func bindField(k, x envKind) envKind {
	out := k &^ fieldBits
	if k&kField != 0 {
		out |= x
	}
	if k&kFieldExt != 0 {
		out |= appendKind(x, kOther)
	}
	if k&kBuiltField != 0 {
		out |= appendKind(kPolicy, x)
	}
	return out
}

// dstKind is the kind of a builder's result appended to a dst of kind
// dst: the builder's entries follow dst's, so dst's own kind decides
// whether the parent's environment or an extension came along. nil, an
// empty slice, constants or a builder's result leave it policy-built;
// anything else (kOther) is a non-constant entry before the builder's.
func dstKind(dst envKind) envKind {
	var k envKind
	dst.eachBit(func(b envKind) {
		switch b {
		case kNil, kEmpty, kConst, kPolicy:
			k |= kPolicy
		case kInherit, kInheritPlus, kExtended:
			k |= b
		case kParam, kBuiltParam:
			k |= kBuiltParam
		case kField, kBuiltField:
			k |= kBuiltField
		default:
			k |= kExtended
		}
	})
	return k
}

// writeKind is the kind of a slice of kind k once entries of kind w are
// written into it (env[i] = v, copy(env[i:], src), slices.Replace): as
// if they were appended, but for the parent's environment, which stays
// the parent's.
func writeKind(k, w envKind) envKind {
	if w == 0 {
		return k
	}
	var out envKind
	k.eachBit(func(b envKind) {
		if b&(kParent|kNil|kEmpty) != 0 {
			out |= b
		} else {
			out |= appendKind(b, w)
		}
	})
	return out
}
