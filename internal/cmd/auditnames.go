package cmd

import (
	"slices"
	"strings"
)

// This file is audit's guess, from a name alone, that a variable holds a
// credential: the words of the name (split at '_', '-' and '.', ASCII case
// aside) against a short list, chosen for few false alarms in the
// environments of developers' machines and CI runners.

// credentialWords are words that, anywhere in a name, say it holds a
// credential: MY_API_KEY, DB_PASS, SMTP_CREDENTIALS, NPM_CONFIG__AUTH.
var credentialWords = []string{
	"KEY", "KEYS", "TOKEN", "TOKENS", "SECRET", "SECRETS", "PASSWORD", "PASSWD", "PASS",
	"PASSPHRASE", "CREDENTIAL", "CREDENTIALS", "CREDS", "AUTH", "PAT", "COOKIE", "COOKIES",
}

// credentialSuffixes are endings of a word that say so too, for words run
// together: PGPASSWORD, NGROK_AUTHTOKEN, TS_AUTHKEY, CLIENTSECRET. KEY
// alone is no such ending (MONKEY, HOTKEY).
var credentialSuffixes = []string{
	"TOKEN", "TOKENS", "SECRET", "PASSWORD", "PASSWD", "PASSPHRASE", "CREDENTIALS",
	"APIKEY", "AUTHKEY", "ACCESSKEY", "SECRETKEY", "PRIVATEKEY",
}

// innocentLastWords end names of places, not credentials: a directory
// (PASSWORD_STORE_DIR, the pass password manager's store).
var innocentLastWords = []string{"DIR", "DIRS", "HOME"}

// innocentWords mark a name as public by design: NEXT_PUBLIC_API_KEY and
// VITE_PUBLIC_* are compiled into what a site serves, an SSH_PUB_KEY is
// a public key.
var innocentWords = []string{"PUBLIC", "PUB"}

// innocentPrefixes start names that hold no credential although a word
// says otherwise: PASSWORD_STORE_KEY holds GPG key IDs, and the rest of
// PASSWORD_STORE_* configures pass.
var innocentPrefixes = []string{"PASSWORD_STORE_"}

// nameLooksSecret reports whether name looks like it holds a credential,
// and the word that says so. MYSQL_PWD counts, PWD (the working
// directory) and OLDPWD do not; KEYTIMEOUT, TOKENIZERS_PARALLELISM and
// XAUTHORITY hold none of the words.
func nameLooksSecret(name string) (word string, ok bool) {
	upper := strings.ToUpper(name)
	for _, p := range innocentPrefixes {
		if strings.HasPrefix(upper, p) {
			return "", false
		}
	}
	words := strings.FieldsFunc(upper, func(r rune) bool { return r == '_' || r == '-' || r == '.' })
	if len(words) == 0 || slices.Contains(innocentLastWords, words[len(words)-1]) {
		return "", false
	}
	for _, w := range words {
		if slices.Contains(innocentWords, w) {
			return "", false
		}
	}
	for _, w := range words {
		if slices.Contains(credentialWords, w) || w == "PWD" && len(words) > 1 {
			return w, true
		}
		for _, s := range credentialSuffixes {
			if strings.HasSuffix(w, s) {
				return w, true
			}
		}
	}
	return "", false
}
