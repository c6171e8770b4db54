package secretvalue

// This file holds the token families: credentials that start with a
// fixed prefix. Each row names a prefix, the family it marks, and what
// the rest of the token, its body, may be: a charset, a length range and
// at most one structural check. docs/secret-values.md gives each row's
// source; the comment on a row names its gitleaks rule (config/gitleaks.toml)
// or, for a format gitleaks lacks, where the format is written down.
//
// A prefix as specific as ghp_ or glpat- is never an ordinary value, so
// its body needs only to be plausible (a length well under the vendor's,
// no upper bound short of absurd); a prefix that ordinary text may start
// with (AKIA, pat, API-, dapi) wants the format's exact length and
// charset, and the token must end there.

// shape names a structural check a family makes beyond charset and length.
type shape uint8

// The shapes a family can name.
const (
	noShape          shape = iota
	openAILegacy           // "T3BlbkFJ" (base64 of "OpenAI") at body bytes 20-28
	jwtShape               // a JWS or JWE in compact serialization (jwt.go)
	base64JWT              // base64 of a JWT (jwt.go)
	airtableShape          // 14 base62 bytes, '.', 64 lower-case hex digits
	harnessShape           // 22 + '.' + 24 + '.' + 20 bytes
	authressShape          // dotted parts, one of them "acc_…" or "acc-…"
	onePasswordShape       // five or six groups joined by '-'
	twitterShape           // not the 'A's of zeroed bytes in base64 only
	puttyShape             // a format version digit, then ':'
	mixedShape             // holds a letter and a digit, or letters of both cases
	vaultLegacyShape       // mixedShape, and not words in camelCase (s.AcceptanceTimeoutSeconds)
	slackIDShape           // starts with a Slack ID, 8 to 14 digits, or a rotating token's digit, then '-'
	sourcegraphShape       // 40 hex digits, after "local_" or 16 hex digits and '_' or alone
)

// family is one row of the table: a token that starts with prefix and
// whose body, the longest stretch of body's bytes after it, is min to max
// bytes long (max 0: no bound), is not followed by a letter or digit, and
// passes shape's check, is a credential of kind name.
type family struct {
	prefix   string
	name     string
	body     charset
	min, max int
	shape    shape
}

// The family names used by more than one row or by other files.
const (
	githubToken    = "GitHub token"
	gitlabToken    = "GitLab token"
	slackToken     = "Slack token"
	awsKeyID       = "AWS access key ID"
	openAIKey      = "OpenAI API key"
	stripeKey      = "Stripe key"
	vaultToken     = "Vault token"
	dopplerToken   = "Doppler token"
	familyJWT      = "JWT"
	familyPEM      = "PEM private key"
	familyPrefix   = "value with a secret prefix"
	familyURLPass  = "URL with a password"
	familyDSN      = "DSN with a password"
	familyToken    = "token"
	familyPassword = "password"
)

