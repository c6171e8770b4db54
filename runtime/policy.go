package envrt

// LayoutV2 is named by every generated file, so that a file generated for
// another layout of the tables (the fields of Policy, Task and Patterns,
// and Hash and the filters their values come from) does not compile
// against this runtime, rather than decide with tables it reads otherwise.
// Its name changes with the layout; regenerate with the matching envgen.
// V2: isolated tasks apply Unset (dropInjection), Decision has
// KeepFunction, and a ${NAME} of a secret reads through GetenvExempt, so
// a file generated before, which may read a dropped secret, stops compiling.
const LayoutV2 = 2

// AtMost returns n, or most if n is larger. Generated …Env functions size
// their result with it: the builtin min could be shadowed in their package.
func AtMost(n, most int) int { return min(n, most) }

// Name is one spelling of a name that a policy mentions.
type Name struct {
	Name    string // as the policy spells it
	Variant bool   // another spelling of the previous entry's name (ASCII case aside)
	Secret  bool   // a secret by name or pattern, ASCII case-insensitively
	Pass    bool   // listed in secrets.pass: this exact spelling is no secret
}

// Policy is a policy's name table: a perfect hash over the ASCII
// upper-cased names it mentions, plus its secret patterns.
type Policy struct {
	// Seed and Slots form the hash. With h = Hash(Seed, name) and mask =
	// len(Slots)-1, a name is in slot h&mask or h>>20&mask; a slot holds
	// h>>32<<32 | 1+the index in Names of the name's first spelling, or 0.
	Seed  uint64
	Slots []uint64
	// Names lists every spelling, variants of a name next to each other.
	Names []Name
	// SecretPatterns match secret names the table does not hold, ASCII
	// case-insensitively.
	SecretPatterns Patterns
}

// lookup returns the index in p.Names of the first spelling of name,
// whose hash is h, compared ASCII case-insensitively; or -1.
func (p *Policy) lookup(h uint64, name string) int {
	if len(p.Slots) == 0 {
		return -1
	}
	mask := uint64(len(p.Slots) - 1)
	s := p.Slots[h&mask]
	if s>>32 != h>>32 || s == 0 || !p.spells(s, name) {
		if s = p.Slots[h>>20&mask]; s>>32 != h>>32 || s == 0 || !p.spells(s, name) {
			return -1
		}
	}
	return int(uint32(s)) - 1
}

// spells reports whether the name slot s points at is name, ASCII case
// aside.
func (p *Policy) spells(s uint64, name string) bool {
	n := p.Names[uint32(s)-1].Name
	return n == name || EqualFold(n, name)
}

// Lookup returns the index in p.Names of the first spelling of name,
// compared ASCII case-insensitively, or -1 if p does not mention it.
func (p *Policy) Lookup(name string) int {
	return p.lookup(Hash(p.Seed, name), name)
}

// spellings returns the entries of Names that spell the name whose first
// spelling is Names[i].
func (p *Policy) spellings(i int) []Name {
	j := i + 1
	for j < len(p.Names) && p.Names[j].Variant {
		j++
	}
	return p.Names[i:j]
}

// IsSecret reports whether name is a secret of the policy: it matches a
// secret name or pattern ASCII case-insensitively and is not exempted
// exactly by secrets.pass.
func (p *Policy) IsSecret(name string) bool {
	i := p.Lookup(name)
	if i < 0 {
		return p.SecretPatterns.Match(name, true)
	}
	for _, n := range p.spellings(i) {
		if n.Pass && n.Name == name {
			return false
		}
	}
	return p.Names[i].Secret
}

// Decision says whether a task passes an inherited name that a policy
// entry spells, worked out by envgen from every rule that applies to it.
type Decision uint8

// The decisions a task records for each entry of Policy.Names.
const (
	// Keep passes a name spelled exactly like the entry, where names
	// compare exactly.
	Keep Decision = 1 << iota
	// KeepFolded passes a name spelled exactly like the entry, on
	// Windows, where the name's other spellings' rules apply too.
	KeepFolded
	// KeepVariant, on a name's first spelling, passes a spelling of it
	// that no entry has, on Windows.
	KeepVariant
	// KeepFunction, on an entry a task passes, passes it even with a
	// value that DropFunctions drops: an isolated task's exact
	// passThrough name, spelled exactly so. Unlike the bits above,
	// DecideDrops does not invert it.
	KeepFunction
)

