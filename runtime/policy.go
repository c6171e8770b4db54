package envrt

// Role is what a task does with one exact spelling of a name.
type Role uint8

// The roles a task gives a name it lists. On Windows a role also applies to
// the name's other spellings, except that only the exact spelling of a
// passThrough name exempts a secret.
const (
	RoleNone        Role = iota // not listed by the task
	RolePassThrough             // passThrough name: passed, and not a secret for this task
	RoleNegated                 // isolated passThrough "!NAME": never passed
	RoleUnset                   // inherit unset name: never passed
)

// Name is one spelling of a name that a policy mentions.
type Name struct {
	Name      string // as the policy spells it
	Variant   bool   // another spelling of the previous entry's name (ASCII case aside)
	Secret    bool   // a secret by name or pattern, ASCII case-insensitively
	Pass      bool   // listed in secrets.pass: this exact spelling is no secret
	Essential bool   // an essential: isolated tasks pass it
}

// Policy is a policy's name table: a perfect hash over the ASCII
// upper-cased names it mentions, plus its secret patterns.
type Policy struct {
	// Seed and Slots form the hash: a name's two candidate slots are
	// Hash(Seed, name)&mask and Hash(Seed, name)>>16&mask, where mask
	// is len(Slots)-1; a slot holds 1+the index in Names of the first
	// spelling of a name, or 0.
	Seed  uint32
	Slots []uint32
	// Names lists every spelling, variants of a name next to each other.
	Names []Name
	// SecretPatterns match secret names the table does not hold.
	SecretPatterns []Pattern
}

// Hash is the table hash: FNV-1a over the ASCII upper-cased bytes of name,
// starting from seed.
func Hash(seed uint32, name string) uint32 {
	h := 2166136261 ^ seed
	for i := 0; i < len(name); i++ {
		h ^= uint32(upper(name[i]))
		h *= 16777619
	}
	return h
}

// hashExact is FNV-1a over name as it is, for the de-duplication table
// when names compare exactly: case variants then spread out instead of
// sharing one probe chain.
func hashExact(name string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(name); i++ {
		h ^= uint32(name[i])
		h *= 16777619
	}
	return h
}

// Lookup returns the index in p.Names of the first spelling of name,
// compared ASCII case-insensitively, or -1 if p does not mention it.
func (p *Policy) Lookup(name string) int {
	if len(p.Slots) == 0 {
		return -1
	}
	h := Hash(p.Seed, name)
	mask := uint32(len(p.Slots) - 1)
	if i := p.Slots[h&mask]; i != 0 && EqualFold(p.Names[i-1].Name, name) {
		return int(i - 1)
	}
	if i := p.Slots[h>>16&mask]; i != 0 && EqualFold(p.Names[i-1].Name, name) {
		return int(i - 1)
	}
	return -1
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
		return matchAny(p.SecretPatterns, name, true)
	}
	for _, n := range p.spellings(i) {
		if n.Pass && n.Name == name {
			return false
		}
	}
	return p.Names[i].Secret
}

// Task is one task's generated policy.
type Task struct {
	Policy  *Policy
	Inherit bool      // inherit mode; isolated otherwise
	Roles   []Role    // this task's role for each entry of Policy.Names
	Pass    []Pattern // isolated: passThrough patterns
	Negated []Pattern // isolated: passThrough negations ("!" patterns)
	Unset   []Pattern // inherit: unset patterns
}

// keep reports whether an inherited name reaches the child (layers 1 and
// 2 of an isolated task; the secret and unset filters of an inherit task),
// with names compared ASCII case-insensitively when fold is set.
func (t *Task) keep(name string, fold bool) bool {
	p := t.Policy
	var secret, exempt, essential, listed, negated, unset bool
	if i := p.Lookup(name); i >= 0 {
		secret = p.Names[i].Secret
		for j, n := range p.spellings(i) {
			exact := n.Name == name
			if !exact && !fold {
				continue
			}
			role := t.Roles[i+j]
			exempt = exempt || exact && (n.Pass || role == RolePassThrough)
			essential = essential || n.Essential
			listed = listed || role == RolePassThrough
			negated = negated || role == RoleNegated
			unset = unset || role == RoleUnset
		}
	} else {
		secret = matchAny(p.SecretPatterns, name, true)
	}
	secret = secret && !exempt
	if t.Inherit {
		return !secret && !unset && !matchAny(t.Unset, name, fold)
	}
	if negated || matchAny(t.Negated, name, fold) {
		return false
	}
	return essential || !secret && (listed || matchAny(t.Pass, name, fold))
}
