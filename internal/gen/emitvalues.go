package gen

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/internal/policy"
	envrt "github.com/envgen/envgen/runtime"
)

// This file plans and prints the policy's value detection
// (secrets.values, secrets.valuePrefixes): the generated IsSecretValue
// and, for a policy with prefixes of its own, the detector it consults,
// written out as a literal table so that nothing is built at start-up.

// ValuePlan is a policy's value detection, resolved. Its zero value is
// detection on with the built-in rules alone, the default.
type ValuePlan struct {
	// Off is secrets.values: false.
	Off bool
	// Prefixes is secrets.valuePrefixes, sorted; Detector, when there are
	// any, is envrt.NewValueDetector(Prefixes...), the built-in rules and
	// one per prefix, as emitted.
	Prefixes []string
	Detector envrt.ValueDetector
}

// PlanValues resolves p's value detection.
func PlanValues(p *policy.Policy) ValuePlan {
	if !p.Values {
		return ValuePlan{Off: true}
	}
	vp := ValuePlan{Prefixes: p.ValuePrefixes}
	if len(vp.Prefixes) > 0 {
		vp.Detector = envrt.NewValueDetector(vp.Prefixes...)
	}
	return vp
}

// emitValues prints IsSecretValue: false with value detection off; the
// built-in detectors (envrt.LooksSecret) without prefixes of the
// policy's own; else its own detector table.
func emitValues(f *jen.File, pl *Plan) {
	vp := pl.Values
	name := pl.Prefix + "IsSecretValue"
	value := jen.Id("value").String()
	switch {
	case vp.Off:
		f.Commentf("%s reports whether value looks like a credential to this policy's", name)
		f.Comment("value detectors. The policy turns them off (secrets.values: false), so")
		f.Comment("it reports false.")
		f.Func().Id(name).Params(value).Bool().Block(jen.Return(jen.False()))
	case len(vp.Prefixes) == 0:
		f.Commentf("%s reports whether value looks like a credential to the built-in", name)
		f.Comment("value detectors (envrt.LooksSecret: token formats, PEM private keys, JWTs,")
		f.Comment("URLs with a password): an environment entry that holds it is a secret by")
		f.Comment("value, whatever its name (secrets.values).")
		f.Func().Id(name).Params(value).Bool().Block(
			jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Qual(runtimePath, "LooksSecret").Call(jen.Id("value")),
			jen.Return(jen.Id("ok")),
		)
	default:
		detector := pl.internal("ValueDetector")
		f.Commentf("%s reports whether value looks like a credential to the built-in", name)
		f.Comment("value detectors or starts with one of secrets.valuePrefixes (see")
		f.Commentf("%s): an environment entry that holds it is a secret by", detector)
		f.Comment("value, whatever its name (secrets.values).")
		f.Func().Id(name).Params(value).Bool().Block(
			jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Id(detector).Dot("Match").Call(jen.Id("value")),
			jen.Return(jen.Id("ok")),
		)
		f.Line()
		quoted := make([]string, len(vp.Prefixes))
		for i, p := range vp.Prefixes {
			quoted[i] = fmt.Sprintf("%q", p)
		}
		f.Commentf("%s is, precomputed, what this call builds:", detector)
		f.Commentf("envrt.NewValueDetector(%s): the built-in rules and one", strings.Join(quoted, ", "))
		f.Comment("per prefix, sorted by prefix; First holds their first bytes.")
		f.Var().Id(detector).Op("=").Add(detectorLiteral(vp))
	}
	f.Line()
}

// detectorLiteral is vp.Detector as a composite literal, one rule a line,
// each saying where it comes from.
func detectorLiteral(vp ValuePlan) *jen.Statement {
	own := map[string]bool{}
	for _, p := range vp.Prefixes {
		own[p] = true
	}
	var rules []jen.Code
	for _, r := range vp.Detector.Rules {
		fields := []jen.Code{jen.Id("Prefix").Op(":").Lit(r.Prefix), jen.Id("Kind").Op(":").Lit(r.Kind)}
		if r.Body != envrt.CharsetAny || r.Kind == envrt.KindValuePrefix {
			fields = append(fields, jen.Id("Body").Op(":").Qual(runtimePath, charsetName(r.Body)))
		}
		if r.Min != 0 {
			fields = append(fields, jen.Id("Min").Op(":").Lit(r.Min))
		}
		if r.Max != 0 {
			fields = append(fields, jen.Id("Max").Op(":").Lit(r.Max))
		}
		if r.Shape != envrt.ShapeBody {
			fields = append(fields, jen.Id("Shape").Op(":").Qual(runtimePath, shapeName(r.Shape)))
		}
		from := "built-in"
		if r.Kind == envrt.KindValuePrefix && own[r.Prefix] {
			from = "secrets.valuePrefixes"
		}
		rules = append(rules, jen.Values(fields...).Op(",").Comment(from))
	}
	var words []jen.Code
	for _, w := range vp.Detector.First {
		words = append(words, jen.Id(fmt.Sprintf("%#x", w)))
	}
	return jen.Qual(runtimePath, "ValueDetector").Custom(jen.Options{Open: "{", Close: "}", Multi: true},
		jen.Id("Rules").Op(":").Index().Qual(runtimePath, "ValueRule").Custom(jen.Options{Open: "{", Close: "}", Multi: true}, rules...).Op(","),
		jen.Id("First").Op(":").Qual(runtimePath, "ByteSet").Values(words...).Op(",").Comment(firstBytesComment(vp.Detector.First)),
	)
}

// charsetName is the envrt constant that names c.
func charsetName(c envrt.Charset) string {
	switch c {
	case envrt.CharsetAny:
		return "CharsetAny"
	case envrt.CharsetBase62:
		return "CharsetBase62"
	case envrt.CharsetWord:
		return "CharsetWord"
	case envrt.CharsetURLSafe:
		return "CharsetURLSafe"
	case envrt.CharsetDottedURLSafe:
		return "CharsetDottedURLSafe"
	case envrt.CharsetAlnumDash:
		return "CharsetAlnumDash"
	case envrt.CharsetBase32Upper:
		return "CharsetBase32Upper"
	}
	panic(fmt.Sprintf("envgen: value rule charset %d has no name; add it to charsetName", c))
}

// shapeName is the envrt constant that names s.
func shapeName(s envrt.Shape) string {
	switch s {
	case envrt.ShapeBody:
		return "ShapeBody"
	case envrt.ShapeOpenAILegacy:
		return "ShapeOpenAILegacy"
	case envrt.ShapePEM:
		return "ShapePEM"
	case envrt.ShapeJWT:
		return "ShapeJWT"
	}
	panic(fmt.Sprintf("envgen: value rule shape %d has no name; add it to shapeName", s))
}

// firstBytesComment lists the bytes of s, for a comment.
func firstBytesComment(s envrt.ByteSet) string {
	var b strings.Builder
	for c := 0; c < 256; c++ {
		if s.Has(byte(c)) {
			if c > ' ' && c < 0x7f {
				b.WriteByte(byte(c))
			} else {
				fmt.Fprintf(&b, "\\x%02x", c)
			}
		}
	}
	return b.String()
}
