package gen

import (
	"slices"

	"github.com/dave/jennifer/jen"

	"github.com/envgen/envgen/internal/policy"
)

// emitSharedParams prints the Params struct of a policy with params:,
// which every task with parameters takes.
func emitSharedParams(f *jen.File, pl *Plan) {
	f.Commentf("%sParams holds the parameters the policy's tasks share (params:), each the", pl.Prefix)
	f.Comment("text of its {param} in the policy. A task reads the fields its values use.")
	f.Type().Id(pl.Prefix + "Params").StructFunc(func(g *jen.Group) {
		for _, p := range pl.SharedParams {
			g.Id(policy.UpperFirst(p)).String().Comment("{" + p + "}")
		}
	})
	f.Line()
}

// emitTaskLookup prints the task table of a policy with params:: the
// EnvFunc type, Lookup, which returns a task's builder by its key, and
// TaskKeys. A task without parameters is wrapped to ignore Params.
func emitTaskLookup(f *jen.File, pl *Plan) {
	envFunc := pl.Prefix + "EnvFunc"
	paramsType := pl.Prefix + "Params"
	signature := []jen.Code{jen.Id("environ").Index().String(), jen.Id("p").Id(paramsType), jen.Id("overrides").Op("...").Add(varType(pl))}

	f.Commentf("%s is the one signature %sLookup gives every task's builder, so that a", envFunc, pl.Prefix)
	f.Comment("task runner can pick one by key at run time; a task without parameters")
	f.Comment("ignores p.")
	f.Type().Id(envFunc).Func().Params(signature...).Index().String()
	f.Line()

	f.Commentf("%sLookup returns the builder (…Env) of the task whose key is key, and", pl.Prefix)
	f.Comment("whether the policy has that task.")
	f.Func().Id(pl.Prefix+"Lookup").Params(jen.Id("key").String()).Params(jen.Id(envFunc), jen.Bool()).Block(
		jen.Switch(jen.Id("key")).BlockFunc(func(g *jen.Group) {
			for _, t := range pl.Tasks {
				var builder jen.Code = jen.Id(t.GoName + "Env")
				if len(t.Params) == 0 {
					builder = jen.Func().Params(jen.Id("environ").Index().String(), jen.Id("_").Id(paramsType), jen.Id("overrides").Op("...").Add(varType(pl))).Index().String().Block(
						jen.Return(jen.Id(t.GoName+"Env").Call(jen.Id("environ"), jen.Id("overrides").Op("..."))),
					)
				}
				g.Case(jen.Lit(t.Key)).Block(jen.Return(builder, jen.True()))
			}
		}),
		jen.Return(jen.Nil(), jen.False()),
	)
	f.Line()

	var keys []jen.Code
	for _, k := range sortedTaskKeys(pl.Tasks) {
		keys = append(keys, item(jen.Lit(k), ""))
	}
	f.Commentf("%sTaskKeys returns the keys %sLookup knows, sorted, in a fresh slice.", pl.Prefix, pl.Prefix)
	f.Func().Id(pl.Prefix + "TaskKeys").Params().Index().String().Block(
		jen.Return(jen.Append(jen.Index().String().Values(), jen.Id(pl.internal("TaskKeys")).Index(jen.Empty(), jen.Empty()).Op("..."))),
	)
	f.Line()
	f.Commentf("%s is what %sTaskKeys returns.", pl.internal("TaskKeys"), pl.Prefix)
	f.Var().Id(pl.internal("TaskKeys")).Op("=").Index(jen.Op("...")).String().Add(lines(keys))
	f.Line()
}

// sortedTaskKeys returns the tasks' keys, sorted by bytes.
func sortedTaskKeys(tasks []TaskPlan) []string {
	keys := make([]string, 0, len(tasks))
	for _, t := range tasks {
		keys = append(keys, t.Key)
	}
	slices.Sort(keys)
	return keys
}