// builtinFamilies are the built-in token families.
var builtinFamilies = []family{
	// GitHub: github-pat, github-oauth, github-app-token, github-refresh-token,
	// github-fine-grained-pat; GitHub allows tokens up to 255 bytes.
	{"ghp_", githubToken, base62, 30, 251, 0},
	{"gho_", githubToken, base62, 30, 251, 0},
	{"ghu_", githubToken, base62, 30, 251, 0},
	{"ghs_", githubToken, base62, 30, 251, 0},
	{"ghr_", githubToken, base62, 30, 251, 0},
	{"github_pat_", githubToken, word, 30, 244, 0},

	// GitLab: gitlab-pat, gitlab-pat-routable, gitlab-deploy-token, gitlab-runner-authentication-token(-routable),
	// gitlab-cicd-job-token, gitlab-ptt, gitlab-feed-token, gitlab-incoming-mail-token,
	// gitlab-kubernetes-agent-token, gitlab-oauth-app-secret, gitlab-scim-token,
	// gitlab-feature-flag-client-token, gitlab-rrt.
	{"glpat-", gitlabToken, dotted, 20, 300, 0},
	{"gldt-", gitlabToken, dotted, 20, 300, 0},
	{"glrt-", gitlabToken, dotted, 20, 300, 0},
	{"glcbt-", gitlabToken, dotted, 20, 300, 0},
	{"glptt-", gitlabToken, dotted, 20, 300, 0},
	{"glft-", gitlabToken, dotted, 20, 300, 0},
	{"glimt-", gitlabToken, dotted, 20, 300, 0},
	{"glagent-", gitlabToken, dotted, 40, 300, 0},
	{"gloas-", gitlabToken, dotted, 40, 300, 0},
	{"glsoat-", gitlabToken, dotted, 20, 300, 0},
	{"glffct-", gitlabToken, dotted, 20, 300, 0},
	{"GR1348941", gitlabToken, urlSafe, 20, 64, mixedShape},

	// Slack: slack-bot-token, slack-user-token, slack-app-token, slack-legacy-*,
	// slack-config-access-token, slack-config-refresh-token.
	// Bot and user tokens start with the workspace's numeric ID (legacy bot
	// tokens: 8 to 14 digits; current ones 10 to 13), or, inside a rotating
	// token (xoxe.xoxb-1-…), a version digit and 100 bytes or more:
	// xoxb-12345-abcd is not one Slack issues.
	{"xoxb-", slackToken, alnumDash, 8, 300, slackIDShape},
	{"xoxp-", slackToken, alnumDash, 8, 300, slackIDShape},
	{"xoxa-", slackToken, alnumDash, 8, 300, 0},
	{"xoxr-", slackToken, alnumDash, 8, 300, 0},
	{"xoxs-", slackToken, alnumDash, 8, 300, 0},
	{"xoxo-", slackToken, alnumDash, 8, 300, 0},
	{"xoxe-", slackToken, alnumDash, 8, 300, 0},
	{"xoxe.", slackToken, alnumDash, 20, 300, 0},
	{"xoxe", slackToken, dotted, 20, 300, 0},
	{"xapp-", slackToken, alnumDash, 8, 300, 0},

	// AWS: aws-access-token, aws-amazon-bedrock-api-key-long-lived and -short-lived.
	{"AKIA", awsKeyID, base32Upper, 16, 16, 0},
	{"ASIA", awsKeyID, base32Upper, 16, 16, 0},
	{"ABIA", awsKeyID, base32Upper, 16, 16, 0},
	{"ACCA", awsKeyID, base32Upper, 16, 16, 0},
	{"A3T", awsKeyID, upperAlnum, 17, 17, 0},
	{"ABSK", "Amazon Bedrock API key", base64Std, 100, 400, 0},
	{"bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t", "Amazon Bedrock API key", base64Std, 0, 0, 0}, // base64 of bedrock.amazonaws.com

	// Google: gcp-api-key; OAuth access tokens and client secrets (issue 31's list).
	{"AIza", "Google API key", urlSafe, 35, 35, 0},
	{"ya29.", "Google OAuth access token", dotted, 30, 0, 0},
	{"GOCSPX-", "Google OAuth client secret", urlSafe, 24, 40, 0},

	// OpenAI: openai-api-key; project, service-account and admin keys.
	{"sk-proj-", openAIKey, urlSafe, 40, 0, 0},
	{"sk-svcacct-", openAIKey, urlSafe, 40, 0, 0},
	{"sk-admin-", openAIKey, urlSafe, 40, 0, 0},
	{"sk-None-", openAIKey, urlSafe, 40, 0, 0},
	{"sk-", openAIKey, base62, 48, 48, openAILegacy},

	// Anthropic: anthropic-api-key, anthropic-admin-api-key; sk-ant-oat01- and
	// sk-ant-ort01- OAuth tokens share the prefix.
	{"sk-ant-", "Anthropic API key", urlSafe, 32, 0, 0},

	// Other model APIs: OpenRouter, Groq (issue 31's list), perplexity-api-key.
	{"sk-or-v1-", "OpenRouter API key", hexAny, 32, 64, 0},
	{"gsk_", "Groq API key", base62, 40, 60, 0},
	{"pplx-", "Perplexity API key", base62, 40, 64, 0},

	// Stripe: stripe-access-token; webhook signing secrets.
	{"sk_live_", stripeKey, base62, 10, 247, 0},
	{"sk_test_", stripeKey, base62, 10, 247, 0},
	{"sk_prod_", stripeKey, base62, 10, 247, 0},
	{"rk_live_", stripeKey, base62, 10, 247, 0},
	{"rk_test_", stripeKey, base62, 10, 247, 0},
	{"rk_prod_", stripeKey, base62, 10, 247, 0},
	{"whsec_", "Stripe webhook secret", base64Std, 24, 100, 0},

	// Package registries: npm-access-token, pypi-upload-token (and TestPyPI's),
	// Docker Hub (not in gitleaks), rubygems-api-token, clojars-api-token.
	{"npm_", "npm token", base62, 36, 36, 0},
	{"pypi-AgEIcHlwaS5vcmc", "PyPI token", urlSafe, 30, 0, 0},
	{"pypi-AgENdGVzdC5weXBpLm9yZw", "PyPI token", urlSafe, 30, 0, 0},
	{"dckr_pat_", "Docker Hub token", urlSafe, 20, 64, 0},
	{"dckr_oat_", "Docker Hub token", urlSafe, 20, 64, 0},
	{"rubygems_", "RubyGems API key", hexLower, 48, 48, 0},
	{"CLOJARS_", "Clojars token", base62, 40, 80, 0},

	// HashiCorp Vault: vault-service-token (hvs. and legacy s.), vault-batch-token.
	{"hvs.", vaultToken, urlSafe, 24, 512, 0},
	{"hvb.", vaultToken, urlSafe, 24, 512, 0},
	{"hvr.", vaultToken, urlSafe, 24, 512, 0},
	{"s.", vaultToken, base62, 24, 24, vaultLegacyShape},

	// Hugging Face: huggingface-access-token, huggingface-organization-api-token.
	{"hf_", "Hugging Face token", base62, 34, 34, 0},
	{"api_org_", "Hugging Face token", base62, 34, 34, 0},

	// 1Password: 1password-secret-key, 1password-service-account-token.
	{"A3-", "1Password secret key", upperAlnumDash, 33, 37, onePasswordShape},
	{"ops_eyJ", "1Password service account token", base64Std, 100, 0, 0},

	// Private keys with a prefix of their own: age-secret-key; PuTTY's .ppk
	// files (PuTTY manual, appendix C).
	{"AGE-SECRET-KEY-1", "age secret key", bech32Upper, 58, 58, 0},
	{"PuTTY-User-Key-File-", "PuTTY private key", base62, 1, 1, puttyShape},

	// JWT: jwt (RFC 7515 compact serialization), jwt-base64.
	{"eyJ", familyJWT, dotted, 0, 0, jwtShape},
	{"ZXlK", familyJWT, base64Std, 16, 0, base64JWT},

	// Cloud and developer services, one gitleaks rule each (named by the prefix's owner).
	{"p8e-", "Adobe client secret", base62, 32, 32, 0},                                       // adobe-client-secret
	{"pat", "Airtable token", dotted, 79, 79, airtableShape},                                 // airtable-personnal-access-token
	{"LTAI", "Alibaba Cloud AccessKey ID", base62, 12, 28, 0},                                // alibaba-access-key-id
	{"AKCp", "JFrog Artifactory API key", base62, 60, 80, 0},                                 // artifactory-api-key
	{"cmVmd", "JFrog Artifactory token", base62, 55, 70, 0},                                  // artifactory-reference-token
	{"ATATT3", "Atlassian API token", urlSafePad, 150, 250, 0},                               // atlassian-api-token
	{"sc_", "Authress key", base64Loose, 30, 250, authressShape},                             // authress-service-client-access-key
	{"ext_", "Authress key", base64Loose, 30, 250, authressShape},                            // authress-service-client-access-key
	{"scauth_", "Authress key", base64Loose, 30, 250, authressShape},                         // authress-service-client-access-key
	{"authress_", "Authress key", base64Loose, 30, 250, authressShape},                       // authress-service-client-access-key
	{"4b1d", "ClickHouse Cloud secret key", base62, 38, 38, 0},                               // clickhouse-cloud-api-secret-key
	{"v1.0-", "Cloudflare Origin CA key", hexDash, 171, 171, 0},                              // cloudflare-origin-ca-key
	{"dapi", "Databricks token", hexLower, 32, 32, 0},                                        // databricks-api-token
	{"dnkey-", "Defined Networking token", urlSafePad, 60, 90, 0},                            // defined-networking-api-token
	{"dop_v1_", "DigitalOcean token", hexAny, 64, 64, 0},                                     // digitalocean-pat
	{"doo_v1_", "DigitalOcean token", hexAny, 64, 64, 0},                                     // digitalocean-access-token
	{"dor_v1_", "DigitalOcean token", hexAny, 64, 64, 0},                                     // digitalocean-refresh-token
	{"dp.pt.", dopplerToken, base62, 40, 44, 0},                                              // doppler-api-token
	{"dp.ct.", dopplerToken, base62, 40, 44, 0},                                              // Doppler's token formats
	{"dp.st.", dopplerToken, dotted, 40, 80, 0},                                              // Doppler's token formats
	{"dp.sa.", dopplerToken, base62, 40, 44, 0},                                              // Doppler's token formats
	{"dp.said.", dopplerToken, base62, 40, 44, 0},                                            // Doppler's token formats
	{"dp.scim.", dopplerToken, base62, 40, 44, 0},                                            // Doppler's token formats
	{"dp.audit.", dopplerToken, base62, 40, 44, 0},                                           // Doppler's token formats
	{"sl.", "Dropbox token", dottedPad, 100, 0, 0},                                           // dropbox-short-lived-api-token
	{"duffel_test_", "Duffel token", urlSafePad, 40, 50, 0},                                  // duffel-api-token
	{"duffel_live_", "Duffel token", urlSafePad, 40, 50, 0},                                  // duffel-api-token
	{"dt0c01.", "Dynatrace token", dotted, 89, 89, 0},                                        // dynatrace-api-token
	{"EZAK", "EasyPost key", base62, 54, 54, 0},                                              // easypost-api-token
	{"EZTK", "EasyPost key", base62, 54, 54, 0},                                              // easypost-test-api-token
	{"EAAC", "Facebook access token", base62, 100, 0, 0},                                     // facebook-page-access-token
	{"EAAM", "Facebook access token", base62, 100, 0, 0},                                     // facebook-page-access-token
	{"FLWSECK_TEST-", "Flutterwave secret key", alnumDash, 12, 40, 0},                        // flutterwave-secret-key, -encryption-key
	{"FLWSECK-", "Flutterwave secret key", alnumDash, 12, 40, 0},                             // Flutterwave's live keys
	{"fo1_", "Fly.io token", urlSafe, 40, 50, 0},                                             // flyio-access-token
	{"fm1a_", "Fly.io token", base64Std, 100, 0, 0},                                          // flyio-access-token
	{"fm1r_", "Fly.io token", base64Std, 100, 0, 0},                                          // flyio-access-token
	{"fm2_", "Fly.io token", base64Std, 100, 0, 0},                                           // flyio-access-token
	{"fio-u-", "Frame.io token", urlSafePad, 60, 70, 0},                                      // frameio-api-token
	{"eyJrIjoi", "Grafana API key", base62, 70, 400, 0},                                      // grafana-api-key
	{"glc_", "Grafana Cloud token", base64Std, 32, 400, 0},                                   // grafana-cloud-api-token
	{"glsa_", "Grafana service account token", word, 41, 41, 0},                              // grafana-service-account-token
	{"pat.", "Harness token", dotted, 68, 68, harnessShape},                                  // harness-api-key
	{"sat.", "Harness token", dotted, 68, 68, harnessShape},                                  // harness-api-key
	{"HRKU-", "Heroku API key", urlSafe, 55, 70, 0},                                          // heroku-api-key-v2
	{"ico-", "Infracost token", base62, 32, 32, 0},                                           // infracost-api-token
	{"s-s4t2ud-", "42 Intra client secret", hexAny, 64, 64, 0},                               // intra42-client-secret
	{"s-s4t2af-", "42 Intra client secret", hexAny, 64, 64, 0},                               // intra42-client-secret
	{"lin_api_", "Linear API key", base62, 40, 40, 0},                                        // linear-api-key
	{"lin_oauth_", "Linear token", hexLower, 64, 64, 0},                                      // Linear's OAuth tokens
	{"sk.eyJ", "Mapbox secret token", dotted, 60, 0, 0},                                      // Mapbox's secret tokens (its pk. tokens are public)
	{"NRAK-", "New Relic key", base62, 27, 27, 0},                                            // new-relic-user-api-key
	{"NRII-", "New Relic key", alnumDash, 32, 32, 0},                                         // new-relic-insert-key
	{"NRJS-", "New Relic key", hexAny, 19, 19, 0},                                            // new-relic-browser-api-token
	{"ntn_", "Notion token", base62, 40, 50, 0},                                              // notion-api-token
	{"API-", "Octopus Deploy API key", upperAlnum, 26, 26, 0},                                // octopus-deploy-api-key
	{"access-sandbox-", "Plaid access token", hexDash, 36, 36, 0},                            // plaid-api-token
	{"access-development-", "Plaid access token", hexDash, 36, 36, 0},                        // plaid-api-token
	{"access-production-", "Plaid access token", hexDash, 36, 36, 0},                         // plaid-api-token
	{"pscale_tkn_", "PlanetScale token", dottedPad, 32, 64, 0},                               // planetscale-api-token
	{"pscale_oauth_", "PlanetScale token", dottedPad, 32, 64, 0},                             // planetscale-oauth-token
	{"pscale_pw_", "PlanetScale password", dottedPad, 32, 64, 0},                             // planetscale-password
	{"PMAK-", "Postman API key", hexDash, 59, 59, 0},                                         // postman-api-token
	{"pnu_", "Prefect API key", base62, 36, 36, 0},                                           // prefect-api-token
	{"pul-", "Pulumi token", hexLower, 40, 40, 0},                                            // pulumi-api-token
	{"rdme_", "ReadMe API key", lowerAlnum, 70, 70, 0},                                       // readme-api-token
	{"tk-us-", "Scalingo token", urlSafe, 48, 48, 0},                                         // scalingo-api-token
	{"SG.", "SendGrid API key", dottedPad, 66, 66, 0},                                        // sendgrid-api-token
	{"xkeysib-", "Brevo API key", alnumDash, 81, 81, 0},                                      // sendinblue-api-token
	{"xsmtpsib-", "Brevo API key", alnumDash, 81, 81, 0},                                     // Brevo's SMTP keys
	{"sntrys_", "Sentry token", base64Loose, 50, 0, 0},                                       // sentry-org-token
	{"sntryu_", "Sentry token", hexLower, 64, 64, 0},                                         // sentry-user-token
	{"sm_aat_", "SettleMint token", base62, 16, 16, 0},                                       // settlemint-application-access-token
	{"sm_pat_", "SettleMint token", base62, 16, 16, 0},                                       // settlemint-personal-access-token
	{"sm_sat_", "SettleMint token", base62, 16, 16, 0},                                       // settlemint-service-access-token
	{"shippo_live_", "Shippo token", hexAny, 40, 40, 0},                                      // shippo-api-token
	{"shippo_test_", "Shippo token", hexAny, 40, 40, 0},                                      // shippo-api-token
	{"shpat_", "Shopify token", hexAny, 32, 32, 0},                                           // shopify-access-token
	{"shpca_", "Shopify token", hexAny, 32, 32, 0},                                           // shopify-custom-access-token
	{"shppa_", "Shopify token", hexAny, 32, 32, 0},                                           // shopify-private-app-access-token
	{"shpss_", "Shopify token", hexAny, 32, 32, 0},                                           // shopify-shared-secret
	{"sgp_", "Sourcegraph token", word, 40, 57, sourcegraphShape},                            // sourcegraph-access-token
	{"EAAA", "Square token", urlSafe, 22, 60, 0},                                             // square-access-token
	{"sq0atp-", "Square token", urlSafe, 22, 60, 0},                                          // square-access-token
	{"sq0csp-", "Square token", urlSafe, 40, 50, 0},                                          // Square's OAuth secrets
	{"tfp_", "Typeform token", dottedPad, 50, 70, 0},                                         // typeform-api-token
	{"AAAAAAAAAAAAAAAAAAAAAA", "Twitter bearer token", percentBase62, 60, 140, twitterShape}, // twitter-bearer-token
	{"t1.", "Yandex Cloud token", dottedPad, 80, 250, 0},                                     // yandex-access-token
	{"AQVN", "Yandex Cloud API key", urlSafe, 35, 38, 0},                                     // yandex-api-key
}

