package policy

import "strings"

// Builtin is one entry of a built-in list: an exact name or a pattern
// ('*' matches any run of characters) and the public source it comes from.
type Builtin struct {
	Name   string // exact name, or a pattern holding '*'
	Group  string // short heading it is listed under in the README, e.g. "Cloud: AWS"
	Source string // where it comes from, as Markdown: a short title with a link
}

// Sources shared by several entries of the built-in lists.
const (
	srcXBDLocale  = "[POSIX XBD 8.2: Internationalization Variables](https://pubs.opengroup.org/onlinepubs/9799919799/basedefs/V1_chap08.html#tag_08_02)"
	srcXBDOther   = "[POSIX XBD 8.3: Other Environment Variables](https://pubs.opengroup.org/onlinepubs/9799919799/basedefs/V1_chap08.html#tag_08_03)"
	srcTempfile   = "[Python: `tempfile.gettempdir`](https://docs.python.org/3/library/tempfile.html#tempfile.gettempdir)"
	srcUSMT       = "[Microsoft: Recognized environment variables](https://learn.microsoft.com/en-us/windows/deployment/usmt/usmt-recognized-environment-variables)"
	srcKnownDirs  = "[Microsoft: KNOWNFOLDERID](https://learn.microsoft.com/en-us/windows/win32/shell/knownfolderid)"
	srcWSHEnviron = "[Microsoft: WshShell.Environment variables](https://learn.microsoft.com/en-us/previous-versions/fd7hxfdd(v=vs.85))"

	srcNomad          = "[Nomad: client `env.denylist`](https://developer.hashicorp.com/nomad/docs/configuration/client#options-parameters)"
	srcAWSCLI         = "[AWS CLI: environment variables](https://docs.aws.amazon.com/cli/latest/userguide/cli-configure-envvars.html)"
	srcAWSContainer   = "[AWS SDKs: container credential provider](https://docs.aws.amazon.com/sdkref/latest/guide/feature-container-credentials.html)"
	srcGcloudAuth     = "[gcloud CLI: authenticate](https://cloud.google.com/sdk/docs/authenticate)"
	srcTFGoogle       = "[Terraform Google provider: credentials](https://registry.terraform.io/providers/hashicorp/google/latest/docs/guides/provider_reference#credentials-1)"
	srcAzureStorage   = "[Azure CLI: authorize blob data access](https://learn.microsoft.com/en-us/azure/storage/blobs/authorize-data-operations-cli)"
	srcAlibabaCLI     = "[Alibaba Cloud CLI: environment variables](https://www.alibabacloud.com/help/en/cli/environment-variables)"
	srcOCICLI         = "[OCI CLI: environment variables](https://docs.oracle.com/en-us/iaas/Content/API/SDKDocs/clienvironmentvariables.htm)"
	srcB2CLI          = "[Backblaze B2 CLI](https://github.com/Backblaze/B2_Command_Line_Tool)"
	srcArtifactsCreds = "[Azure Artifacts Credential Provider: environment variables](https://github.com/microsoft/artifacts-credprovider#environment-variables)"
	srcLibpq          = "[PostgreSQL: libpq environment variables](https://www.postgresql.org/docs/current/libpq-envars.html)"
	srcMITKerberos    = "[MIT Kerberos: environment variables](https://web.mit.edu/kerberos/krb5-latest/doc/admin/env_variables.html)"
	srcSOPS           = "[SOPS: encrypting using age](https://getsops.io/docs/#encrypting-using-age)"
	srcTailscale      = "[Tailscale: containerboot](https://pkg.go.dev/tailscale.com/cmd/containerboot)"
	srcDetectSecrets  = "[detect-secrets: `KeywordDetector` denylist](https://github.com/Yelp/detect-secrets/blob/master/detect_secrets/plugins/keyword.py)"
	srcGitleaks       = "[gitleaks: `generic-api-key` rule keywords](https://github.com/gitleaks/gitleaks/blob/master/cmd/generate/config/rules/generic.go)"
	srcAnsibleNoLog   = "[Ansible: `PASSWORD_MATCH` no_log heuristic](https://github.com/ansible/ansible/blob/devel/lib/ansible/module_utils/basic.py)"
	srcGeminiCLI      = "[Gemini CLI: `NEVER_ALLOWED_NAME_PATTERNS`](https://github.com/google-gemini/gemini-cli/blob/main/packages/core/src/services/environmentSanitization.ts)"
	// srcCodexGemini: names both Codex's default excludes (*KEY*,
	// *SECRET*, *TOKEN*) and Gemini CLI's name patterns drop.
	srcCodexGemini = "[Codex: `shell_environment_policy` default excludes](https://github.com/openai/codex/blob/main/codex-rs/core/src/exec_env.rs); " + srcGeminiCLI
)

