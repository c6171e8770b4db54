package envgenvet

// This file names the kinds of finding: each diagnostic carries one as
// its Category, for reports that group findings by rule (SARIF, JSON).

// The categories of the analyzer's diagnostics, one per kind of finding.
const (
	// CategoryNilEnv is a child whose environment may be nil, which
	// means the parent's whole environment.
	CategoryNilEnv = "nil-env"
	// CategoryParentEnv is a child whose environment may be os.Environ()
	// or derived from it.
	CategoryParentEnv = "parent-env"
	// CategoryExtendedBuilder is a child whose environment may be a
	// builder's result with a non-constant entry added after it ran.
	CategoryExtendedBuilder = "extended-builder"
	// CategoryFirstWins is a builder given os.Environ() with entries
	// appended, which lose to the parent's entries of the same names.
	CategoryFirstWins = "first-wins"
	// CategoryFieldStore is a store to a struct field of an environment
	// that may be os.Environ() or derived, or nil, whose value reaches a
	// site that starts a child with it.
	CategoryFieldStore = "field-store"
	// CategoryDependency is a call of a function of another module that
	// starts a child with os.Environ() or derived, whatever it is given.
	CategoryDependency = "dependency"
	// CategoryForwardedSets is envrt.Sets given os.Environ() or derived,
	// which passes every entry as given, secrets too.
	CategoryForwardedSets = "forwarded-sets"
	// CategoryDirectiveNoReason is an //envgen:inherit without a reason.
	CategoryDirectiveNoReason = "directive-no-reason"
	// CategoryDirectiveUnused is an //envgen:inherit that accepts
	// nothing in the build configuration checked.
	CategoryDirectiveUnused = "directive-unused"
)

// Rule describes one category of finding for reports that list their
// rules (SARIF's).
type Rule struct {
	Category string // the diagnostics' Category
	Summary  string // one sentence saying what is wrong
	Leak     bool   // a child may get an environment no policy built (else a directive's problem)
}

// Rules lists every category of finding, those about children first.
var Rules = []Rule{
	{CategoryNilEnv, "A child starts with Env nil, which gives it this process's whole environment.", true},
	{CategoryParentEnv, "A child starts with os.Environ() or an environment derived from it, every secret of this process included.", true},
	{CategoryExtendedBuilder, "A child starts with a builder's result to which a non-constant entry was added after the builder ran, bypassing the policy.", true},
	{CategoryFirstWins, "A builder is given os.Environ() with entries appended, which lose to this process's entries of the same names.", true},
	{CategoryFieldStore, "An environment that is os.Environ(), derived from it, or nil is stored in a struct field whose value reaches a site that starts a child with it.", true},
	{CategoryDependency, "A function of another module is called that starts a child with os.Environ() or derived, whatever it is given.", true},
	{CategoryForwardedSets, "envrt.Sets is given os.Environ() or an environment derived from it, which passes every entry as given, secrets too.", true},
	{CategoryDirectiveNoReason, "An //envgen:inherit directive gives no reason, and so accepts nothing.", false},
	{CategoryDirectiveUnused, "An //envgen:inherit directive accepts no finding in the build configuration checked.", false},
}
