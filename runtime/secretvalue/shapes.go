package secretvalue

// This file holds the token formats with no prefix, told by a fixed
// shape inside: the run holds them whole, and its length alone rules
// out almost every run.

// mailchimpAt reports a Mailchimp API key, the run s[i:e]: 32 hex
// digits, "-us" and the two digits of its data center (gitleaks'
// mailchimp-api-key, case-insensitive as it is).
func mailchimpAt(s string, i, e int, h *hit) bool {
	if e-i != 37 || s[i+32] != '-' || !hasFoldPrefix(s[i+33:], "us") || !isDigits(s[i+35:e]) || span(s, i, hexAny) != i+32 {
		return false
	}
	return h.set("Mailchimp API key", i, e)
}

// maxmindAt reports a MaxMind license key, the run s[i:e]: 6 letters
// or digits, '_', 29 more and "_mmk" (gitleaks' maxmind-license-key).
func maxmindAt(s string, i, e int, h *hit) bool {
	if e-i != 40 || s[i+6] != '_' || s[e-4:e] != "_mmk" || span(s, i, base62) != i+6 || span(s, i+7, base62) != e-4 {
		return false
	}
	return h.set("MaxMind license key", i, e)
}

// terraformAt reports an HCP Terraform (Terraform Cloud) API token that
// starts the run s[i:e]: 14 letters or digits, ".atlasv1.", and 60 to
// 70 bytes of [A-Za-z0-9_=-] (gitleaks' hashicorp-tf-api-token).
func terraformAt(s string, i, e int, h *hit) bool {
	if e-i < 23 || s[i+14:i+23] != ".atlasv1." || span(s, i, base62) != i+14 {
		return false
	}
	end := spanN(s, i+23, urlSafePad, 71)
	if n := end - (i + 23); n < 60 || n > 70 {
		return false
	}
	return h.set("HCP Terraform API token", i, end)
}
