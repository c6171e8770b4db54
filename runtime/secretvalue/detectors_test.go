package secretvalue

import (
	"strings"
	"testing"

	"github.com/envgen/envgen/runtime/internal/assert"
)

// detectorSamples are, for each row of the registry (detectors.go) by
// its name, values it finds (and no detector before it does) and near
// misses it must not find: written here, in our own words.
var detectorSamples = map[string]struct{ finds, misses []string }{
	"key=value": {
		finds: []string{
			"DB_PASSWORD=hunter2-prod",
			"[database]\nuser = \"app\"\npassword = \"Wq8zLm2x\"\n", // TOML
			"[smtp]\nhost=mail.example.org\napi_key=Zq2Wm8Xk4Rv7Tn1Yb5Lp\n",
			"deployToken := \"Rv7Tn1Yb5Lp3Hs0Mf9Jc\"",                // Go
			"SERVICE_TOKEN ?= Rv7Tn1Yb5Lp3Hs0Mf9Jc",                  // Make
			"$serviceToken .= \"Rv7Tn1Yb5Lp3Hs0Mf9Jc\";",             // PHP
			"export VENDOR_KEY=\"KcG4S7KPTlkaQKSAmYerTGIqqh0WrLsm\"", // a key too general alone, with a random value
			"var deployToken string = \"Rv7Tn1Yb5Lp3Hs0Mf9Jc\"",      // Go with a type
			"[default]\naccess_key = AKIA2E0A8F3B244C9986\nsecret_key = 9Zq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0Mf9Jc6Gd2Kx7Qw\nhost_base = s3.example.org\n", // .s3cfg
		},
		misses: []string{
			"password=${DB_PASSWORD}", "password = var.db_password", "api_key=<your api key>", "token=REPLACE_ME",
			"password=changeme", "secret=****", "access_token=ACCESS_TOKEN", "password == other", "password=abc",
			"public_key = \"Hq4Zt8Wm2Lx6Rv0Kc9Bn3Yp7Ds1Fg5\"", "NEXT_PUBLIC_API_KEY=Hq4Zt8Wm2Lx6Rv0Kc9Bn3Yp7",
			"authenticity_token=Hq4Zt8Wm2Lx6Rv0Kc9Bn3Yp7", "token=xxxxxxxx", "passwordless=true",
			// ciphertext in its envelope: SOPS in a dotenv file, Jasypt, dotenvx
			"DB_PASSWORD=ENC[AES256_GCM,data:Tq1mWz8=,iv:Zq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0Mf9Jc6Gd2Kx7Qw4Ea1U=,tag:Hq4Zt8Wm2Lx6Rv0Kc9Bn3Q==,type:str]",
			"spring.datasource.password=ENC(Kx82mQ0zLc4vRtZq2Wm8Xk4Rv7Tn1Yb)",
			"API_KEY=\"encrypted:BKq8zLm2xRt5vKp9nYc3bZq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0\"",
			// keys too general alone, holding a name, a digest, a path or a public key
			"CACHE_KEY=go-mod-Linux-ecf746e74fabdff1c239f283d1df1203135daf9b7d4d34813b04e91800322685",
			"GPG_KEY=53127626ADBDE8B184D2AB13AB91F7FC23397876", "SORT_KEY=created_at", "cacheKey=UserProfileCacheV2Region2024",
			"RECAPTCHA_SITE_KEY=6LbbOIY7TVNNRMs3Jpqomo2wQ4KcG4S7KPTlka", "STRIPE_PUBLISHABLE_KEY=pk_live_qpJnpHj19Au2h7XE92iNdLfQqW9l",
			"GOOGLE_APPLICATION_CREDENTIALS=/var/run/secrets/gcp/key.json",
			"REGISTRY_AUTH=https://registry.example.org/v2/token", "SESSION_NO_AUTH=redis://cache.internal:6379/0", // a URL: its own detectors read it
		},
	},
	"key: value": {
		finds: []string{
			"db:\n  user: app\n  password: k7&Qz\n", // YAML, short, with &
			"password: 'x9#2'",                      // quoted
			"db:\n  password: &pw \"p&ss w0rd\"\n",  // an anchor
			"production:\n  secret_key_base: 8c1f4e2a9b7d3c6f0e5a1b8d2c4f6a9e7b3d1c5f8a2e4b6d9c0f3a7e1b5d8c2f\n",         // Rails
			`{"host":"ftp.example.org","user":"deploy","pass":"Wq8zLm2x"}`,                                               // JSON
			`{"keyfile":"/etc/ssl/app.key","passphrase":"tango-mel0n-42"}`,                                               // JSON
			`log: {\"user\":\"ci\",\"password\":\"Wq8zLm2x\"}`,                                                           // escaped JSON in text
			"X-Api-Key: Zq2Wm8Xk4Rv7Tn1Yb5Lp",                                                                            // a header
			"BUNDLE_GEMS__EXAMPLE__COM: \"deploy:Wq8zLm2x\"",                                                             // Bundler
			"curl --header 'Authorization:  4f0c9a2e-7b3d-4856-a0e9-f7a2b4d6c8e1' https://api.example.org",               // no scheme
			"curl -H \"Authorization: Bearer Zq2+Wm8Xk/4Rv7Tn1Yb5Lp3+Hs0Mf9Jc6Gd2/Kx7Qw4Ea1U=\" https://api.example.org", // base64, no run
			"curl -H \"X-Vendor-Token: Rv7Tn1Yb5Lp3\" https://api.example.org",                                           // a header in a quoted argument
			"LOGSHIP_ACCESS_KEY: iVg0tZgGadiix94qM0Kkldfwywzm4OEO6seuPa8dzzjR",
			"ingest:\n  shipperCredentials: 8jZ3DzTzotF9tqdmeni4UrlFpnu4QbLikkQB\n",
			"password: ENC[hunter2-prod]",            // no cipher named: no envelope
			"password: ENC(Wq8zLm2x)",                // too short for Jasypt's salt and ciphertext
			"password: correct-horse-battery-staple", // words, none of them a key's
			"secret: sky-blue-pass2",                 // a digit: no key's name
			"secret_key: Stripe-Live-Key",            // capitals: no key's name
		},
		misses: []string{
			"password: ${DB_PASSWORD}", "api_key: <your api key>", "token: REPLACE_ME", "password: changeme",
			"secret: '***'", `{"password": null}`, `{"token_ttl": 3600}`, "password:", "see https://example.org/pass: now",
			"password: yes", "publicToken: Hq4Zt8Wm2Lx6Rv0Kc9Bn3Yp7",
			"fetch(url, { credentials: 'same-origin' })", "security:\n  authorization: enabled\n",
			"curl -H 'Authorization: Basic ZGVwbG95Og==' https://api.example.org", // a user with no password
			"curl -H \"Authorization: Bearer ${API_TOKEN}\" https://api.example.org",
			// ciphertext in its envelope: SOPS, hiera-eyaml, EJSON, Vault transit, Ansible Vault
			"db:\n  password: ENC[AES256_GCM,data:Qm9yZWFs,iv:Zq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0Mf9Jc6Gd2Kx7Qw4Ea1U=,tag:Hq4Zt8Wm2Lx6Rv0Kc9Bn3Q==,type:str]\n",
			`{"api_token": "ENC[AES256_GCM,data:Zm9yZXN0LWdyZWVu,iv:Kx82mQ0zLc4vRtZq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0Mf=,tag:Wm2Lx6Rv0Kc9Bn3Yp7Ds1g==,type:str]"}`,
			"smtp:\n  password: >\n    ENC[PKCS7,MIIBeQYJKoZIhvcNAQcDoIIBajCCAWYCAQAxggEhMIIBHQIBADAFMAACAQEw\n    DQYJKoZIhvcNAQEBBQAEggEAZq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0Mf9Jc6Gd2Kx7Qw]\n",
			`{"_public_key": "4f0c9a2e", "db_secret": "EJ[1:Hq4Zt8Wm2Lx6Rv0Kc9Bn3Yp7Ds1Fg5Wm2Lx6Rv0K=:Zq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0M:Qm9yZWFsaXM0Mg==]"}`,
			"password: vault:v1:Zq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0Mf9Jc6Gd2Kx7Qw4E=",
			"db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  39366162336137613562306164343130\n",
			// the name of a key that holds the credential, not the credential
			"data:\n  - secretKey: stripe-token\n    remoteRef:\n      key: billing/prod\n",
			"smtp:\n  existingSecret: relay-credentials\n  passwordKey: relay_password\n  secret: smtp-auth-secret\n",
		},
	},
	"key => value": {
		finds:  []string{`$config = array("secret_key" => "Wq8zLm2xRt5v");`, `  "apiToken" => "Rv7Tn1Yb5Lp3Hs0Mf9Jc"`},
		misses: []string{`"secret_key" => $secret`, `"label" => "Rv7Tn1Yb5Lp3Hs0Mf9Jc"`},
	},
	"XML element or attribute": {
		finds: []string{
			"<config><password>Zq2Wm8Xk</password></config>",
			`<Server><Host>ftp.example.org</Host><User>deploy</User><Pass encoding="base64">cFR4OXZLcTI=</Pass></Server>`, // FileZilla
			"<apiToken>\n    Rv7Tn1Yb5Lp3Hs0Mf9Jc\n</apiToken>",
			`<add key="ClearTextPassword" value="Wq8zLm2xRt5v" />`, // NuGet
		},
		misses: []string{
			"<password></password>", "<password>${DB_PASSWORD}</password>", `<add key="Username" value="deploy" />`,
			`<add key="ClearTextPassword" value="%FEED_PASSWORD%" />`, "<password>no end tag",
		},
	},
	"call with a key and a value": {
		finds:  []string{`System.setProperty("DEPLOY_TOKEN", "Rv7Tn1Yb5Lp3Hs0Mf9Jc");`, `os.Setenv("DB_PASSWORD", "Wq8zLm2xRt5vKp9nYc3b")`},
		misses: []string{`fields("password", "username")`, `os.Setenv("DB_PASSWORD", os.Getenv("X"))`},
	},
	"URL with a credential": {
		finds: []string{
			`{"dsn":"postgres:\/\/app:Wq8zLm2x@db.internal:5432\/orders"}`,                   // slashes escaped
			"https://deploy:Wq8zLm2x@git.example.org\nhttps://ci:Rv7Tn1Yb@git.example.com\n", // .git-credentials
		},
		misses: []string{"https://deploy@git.example.org", `postgres:\/\/app@db.internal\/orders`},
	},
	"Go MySQL DSN": {
		finds: []string{
			"app:S3cr3t-pw@tcp(db.internal:3306)/orders?parseTime=true",
			"app:S3cr3t-pw@unix(/run/mysqld/mysqld.sock)/orders",
			"MYSQL_DSN=ci:p@ss@tcp(127.0.0.1:3306)/test",
		},
		misses: []string{"app@tcp(db.internal:3306)/orders", "app:${DB_PASS}@tcp(db:3306)/orders", "app:@tcp(db:3306)/orders"},
	},
	"Microsoft Teams webhook URL": {
		finds:  []string{"https://acme.webhook.office.com/webhookb2/1f2e3d4c-5b6a-4798-8a9b-0c1d2e3f4a5b@9e8d7c6b-5a49-4382-9716-5f4e3d2c1b0a/IncomingWebhook/3f2a9c8e7d6b5a4f3e2d1c0b9a8f7e6d/2b3c4d5e-6f70-4812-9a3b-4c5d6e7f8091"},
		misses: []string{"https://acme.webhook.office.com/webhookb2/help@acme"},
	},
	"authorization scheme": {
		finds:  []string{"Bearer Zq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0Mf9Jc6Gd", "AUTHORIZATION:\ttoken 3f2a9c8e7d6b5a4f3e2d1c0b9a8f7e6d5c4b3a29"},
		misses: []string{"Bearer of bad news, unfortunately", "token abcdefghijklmnopqrstuvwx"},
	},
	"webhook URL": {
		finds: []string{
			"http://hooks.slack.com/services/T0B1C2D3E/B9F8G7H6/Wq3Zr8Ty2Kx6Lm1Nv4Bp7Cs0",
			"https://hooks.slack.com/workflows/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",
		},
		misses: []string{
			"https://hooks.example.com/services/T0B1C2D3E/B9F8G7H6/Wq3Zr8Ty2Kx6Lm1Nv4Bp7Cs0",
			"https://hooks.slack.com/help/T0B1C2D3E/B9F8G7H6/Wq3Zr8Ty2Kx6Lm1Nv4Bp7Cs0",
		},
	},
	"OpenShift token": {
		finds:  []string{"oc login --token=sha256~Zq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0Mf9Jc6Gd2Kx7Qw4Ea1U"},
		misses: []string{"sha256~short"},
	},
	"Azure AD client secret": {
		finds: []string{
			"AZURE_CLIENT_SECRET=Jv48Q~tR2.kLw9_Xq7mZc1Vb6Ns3Hd8Fg0Ye5Pa",
			"Qm.2Q~Hx7vL0pW3~zK9cR5tY1nB8dF4gJ6sA2e",
		},
		misses: []string{
			"JvAxQ~tR2.kLw9_Xq7mZc1Vb6Ns3Hd8Fg0Ye5Pa",          // no digit before Q~
			"Jv48Q~tR2.kLw9_Xq7mZc1Vb",                         // too short
			"menu~.item.active~.panel.expanded.region~.footer", // CSS
		},
	},
	"Facebook app access token": {
		finds: []string{"fb 689751614000480|XxXC6dINle8Zrdx1GwvantDp3Q4", `{"app_access":"6073353066370121|8eed1168f8b96c088b5ea5a3c51921a7"}`},
		misses: []string{
			"6897516140|XxXC6dINle8Zrdx1GwvantDp3Q4",              // an ID of 10 digits
			"689751614000480|XxXC6dINle8Zrdx1Gw",                  // too short
			"order 689751614000480|shipped-to-the-main-warehouse", // words
			"a689751614000480|XxXC6dINle8Zrdx1GwvantDp3Q4",        // digits inside a word
		},
	},
	"Mailchimp API key": {
		finds:  []string{"mailchimp: 4f0c9a2e7b3d1856c0e9f7a2b4d6c8e1-us14"},
		misses: []string{"4f0c9a2e7b3d1856c0e9f7a2b4d6c8e1-eu14", "4f0c9a2e7b3d1856c0e9f7a2b4d6c8e-us14"},
	},
	"MaxMind license key": {
		finds:  []string{"GEOIP_LICENSE=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"},
		misses: []string{"Tq7Lm2_Wn4Xc8Vb1Zr5Kd9Pf3Hs6Jg0Ye2Ua_mmx"},
	},
	"HCP Terraform API token": {
		finds:  []string{`token = "Kx82mQ0zLc4vRt.atlasv1.Zq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0Mf9Jc6Gd2Kx7Qw4Ea1Uz8Nr5Bt3Vy6Cp0Dl9Fh2Gj7"`},
		misses: []string{"Kx82mQ0zLc4vRt.atlasv2.Zq2Wm8Xk4Rv7Tn1Yb5Lp3Hs0Mf9Jc6Gd2Kx7Qw4Ea1Uz8Nr5Bt3Vy6Cp0Dl9Fh2Gj7"},
	},
	"PEM private key": {
		finds: []string{
			"-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBq3E0Uvo6Wn4Xb8N0yqXDVk3yH9p5vK3q1r3Y2cRk1aoAoGCCqGSM49\n-----END EC PRIVATE KEY-----\n",
			"-----BEGIN%20EC%20PRIVATE%20KEY-----%0AMHcCAQEEIBq3E0Uvo6Wn4Xb8N0yqXDVk3yH9p5vK3q1r3Y2cRk1aoAoGCCqGSM49%0A-----END%20EC%20PRIVATE%20KEY-----",
		},
		misses: []string{
			"-----BEGIN OPENSSH PRIVATE KEY----------END OPENSSH PRIVATE KEY-----",
			"-----BEGIN RSA PRIVATE KEY-----\n<your key here>\n-----END RSA PRIVATE KEY-----\n",
			"-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQENBGXr8VQBCADNq3hE0TQ9ezS0Mz+Q1lJ5yd8cQ1S6b9+WZ5aQ8gkqkzCXyVnu\n-----END PGP PUBLIC KEY BLOCK-----\n",
		},
	},
	"netrc": {
		finds:  []string{"# work machine\nmachine git.example.org\n  login deploy\n  password Wq8z\n"},
		misses: []string{"# work machine\nmachine git.example.org\n  login deploy\n", "the machine room password is on the wall"},
	},
	"command line": {
		finds: []string{
			"pg_dump --host db.internal --db-password Wq8zLm2x orders",
			"mysqldump -u root -pWq8zLm2x orders",
			"curl -u deploy:Wq8zLm2x https://api.example.org/v1/items",
			"--api-key Zq2Wm8Xk4Rv7Tn1Yb5Lp --verbose",
		},
		misses: []string{
			"mkdir -p /tmp/cache", "docker run -p8080:80 nginx", "curl -u deploy https://api.example.org/v1/items",
			"mysql -u root -p orders", "psql --password-file /run/secrets/db", "tool --no-password --verbose",
			"docker run -u 1000:1000 alpine", "curl -u \"$1:$2\" https://api.example.org", "mysql -p$MYSQL_PWD",
		},
	},
	"Kubernetes Secret": {
		finds: []string{
			// as kubectl prints one: data before kind, base64 of text under a key no credential word names
			"apiVersion: v1\ndata:\n  smtp-login: V3E4ekxtMnhSdA==\nkind: Secret\nmetadata:\n  name: mail-relay\ntype: Opaque\n",
			"kind: Secret\napiVersion: v1\nmetadata:\n  name: queue\nstringData:\n  broker-uri: amqp-worker-Rv7Tn1\n",
			"kind: Secret\nstringData:\n  app.ini: |\n    [queue]\n    user = worker\n",
			"apiVersion: v1\nkind: List\nitems:\n- data:\n    smtp-login: V3E4ekxtMnhSdA==\n  kind: Secret\n", // kubectl get secrets -o yaml
			`{"apiVersion":"v1","data":{"ca.crt":"LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t","sync-key":"SHMwTWY5SmM2Rw=="},"kind":"Secret","metadata":{"name":"sync"}}`,
		},
		misses: []string{
			"apiVersion: v1\nkind: ConfigMap\ndata:\n  greeting: aGVsbG8gd29ybGQ=\n",
			"kind: Secret\ntype: kubernetes.io/service-account-token\ndata:\n  namespace: ZGVmYXVsdA==\n  ca.crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t\n",
			"kind: Secret\ndata:\n  blob: 3q2+7wEC\nstringData:\n  api-url: <fill in>\n",
			"kind: SealedSecret\nspec:\n  encryptedData:\n    smtp-login: V3E4ekxtMnhSdA==\n",
			"kind: Secret\nmetadata:\n  name: relay\n  annotations:\n    data: V3E4ekxtMnhSdA==\n",
			// the data block ends at a line indented no deeper than its key
			"kind: Secret\nstringData:\n  api-url: <fill in>\nmetadata:\n  name: payments-relay\n",
		},
	},
}

