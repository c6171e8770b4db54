package secretvalue

// This file is the registry of the detectors beyond the token families
// (families.go): each finds one form of credential, and says where the
// scan must call it. The scan (scan, runs, anchors) knows no detector by
// name; a new form is one function and one row here. Each row's samples,
// what it finds and what it must not, are in detectors_test.go under its
// name, and a test holds every row to having both.

// The registry's rows name their detector's function by a constant, and
// the scan calls it through a switch (call, callRun, callWhole): a call
// through a func value would make the scanned text escape to the heap,
// and the text decoded from base64 lives in a buffer on the stack.

// anchored is a detector called at each of a value's bytes equal to its
// anchor, with the byte's index. A keyed detector reads a key that names
// a credential just before its anchor, so the scan calls it only where
// the bytes before may end one (keyMayEnd).
type anchored struct {
	name   string
	anchor byte
	keyed  bool
	find   detector
}

// anchoredDetectors are the detectors that hang on a byte.
var anchoredDetectors = [...]anchored{
	{"key=value", '=', true, keyValueDetector},
	{"key: value", ':', true, keyColonDetector},
	{"key => value", '>', false, keyArrowDetector},
	{"XML element or attribute", '>', false, xmlDetector},
	{"URL with a credential", '@', false, urlDetector},
	{"Go MySQL DSN", '@', false, dsnDetector},
	{"Microsoft Teams webhook URL", '@', false, teamsDetector},
}

// beforeRun is a detector called at each run (runs.go) that follows its
// byte, with the run's bounds: the text before a run says what it is.
type beforeRun struct {
	name   string
	before byte
	find   detector
}

// beforeRunDetectors are the detectors that read the text before a run.
var beforeRunDetectors = [...]beforeRun{
	{"authorization scheme", ' ', schemeDetector},
	{"authorization scheme", '\t', schemeDetector},
	{"call with a key and a value", '"', keyCallDetector},
	{"webhook URL", '/', webhookDetector},
	{"OpenShift token", '~', openShiftDetector},
	{"Azure AD client secret", '~', azureDetector},
	{"Facebook app access token", '|', facebookDetector},
}

// runShape is a detector called at each run of at least min bytes: a
// token with no prefix, told by its shape.
type runShape struct {
	name string
	min  int
	find detector
}

// runShapes are the tokens told by their shape.
var runShapes = [...]runShape{
	{"Mailchimp API key", 37, mailchimpDetector},
	{"MaxMind license key", 40, maxmindDetector},
	{"HCP Terraform API token", 40, terraformDetector},
}

// whole is a detector called once for each value, which looks for what
// it needs itself.
type whole struct {
	name string
	find detector
}

// valueDetectors are the detectors that read a value whole.
var valueDetectors = [...]whole{
	{"PEM private key", pemDetector},
	{"netrc", netrcDetector},
	{"command line", commandLineDetector},
	{"Kubernetes Secret", kubernetesDetector},
}

// detector names a detector's function.
type detector uint8

// The detectors' functions, as the rows above name them.
const (
	keyValueDetector detector = iota + 1
	keyColonDetector
	keyArrowDetector
	xmlDetector
	keyCallDetector
	urlDetector
	dsnDetector
	teamsDetector
	schemeDetector
	webhookDetector
	openShiftDetector
	azureDetector
	mailchimpDetector
	maxmindDetector
	terraformDetector
	pemDetector
	netrcDetector
	commandLineDetector
	kubernetesDetector
	facebookDetector
)

// call runs an anchored detector at s[j].
func (f detector) call(s string, j int, h *hit) bool {
	if f.anchoredAt(s, j, h) {
		h.by = f
		return true
	}
	return false
}

func (f detector) anchoredAt(s string, j int, h *hit) bool {
	switch f {
	case keyValueDetector:
		return keyValueAt(s, j, h)
	case keyColonDetector:
		return keyColonAt(s, j, h)
	case keyArrowDetector:
		return keyArrowAt(s, j, h)
	case xmlDetector:
		return xmlAt(s, j, h)
	case urlDetector:
		return urlCredentialAt(s, j, h)
	case dsnDetector:
		return dsnAt(s, j, h)
	case teamsDetector:
		return teamsWebhookAt(s, j, h)
	}
	return false
}

