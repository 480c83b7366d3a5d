package analysis

import "strings"

// synonymGroups is a small software vocabulary: words in one group are
// searched for each other (discounted by Ranking.SynonymWeight). It exists
// because agents ask in their words ("login flow", "access control") for
// what the code and docs call otherwise ("authenticate", "permissions").
// Keep groups tight: a loose group makes every query noisy, and words that
// appear everywhere in code (get, new, add, run) are left out on purpose.
// A multi-word entry matches those words adjacent in a query. Phrasal
// verbs ("sign out", "log in", "set up") need no entry: the analyzer
// compounds them into "signout", "login", "setup" (analyzeCompounds).
var synonymGroups = [][]string{
	{"login", "signin", "logon", "authenticate", "authentication", "auth"},
	{"logout", "signout", "logoff"},
	{"signup", "register", "registration"},
	{"authorization", "authorize", "permission", "permissions", "rbac", "acl", "privilege", "access control"},
	{"password", "passwd", "passphrase", "credential", "credentials", "secret"},
	{"credential", "credentials", "token"},
	{"jwt", "json web token"},
	{"delete", "remove", "erase", "destroy"},
	{"create", "insert"},
	{"update", "modify"},
	{"fetch", "retrieve"},
	{"persist", "save"},
	{"store", "storage"},
	{"config", "configuration", "settings", "options", "preferences"},
	{"error", "exception", "failure", "fault"},
	{"crash", "crashed", "failure", "outage", "fail"},
	{"start", "launch", "boot", "startup"},
	{"stop", "shutdown", "terminate", "halt"},
	{"drain", "draining", "graceful shutdown"},
	{"restart", "reboot", "reload"},
	{"db", "database", "datastore"},
	{"repo", "repository"},
	{"doc", "docs", "documentation", "manual"},
	{"init", "initialize", "initialise", "bootstrap"},
	{"env", "environment"},
	{"dir", "directory", "folder"},
	{"func", "function", "fn"},
	{"param", "parameter", "argument", "arg", "args"},
	{"deps", "dependency", "dependencies"},
	{"deploy", "deployment", "release", "rollout"},
	{"rollback", "revert", "undo", "downgrade"},
	{"install", "installation", "setup", "getting started"},
	{"cache", "memoize", "memoization"},
	{"limit", "throttle", "quota", "ratelimit", "rate limit"},
	{"call", "calls", "request"},
	{"log", "logging", "logger"},
	{"monitor", "monitoring", "metrics", "observability", "telemetry"},
	{"queue", "worker"},
	{"message", "notification"},
	{"user", "account", "profile"},
	{"encrypt", "encryption", "cipher"},
	{"hash", "digest", "checksum"},
	{"connect", "connection"},
	{"timeout", "deadline", "expiry", "expiration", "expire", "ttl", "lifetime"},
	{"retry", "backoff"},
	{"pagination", "paginate", "paging"},
	{"serialize", "marshal", "encode", "stringify"},
	{"deserialize", "unmarshal", "decode"},
	{"route", "router", "routing"},
	{"validate", "validation", "verify"},
	{"schedule", "scheduler", "cron"},
	{"migrate", "migration"},
	{"build", "compile", "compilation"},
	{"k8s", "kubernetes"},
	{"entire", "whole"},
	// OAuth's grants are its flows: "client credentials flow" and
	// "client credentials grant" name one thing.
	{"flow", "grant"},
	// Plain words for what code abbreviates: "largest element" asks for
	// max, "highest version matching range" for maxSatisfying, "lowest
	// version" for minVersion, "run after a delay" for a sleep or a wait.
	// Left out of the min group, measured: "least" is "at least" in
	// prose (it cost Python's benchmark 0.005), and "smallest n elements"
	// lost nsmallest to the min() calls smallest then matched (0.004).
	{"largest", "biggest", "greatest", "highest", "maximum", "max"},
	{"lowest", "minimum", "min"},
	{"delay", "sleep", "wait"},
}

// Synonyms maps a term (as the analyzer makes it) to the terms of the
// single-word members of its groups; SpanSynonyms maps the terms of a
// multi-word entry, joined by spaces ("access control"), to the same.
var Synonyms, SpanSynonyms = buildSynonyms(synonymGroups)

func buildSynonyms(groups [][]string) (map[string][]string, map[string][]string) {
	single := map[string][]string{}
	span := map[string][]string{}
	for _, g := range groups {
		var words, spans []string
		for _, entry := range g {
			terms := termsOf(entry)
			switch {
			case len(terms) == 1:
				if !contains(words, terms[0]) {
					words = append(words, terms[0])
				}
			case len(terms) > 1:
				spans = append(spans, strings.Join(terms, " "))
			}
		}
		for _, t := range words {
			for _, o := range words {
				if o != t && !contains(single[t], o) {
					single[t] = append(single[t], o)
				}
			}
		}
		for _, sp := range spans {
			for _, o := range words {
				if !contains(span[sp], o) {
					span[sp] = append(span[sp], o)
				}
			}
		}
	}
	return single, span
}

// termsOf analyzes an entry into one term per word: the word's term, or
// the whole identifier for a word of several parts ("k8s"). Stop words
// drop out.
func termsOf(s string) []string {
	var out []string
	analyzeWords([]byte(s), func(_ string, terms []string, _ bool, _ int) {
		out = append(out, terms[0])
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

// TermOf analyzes one plain word into its first term.
func TermOf(w string) string {
	if ts := termsOf(w); len(ts) > 0 {
		return ts[0]
	}
	return ""
}
