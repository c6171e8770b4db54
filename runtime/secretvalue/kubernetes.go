package secretvalue

import (
	"strings"
	"unsafe"
)

// This file holds the Kubernetes Secret detector: a manifest of kind
// Secret (YAML, or JSON as kubectl prints it) holds its credentials under
// data, base64 of each, or stringData, in the clear, under any keys it
// likes (`data: {db-url: …}`), so no key names them.

// kubernetesSecret reports a Kubernetes Secret manifest's entry: a
// value of its data block that decodes to text of 6 bytes or more, or of
// its stringData block of 6 bytes or more, neither a placeholder, under
// a key that does not name a public part (namespace, a certificate: ca.crt,
// tls.crt, *.pub). The manifest's kind and its blocks may come in any
// order (kubectl sorts its keys: data before kind).
func kubernetesSecret(s string, h *hit) bool {
	if len(s) < 32 || !secretKind(s) {
		return false
	}
	for i := 0; i < len(s); {
		j := strings.Index(s[i:], "ata")
		if j < 0 {
			return false
		}
		i += j + 3
		a := i - 3 // "ata" of "data" or "stringData"
		var encoded bool
		switch {
		case a >= 1 && s[a-1] == 'd':
			encoded = true
			a--
		case a >= 7 && s[a-7:a] == "stringD":
			a -= 7
		default:
			continue
		}
		if a > 0 && (isRun[s[a-1]] || s[a-1] == '"' && (a < 2 || isRun[s[a-2]])) {
			continue // another key: metadata, binaryData
		}
		var found bool
		if a > 0 && s[a-1] == '"' {
			found, i = jsonEntries(s, i+1, encoded, h)
		} else {
			found, i = yamlEntries(s, a, i, encoded, h)
		}
		if found {
			return true
		}
	}
	return false
}

// secretKind reports whether s holds "kind: Secret" (YAML) or "kind":
// "Secret" (JSON): the word Secret, then a byte that ends a value, after
// kind's colon.
func secretKind(s string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], "Secret")
		if j < 0 {
			return false
		}
		i += j + 6
		if i < len(s) && !isSpace(s[i]) && s[i] != '"' && s[i] != '\'' && s[i] != ',' && s[i] != '}' {
			continue // SecretList, SecretProviderClass
		}
		k := i - 6
		if k > 0 && (s[k-1] == '"' || s[k-1] == '\'') {
			k--
		}
		for k > 0 && (s[k-1] == ' ' || s[k-1] == '\t') {
			k--
		}
		if k == 0 || s[k-1] != ':' {
			continue
		}
		k--
		if k > 0 && s[k-1] == '"' {
			k--
		}
		if k >= 4 && s[k-4:k] == "kind" && (k == 4 || !isRun[s[k-5]]) {
			return true
		}
	}
}

// yamlEntries reports a credential among the entries of the YAML block
// whose key starts at s[a] and whose name ends at s[e]: "data:" or
// "stringData:" alone on its line, then lines indented deeper, each "key:
// value"; a line indented deeper still belongs to the entry before (a
// block scalar), whose first line is its value. It returns where it
// stopped reading, so that no byte is read twice: a block inside the
// block is its content, not a Secret's.
func yamlEntries(s string, a, e int, encoded bool, h *hit) (bool, int) {
	ls := a
	for ls > 0 && (s[ls-1] == ' ' || s[ls-1] == '\t' || s[ls-1] == '-' && ls < a) {
		ls-- // spaces, and a list item's dash: items:\n- data:
	}
	if ls > 0 && s[ls-1] != '\n' || e >= len(s) || s[e] != ':' {
		return false, e // not a key at a line's start
	}
	indent := a - ls
	i := e + 1
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r') {
		i++
	}
	if i < len(s) && s[i] != '\n' {
		return false, i // a value on the same line: not a block
	}
	entry := -1 // the entries' indentation, once read
	block := false
	for lines := 0; i < len(s) && lines < maxEntries; lines++ {
		i++ // past '\n'
		k := i
		for k < len(s) && s[k] == ' ' {
			k++
		}
		end := k
		for end < len(s) && s[end] != '\n' {
			end++
		}
		line := strings.TrimRight(s[k:end], " \t\r")
		switch {
		case line == "" || line[0] == '#':
		case k-i <= indent:
			return false, i // the block ends
		case entry < 0 || k-i == entry:
			entry = k - i
			key, v := line, ""
			if c := strings.Index(line, ": "); c > 0 {
				key, v = line[:c], strings.TrimSpace(line[c+2:])
			} else if strings.HasSuffix(line, ":") {
				key = line[:len(line)-1]
			}
			block = v == "|" || v == ">" || v == "|-" || v == ">-"
			if !block && secretEntry(key, trimQuotes(v), encoded) {
				return setEntry(k, end, h), end
			}
		case block:
			block = false
			if secretEntry("", line, encoded) {
				return setEntry(k, end, h), end
			}
		}
		i = end
	}
	return false, i
}