// bodyOK reports whether the token that starts at i with f's prefix has
// a body f allows, and returns the token's end.
func (f *family) bodyOK(s string, i int) (end int, ok bool) {
	start := i + len(f.prefix)
	switch f.shape {
	case jwtShape:
		return jwtAt(s, i)
	case base64JWT:
		return base64JWTAt(s, i)
	case puttyShape:
		// the key file runs to the value's end
		return len(s), start+1 < len(s) && s[start] >= '1' && s[start] <= '9' && s[start+1] == ':'
	}
	// a body is read up to one byte past its longest, or maxBody bytes
	// when it has no bound: a longer one is as good
	limit := maxBody
	if f.max > 0 {
		limit = f.max + 1
	}
	end = spanN(s, start, f.body, limit)
	n := end - start
	if n < f.min {
		// a token wrapped onto a second line: the body goes on there
		if k := lineBreak(s, end); k > end && k < len(s) && in(s[k], f.body) {
			more := spanN(s, k, f.body, limit-n)
			n += more - k
			end = more
		}
	}
	long := f.max == 0 && n == limit
	if n < f.min || f.max > 0 && n > f.max || !long && end < len(s) && isAlnum(s[end]) {
		return end, false
	}
	body := s[start:end]
	if len(body) != n {
		return end, f.shape == noShape // a wrapped body: its shape is not checked
	}
	switch f.shape {
	case openAILegacy:
		return end, body[20:28] == "T3BlbkFJ"
	case airtableShape:
		return end, body[14] == '.' && span(body, 15, hexLower) == len(body)
	case harnessShape:
		return end, body[22] == '.' && body[47] == '.'
	case authressShape:
		return end, holdsACC(body)
	case onePasswordShape:
		return end, count(body, '-') >= 4
	case twitterShape:
		return end, n-count(body, 'A') >= 20
	case mixedShape:
		return end, looksRandom(body)
	case vaultLegacyShape:
		return end, looksRandom(body) && !camelWords(body)
	case slackIDShape:
		d := span(body, 0, decimal)
		rotating := d == 1 && len(body) >= 100 // a rotating token's inner part: xoxe.xoxb-1-…
		return end, (d >= 8 && d <= 14 || rotating) && d < len(body) && body[d] == '-'
	case sourcegraphShape:
		return end, sourcegraphBody(body)
	}
	return end, true
}

