package secretvalue

import "strings"

// This file works out a finding's form, for Find: where in the value the
// credential sat. Only Find pays for it, after a detector has found one.

// The forms formOf reports: all of them, from the hit and the text
// around it, since a detector reports a family only.
const (
	formBase64     = "in base64"
	formHex        = "in hex"
	formBearer     = "after `Bearer `"
	formBasic      = "after `Basic `"
	formToken      = "after `token `"
	formURL        = "in a URL"
	formURLList    = "in a URL list"
	formQuoted     = "quoted"
	formJSON       = "in JSON"
	formConnection = "in a connection string"
	formINI        = "in INI text"
	formNetrc      = "in netrc text"
	formEscapedPEM = "with `\\n` escapes"
	formPercent    = "percent-encoded"
	formXML        = "in XML"
	formCommand    = "in a command line"
	formKubernetes = "in a Kubernetes Secret"
	formText       = "in text"
)

// formOf returns where h sat in value.
func formOf(value string, h *hit) string {
	switch h.enc {
	case inBase64:
		return formBase64
	case inHex:
		return formHex
	}
	if h.form != "" {
		return h.form
	}
	start, end := int(h.start), int(h.end)
	ts, te := 0, len(value)
	for ts < te && isSpace(value[ts]) {
		ts++
	}
	for te > ts && isSpace(value[te-1]) {
		te--
	}
	json := looksJSONText(value[ts:te])
	if h.family == familyPEM && !json && strings.Contains(value[start:end], `\n`) {
		return formEscapedPEM
	}
	if start <= ts && end >= te {
		return ""
	}
	if q := value[ts]; (q == '"' || q == '\'' || q == '`') && value[te-1] == q && start <= ts+1 && end >= te-1 {
		return formQuoted
	}
	var w string // the scheme before a token, as the detectors read it
	if start > 0 && (value[start-1] == ' ' || value[start-1] == '\t') {
		w = contextWord(value, start)
	}
	switch {
	case strings.EqualFold(w, "bearer"):
		return formBearer
	case strings.EqualFold(w, "basic"):
		return formBasic
	case strings.EqualFold(w, "token"):
		return formToken
	case json:
		return formJSON
	case inURL(value, start):
		if strings.Count(value, "://") > 1 {
			return formURLList
		}
		return formURL
	case hasFoldPrefix(value[ts:], "machine ") || hasFoldPrefix(value[ts:], "default ") || strings.Contains(value, "\nmachine "):
		return formNetrc
	case strings.Contains(value[ts:te], "\n") && strings.Contains(value, "="):
		return formINI
	case strings.Contains(value, ";") && strings.Count(value, "=") >= 2:
		return formConnection
	}
	return formText
}

// inURL reports whether value[i] lies in a URL: the stretch around it up
// to a space, quote, angle bracket, comma or semicolon holds "://", or is
// a JDBC URL.
func inURL(value string, i int) bool {
	k := i
	for k > 0 && !endsURL(value[k-1]) && value[k-1] != ';' {
		k--
	}
	e := i
	for e < len(value) && !endsURL(value[e]) && value[e] != ';' {
		e++
	}
	item := value[k:e]
	return strings.Contains(item, "://") || hasFoldPrefix(item, "jdbc:")
}

// looksJSONText reports whether t starts a JSON object or array, or a
// JSON string holding one; "[default]" starts an INI section instead.
func looksJSONText(t string) bool {
	if len(t) >= 2 && t[0] == '"' {
		t = t[1:]
	}
	if t == "" || t[0] != '{' && t[0] != '[' {
		return false
	}
	if t[0] == '{' {
		return true
	}
	for i := 1; i < len(t); i++ {
		switch c := t[i]; {
		case isSpace(c):
			continue
		case c|0x20 >= 'a' && c|0x20 <= 'z':
			return false // a section name
		}
		return true
	}
	return true
}
