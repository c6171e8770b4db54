package secretvalue_test

import (
	"encoding/base64"
	"encoding/hex"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/envgen/envgen/runtime/internal/assert"

	"github.com/envgen/envgen/runtime/secretvalue"
)

// Tokens the form samples hold, written out once (GitHub, npm, Slack and
// 40 hex digits of a legacy GitHub OAuth token).
const (
	ghToken    = "ghp_nA9icKB0kFv3HuKvPk8w1BLZzkPWwj65S9O8"
	npmToken   = "npm_Q7cW2mZ9xK4vB8nR1tY6uP3sD0fG5hJ2kL9a"
	slackToken = "xoxb-208476531902-5738204196384-Zq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0"
	hexToken   = "3f2a9c8e7d6b5a4f3e2d1c0b9a8f7e6d5c4b3a29"
	jwtToken   = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
	pemKey     = "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj\nMzEfYyjiWA4R4/M2bS1GB4t7NXp98C3SC6dVMvDuictGeurT8jNbvJZHtCSuYEvu\nNMoSfm76oqFvAp8Gy0iz5sxjZmSnXyCdPEovGhLa0VzMaQ8s+CLOyS56YyCFGeJZ\n-----END PRIVATE KEY-----\n"
)

// Private keys as the forms below wrap them: OpenSSH, and PKCS#8
// ed25519 (the DER prefix of an Ed25519 key, then 32 random bytes).
const (
	opensshKey = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACDJ3DQ1q4FeO3kj6fD3HwRz0Tq7mY6o6l8pZ9l8Hx9qAAAAmAzQJ1AM0CdQ\n-----END OPENSSH PRIVATE KEY-----\n"
	ed25519Key = "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIJ3kq8Zt0xLwP5vR2mN7cY4hB1sW9eQ6uA0fD8gK3jLo\n-----END PRIVATE KEY-----\n"
)

// wrapped returns base64 of s wrapped at width columns, as base64(1)
// wraps at 76 and PEM at 64, with a final line break.
func wrapped(s string, width int) string {
	b := base64.StdEncoding.EncodeToString([]byte(s))
	var out strings.Builder
	for len(b) > width {
		out.WriteString(b[:width] + "\n")
		b = b[width:]
	}
	return out.String() + b + "\n"
}

// formSample is a value that holds a credential in one form.
type formSample struct {
	form           string // what the sample is
	value          string
	family, wantIn string // the finding's Family and Form
}

