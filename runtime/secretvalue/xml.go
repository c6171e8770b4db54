package secretvalue

// This file holds the XML detector: an element whose name is a key that
// names a credential (<password>…</password>, FileZilla's <Pass
// encoding="base64">…</Pass>, <apiToken>\n  …\n</apiToken>), or a start
// tag whose attributes pair such a key with a value (.NET's and NuGet's
// <add key="ClearTextPassword" value="…" />). An attribute named for a
// credential (password="…") is key=value text.

// maxTag is how far back from a '>' xmlAt looks for the tag's '<'.
const maxTag = 256

// xmlAt reports the credential of the start tag whose '>' is at s[g]:
// its element's text, or a value attribute beside a key attribute.
func xmlAt(s string, g int, h *hit) bool {
	if g == 0 || s[g-1] == '=' || s[g-1] == '-' {
		return false // => (keyArrowAt), -> and -->
	}
	lt := g - 1
	for lt >= 0 && g-lt <= maxTag && s[lt] != '<' && s[lt] != '>' {
		lt--
	}
	if lt < 0 || s[lt] != '<' || lt+1 >= g || !isNameStart(s[lt+1]) {
		return false // no tag, an end tag, a declaration or a comment
	}
	n := lt + 1
	for n < g && (isRun[s[n]] || s[n] == ':') {
		n++
	}
	name := s[lt+1 : n]
	for i := len(name) - 1; i >= 0; i-- {
		if name[i] == ':' { // a namespace prefix
			name = name[i+1:]
			break
		}
	}
	if len(name) >= 2 && mayEndKey(name[len(name)-2], name[len(name)-1]) && s[g-1] != '/' {
		if ck := keyFamily(name); ck != nil {
			return elementText(s, ck, g+1, h)
		}
	}
	return keyAttribute(s, s[n:g], n, h)
}

func isNameStart(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' || c == '_' }

// elementText reports the text that starts at s[t], trimmed of
// whitespace and up to the next '<', as a credential of ck's.
func elementText(s string, ck *credentialKey, t int, h *hit) bool {
	lim := min(len(s), t+maxValue)
	for t < lim && isSpace(s[t]) {
		t++
	}
	end := t
	for end < lim && s[end] != '<' {
		end++
	}
	if end >= lim && lim < len(s) || end == len(s) {
		return false // no end tag in reach
	}
	for end > t && isSpace(s[end-1]) {
		end--
	}
	if !ck.valueIn(s, t, end) {
		return false
	}
	h.form = formXML
	return h.set(ck.family, t, end)
}

// keyAttribute reports the value attribute of a start tag whose
// attributes, attrs, starting at s[at], pair a key or name attribute
// that names a credential with a value attribute.
func keyAttribute(s, attrs string, at int, h *hit) bool {
	var ck *credentialKey
	vs, ve := -1, -1
	for i := 0; i < len(attrs); {
		for i < len(attrs) && (isSpace(attrs[i]) || attrs[i] == '/') {
			i++
		}
		if i == len(attrs) {
			break
		}
		n := i
		for i < len(attrs) && isRun[attrs[i]] {
			i++
		}
		name := attrs[n:i]
		if i+1 >= len(attrs) || attrs[i] != '=' || attrs[i+1] != '"' && attrs[i+1] != '\'' {
			return false // not name="value": leave it
		}
		q := attrs[i+1]
		v := i + 2
		i = v
		for i < len(attrs) && attrs[i] != q {
			i++
		}
		value := attrs[v:i]
		i++
		switch {
		case len(name) == 3 && hasFoldPrefix(name, "key"), len(name) == 4 && hasFoldPrefix(name, "name"):
			ck = keyFamily(value)
		case len(name) == 5 && hasFoldPrefix(name, "value"):
			vs, ve = v, v+len(value)
		}
	}
	if ck == nil || vs < 0 || !ck.valueIn(attrs, vs, ve) {
		return false
	}
	h.form = formXML
	return h.set(ck.family, at+vs, at+ve)
}