// BuiltinEssentials is isolated mode's base allowlist, POSIX names, then Windows names.
var BuiltinEssentials = []Builtin{
	{"PATH", "POSIX", srcXBDOther},
	{"HOME", "POSIX", srcXBDOther},
	{"SHELL", "POSIX", srcXBDOther},
	{"USER", "POSIX", "[Linux man-pages: environ(7)](https://man7.org/linux/man-pages/man7/environ.7.html)"},
	{"LOGNAME", "POSIX", srcXBDOther},
	{"TMPDIR", "POSIX", srcXBDOther},
	{"TEMP", "POSIX", srcTempfile},
	{"TMP", "POSIX", srcTempfile},
	{"LANG", "POSIX", srcXBDLocale},
	{"LC_ALL", "POSIX", srcXBDLocale},
	{"LC_CTYPE", "POSIX", srcXBDLocale},
	{"TERM", "POSIX", srcXBDOther},
	{"COLORTERM", "POSIX", "[termstandard: checking for COLORTERM](https://github.com/termstandard/colors#checking-for-colorterm)"},
	{"FORCE_COLOR", "POSIX", "[FORCE_COLOR](https://force-color.org/)"},
	{"NO_COLOR", "POSIX", "[NO_COLOR](https://no-color.org/)"},
	{"CI", "POSIX", "[GitHub Actions: default environment variables](https://docs.github.com/en/actions/learn-github-actions/variables#default-environment-variables)"},
	{"NODE_OPTIONS", "POSIX", "[Node.js CLI: NODE_OPTIONS](https://nodejs.org/api/cli.html#node_optionsoptions)"},

	{"SYSTEMROOT", "Windows", srcUSMT},
	{"APPDATA", "Windows", srcUSMT},
	{"LOCALAPPDATA", "Windows", srcKnownDirs},
	{"PROGRAMDATA", "Windows", srcKnownDirs},
	{"PROGRAMFILES", "Windows", srcUSMT},
	{"PROGRAMFILES(X86)", "Windows", srcUSMT},
	{"COMSPEC", "Windows", srcWSHEnviron},
	{"PATHEXT", "Windows", srcWSHEnviron},
	{"SYSTEMDRIVE", "Windows", srcWSHEnviron},
	{"WINDIR", "Windows", srcUSMT},
	{"USERPROFILE", "Windows", srcUSMT},
	{"HOMEDRIVE", "Windows", srcWSHEnviron},
	{"HOMEPATH", "Windows", srcUSMT},
	{"NUMBER_OF_PROCESSORS", "Windows", srcWSHEnviron},
	{"PROCESSOR_ARCHITECTURE", "Windows", srcWSHEnviron},
}