// callRun runs a detector of the run s[i:e].
func (f detector) callRun(s string, i, e int, h *hit) bool {
	if f.runAt(s, i, e, h) {
		h.by = f
		return true
	}
	return false
}

func (f detector) runAt(s string, i, e int, h *hit) bool {
	switch f {
	case schemeDetector:
		return afterScheme(s, i, e, h)
	case webhookDetector:
		return webhookPath(s, i, e, h)
	case keyCallDetector:
		return keyCallAt(s, i, e, h)
	case openShiftDetector:
		return openShiftAt(s, i, e, h)
	case azureDetector:
		return azureSecretAt(s, i, e, h)
	case facebookDetector:
		return facebookAppTokenAt(s, i, e, h)
	case mailchimpDetector:
		return mailchimpAt(s, i, e, h)
	case maxmindDetector:
		return maxmindAt(s, i, e, h)
	case terraformDetector:
		return terraformAt(s, i, e, h)
	}
	return false
}

// callWhole runs a detector of the whole value s.
func (f detector) callWhole(s string, h *hit) bool {
	if f.wholeIn(s, h) {
		h.by = f
		return true
	}
	return false
}

func (f detector) wholeIn(s string, h *hit) bool {
	switch f {
	case pemDetector:
		return len(s) >= pemMin && privateKeyIn(s, h)
	case netrcDetector:
		return netrcStart[s[0]] && netrc(s, h)
	case commandLineDetector:
		return commandLine(s, h)
	case kubernetesDetector:
		return kubernetesSecret(s, h)
	}
	return false
}

// maxAnchors is how many anchor bytes the scan's word test takes, and
// maxPerAnchor how many detectors one byte may have: the registry may
// grow to these, and the package does not start past them.
const (
	maxAnchors   = 4
	maxPerAnchor = 3
)

// The tables the scan reads, built from the registry: the detectors for
// each anchor byte, the anchor bytes, the detectors of a run after each
// byte, and the shortest shape.
var (
	anchorFinds, anchorBytes = func() (finds [256][maxPerAnchor]detector, anchors []byte) {
		for _, a := range anchoredDetectors {
			if a.keyed != anchoredDetectors[0].keyed && a.anchor == anchoredDetectors[0].anchor {
				panic("secretvalue: an anchor's detectors are all keyed or none")
			}
			k := 0
			for k < maxPerAnchor && finds[a.anchor][k] != 0 {
				k++
			}
			if k == 0 {
				anchors = append(anchors, a.anchor)
			}
			if k == maxPerAnchor || len(anchors) > maxAnchors {
				panic("secretvalue: the registry holds more anchored detectors than the scan takes")
			}
			finds[a.anchor][k] = a.find
		}
		return finds, anchors
	}()
	anchorKeyed = func() (keyed [256]bool) {
		for _, a := range anchoredDetectors {
			keyed[a.anchor] = a.keyed
		}
		return keyed
	}()
	runFinds = func() (finds [256][]detector) {
		for _, b := range beforeRunDetectors {
			finds[b.before] = append(finds[b.before], b.find)
		}
		return finds
	}()
	minShape = func() int {
		m := runShapes[0].min
		for _, r := range runShapes {
			m = min(m, r.min)
		}
		return m
	}()
)

// shapes reports a token told by its shape that the run s[i:e] holds.
func shapes(s string, i, e int, h *hit) bool {
	for k := range runShapes {
		if e-i >= runShapes[k].min && runShapes[k].find.callRun(s, i, e, h) {
			return true
		}
	}
	return false
}

// context reports the credential that the text before the run s[i:e]
// makes of it; s[i-1] exists.
func context(s string, i, e int, h *hit) bool {
	for _, f := range runFinds[s[i-1]] {
		if f.callRun(s, i, e, h) {
			return true
		}
	}
	return false
}

// wholeValue reports a credential that a detector reading s whole finds.
func wholeValue(s string, h *hit) bool {
	for k := range valueDetectors {
		if valueDetectors[k].find.callWhole(s, h) {
			return true
		}
	}
	return false
}
