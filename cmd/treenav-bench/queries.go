package main

import "strings"

type benchQuery struct {
	text    string
	filters map[string][]string
}

// Identifiers an agent looks up in Go and Python code.
var identifiers = strings.Fields(`ReadFile Shutdown NewReader Marshal Unmarshal
	ListenAndServe ServeHTTP WithTimeout Printf Errorf TrimSpace WriteString
	WaitGroup Mutex Decode ParseFloat Atoi Duration Dial Listener Request
	HandlerFunc NewEncoder Copy Sprintf Sort Context Cancel
	urlopen HTTPServer Thread defaultdict namedtuple ArgumentParser add_argument
	getLogger basicConfig timedelta Popen communicate findall sendall
	loads dumps joinpath SequenceMatcher TextIOWrapper`)

// Prefixes, as typed by an agent that knows only the start of a name.
var prefixes = strings.Fields(`Read Writ http json Marsh Unmar Pars New conn
	sock thread async get set file path time sync deco encod`)

// Prose, as asked in words.
var prose = []string{
	"http server graceful shutdown", "parse json into struct", "read entire file",
	"split string by separator", "sort slice with custom comparator",
	"context deadline exceeded", "tls certificate verification", "gzip compression writer",
	"base64 encoding", "url query parameters", "mutex lock unlock", "error wrapping",
	"time zone conversion", "regular expression match", "command line flags",
	"environment variables", "temporary file", "directory walk", "signal handling",
	"unicode normalization", "random number generator", "buffered reader",
	"network connection timeout", "decode xml", "template execution", "binary search",
	"garbage collector pacing", "thread pool executor", "logging configuration",
	"subprocess output capture", "socket connect retry", "date formatting",
}

// benchQueries returns the fixed query list: identifiers, prefixes, prose,
// and filtered variants.
func benchQueries() []benchQuery {
	var qs []benchQuery
	for _, s := range identifiers {
		qs = append(qs, benchQuery{text: s})
	}
	for _, s := range prefixes {
		qs = append(qs, benchQuery{text: s})
	}
	for _, s := range prose {
		qs = append(qs, benchQuery{text: s})
	}
	filtered := []benchQuery{
		{"ReadFile", map[string][]string{"kind": {"function"}}},
		{"Shutdown", map[string][]string{"kind": {"method"}}},
		{"server", map[string][]string{"kind": {"struct", "class"}}},
		{"parse", map[string][]string{"language": {"go"}}},
		{"parse", map[string][]string{"language": {"python"}}},
		{"json encoding", map[string][]string{"kind": {"function", "method"}}},
		{"readme", map[string][]string{"content_type": {"markdown"}}},
		{"lock", map[string][]string{"kind": {"method"}, "language": {"go", "python"}}},
		{"http request", map[string][]string{"content_type": {"code"}}},
		{"test", map[string][]string{"kind": {"class"}}},
		{"error", map[string][]string{"kind": {"interface", "class"}}},
		{"connection", map[string][]string{"language": {"python"}, "kind": {"class"}}},
	}
	return append(qs, filtered...)
}

// symbolQueries are find_symbol lookups: identifiers, qualified names,
// prefixes and camel humps.
func symbolQueries() []string {
	qs := append([]string{}, identifiers...)
	qs = append(qs, prefixes...)
	return append(qs, "Server.Shutdown", "http.Server", "os.ReadFile", "gUT", "NRdr", "HTTPServer.serve_forever", "json.loads")
}
