package secretvalue

import "hash/maphash"

// BuiltinPrefixes returns the prefix and family of each built-in token
// family, for the tests that every one has a sample.
func BuiltinPrefixes() (prefixes, families []string) {
	for _, f := range builtinFamilies {
		prefixes = append(prefixes, f.prefix)
		families = append(families, f.name)
	}
	return prefixes, families
}

// CredentialKeys returns the words of the keys that name a credential,
// for the test that every one has a sample.
func CredentialKeys() []string {
	var words []string
	for _, k := range credentialKeys {
		words = append(words, k.word)
	}
	return words
}

// Vocabulary returns every family name and every form a Finding can
// hold: the detectors' words.
func Vocabulary() (families, forms []string) {
	seen := map[string]bool{}
	for _, f := range builtinFamilies {
		if !seen[f.name] {
			seen[f.name] = true
			families = append(families, f.name)
		}
	}
	for _, k := range credentialKeys {
		if !seen[k.family] {
			seen[k.family] = true
			families = append(families, k.family)
		}
	}
	families = append(families, familyPEM, familyPrefix, familyURLPass, familyDSN, familyToken, familyPassword,
		familyBundle, "OpenShift token", "Slack webhook URL", "Discord webhook URL", "Microsoft Teams webhook URL",
		"Azure AD client secret", "Mailchimp API key", "MaxMind license key", "HCP Terraform API token")
	forms = []string{"", formBase64, formHex, formBearer, formBasic, formToken, formURL, formURLList, formQuoted,
		formJSON, formConnection, formINI, formNetrc, formEscapedPEM, formPercent, formXML, formCommand, formKubernetes, formText}
	return families, forms
}

// Scanned reports whether value holds a credential by d's scan, without
// the memo: what Contains must answer, remembered or not.
func Scanned(d *Detector, value string) bool {
	var h hit
	return d.scan(value, 0, &h)
}

// MemoBucket returns the bucket of memo slots value takes in d's memo:
// four values in one bucket stay, a fifth pushes the fourth out.
func MemoBucket(d *Detector, value string) uint64 {
	return maphash.String(d.memo.seed, value) >> (d.memo.table.Load().shift + 2)
}

// Remembered reports how many of d's memo slots hold a value.
func Remembered(d *Detector) int {
	n := 0
	t := d.memo.table.Load()
	for i := range t.slots {
		if t.slots[i].Load() != 0 {
			n++
		}
	}
	return n
}

// MemoSlots reports how many slots d's memo has.
func MemoSlots(d *Detector) int { return len(d.memo.table.Load().slots) }