// sourcegraphBody reports whether body is what follows a Sourcegraph
// token's sgp_: 40 hex digits, alone (a legacy token), after "local_" or
// after an instance's 16 hex digits and '_'.
func sourcegraphBody(body string) bool {
	switch {
	case len(body) == 46 && body[:6] == "local_":
		body = body[6:]
	case len(body) == 57 && body[16] == '_' && span(body[:16], 0, hexAny) == 16:
		body = body[17:]
	}
	return len(body) == 40 && span(body, 0, hexAny) == 40
}

// lineBreak returns the index past the line break ("\n" or "\r\n") at
// s[i], or i if there is none.
func lineBreak(s string, i int) int {
	k := i
	if k < len(s) && s[k] == '\r' {
		k++
	}
	if k < len(s) && s[k] == '\n' {
		return k + 1
	}
	return i
}

// maxBody is how much of a body with no upper bound bodyOK reads: a
// scan reads no byte more than a bounded number of times.
const maxBody = 1024

// holdsACC reports whether body has a dotted part "acc_…" or "acc-…",
// where an Authress key names its account.
func holdsACC(body string) bool {
	for i := 0; i+5 <= len(body); i++ {
		if body[i] == '.' && body[i+1:i+4] == "acc" && (body[i+4] == '_' || body[i+4] == '-') {
			return true
		}
	}
	return false
}