// BuiltinSecrets is the built-in credential list: names first, grouped, then patterns.
//
// A name that a pattern below already covers is left out (the pattern
// denies it anyway), except the names the list promises by name (Nomad's env.denylist and the README's). Files and
// sockets that hold or hand out a credential count as credentials, as in
// Nomad's denylist (GOOGLE_APPLICATION_CREDENTIALS, CONSUL_HTTP_TOKEN_FILE).
var BuiltinSecrets = []Builtin{
	{"AWS_ACCESS_KEY_ID", "Cloud: AWS", srcNomad},
	{"AWS_SECRET_ACCESS_KEY", "Cloud: AWS", srcNomad},
	{"AWS_SESSION_TOKEN", "Cloud: AWS", srcNomad},
	{"AWS_METADATA_URL", "Cloud: AWS", srcNomad},
	{"AWS_SHARED_CREDENTIALS_FILE", "Cloud: AWS", srcAWSCLI},
	{"AWS_WEB_IDENTITY_TOKEN_FILE", "Cloud: AWS", srcAWSCLI},
	{"AWS_CONTAINER_CREDENTIALS_FULL_URI", "Cloud: AWS", srcAWSContainer},
	{"AWS_CONTAINER_CREDENTIALS_RELATIVE_URI", "Cloud: AWS", srcAWSContainer},
	{"AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE", "Cloud: AWS", srcAWSContainer},

	{"GOOGLE_APPLICATION_CREDENTIALS", "Cloud: Google", srcNomad},
	{"GOOGLE_OAUTH_ACCESS_TOKEN", "Cloud: Google", srcNomad},
	{"GOOGLE_CREDENTIALS", "Cloud: Google", srcTFGoogle},
	{"GOOGLE_CLOUD_KEYFILE_JSON", "Cloud: Google", srcTFGoogle},
	{"CLOUDSDK_AUTH_ACCESS_TOKEN_FILE", "Cloud: Google", srcGcloudAuth},
	{"CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE", "Cloud: Google", srcGcloudAuth},
	{"GOOGLE_GHA_CREDS_PATH", "Cloud: Google", "[google-github-actions/auth](https://github.com/google-github-actions/auth)"},

	{"AZURE_CLIENT_CERTIFICATE_PATH", "Cloud: Azure", "[Azure SDK for Go: `EnvironmentCredential`](https://pkg.go.dev/github.com/Azure/azure-sdk-for-go/sdk/azidentity#EnvironmentCredential)"},
	{"AZURE_FEDERATED_TOKEN_FILE", "Cloud: Azure", "[AKS: workload identity overview](https://learn.microsoft.com/en-us/azure/aks/workload-identity-overview)"},
	{"AZURE_STORAGE_KEY", "Cloud: Azure", srcAzureStorage},
	{"AZURE_STORAGE_CONNECTION_STRING", "Cloud: Azure", srcAzureStorage},
	{"ARM_CLIENT_CERTIFICATE_PATH", "Cloud: Azure", "[Terraform AzureRM provider: client certificate](https://registry.terraform.io/providers/hashicorp/azurerm/latest/docs/guides/service_principal_client_certificate)"},

	{"ALIBABA_CLOUD_ACCESS_KEY_ID", "Cloud: other", srcAlibabaCLI},
	{"ALIBABA_CLOUD_CREDENTIALS_URI", "Cloud: other", srcAlibabaCLI},
	{"TENCENTCLOUD_SECRET_ID", "Cloud: other", "[Terraform Tencent Cloud provider](https://registry.terraform.io/providers/tencentcloudstack/tencentcloud/latest/docs)"},
	{"OCI_CLI_KEY_FILE", "Cloud: other", srcOCICLI},
	{"OCI_CLI_KEY_CONTENT", "Cloud: other", srcOCICLI},
	{"OCI_CLI_SECURITY_TOKEN_FILE", "Cloud: other", srcOCICLI},
	{"B2_APPLICATION_KEY_ID", "Cloud: other", srcB2CLI},
	{"B2_APPLICATION_KEY", "Cloud: other", srcB2CLI},
	{"CLOUDFLARE_API_USER_SERVICE_KEY", "Cloud: other", "[Cloudflare Terraform provider](https://developers.cloudflare.com/api/terraform/)"},
	{"SUPABASE_SERVICE_ROLE_KEY", "Cloud: other", "[Supabase: Edge Function secrets](https://supabase.com/docs/guides/functions/secrets)"},

	{"CONSUL_TOKEN", "HashiCorp", srcNomad},
	{"CONSUL_HTTP_TOKEN", "HashiCorp", srcNomad},
	{"CONSUL_HTTP_TOKEN_FILE", "HashiCorp", srcNomad},
	{"CONSUL_HTTP_AUTH", "HashiCorp", "[Consul CLI: environment variables](https://developer.hashicorp.com/consul/commands#consul_http_auth)"},
	{"CONSUL_LICENSE", "HashiCorp", srcNomad},
	{"CONSUL_LICENSE_PATH", "HashiCorp", srcNomad},
	{"NOMAD_TOKEN", "HashiCorp", srcNomad},
	{"NOMAD_HTTP_AUTH", "HashiCorp", "[Nomad CLI: environment variables](https://developer.hashicorp.com/nomad/commands)"},
	{"NOMAD_LICENSE", "HashiCorp", srcNomad},
	{"NOMAD_LICENSE_PATH", "HashiCorp", srcNomad},
	{"VAULT_TOKEN", "HashiCorp", srcNomad},
	{"VAULT_LICENSE", "HashiCorp", srcNomad},
	{"VAULT_LICENSE_PATH", "HashiCorp", srcNomad},

	{"GITHUB_TOKEN", "CI", "[GitHub Actions: automatic token authentication](https://docs.github.com/en/actions/security-guides/automatic-token-authentication)"},
	{"GH_TOKEN", "CI", "[GitHub CLI: environment](https://cli.github.com/manual/gh_help_environment)"},
	{"GITHUB_PAT", "CI", "[usethis: managing Git(Hub) credentials](https://usethis.r-lib.org/articles/git-credentials.html)"},
	{"CI_REPOSITORY_URL", "CI", "[GitLab: predefined CI/CD variables](https://docs.gitlab.com/ci/variables/predefined_variables/)"},
	{"DOCKER_AUTH_CONFIG", "CI", "[GitLab: images from a private registry](https://docs.gitlab.com/ci/docker/using_docker_images/#access-an-image-from-a-private-container-registry)"},
	{"CIRCLE_OIDC_TOKEN_V2", "CI", "[CircleCI: OpenID Connect tokens](https://circleci.com/docs/openid-connect-tokens/)"},
	{"SYSTEM_ACCESSTOKEN", "CI", "[Azure Pipelines: System.AccessToken](https://learn.microsoft.com/en-us/azure/devops/pipelines/build/variables#systemaccesstoken)"},
	{"AZURE_DEVOPS_EXT_PAT", "CI", "[Azure DevOps CLI: sign in with a PAT](https://learn.microsoft.com/en-us/azure/devops/cli/log-in-via-pat)"},
	{"CYPRESS_RECORD_KEY", "CI", "[Cypress Cloud: set up a project to record](https://docs.cypress.io/cloud/get-started/setup)"},

	{"NPM_TOKEN", "Package registries", "[npm: private packages in a CI/CD workflow](https://docs.npmjs.com/using-private-packages-in-a-ci-cd-workflow)"},
	{"NODE_AUTH_TOKEN", "Package registries", "[GitHub Actions: publishing Node.js packages](https://docs.github.com/en/actions/publishing-packages/publishing-nodejs-packages)"},
	{"NPM_CONFIG__AUTH", "Package registries", "[npm config: `_auth`](https://docs.npmjs.com/cli/v10/using-npm/config#_auth)"},
	{"YARN_NPM_AUTH_IDENT", "Package registries", "[Yarn: `npmAuthIdent`](https://yarnpkg.com/configuration/yarnrc#npmAuthIdent)"},
	{"DENO_AUTH_TOKENS", "Package registries", "[Deno: private repositories](https://docs.deno.com/runtime/reference/private_repositories/)"},
	{"POETRY_PYPI_TOKEN_PYPI", "Package registries", "[Poetry: configuring credentials](https://python-poetry.org/docs/repositories/#configuring-credentials)"},
	{"HATCH_INDEX_AUTH", "Package registries", "[Hatch: publishing](https://hatch.pypa.io/latest/publish/)"},
	{"COMPOSER_AUTH", "Package registries", "[Composer: COMPOSER_AUTH](https://getcomposer.org/doc/03-cli.md#composer-auth)"},
	{"VSS_NUGET_EXTERNAL_FEED_ENDPOINTS", "Package registries", srcArtifactsCreds},
	{"VSS_NUGET_ACCESSTOKEN", "Package registries", srcArtifactsCreds},
	{"GRADLE_PUBLISH_KEY", "Package registries", "[Gradle Plugin Portal: publishing a plugin](https://plugins.gradle.org/docs/publish-plugin)"},
	{"REGISTRY_AUTH_FILE", "Package registries", "[containers-auth.json(5)](https://github.com/containers/image/blob/main/docs/containers-auth.json.5.md)"},
	{"SNAPCRAFT_STORE_CREDENTIALS", "Package registries", "[Snapcraft: authenticate](https://documentation.ubuntu.com/snapcraft/stable/how-to/publishing/authenticate/)"},
	{"VSCE_PAT", "Package registries", "[VS Code: publishing extensions](https://code.visualstudio.com/api/working-with-extensions/publishing-extension)"},
	{"OVSX_PAT", "Package registries", "[Open VSX: `ovsx` CLI](https://github.com/eclipse/openvsx/blob/master/cli/README.md)"},
	{"FASTLANE_SESSION", "Package registries", "[fastlane: continuous integration](https://docs.fastlane.tools/best-practices/continuous-integration/)"},

	{"OPENAI_API_KEY", "Model APIs", "[OpenAI: developer quickstart](https://platform.openai.com/docs/quickstart)"},
	{"OPENAI_ADMIN_KEY", "Model APIs", "[OpenAI: Administration API](https://platform.openai.com/docs/api-reference/administration)"},
	{"ANTHROPIC_API_KEY", "Model APIs", "[Anthropic: get started](https://docs.anthropic.com/en/docs/get-started)"},
	{"ANTHROPIC_ADMIN_KEY", "Model APIs", "[Anthropic: Admin API](https://docs.anthropic.com/en/api/administration-api)"},
	{"HF_TOKEN_PATH", "Model APIs", "[Hugging Face Hub: environment variables](https://huggingface.co/docs/huggingface_hub/package_reference/environment_variables#hftokenpath)"},
	{"KAGGLE_KEY", "Model APIs", "[Kaggle API: credentials](https://github.com/Kaggle/kaggle-api)"},

	{"PGPASSWORD", "Databases", srcLibpq},
	{"PGPASSFILE", "Databases", srcLibpq},
	{"MYSQL_PWD", "Databases", "[MySQL: environment variables](https://dev.mysql.com/doc/refman/8.4/en/environment-variables.html)"},
	{"SQLCMDPASSWORD", "Databases", "[sqlcmd utility](https://learn.microsoft.com/en-us/sql/tools/sqlcmd/sqlcmd-utility)"},
	{"REDISCLI_AUTH", "Databases", "[Redis CLI](https://redis.io/docs/latest/develop/tools/cli/)"},
	{"DATABASE_URL", "Databases", "[Heroku Postgres: connecting](https://devcenter.heroku.com/articles/connecting-heroku-postgres)"},
	{"REDIS_URL", "Databases", "[Heroku Key-Value Store](https://devcenter.heroku.com/articles/heroku-redis)"},

	{"SSH_AUTH_SOCK", "SSH, GPG, Kerberos", "[OpenSSH: ssh(1) environment](https://man.openbsd.org/ssh#ENVIRONMENT)"},
	{"GPG_AGENT_INFO", "SSH, GPG, Kerberos", "[GnuPG 2.0: invoking gpg-agent](https://www.gnupg.org/documentation/manuals/gnupg-2.0/Invoking-GPG_002dAGENT.html)"},
	{"KRB5CCNAME", "SSH, GPG, Kerberos", srcMITKerberos},
	{"KRB5_KTNAME", "SSH, GPG, Kerberos", srcMITKerberos},
	{"KRB5_CLIENT_KTNAME", "SSH, GPG, Kerberos", srcMITKerberos},

	{"BW_SESSION", "Secret tools", "[Bitwarden CLI: session key](https://bitwarden.com/help/cli/#using-a-session-key)"},
	{"PULUMI_CONFIG_PASSPHRASE_FILE", "Secret tools", "[Pulumi CLI: environment variables](https://www.pulumi.com/docs/iac/cli/environment-variables/)"},
	{"ANSIBLE_VAULT_PASSWORD_FILE", "Secret tools", "[Ansible: DEFAULT_VAULT_PASSWORD_FILE](https://docs.ansible.com/ansible/latest/reference_appendices/config.html#default-vault-password-file)"},
	{"SOPS_AGE_KEY", "Secret tools", srcSOPS},
	{"SOPS_AGE_KEY_FILE", "Secret tools", srcSOPS},
	{"RESTIC_PASSWORD_FILE", "Secret tools", "[restic: environment variables](https://restic.readthedocs.io/en/stable/040_backup.html#environment-variables)"},

	{"DD_APP_KEY", "Services", "[Terraform Datadog provider](https://registry.terraform.io/providers/DataDog/datadog/latest/docs)"},
	{"NEW_RELIC_LICENSE_KEY", "Services", "[New Relic: Node.js agent configuration](https://docs.newrelic.com/docs/apm/agents/nodejs-agent/installation-configuration/nodejs-agent-configuration/)"},
	{"NGROK_AUTHTOKEN", "Services", "[ngrok: using ngrok with Docker](https://ngrok.com/docs/using-ngrok-with/docker/)"},
	{"TS_AUTHKEY", "Services", srcTailscale},
	{"TS_AUTH_KEY", "Services", srcTailscale},

	// Bare forms of the suffix patterns below, which need a prefix:
	// exact names, so that TOKENIZERS_PARALLELISM or PASSWORD_STORE_DIR
	// still pass.
	{"TOKEN", "Bare names", srcCodexGemini},
	{"SECRET", "Bare names", srcCodexGemini},
	{"KEY", "Bare names", srcCodexGemini},
	{"API_KEY", "Bare names", srcCodexGemini},
	{"APIKEY", "Bare names", srcCodexGemini},
	{"ACCESS_KEY", "Bare names", srcCodexGemini},
	{"SECRET_KEY", "Bare names", srcCodexGemini},
	{"PRIVATE_KEY", "Bare names", srcCodexGemini},
	{"PASSWORD", "Bare names", srcGeminiCLI},
	{"PASSWD", "Bare names", srcGeminiCLI},
	{"PASSPHRASE", "Bare names", srcAnsibleNoLog},

	{"*_TOKEN", "Patterns", srcDetectSecrets},
	{"*_SECRET", "Patterns", srcDetectSecrets},
	{"*_SECRET_KEY", "Patterns", srcGitleaks},
	{"*_ACCESS_KEY", "Patterns", srcGitleaks},
	{"*_PRIVATE_KEY", "Patterns", srcDetectSecrets},
	{"*_API_KEY", "Patterns", srcDetectSecrets},
	{"*_PASSWORD", "Patterns", srcDetectSecrets},
	{"*_PASSWD", "Patterns", srcDetectSecrets},
	{"*_PASSPHRASE", "Patterns", srcAnsibleNoLog},
	{"TF_TOKEN_*", "Patterns", "[Terraform CLI: environment variable credentials](https://developer.hashicorp.com/terraform/cli/config/config-file#environment-variable-credentials)"},
}

// builtinsMarkdown renders both lists as the README's Markdown tables.
func builtinsMarkdown() string {
	var b strings.Builder
	table := func(title string, list []Builtin) {
		b.WriteString("#### " + title + "\n\n")
		b.WriteString("| Name | Group | Source |\n")
		b.WriteString("| --- | --- | --- |\n")
		for _, e := range list {
			b.WriteString("| `" + e.Name + "` | " + e.Group + " | " + e.Source + " |\n")
		}
	}
	table("Essentials", BuiltinEssentials)
	b.WriteString("\n")
	table("Secrets", BuiltinSecrets)
	return b.String()
}