// The same bits in a task whose Decide records what it drops
// (Task.DecideDrops): each says the opposite of its Keep namesake.
const (
	Drop        = Keep
	DropFolded  = KeepFolded
	DropVariant = KeepVariant
)

// Task is one task's generated policy.
type Task struct {
	Policy  *Policy
	Inherit bool       // inherit mode; isolated otherwise
	Decide  []Decision // for each entry of Policy.Names
	// DecideDrops inverts Decide: its bits say what the task drops
	// (Drop, DropFolded, DropVariant). An inherit task passes most names,
	// so its table lists fewer entries this way.
	DecideDrops bool
	// The patterns decide names that no entry spells.
	Pass    Patterns // isolated: passThrough patterns
	Negated Patterns // isolated: passThrough negations ("!" patterns)
	Unset   Patterns // inherit: unset patterns; isolated: dropInjection's
	// Lookup, for an isolated task without passThrough patterns, lists
	// every name it can pass, for BuildOS.
	Lookup []string
	// Heads, for an isolated task whose passThrough patterns all start
	// with 8 bytes or more, holds the heads of every name it can pass.
	Heads *HeadSet
	// DropFunctions drops inherited entries whose value starts with
	// "()", as sudo does: bash functions exported by a bash from before
	// 2014, under any name (dropInjection), but for the spellings Decide
	// marks KeepFunction.
	DropFunctions bool
}

// keepsFunction reports whether t passes an inherited entry of name,
// whose hash is h, even when DropFunctions would drop its value: Decide
// marks that exact spelling KeepFunction.
func (t *Task) keepsFunction(name string, h uint64) bool {
	p := t.Policy
	i := p.lookup(h, name)
	if i < 0 {
		return false
	}
	for j := i; j == i || j < len(p.Names) && p.Names[j].Variant; j++ {
		if p.Names[j].Name == name {
			return t.Decide[j]&KeepFunction != 0
		}
	}
	return false
}

// keep reports whether an inherited name, whose hash is h, reaches the
// child (layers 1 and 2 of an isolated task; the secret and unset filters
// of an inherit task), with names compared ASCII case-insensitively when
// fold is set.
func (t *Task) keep(name string, h uint64, fold bool) bool {
	p := t.Policy
	i := p.lookup(h, name)
	if i < 0 {
		return t.keepUnnamed(name, fold)
	}
	for j := i; j == i || j < len(p.Names) && p.Names[j].Variant; j++ {
		if p.Names[j].Name == name {
			if fold {
				return t.decides(j, KeepFolded)
			}
			return t.decides(j, Keep)
		}
	}
	if fold {
		return t.decides(i, KeepVariant)
	}
	// A spelling no entry has, where names compare exactly: no rule
	// names it, so only its secrecy and the patterns decide.
	return t.byPatterns(name, p.Names[i].Secret, false)
}

// decides reports whether t keeps by bit the name that Policy.Names[i]
// spells, whichever way Decide records it.
func (t *Task) decides(i int, bit Decision) bool {
	return t.Decide[i]&bit != 0 != t.DecideDrops
}

// keepUnnamed is keep for a name that the policy does not mention.
func (t *Task) keepUnnamed(name string, fold bool) bool {
	if !t.Inherit && !t.Pass.Match(name, fold) {
		return false // the common case: an isolated task drops it
	}
	return t.byPatterns(name, t.Policy.SecretPatterns.Match(name, true), fold)
}

// byPatterns decides a name that no rule of the task names exactly.
func (t *Task) byPatterns(name string, secret, fold bool) bool {
	if secret {
		return false
	}
	if t.Inherit {
		return !t.Unset.Match(name, fold)
	}
	return t.Pass.Match(name, fold) && !t.Negated.Match(name, fold) && !t.Unset.Match(name, fold)
}
