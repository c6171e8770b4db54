package secretvalue

import "hash/maphash"

// Finding says what credential a value holds and in what form, never the
// credential.
type Finding struct {
	// Family names the credential: "GitHub token", "PEM private key",
	// "URL with a password", "value with a secret prefix", …
	Family string
	// Form is "" when the value is the credential alone (give or take
	// surrounding whitespace), else where it sat: "after `Bearer `",
	// "quoted", "in a URL", "in a URL list", "in a connection string",
	// "in JSON", "in INI text", "in base64", …
	Form string
	// Prefix is, for Family "value with a secret prefix", the prefix
	// given to New that matched: the caller's own text.
	Prefix string
}

// String returns the family and the form, as in "GitHub token after
// `Bearer `". It holds no byte of the value.
func (f Finding) String() string {
	if f.Form == "" {
		return f.Family
	}
	return f.Family + " " + f.Form
}

// Detector finds credentials in values: the built-in detectors and the
// prefixes it was made with. Its detectors are fixed once made, and it is
// safe for concurrent use; it remembers what it found in values of 8
// bytes or more (see memo).
type Detector struct {
	index       prefixIndex
	userPrefix  bool  // some prefix was given to New
	shortPrefix []int // families whose prefix is one byte, too short to index
	memo        memo
}

// builtin is the detector with the built-in detectors alone.
var builtin = New()

// New returns a detector with the built-in detectors and one more family
// per prefix: a value holding the prefix followed by at least one byte
// that is not a space or control byte, at its start or at the start of a
// run of 16 or more bytes of [A-Za-z0-9_.-] anywhere, is a "value with a
// secret prefix". The policy loader checks what its secrets.valuePrefixes
// hold (printable ASCII, 4 bytes or more); New skips empty prefixes. Of
// a built-in family and a prefix that both match at the same place, the
// longer prefix wins, the built-in one on a tie.
func New(prefixes ...string) *Detector {
	fams := append([]family(nil), builtinFamilies...)
	for _, p := range prefixes {
		if p != "" {
			fams = append(fams, family{prefix: p, name: familyPrefix, body: printable, min: 1})
		}
	}
	d := &Detector{userPrefix: len(fams) > len(builtinFamilies)}
	d.memo.seed = maphash.MakeSeed()
	d.memo.table.Store(newMemoTable(memoSlots))
	d.index.build(fams)
	for i, f := range d.index.families {
		if len(f.prefix) == 1 {
			d.shortPrefix = append(d.shortPrefix, i)
		}
	}
	return d
}

// Contains reports whether value holds a credential by d's detectors. It
// allocates nothing.
func (d *Detector) Contains(value string) bool {
	if len(value) >= memoFrom {
		return d.memo.contains(d, value)
	}
	if !d.userPrefix {
		return false // shorter than minValue (memoFrom): only a prefix of one's own
	}
	var h hit
	return d.scan(value, 0, &h)
}

// Find reports the first credential d finds in value, by family and
// form. It allocates nothing.
func (d *Detector) Find(value string) (Finding, bool) {
	var h hit
	if !d.scan(value, 0, &h) {
		return Finding{}, false
	}
	f := Finding{Family: h.family, Form: formOf(value, &h)}
	if h.user > 0 {
		f.Prefix = d.index.families[h.user-1].prefix
	}
	return f, true
}

// Contains reports whether value holds a credential by the built-in
// detectors. It allocates nothing.
func Contains(value string) bool { return builtin.Contains(value) }

// Find reports the first credential the built-in detectors find in
// value. It allocates nothing.
func Find(value string) (Finding, bool) { return builtin.Find(value) }

// hit is where a detector found a credential in the text it scanned.
// Detectors report one by filling a hit their caller passes and
// returning true.
type hit struct {
	family     string
	start, end int32    // the credential's bytes (for base64, the base64 text)
	user       int16    // for familyPrefix, 1 + the family's index in the detector's table
	enc        encoding // found in text decoded from base64 or hex, 0 if not
	form       string   // the form, when the detector knows it better than formOf
	by         detector // the registry's detector that found it, 0 for a family
}

// set fills h and returns true.
func (h *hit) set(family string, start, end int) bool {
	h.family, h.start, h.end = family, int32(start), int32(end)
	return true
}

// Contains answers a value shorter than memoFrom without scanning it
// when no prefix was given to New: scan reads no value shorter than
// minValue but for such prefixes. The two must be equal.
var _ [memoFrom - minValue]struct{}
var _ [minValue - memoFrom]struct{}

// minValue is the length of the shortest value scan runs the built-in
// detectors on: the word tests read eight bytes. The one shorter value
// they would report, "pwd=" and three bytes, is let go; a shorter value
// is checked for a prefix given to New only.
const minValue = 8

// maxDepth is how many base64 layers a scan decodes: base64 of a Docker
// config whose auth is base64, or of a kubeconfig holding base64 PEM.
const maxDepth = 2

// scan runs every detector over s, the value or text decoded from it at
// depth, and fills h with the first hit. The runs of token bytes are
// found by one skip scan (runs.go), the bytes the anchored detectors
// hang on by another (anchors.go); each detector then checks back from
// where they point; last, the detectors that read a value whole
// (detectors.go).
func (d *Detector) scan(s string, depth int, h *hit) bool {
	if len(s) < minValue {
		return d.userPrefix && len(s) > 0 && d.tokenAtStart(s, h)
	}
	// most values start with no family's first three bytes
	if c := s[0]; isSpace(c) || c == '"' || c == '\'' || d.index.mayStart(c, s[1], s[2]) || d.shortPrefix != nil {
		if d.tokenAtStart(s, h) {
			return true
		}
	}
	if len(s) >= minRun && d.runs(s, depth, h) {
		return true
	}
	return anchors(s, h) || wholeValue(s, h)
}

// tokenAtStart finds a token of any family at the value's start, after
// whitespace and an opening quote, however short its first run: a prefix
// given to New with a short body, a Slack legacy token, base64 of a JWT
// whose first '/' comes early.
func (d *Detector) tokenAtStart(s string, h *hit) bool {
	i := 0
	for i < len(s) && (isSpace(s[i]) || s[i] == '"' || s[i] == '\'') {
		i++
	}
	return d.tokenAt(s, i, h)
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
