package index

import "strings"

// synonymGroups is a small software vocabulary: words in one group are
// searched for each other (discounted by Ranking.SynonymWeight). It exists
// because agents ask in their words ("login flow") for what the code and
// docs call otherwise ("authenticate", "sign in"). Keep groups tight: a
// loose group makes every query noisy.
var synonymGroups = [][]string{
	{"login", "signin", "logon", "authenticate", "authentication", "auth"},
	{"logout", "signout", "logoff"},
	{"signup", "register", "registration"},
	{"authorization", "authorize", "permission", "permissions", "access control", "rbac", "acl"},
	{"password", "passwd", "credential", "credentials", "secret"},
	{"token", "jwt", "bearer"},
	{"delete", "remove", "erase", "destroy", "drop"},
	{"create", "add", "insert", "new"},
	{"update", "modify", "edit", "change", "patch"},
	{"fetch", "retrieve", "get", "load", "read"},
	{"save", "store", "persist", "write"},
	{"config", "configuration", "settings", "options", "preferences", "setup"},
	{"error", "exception", "failure", "fault", "panic"},
	{"start", "launch", "boot", "startup", "run"},
	{"stop", "shutdown", "terminate", "halt", "kill"},
	{"restart", "reboot", "reload"},
	{"db", "database", "datastore", "sql"},
	{"repo", "repository"},
	{"doc", "docs", "documentation", "manual", "guide"},
	{"init", "initialize", "initialise", "bootstrap"},
	{"env", "environment"},
	{"dir", "directory", "folder"},
	{"func", "function", "fn", "method", "procedure"},
	{"param", "parameter", "argument", "arg", "args"},
	{"deps", "dependency", "dependencies"},
	{"test", "tests", "spec", "testing"},
	{"deploy", "deployment", "release", "rollout", "ship"},
	{"rollback", "revert", "undo", "downgrade"},
	{"install", "installation", "setup"},
	{"cache", "memoize", "memoization"},
	{"limit", "throttle", "quota", "ratelimit"},
	{"log", "logging", "logger", "trace"},
	{"monitor", "monitoring", "metrics", "observability", "telemetry"},
	{"queue", "job", "task", "worker"},
	{"message", "event", "notification"},
	{"user", "account", "member", "profile"},
	{"http", "https", "rest", "api", "endpoint"},
	{"encrypt", "encryption", "cipher", "crypto"},
	{"hash", "digest", "checksum"},
	{"connect", "connection", "socket"},
	{"timeout", "deadline", "expiry", "expiration", "expire", "ttl"},
	{"retry", "backoff", "reattempt"},
	{"pagination", "paginate", "paging", "cursor", "page"},
	{"serialize", "marshal", "encode", "stringify"},
	{"deserialize", "unmarshal", "decode", "parse"},
	{"route", "router", "routing", "handler"},
	{"validate", "validation", "verify", "check"},
	{"schedule", "scheduler", "cron"},
	{"migrate", "migration", "schema"},
	{"build", "compile", "compilation"},
	{"k8s", "kubernetes"},
}

// synonyms maps a term (as the analyzer makes it) to its synonyms' terms.
var synonyms = buildSynonyms(synonymGroups)

func buildSynonyms(groups [][]string) map[string][]string {
	m := map[string][]string{}
	for _, g := range groups {
		var terms []string
		for _, w := range g {
			// Multi-word entries ("access control") are matched by
			// their last word's stem; they mostly serve documentation.
			f := strings.Fields(w)
			t := termOf(f[len(f)-1])
			if t != "" && !contains(terms, t) {
				terms = append(terms, t)
			}
		}
		for _, t := range terms {
			for _, o := range terms {
				if o != t && !contains(m[t], o) {
					m[t] = append(m[t], o)
				}
			}
		}
	}
	return m
}

// termOf analyzes one plain word into its single term.
func termOf(w string) string {
	out := ""
	analyze([]byte(w), 0, func(term string, _, _, _ int) {
		if out == "" {
			out = term
		}
	})
	return out
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}