// TestDetectorSamples: each row of the registry finds its samples, as
// the detector that finds them, and none of its near misses; and each
// row has both.
func TestDetectorSamples(t *testing.T) {
	names := map[string]detector{}
	for _, a := range anchoredDetectors {
		names[a.name] = a.find
	}
	for _, b := range beforeRunDetectors {
		names[b.name] = b.find
	}
	for _, r := range runShapes {
		names[r.name] = r.find
	}
	for _, w := range valueDetectors {
		names[w.name] = w.find
	}
	for name, by := range names {
		samples := detectorSamples[name]
		assert.True(t, len(samples.finds) > 0, "%s has no sample it finds", name)
		assert.True(t, len(samples.misses) > 0, "%s has no near miss", name)
		for _, v := range samples.finds {
			var h hit
			if assert.True(t, builtin.scan(v, 0, &h), "%s: %q not found", name, v) {
				assert.Equal(t, by, h.by, "%s: %q found by another detector (%s)", name, v, h.family)
			}
		}
		for _, v := range samples.misses {
			var h hit
			assert.False(t, builtin.scan(v, 0, &h), "%s: %q reported as %s", name, v, h.family)
		}
	}
	for name := range detectorSamples {
		_, ok := names[name]
		assert.True(t, ok, "samples for %q, which is no detector", name)
	}
	assert.True(t, strings.HasPrefix(detectorSamples["PEM private key"].misses[0], "-----BEGIN"))
}