func count(s string, c byte) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
		}
	}
	return n
}

// camelWords reports whether s reads as words in camelCase: no digit,
// and no two capitals next to each other. Of 24 random bytes of
// [A-Za-z0-9], one in ten thousand does.
func camelWords(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= '0' && c <= '9' || isUpper(c) && i > 0 && isUpper(s[i-1]) {
			return false
		}
	}
	return true
}

// looksRandom reports whether s mixes digits with letters or holds
// letters of both cases.
func looksRandom(s string) bool {
	upper, lower, digit := classes(s)
	return (upper || lower) && digit || upper && lower
}

// randomLooking reports whether s reads as random bytes rather than
// words, a name or a digest: at least 24 bytes of base64's alphabets
// ([A-Za-z0-9+/_=.-]), an eighth or more of them capitals and an eighth
// or more small letters, a digit, and not words in camelCase (three
// quarters or more of its capitals start a run of small letters, and
// those runs are 2.25 letters long or more on average: random base62's
// are 1.7). A digest has one case (CACHE_KEY=go-mod-Linux- and a
// SHA-256, a GPG key's fingerprint); UserProfileCacheV2Region2024 is
// words. Of 24 random bytes of base62 about one in forty fails, of 40
// one in 400.
func randomLooking(s string) bool {
	if len(s) < 24 {
		return false
	}
	var upper, lower, digit, capStarts, lowerRuns int
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case !in(c, base64Loose):
			return false
		case isUpper(c):
			upper++
			if i+1 < len(s) && isLower(s[i+1]) {
				capStarts++
			}
		case isLower(c):
			lower++
			if i == 0 || !isLower(s[i-1]) {
				lowerRuns++
			}
		case c >= '0' && c <= '9':
			digit++
		}
	}
	words := capStarts*4 >= upper*3 && lower*4 >= 9*lowerRuns
	return upper*8 >= len(s) && lower*8 >= len(s) && digit > 0 && !words
}

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }

// classes reports whether s holds an upper-case letter, a lower-case
// letter and a digit, each.
func classes(s string) (upper, lower, digit bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		upper = upper || c >= 'A' && c <= 'Z'
		lower = lower || c >= 'a' && c <= 'z'
		digit = digit || c >= '0' && c <= '9'
	}
	return upper, lower, digit
}
