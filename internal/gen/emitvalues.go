package gen

import (
	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/internal/policy"
	"github.com/envgen/envgen/runtime/envimpl"
)

// This file plans and prints the policy's value detection
// (secrets.values, secrets.valuePrefixes): the generated IsSecretValue
// and the envimpl.Policy fields the builders read.

// ValuePlan is a policy's value detection, resolved. Its zero value is
// detection on with the built-in rules alone, the default.
type ValuePlan struct {
	// Off is secrets.values: false.
	Off bool
	// Prefixes is secrets.valuePrefixes, sorted.
	Prefixes []string
}

// PlanValues resolves p's value detection.
func PlanValues(p *policy.Policy) ValuePlan {
	if !p.Values {
		return ValuePlan{Off: true}
	}
	return ValuePlan{Prefixes: p.ValuePrefixes}
}

// valueFields returns the envimpl.Policy fields of value detection.
func valueFields(rp *envimpl.Policy) []jen.Code {
	if !rp.SecretValues {
		return nil
	}
	return append([]jen.Code{item(jen.Id("SecretValues").Op(":").True(), "")}, listField("ValuePrefixes", rp.ValuePrefixes, nil)...)
}

// emitValues prints IsSecretValue: false with value detection off, else
// the policy's detectors (the built-in ones, package secretvalue's, and
// secrets.valuePrefixes), which the runtime builds at the first call.
func emitValues(f *jen.File, pl *Plan) {
	name := pl.Prefix + "IsSecretValue"
	value := jen.Id("value").String()
	if pl.Values.Off {
		f.Commentf("%s reports whether value looks like a credential to this policy's", name)
		f.Comment("value detectors. The policy turns them off (secrets.values: false), so")
		f.Comment("it reports false.")
		f.Func().Id(name).Params(value).Bool().Block(jen.Return(jen.False()))
		f.Line()
		return
	}
	f.Commentf("%s reports whether value looks like a credential to the built-in", name)
	f.Comment("value detectors (package secretvalue: token families, private keys, JWTs,")
	if len(pl.Values.Prefixes) > 0 {
		f.Comment("URLs with a password) or starts with one of secrets.valuePrefixes: an")
		f.Comment("environment entry that holds it is a secret by value, whatever its name.")
	} else {
		f.Comment("URLs with a password): an environment entry that holds it is a secret by")
		f.Comment("value, whatever its name (secrets.values).")
	}
	f.Func().Id(name).Params(value).Bool().Block(
		jen.Return(jen.Id(pl.internal("Policy")).Dot("IsSecretValue").Call(jen.Id("value"))),
	)
	f.Line()
}
