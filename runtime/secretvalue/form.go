package secretvalue

import "strings"

// This file works out a finding's form, for Find: where in the value the
// credential sat. Only Find pays for it, after a detector has found one.

// The forms formOf reports beside those the detectors set.
const (
	formQuoted     = "quoted"
	formJSON       = "in JSON"
	formConnection = "in a connection string"
	formINI        = "in INI text"
	formNetrc      = "in netrc text"
	formEscapedPEM = "with `\\n` escapes"
	formText       = "in text"
)

// formOf returns where h sat in value.
func formOf(value string, h *hit) string {
	start, end := int(h.start), int(h.end)
	if h.decoded {
		return formBase64
	}
	ts, te := 0, len(value)
	for ts < te && isSpace(value[ts]) {
		ts++
	}
	for te > ts && isSpace(value[te-1]) {
		te--
	}
	if start <= ts && end >= te {
		return ""
	}
	if q := value[ts]; (q == '"' || q == '\'' || q == '`') && value[te-1] == q && start <= ts+1 && end >= te-1 {
		return formQuoted
	}
	before := strings.TrimRight(value[:start], " \t")
	switch {
	case hasFoldSuffix(before, "bearer"):
		return formBearer
	case hasFoldSuffix(before, "basic"):
		return formBasic
	case hasFoldSuffix(before, "token") && len(before) < len(value[:start]):
		return formToken
	}
	if value[ts] == '{' || value[ts] == '[' {
		return formJSON
	}
	if strings.Contains(value[:end], "://") || strings.HasPrefix(value[ts:], "jdbc:") {
		if strings.Count(value, "://") > 1 {
			return formURLList
		}
		return formURL
	}
	if h.family == familyPEM && strings.Contains(value[start:min(len(value), start+200)], `\n`) {
		return formEscapedPEM
	}
	if hasFoldPrefix(value[ts:], "machine ") || strings.Contains(value, "\nmachine ") {
		return formNetrc
	}
	if strings.Contains(value, "\n") && (strings.Contains(value, "[") || strings.Contains(value, " = ") || strings.Contains(value, "=")) {
		return formINI
	}
	if strings.Contains(value, ";") && strings.Contains(value, "=") {
		return formConnection
	}
	return formText
}