// jsonEntries reports a credential among the members of the JSON object
// that follows s[i] ("data": {…}), each "key": "value", and where it
// stopped reading.
func jsonEntries(s string, i int, encoded bool, h *hit) (bool, int) {
	i = skipJSONSpace(s, i)
	if i >= len(s) || s[i] != ':' {
		return false, i
	}
	i = skipJSONSpace(s, i+1)
	if i >= len(s) || s[i] != '{' {
		return false, i
	}
	for members := 0; members < maxEntries; members++ {
		i = skipJSONSpace(s, i+1)
		if i >= len(s) || s[i] != '"' {
			return false, i
		}
		ke := strings.IndexByte(s[i+1:min(len(s), i+1+256)], '"')
		if ke < 0 {
			return false, i
		}
		key := s[i+1 : i+1+ke]
		i = skipJSONSpace(s, i+2+ke)
		if i >= len(s) || s[i] != ':' {
			return false, i
		}
		i = skipJSONSpace(s, i+1)
		if i >= len(s) || s[i] != '"' {
			return false, i
		}
		ve := strings.IndexByte(s[i+1:min(len(s), i+1+maxValue)], '"')
		if ve < 0 {
			return false, i
		}
		if secretEntry(key, s[i+1:i+1+ve], encoded) {
			return setEntry(i+1, i+1+ve, h), i

		}
		i = skipJSONSpace(s, i+2+ve)
		if i >= len(s) || s[i] != ',' {
			return false, i
		}
	}
	return false, i
}

// maxEntries is how many lines or members of a block the detector reads:
// a scan reads no byte more than a bounded number of times.
const maxEntries = 256

func skipJSONSpace(s string, i int) int {
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	return i
}

// secretEntry reports whether v, a Secret's entry under key, is a
// credential: 6 bytes or more of text (decoded from base64 if encoded),
// not a placeholder, not a certificate, under a key that names no
// public part.
func secretEntry(key, v string, encoded bool) bool {
	key = trimQuotes(key)
	if key == "namespace" || strings.HasSuffix(key, ".crt") || strings.HasSuffix(key, ".pub") || strings.HasSuffix(key, ".cert") {
		return false
	}
	if encoded {
		var buf [96]byte
		if len(v) < 8 || span(v, 0, base64Std) < len(strings.TrimRight(v, "=")) {
			return false
		}
		n := decodeBase64(buf[:], v)
		for k := 0; k < n; k++ {
			if !isText(buf[k]) {
				return false
			}
		}
		if n == 0 {
			return false
		}
		v = unsafe.String(&buf[0], n)
	}
	v = strings.TrimSpace(v)
	return len(v) >= 6 && passwordOK(v) && !placeholder(v) && !strings.HasPrefix(v, "-----BEGIN ")
}

// setEntry fills h with a Secret's entry at start:end.
func setEntry(start, end int, h *hit) bool {
	h.form = formKubernetes
	return h.set(familySecret, start, end)
}
