package secretvalue_test

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/envgen/envgen/runtime/internal/assert"

	"github.com/envgen/envgen/runtime/secretvalue"
)

// This file holds the detectors to no false positives: ordinary values
// of many kinds, made from a seeded PRNG (the same ones on every run)
// with the standard library's encoders, and the values of
// testdata/environ.txt.

const (
	upper  = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	lower  = "abcdefghijklmnopqrstuvwxyz"
	digits = "0123456789"
	hexd   = "0123456789abcdef"
)

func corpusRand() *rand.Rand { return rand.New(rand.NewPCG(15, 2026)) }

func pick(r *rand.Rand, alphabet string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return string(b)
}

func between(r *rand.Rand, lo, hi int) int { return lo + r.IntN(hi-lo+1) }

func oneOf(r *rand.Rand, xs ...string) string { return xs[r.IntN(len(xs))] }

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.UintN(256))
	}
	return b
}

func word(r *rand.Rand) string { return pick(r, lower, between(r, 2, 10)) }

func uuid(r *rand.Rand) string {
	h := hex.EncodeToString(randBytes(r, 16))
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

func pemBlock(r *rand.Rand, label string) string {
	body := base64.StdEncoding.EncodeToString(randBytes(r, between(r, 100, 900)))
	var lines []string
	for len(body) > 64 {
		lines, body = append(lines, body[:64]), body[64:]
	}
	lines = append(lines, body)
	return "-----BEGIN " + label + "-----\n" + strings.Join(lines, "\n") + "\n-----END " + label + "-----\n"
}

// ordinaryKinds make values of one kind that hold no credential.
var ordinaryKinds = []struct {
	kind string
	make func(r *rand.Rand) string
}{
	{"path", func(r *rand.Rand) string {
		return "/" + word(r) + "/" + word(r) + oneOf(r, "", "/", ".yaml", "/bin", "/.cache/"+word(r), "/"+word(r)+"-"+word(r)+"-"+word(r))
	}},
	{"windows path", func(r *rand.Rand) string { return `C:\Users\` + word(r) + `\AppData\Local\` + word(r) }},
	{"windows PATH list", func(r *rand.Rand) string {
		return `C:\Windows\system32;C:\Windows;C:\Program Files\Git\cmd;C:\Users\` + word(r) + `\go\bin;C:\Program Files\nodejs\`
	}},
	{"plain URL", func(r *rand.Rand) string {
		return oneOf(r, "https", "http", "postgres", "redis", "file") + "://" + word(r) + ".example.com" +
			oneOf(r, "", ":8080", ":5432/db", "/a/b?q=1&x="+word(r), "/path@v1", "/?next=user:pass@x", ":8443/api@v2/"+word(r))
	}},
	{"URL with a user, no password", func(r *rand.Rand) string {
		return oneOf(r, "ssh", "https", "git+ssh", "postgres") + "://" + word(r) + "@" + word(r) + ".example.com" + oneOf(r, "", ":22", ":5432/db", "/repo.git")
	}},
	{"URL with an empty or placeholder password", func(r *rand.Rand) string {
		return "postgres://" + word(r) + ":" + oneOf(r, "", "${DB_PASSWORD}", "$DB_PASSWORD", "%DB_PASSWORD%", "<password>", "****", "{{ .Password }}") + "@" + word(r) + ".example.com/db"
	}},
	{"key=value with a placeholder", func(r *rand.Rand) string {
		return oneOf(r, "password", "Password", "token", "secret", "api_key") + "=" + oneOf(r, "${SECRET}", "$SECRET", "****", "<redacted>", "null", "none", "") + oneOf(r, "", ";Server=db")
	}},
	{"UUID", uuid},
	{"sha1 hex", func(r *rand.Rand) string { return hex.EncodeToString(randBytes(r, 20)) }},
	{"sha256 hex", func(r *rand.Rand) string { return hex.EncodeToString(randBytes(r, 32)) }},
	{"sha512 hex", func(r *rand.Rand) string { return hex.EncodeToString(randBytes(r, 64)) }},
	{"sha256 digest", func(r *rand.Rand) string { return "sha256:" + hex.EncodeToString(randBytes(r, 32)) }},
	{"git SHA", func(r *rand.Rand) string { return hex.EncodeToString(randBytes(r, 20))[:[]int{7, 12, 40}[r.IntN(3)]] }},
	{"base64 blob", func(r *rand.Rand) string { return base64.StdEncoding.EncodeToString(randBytes(r, between(r, 8, 300))) }},
	{"base64url nonce", func(r *rand.Rand) string {
		return base64.RawURLEncoding.EncodeToString(randBytes(r, between(r, 12, 64)))
	}},
	{"base64 JSON config", func(r *rand.Rand) string {
		j := fmt.Sprintf(`{"alg":"%s","region":"%s","retries":%d}`, word(r), word(r), r.IntN(9))
		return []func([]byte) string{base64.StdEncoding.EncodeToString, base64.RawURLEncoding.EncodeToString}[r.IntN(2)]([]byte(j))
	}},
	{"base64 text", func(r *rand.Rand) string {
		return base64.StdEncoding.EncodeToString([]byte(word(r) + " " + word(r) + " /" + word(r) + "/" + word(r) + " v" + pick(r, digits, 3)))
	}},
	{"version", func(r *rand.Rand) string {
		return fmt.Sprintf("%s%d.%d.%d%s", oneOf(r, "", "v"), r.IntN(30), r.IntN(100), r.IntN(1000), oneOf(r, "", "-rc.1", "+build."+pick(r, digits, 4), "-alpha"))
	}},
	{"JSON settings", func(r *rand.Rand) string {
		return fmt.Sprintf(`{"%s":"%s","n":%d,"ok":true,"url":"https://%s.example.com","token_ttl":3600,"password_min_length":12}`, word(r), word(r), r.IntN(1000), word(r))
	}},
	{"number", func(r *rand.Rand) string { return fmt.Sprint(r.Int64N(1 << 40)) }},
	{"boolean", func(r *rand.Rand) string {
		return oneOf(r, "true", "false", "1", "0", "yes", "no", "on", "off", "TRUE")
	}},
	{"locale", func(r *rand.Rand) string {
		return oneOf(r, "en_US.UTF-8", "C.UTF-8", "de_DE", "POSIX", "ja_JP.eucJP", "C")
	}},
	{"PATH list", func(r *rand.Rand) string {
		return "/usr/local/bin:/usr/bin:/bin:/home/" + word(r) + "/go/bin:/opt/" + word(r) + "/bin:/home/" + word(r) + "/.nvm/versions/node/v20.11.1/bin"
	}},
	{"LS_COLORS", func(r *rand.Rand) string {
		var b strings.Builder
		b.WriteString("rs=0:di=01;34:ln=01;36:mh=00:pi=40;33:so=01;35:")
		for range between(r, 20, 120) {
			fmt.Fprintf(&b, "*.%s=%02d;%02d:", pick(r, lower+digits, between(r, 1, 5)), r.IntN(2), 30+r.IntN(8))
		}
		return b.String()
	}},
	{"JAVA_OPTS", func(r *rand.Rand) string {
		return fmt.Sprintf("-Xms%dm -Xmx%dg -XX:+UseG1GC -XX:MaxGCPauseMillis=%d -Dfile.encoding=UTF-8 -Dspring.profiles.active=%s -Djava.io.tmpdir=/tmp/%s", 256*(1+r.IntN(4)), 1+r.IntN(8), 100*(1+r.IntN(5)), word(r), word(r))
	}},
	{"flags", func(r *rand.Rand) string {
		return oneOf(r, "-mod=mod -trimpath", "--max-old-space-size=4096 --enable-source-maps", "-j8 --no-print-directory", "-O2 -g -pipe -Wall") + " --" + word(r) + "=" + word(r)
	}},
	{"ARN", func(r *rand.Rand) string {
		return "arn:aws:" + oneOf(r, "iam", "sns", "sqs", "kms", "s3", "lambda") + ":" + oneOf(r, "eu-west-1", "us-east-1", "") + ":" + pick(r, digits, 12) + ":" + oneOf(r, "role/", "key/", "function:", "") + word(r) + "-" + word(r)
	}},
	{"k8s service address", func(r *rand.Rand) string {
		ip := fmt.Sprintf("10.%d.%d.%d", r.IntN(256), r.IntN(256), r.IntN(256))
		return oneOf(r, "tcp://"+ip+":443", ip, word(r)+"."+word(r)+".svc.cluster.local:"+fmt.Sprint(1024+r.IntN(60000)))
	}},
	{"k8s pod name", func(r *rand.Rand) string {
		return word(r) + "-" + word(r) + "-" + pick(r, hexd, 10) + "-" + pick(r, lower+digits, 5)
	}},
	{"hostname", func(r *rand.Rand) string {
		return fmt.Sprintf("ip-10-%d-%d-%d.%s.compute.internal", r.IntN(256), r.IntN(256), r.IntN(256), oneOf(r, "eu-west-1", "us-east-2"))
	}},
	{"email", func(r *rand.Rand) string { return word(r) + "." + word(r) + "@" + word(r) + ".example.org" }},
	{"docker image", func(r *rand.Rand) string {
		return oneOf(r, "", "ghcr.io/", "registry.example.com:5000/", "docker.io/library/") + word(r) + oneOf(r, ":latest", ":1.2.3", "@sha256:"+hex.EncodeToString(randBytes(r, 32)))
	}},
	{"Go module and npm package", func(r *rand.Rand) string {
		return oneOf(r, "github.com/"+word(r)+"/"+word(r)+"@v1."+pick(r, digits, 2)+".0", "@"+word(r)+"/"+word(r)+"@20.1."+pick(r, digits, 1), "golang.org/x/tools@v0.40.0")
	}},
	{"query string", func(r *rand.Rand) string {
		return "https://api.example.com/v1/items?page_token=" + pick(r, lower+digits, 24) + "&next_token=" + pick(r, lower+digits, 16) + "&limit=50"
	}},
	{"key=value attributes", func(r *rand.Rand) string {
		return "service.name=" + word(r) + ",service.version=1." + pick(r, digits, 2) + ",deployment.environment=" + oneOf(r, "dev", "prod") + ",passwordless=true"
	}},
	{"connection string without a password", func(r *rand.Rand) string {
		return "Server=tcp:" + word(r) + ".example.net,1433;Database=" + word(r) + ";Integrated Security=true;Encrypt=True;"
	}},
	{"ISO time", func(r *rand.Rand) string {
		return fmt.Sprintf("2026-%02d-%02dT%02d:%02d:%02dZ", 1+r.IntN(12), 1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60))
	}},
	{"word", func(r *rand.Rand) string {
		return oneOf(r, "production", "development", "xterm-256color", "/bin/bash", "vim", "dumb", "auto", "skip-tests", "hf_cache", "npm_config", "sk-default", "sk_live_mode", "ghp_", "glpat-", "payments-service-worker")
	}},
	{"upper-case identifier", func(r *rand.Rand) string {
		return oneOf(r, "AKIA", "ASIA", "ABIA", "ACCA") + pick(r, upper+"_", between(r, 0, 12))
	}},
	{"certificate and public key", func(r *rand.Rand) string {
		return pemBlock(r, oneOf(r, "PUBLIC KEY", "CERTIFICATE", "PGP PUBLIC KEY BLOCK", "RSA PUBLIC KEY", "X509 CRL"))
	}},
	{"ssh public key", func(r *rand.Rand) string {
		return oneOf(r, "ssh-ed25519 ", "ssh-rsa ") + base64.StdEncoding.EncodeToString(randBytes(r, 51)) + " " + word(r) + "@" + word(r)
	}},
	{"age recipient", func(r *rand.Rand) string { return "age1" + pick(r, "qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58) }},
	{"dotted eyJ word", func(r *rand.Rand) string { return "eyJ" + word(r) + "." + word(r) }},
	{"shell snippet", func(r *rand.Rand) string {
		return oneOf(r, "history -a; history -n", `\[\e]0;\u@\h: \w\a\]\u@\h:\w\$ `, "| /usr/bin/lesspipe %s", "cd ${HOME}/"+word(r)+" && make "+word(r))
	}},
}

// ordinaryPerKind is how many values each kind contributes.
const ordinaryPerKind = 1000

// TestOrdinaryValues: no ordinary value is reported.
func TestOrdinaryValues(t *testing.T) {
	r := corpusRand()
	flagged, total := 0, 0
	for _, k := range ordinaryKinds {
		for range ordinaryPerKind {
			v := k.make(r)
			total++
			if f, ok := secretvalue.Find(v); ok {
				if flagged++; flagged <= 10 {
					t.Errorf("%s: %.80q reported as %s", k.kind, v, f)
				}
			}
		}
	}
	t.Logf("false positives: %d of %d ordinary values of %d kinds (%.3f %%)", flagged, total, len(ordinaryKinds), 100*float64(flagged)/float64(total))
	assert.Zero(t, flagged)
	assert.GreaterOrEqual(t, len(ordinaryKinds), 20)
}

// TestEnvironCorpus: no value of a developer's, a CI runner's or a pod's
// environment is reported.
func TestEnvironCorpus(t *testing.T) {
	values := environValues(t)
	for _, v := range values {
		if f, ok := secretvalue.Find(v); ok {
			t.Errorf("%.80q reported as %s", v, f)
		}
	}
	t.Logf("%d values of testdata/environ.txt", len(values))
}