// formSamples are values that hold a credential in one of the forms
// environments hold them in, each with the finding it gives.
var formSamples = []formSample{
	{"bare token", ghToken, "GitHub token", ""},
	{"token and a trailing newline", npmToken + "\n", "npm token", ""},
	{"token with whitespace around", "  \t" + slackToken + " \r\n", "Slack token", ""},
	{"double-quoted token", `"` + ghToken + `"`, "GitHub token", "quoted"},
	{"single-quoted token", "'" + npmToken + "'", "npm token", "quoted"},
	{"Bearer and a family token", "Bearer " + ghToken, "GitHub token", "after `Bearer `"},
	{"Bearer and an opaque token", "Bearer Zq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0Mf9Jc6Gd", "token", "after `Bearer `"},
	{"Authorization header with a JWT", "Authorization: Bearer " + jwtToken, "JWT", "after `Bearer `"},
	{"AUTHORIZATION: token", "AUTHORIZATION: token " + hexToken, "token", "after `token `"},
	{"Basic credentials", "Basic ZGVwbG95OlN1bW1lcjIwMjYhY29ycA==", "password", "after `Basic `"},
	{"URL user:password", "postgres://app:s3cr3t-Pw@db.internal:5432/app?sslmode=require", "URL with a password", ""},
	{"URL :password", "redis://:devpass42@cache:6379/0", "URL with a password", ""},
	{"URL password holding / and #", "postgres://app:pa/ss#w0rd@db.internal:5432/app", "URL with a password", ""},
	{"URL with a token as the user", "https://" + ghToken + "@github.com/acme/app.git", "GitHub token", "in a URL"},
	{"URL with an opaque token as the user", "https://4b7Xq2Zk9Lm3Rt8Vw1Yp6Hs0@git.acme.example/acme/app.git", "token", ""},
	{"URL with oauth2:token", "https://oauth2:glpat-Zq2Wm8Xk4Rv7Tn1Yb5Lp@gitlab.com/acme/app.git", "GitLab token", "in a URL"},
	{"GOPROXY list", "https://proxy.golang.org,https://bob:s3cr3t-Pw@goproxy.corp.example/,direct", "URL with a password", "in a URL list"},
	{"pip index list", "https://pypi.org/simple https://bob:s3cr3t-Pw@pypi.corp.example/simple/", "URL with a password", "in a URL list"},
	{"JDBC with userinfo", "jdbc:mysql://app:s3cr3t-Pw@db.internal:3306/app", "URL with a password", ""},
	{"JDBC with ?password=", "jdbc:postgresql://db.internal:5432/app?user=app&password=s3cr3t-Pw", "password", "in a URL"},
	{"JDBC Oracle thin", "jdbc:oracle:thin:scott/Tiger2026@db.internal:1521:ORCL", "URL with a password", ""},
	{"JDBC SQL Server", "jdbc:sqlserver://db.internal:1433;databaseName=app;user=app;password=s3cr3t-Pw;", "password", "in a connection string"},
	{"?access_token=", "https://api.acme.example/v1/items?page=2&access_token=Zq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0", "token", "in a URL"},
	{"SAS URL", "https://acme.blob.core.windows.net/logs?sv=2022-11-02&ss=b&srt=co&sp=rl&se=2026-01-01T00:00:00Z&sig=Z%2FRHIX5Xcg0Mq2rqI3OlWTjEg2tYkboXr1P9ZUXDtkk%3D", "Azure SAS signature", "in a URL"},
	{"Slack webhook", "https://hooks.slack.com/services/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", "Slack webhook URL", ""},
	{"Discord webhook", "https://discord.com/api/webhooks/1234567890123456789/Zq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0Mf9Jc6Gd-Zq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0Mf9Jc6Gd_Zq2W", "Discord webhook URL", ""},
	{"Teams webhook", "https://acme.webhook.office.com/webhookb2/1f2e3d4c-5b6a-4798-8a9b-0c1d2e3f4a5b@9e8d7c6b-5a49-4382-9716-5f4e3d2c1b0a/IncomingWebhook/3f2a9c8e7d6b5a4f3e2d1c0b9a8f7e6d/2b3c4d5e-6f70-4812-9a3b-4c5d6e7f8091", "Microsoft Teams webhook URL", ""},
	{"ADO.NET connection string", "Server=tcp:db.acme.example,1433;Initial Catalog=app;User ID=app;Password=P@ssw0rd!;Encrypt=True;", "password", "in a connection string"},
	{"Azure Storage connection string", "DefaultEndpointsProtocol=https;AccountName=acmelogs;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;EndpointSuffix=core.windows.net", "Azure storage account key", "in a connection string"},
	{"Service Bus connection string", "Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=Zq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0Mf9Jc6Gd2Kx7Qw4Ea1U=", "Azure shared access key", "in a connection string"},
	{"GCP service-account JSON", "{\n  \"type\": \"service_account\",\n  \"project_id\": \"acme-ci-204617\",\n  \"private_key_id\": \"7f3c2a1b9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj\\nMzEfYyjiWA4R4/M2bS1GB4t7NXp98C3SC6dVMvDuictGeurT8jNbvJZHtCSuYEvu\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"ci@acme-ci-204617.iam.gserviceaccount.com\"\n}\n", "PEM private key", "in JSON"},
	{"GCP service-account JSON, base64", "ewogICJ0eXBlIjogInNlcnZpY2VfYWNjb3VudCIsCiAgInByb2plY3RfaWQiOiAiYWNtZS1jaS0yMDQ2MTciLAogICJwcml2YXRlX2tleV9pZCI6ICI3ZjNjMmExYjllOGQ3YzZiNWE0ZjNlMmQxYzBiOWE4ZjdlNmQ1YzRiIiwKICAicHJpdmF0ZV9rZXkiOiAiLS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tXG5NSUlFdlFJQkFEQU5CZ2txaGtpRzl3MEJBUUVGQUFTQ0JLY3dnZ1NqQWdFQUFvSUJBUUM3VkpUVXQ5VXM4Y0tqXG5NekVmWXlqaVdBNFI0L00yYlMxR0I0dDdOWHA5OEMzU0M2ZFZNdkR1aWN0R2V1clQ4ak5idkpaSHRDU3VZRXZ1XG5OTW9TZm03Nm9xRnZBcDhHeTBpejVzeGpabVNuWHlDZFBFb3ZHaExhMFZ6TWFROHMrQ0xPeVM1Nll5Q0ZHZUpaXG4tLS0tLUVORCBQUklWQVRFIEtFWS0tLS0tXG4iLAogICJjbGllbnRfZW1haWwiOiAiY2lAYWNtZS1jaS0yMDQ2MTcuaWFtLmdzZXJ2aWNlYWNjb3VudC5jb20iLAogICJjbGllbnRfaWQiOiAiMTA0ODU3MzkxMDIzODQ3NTYxMjM0Igp9Cg==", "PEM private key", "in base64"},
	{"Docker auths JSON", `{"auths":{"registry.acme.example":{"auth":"ZGVwbG95OlN1bW1lcjIwMjYhY29ycA=="}}}`, "registry credentials", "in JSON"},
	{"Docker auths JSON, base64", "eyJhdXRocyI6eyJyZWdpc3RyeS5hY21lLmV4YW1wbGUiOnsiYXV0aCI6IlpHVndiRzk1T2xOMWJXMWxjakl3TWpZaFkyOXljQT09In19fQ==", "registry credentials", "in base64"},
	{"JSON password", `{"username":"admin","password":"hunter2!","host":"db.internal"}`, "password", "in JSON"},
	{"JSON escaped in a JSON string", `"{\"user\":\"admin\",\"password\":\"hunter2!\"}"`, "password", "in JSON"},
	{".npmrc with a family token", "registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=" + npmToken + "\n", "npm token", "in INI text"},
	{".npmrc with a legacy token", "//registry.npmjs.org/:_authToken=5f3a9c8e-7d6b-4a4f-9e2d-1c0b9a8f7e6d\nalways-auth=true\n", "token", "in INI text"},
	{"netrc with a family token", "machine api.github.com login bot password " + ghToken, "GitHub token", "in netrc text"},
	{"netrc with a short password", "machine ftp.acme.example\n  login anonymous\n  password hunter2\n", "password", "in netrc text"},
	{"AWS credentials INI", "[ci]\nregion = eu-west-1\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n", "AWS secret access key", "in INI text"},
	{"AWS credentials INI with the key ID", "[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n", "AWS access key ID", "in INI text"},
	{"YAML key", "database:\n  host: db.internal\n  password: Zq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0\n", "password", "in text"},
	{"shell assignment in text", "export DB_PASSWORD=hunter2-prod; ./migrate", "password", "in text"},
	{"JAVA_OPTS with a keystore password", "-Xmx2g -Djavax.net.ssl.trustStorePassword=changeit -Dfile.encoding=UTF-8", "password", "in text"},
	{"PEM", pemKey, "PEM private key", ""},
	{"PEM with leading whitespace", "\n    " + pemKey, "PEM private key", ""},
	{"PEM on one line with \\n escapes", "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj\\nMzEfYyjiWA4R4/M2bS1GB4t7NXp98C3SC6dVMvDuictGeurT8jNbvJZHtCSuYEvu\\n-----END PRIVATE KEY-----\\n", "PEM private key", "with `\\n` escapes"},
	{"PEM on one line with spaces", "-----BEGIN RSA PRIVATE KEY----- MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK -----END RSA PRIVATE KEY-----", "PEM private key", ""},
	{"PEM, base64", "LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tCk1JSUV2UUlCQURBTkJna3Foa2lHOXcwQkFRRUZBQVNDQktjd2dnU2pBZ0VBQW9JQkFRQzdWSlRVdDlVczhjS2oKTXpFZll5amlXQTRSNC9NMmJTMUdCNHQ3TlhwOThDM1NDNmRWTXZEdWljdEdldXJUOGpOYnZKWkh0Q1N1WUV2dQpOTW9TZm03Nm9xRnZBcDhHeTBpejVzeGpabVNuWHlDZFBFb3ZHaExhMFZ6TWFROHMrQ0xPeVM1Nll5Q0ZHZUpaCi0tLS0tRU5EIFBSSVZBVEUgS0VZLS0tLS0K", "PEM private key", "in base64"},
	{"age key file", "# created: 2026-01-01T00:00:00Z\n# public key: age1qrk9z6x2v0m4j8h3g7f5d1s9a2p4o6i8u0y3t5r7e9w1q2z4x6c8vsl3q\nAGE-SECRET-KEY-1QRK9Z6X2V0M4J8H3G7F5D2S9A2P4Q6N8U0Y3T5R7E9W2Q2Z4X6C8V3L5K7\n", "age secret key", "in text"},
	{"token, base64", "Z2hwX25BOWljS0Iwa0Z2M0h1S3ZQazh3MUJMWnprUFd3ajY1UzlPOA==", "GitHub token", "in base64"},
	{"token in text", "deploy with token=ok, then call " + slackToken + " for alerts", "Slack token", "in text"},
	{"OpenShift token", "sha256~Zq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0Mf9Jc6Gd2Kx7Qw4Ea1U", "OpenShift token", ""},
	// issue 40's forms, as others write them
	{"Azure AD client secret", "client_secret=Jv48Q~tR2.kLw9_Xq7mZc1Vb6Ns3Hd8Fg0Ye5Pa", "Azure AD client secret", "in text"},
	{"Mailchimp API key", "4f0c9a2e7b3d1856c0e9f7a2b4d6c8e1-us14", "Mailchimp API key", ""},
	{"MaxMind license key", "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", "MaxMind license key", ""},
	{"HCP Terraform API token", "Kx82mQ0zLc4vRt.atlasv1.Zq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0Mf9Jc6Gd2Kx7Qw4Ea1Uz8Nr5Bt3Vy6Cp0Dl9Fh2Gj7", "HCP Terraform API token", ""},
	{"Slack webhook over http", "http://hooks.slack.com/services/T0B1C2D3E/B9F8G7H6/Wq3Zr8Ty2Kx6Lm1Nv4Bp7Cs0", "Slack webhook URL", ""},
	{"RSA key in base64, 76 columns", wrapped(pemKey, 76), "PEM private key", "in base64"},
	{"ed25519 PKCS#8 key in base64, 76 columns", wrapped(ed25519Key, 76), "PEM private key", "in base64"},
	{"OpenSSH key in base64, 76 columns", wrapped(opensshKey, 76), "PEM private key", "in base64"},
	{"OpenSSH key in base64, 64 columns, CRLF", strings.ReplaceAll(wrapped(opensshKey, 64), "\n", "\r\n"), "PEM private key", "in base64"},
	{"PEM percent-encoded", url.QueryEscape(pemKey), "PEM private key", "percent-encoded"},
	{"PEM percent-encoded as a path", url.PathEscape(ed25519Key), "PEM private key", "percent-encoded"},
	{"Go MySQL DSN over TCP", "app:S3cr3t-pw@tcp(db.internal:3306)/orders?parseTime=true", "DSN with a password", ""},
	{"Go MySQL DSN over a socket", "app:S3cr3t-pw@unix(/run/mysqld/mysqld.sock)/orders", "DSN with a password", ""},
	{"YAML password, short, with &", "db:\n  user: app\n  password: k7&Qz\n", "password", "in text"},
	{"YAML password, quoted", "password: 'x9#2'", "password", "in text"},
	{"JSON with escaped slashes", `{"dsn":"postgres:\/\/app:Wq8zLm2x@db.internal:5432\/orders"}`, "URL with a password", "in JSON"},
	{"XML element", "<config><password>Zq2Wm8Xk</password></config>", "password", "in XML"},
	{"FileZilla server", `<Server><Host>ftp.example.org</Host><User>deploy</User><Pass encoding="base64">cFR4OXZLcTI=</Pass></Server>`, "password", "in XML"},
	{"command line --password X", "pg_dump --host db.internal --password Wq8zLm2x orders", "password", "in a command line"},
	{"command line -pX", "mysqldump -u root -pWq8zLm2x orders", "password", "in a command line"},
	{"netrc after a comment", "# work machine\nmachine git.example.org\n  login deploy\n  password Wq8z\n", "password", "in netrc text"},
	{"token wrapped onto two lines", ghToken[:20] + "\n" + ghToken[20:], "GitHub token", ""},
	{"token in hex", hex.EncodeToString([]byte(ghToken)), "GitHub token", "in hex"},
	{".git-credentials", "https://deploy:Wq8zLm2x@git.example.org\nhttps://ci:" + ghToken + "@github.com\n", "GitHub token", "in a URL list"},
	{".s3cfg", "[default]\naccess_key = AKIA2E0A8F3B244C9986\nsecret_key = 9Zq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0Mf9Jc6Gd2Kx7Qw\n", "secret", "in INI text"},
	{"Rails secret_key_base", "production:\n  secret_key_base: 8c1f4e2a9b7d3c6f0e5a1b8d2c4f6a9e7b3d1c5f8a2e4b6d9c0f3a7e1b5d8c2f\n", "secret", "in text"},
	{"JSON pass", `{"host":"ftp.example.org","user":"deploy","pass":"Wq8zLm2x"}`, "password", "in JSON"},
	{"JSON passphrase", `{"keyfile":"/etc/ssl/app.key","passphrase":"tango-mel0n-42"}`, "password", "in JSON"},
	{"Kubernetes Secret", "apiVersion: v1\ndata:\n  smtp-login: V3E4ekxtMnhSdA==\nkind: Secret\n", "secret", "in a Kubernetes Secret"},
	{"TOML API key", "[service]\nendpoint = \"https://api.example.org\"\napi_key = \"Zq2Wm8Xk4Rv7Tn1Yb5Lp\"\n", "API key", "in INI text"},
}

