package gen

import "github.com/dave/jennifer/jen"

// emitSeal prints Seal: the process's secrets, by this policy's rules,
// out of its own environment.
func emitSeal(f *jen.File, pl *Plan) {
	name := pl.Prefix + "Seal"
	f.Commentf("%s takes this process's secrets, by this policy's rules (by name, and", name)
	f.Comment("by value unless secrets.pass names the entry), out of its own environment:")
	f.Comment("see envrt.Seal, which does the same by the built-in lists.")
	f.Func().Id(name).Params(jen.Id("opts").Op("...").Add(apiType(pl, "SealOption"))).
		Params(jen.Op("*").Add(apiType(pl, "Sealed")), jen.Error()).Block(
		jen.Return(jen.Id(pl.internal("Policy")).Dot("Seal").Call(jen.Id("opts"))),
	)
	f.Line()
}