// TestFormsNotFound: near misses of the forms above, and the false
// positives issue 40 names, in our own words: camelCase words after
// "s." (not a Vault token), a public key, a PEM block with no key, and
// placeholders and references where a credential would be.
func TestFormsNotFound(t *testing.T) {
	for _, v := range []string{
		"s.maxRequestTimeoutSeconds ",
		"s.buildClusterRoleBindings = cfg",
		`public_key = "Hq4Zt8Wm2Lx6Rv0Kc9Bn3Yp7Ds1Fg5"`,
		"-----BEGIN OPENSSH PRIVATE KEY----------END OPENSSH PRIVATE KEY-----",
		"password: ${DB_PASSWORD}", "password = var.db_password", "api_key: <your api key>", "token: REPLACE_ME",
		"password: changeme", "secret: '***'", `{"password": "<password>"}`, "<password>${DB_PASSWORD}</password>",
		"mysql -u root -p orders", "curl -u deploy https://api.example.org/v1/items",
		"app@tcp(db.internal:3306)/orders",
	} {
		f, ok := secretvalue.Find(v)
		assert.False(t, ok, "%.60q reported as %s", v, f)
	}
}

// TestForms: each sample is found as its family, in its form.
func TestForms(t *testing.T) {
	for _, tt := range formSamples {
		f, ok := secretvalue.Find(tt.value)
		if !assert.True(t, ok, "%s: not found in %.60q", tt.form, tt.value) {
			continue
		}
		assert.Equal(t, tt.family, f.Family, "%s: %.60q", tt.form, tt.value)
		assert.Equal(t, tt.wantIn, f.Form, "%s: %.60q", tt.form, tt.value)
		assert.True(t, secretvalue.Contains(tt.value), "%s", tt.form)
	}
}

// TestEveryFormHasASample: each form a Finding can name is the form of
// some sample, so that a form formOf no longer reports fails TestForms.
func TestEveryFormHasASample(t *testing.T) {
	_, forms := secretvalue.Vocabulary()
	for _, form := range forms {
		assert.True(t, slices.ContainsFunc(formSamples, func(s formSample) bool { return s.wantIn == form }), "form %q has no sample", form)
	}
}

// TestFindingString: the family and then the form, both from the
// detectors' own words, so no byte of the value.
func TestFindingString(t *testing.T) {
	assert.Equal(t, "GitHub token after `Bearer `", secretvalue.Finding{Family: "GitHub token", Form: "after `Bearer `"}.String())
	assert.Equal(t, "JWT", secretvalue.Finding{Family: "JWT"}.String())
	families, forms := secretvalue.Vocabulary()
	for _, tt := range formSamples {
		f, _ := secretvalue.Find(tt.value)
		assert.Contains(t, families, f.Family, tt.form)
		assert.Contains(t, forms, f.Form, tt.form)
		want := f.Family
		if f.Form != "" {
			want += " " + f.Form
		}
		assert.Equal(t, want, f.String())
	}
}
