package treenav

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/BurntSushi/toml"
	"github.com/bmatcuk/doublestar/v4"
)

// ConfigFileName is the project configuration file looked for in the
// working directory.
const ConfigFileName = "treenav.toml"

// Defaults of the settings that are not ranking knobs.
const (
	DefaultMaxFileSize = 1 << 20 // bytes; the same as walk.DefaultMaxFileSize
	DefaultDebounce    = 200 * time.Millisecond
	// DefaultIdleRelease is how long a server waits without a request
	// before it gives memory back ([server] idle_release).
	DefaultIdleRelease = time.Minute
	maxDebounce        = time.Minute
)

// DefaultConfig returns the configuration used when there is no file: every
// setting at its default and no collections (see Resolve).
func DefaultConfig() *Config {
	watch := true
	return &Config{
		Ranking: DefaultRanking(),
		Limits:  Limits{MaxFileSize: DefaultMaxFileSize},
		Server: ServerConfig{Watch: &watch, Debounce: DefaultDebounce, IdleRelease: DefaultIdleRelease,
			MaxChars: DefaultServerMaxChars, MaxNodes: DefaultServerMaxNodes},
	}
}

// LoadConfig finds, reads and checks the configuration. The file is, in
// order: explicit (the --config flag; an error if it does not exist),
// treenav.toml in the working directory, then treenav/config.toml in the
// user config directory ($XDG_CONFIG_HOME, else ~/.config on Linux). It
// returns the absolute path of the file used, or "" and DefaultConfig when
// there is none.
//
// The result is complete: unset settings hold their defaults, including
// every ranking knob, so callers need not (and should not) apply
// Ranking.WithDefaults to it: that would turn an explicit 0, such as
// bm25_b = 0, back into the default. Relative paths (collection roots, the
// index directory) are resolved against the file's directory, and "~/"
// against the home directory. All problems are reported at once, each as a
// *ConfigError naming the file, line and key.
func LoadConfig(explicit string) (*Config, string, error) {
	path, err := findConfig(explicit)
	if err != nil || path == "" {
		if err != nil {
			return nil, "", err
		}
		return DefaultConfig(), "", nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, path, fmt.Errorf("config: %w", err)
	}
	cfg, err := ParseConfig(data, path)
	if err != nil {
		return nil, path, err
	}
	return cfg, path, nil
}

// findConfig returns the absolute path of the configuration file to read,
// or "" if there is none.
func findConfig(explicit string) (string, error) {
	if explicit != "" {
		abs, err := filepath.Abs(explicit)
		if err != nil {
			return "", fmt.Errorf("config: %w", err)
		}
		fi, err := os.Stat(abs)
		if err != nil {
			return "", fmt.Errorf("config: %w", err)
		}
		if fi.IsDir() {
			return "", fmt.Errorf("config: %s is a directory", explicit)
		}
		return abs, nil
	}
	var candidates []string
	if abs, err := filepath.Abs(ConfigFileName); err == nil {
		candidates = append(candidates, abs)
	}
	if dir, err := os.UserConfigDir(); err == nil {
		candidates = append(candidates, filepath.Join(dir, "treenav", "config.toml"))
	}
	for _, c := range candidates {
		fi, err := os.Stat(c)
		switch {
		case err == nil && !fi.IsDir():
			return c, nil
		case err != nil && !errors.Is(err, fs.ErrNotExist):
			return "", fmt.Errorf("config: %w", err)
		}
	}
	return "", nil
}

// ConfigError is one problem in a configuration file.
type ConfigError struct {
	File string // as given to ParseConfig
	Line int    // 1-based; 0 when unknown
	Key  string // dotted TOML key: "ranking.bm25_b", "collections[1].root"
	Msg  string
}

func (e *ConfigError) Error() string {
	loc := e.File
	if e.Line > 0 {
		loc += ":" + strconv.Itoa(e.Line)
	}
	if loc != "" {
		loc += ": "
	}
	return loc + e.Key + ": " + e.Msg
}

// ParseConfig decodes and checks a configuration file's content. file names
// it in errors, and its directory anchors relative paths.
func ParseConfig(data []byte, file string) (*Config, error) {
	var raw map[string]any
	if _, err := toml.Decode(string(data), &raw); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	lines := keyLines(string(data))
	if errs := globLists(raw, file, lines); len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	cfg := DefaultConfig()
	// Decoding over the defaults leaves unset keys at their default and
	// keeps explicit values, false and 0 included.
	md, err := toml.Decode(string(data), cfg)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	c := checker{file: file, dir: filepath.Dir(file), lines: lines, md: md}
	c.unknownKeys()
	c.collections(cfg, raw)
	c.ranking(&cfg.Ranking)
	if cfg.Limits.MaxFileSize <= 0 {
		c.errorf("limits.max_file_size", "must be a positive number of bytes, got %d", cfg.Limits.MaxFileSize)
	}
	if cfg.Index.Dir != "" {
		cfg.Index.Dir = c.path("index.dir", cfg.Index.Dir)
	}
	c.server(&cfg.Server)
	if len(c.errs) > 0 {
		return nil, errors.Join(c.errs...)
	}
	return cfg, nil
}

// checker collects the problems of one file.
type checker struct {
	file  string
	dir   string
	lines map[string]int
	md    toml.MetaData
	errs  []error
}

func (c *checker) errorf(key, format string, args ...any) {
	line := c.lines[key]
	if line == 0 {
		// "collections[1].weight" in an inline array: point at the array.
		if i := strings.IndexByte(key, '['); i > 0 {
			line = c.lines[key[:i]]
		}
	}
	c.errs = append(c.errs, &ConfigError{File: c.file, Line: line, Key: key, Msg: fmt.Sprintf(format, args...)})
}

// unknownKeys reports keys that match no setting, exactly: the TOML
// library also accepts a key that differs in case, which would hide typos
// like "Weight" from the checks below.
func (c *checker) unknownKeys() {
	known := configKeys()
	reported := map[string]bool{}
	for _, k := range c.md.Keys() {
		key := strings.Join(k, ".")
		if _, ok := known[key]; ok {
			continue
		}
		parent := strings.Join(k[:len(k)-1], ".")
		if reported[parent] {
			reported[key] = true // inside an unknown table: said once
			continue
		}
		reported[key] = true
		msg := "unknown key"
		if s := suggestKey(key, known); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
		c.errorf(key, "%s", msg)
	}
}

func (c *checker) collections(cfg *Config, raw map[string]any) {
	// The raw document tells an explicit "weight = 0" from no weight.
	var rawCols []map[string]any
	switch v := raw["collections"].(type) {
	case []map[string]any: // [[collections]] tables
		rawCols = v
	case []any: // collections = [{...}, ...]
		for _, e := range v {
			m, _ := e.(map[string]any)
			rawCols = append(rawCols, m)
		}
	}
	names := map[string]int{}
	for i := range cfg.Collections {
		col := &cfg.Collections[i]
		key := fmt.Sprintf("collections[%d]", i)
		switch {
		case col.Name == "":
			c.errorf(key+".name", "missing: every collection needs a name")
		case !validName(col.Name):
			c.errorf(key+".name", "%q: use letters, digits, '.', '_' and '-'", col.Name)
		default:
			if j, dup := names[col.Name]; dup {
				c.errorf(key+".name", "%q is also the name of collections[%d]", col.Name, j)
			} else {
				names[col.Name] = i
			}
		}
		if col.Root == "" {
			c.errorf(key+".root", "missing: every collection needs a root directory")
		} else {
			col.Root = c.path(key+".root", col.Root)
			if fi, err := os.Stat(col.Root); err != nil {
				c.errorf(key+".root", "%v", err)
			} else if !fi.IsDir() {
				c.errorf(key+".root", "%s is not a directory", col.Root)
			}
		}
		set := false
		if i < len(rawCols) {
			_, set = rawCols[i]["weight"]
		}
		switch {
		case !set:
			col.Weight = 1
		case !(col.Weight > 0) || math.IsInf(col.Weight, 0):
			c.errorf(key+".weight", "must be a positive number, got %v", col.Weight)
		}
		root := ""
		if fi, err := os.Stat(col.Root); col.Root != "" && err == nil && fi.IsDir() {
			root = col.Root
		}
		c.globs(key, "include", root, col.Include)
		c.globs(key, "exclude", root, col.Exclude)
		c.globs(key, "generated", root, col.Generated)
	}
}

// globKeys are a collection's settings that hold lists of globs.
var globKeys = []string{"include", "exclude", "generated"}

// globLists checks, before the document is decoded, that each
// collection's glob settings are lists of strings: the TOML library's own
// message for `generated = "docs/**"` speaks of slices.
func globLists(raw map[string]any, file string, lines map[string]int) []error {
	var cols []map[string]any
	switch v := raw["collections"].(type) {
	case []map[string]any:
		cols = v
	case []any:
		for _, e := range v {
			m, _ := e.(map[string]any)
			cols = append(cols, m)
		}
	}
	c := checker{file: file, lines: lines}
	for i, col := range cols {
		for _, k := range globKeys {
			v, ok := col[k]
			if !ok {
				continue
			}
			key := fmt.Sprintf("collections[%d].%s", i, k)
			list, isList := v.([]any)
			if !isList {
				if s, isStr := v.(string); isStr {
					c.errorf(key, "want a list of globs: %s = [%q]", k, s)
				} else {
					c.errorf(key, "want a list of globs, such as %s = [\"docs/**\"], got %s", k, tomlType(v))
				}
				continue
			}
			for _, e := range list {
				if _, ok := e.(string); !ok {
					c.errorf(key, "want a list of globs (strings), got %s %v in it", tomlType(e), e)
					break
				}
			}
		}
	}
	return c.errs
}

// tomlType names the TOML type of a decoded value, for messages.
func tomlType(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case int64:
		return "an integer"
	case float64:
		return "a number"
	case []any:
		return "an array"
	case map[string]any:
		return "a table"
	}
	return "a date or time"
}

// globs checks a collection's include, exclude or generated patterns
// (setting names which) under root, its directory ("" when it is not
// one). Besides patterns that are no globs, it refuses those that can
// match no path, since the walk compares them with clean paths relative
// to the root: a leading "/", "./" or "../", a "!" (these lists have no
// negation; ignore files do), spaces around the pattern, and a trailing
// "/". include and generated match files, so a pattern without glob
// characters that names a directory under the root ("docs") is refused
// too, with the glob of its files ("docs/**") as the suggestion; exclude
// matches directories, so there it is right. A bare name that is no
// directory at the root ("Makefile", "*.pb.go") stays: it matches that
// name at any depth.
func (c *checker) globs(col, which, root string, patterns []string) {
	key := col + "." + which
	files := which != "exclude"
	// dirGlob is what to write for the files under dir.
	dirGlob := func(dir string) string {
		if files {
			return dir + "/**"
		}
		return dir
	}
	for _, p := range patterns {
		t := strings.TrimSpace(p)
		switch {
		case p == "":
			c.errorf(key, "empty pattern")
		case t != p:
			if t == "" {
				c.errorf(key, "%q: a pattern of spaces matches no path", p)
			} else {
				c.errorf(key, "%q: paths have no spaces around them; did you mean %q?", p, t)
			}
		case strings.HasPrefix(p, "/"):
			c.errorf(key, "%q: patterns are relative to the collection root; drop the leading '/'", p)
		case p == "." || p == "./":
			c.errorf(key, "%q matches no path; every path under the root is \"**\"", p)
		case strings.HasPrefix(p, "./"):
			c.errorf(key, "%q: patterns are relative to the collection root and match no path starting with \"./\"; did you mean %q?", p, dropDotSlash(p))
		case p == ".." || strings.HasPrefix(p, "../"):
			c.errorf(key, "%q: patterns are relative to the collection root and cannot reach outside it; to take in files above it, move root up", p)
		case strings.HasPrefix(p, "!"):
			c.errorf(key, "%q: %s has no \"!\" negation, as ignore files have; list only the paths to match", p, which)
		case !doublestar.ValidatePattern(p):
			c.errorf(key, "%q is not a valid doublestar pattern", p)
		case strings.HasSuffix(p, "/"):
			c.errorf(key, "%q: paths have no trailing '/'; did you mean %q?", p, dirGlob(strings.TrimRight(p, "/")))
		case files && root != "" && !strings.ContainsAny(p, "*?[{\\"):
			if fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(p))); err == nil && fi.IsDir() {
				c.errorf(key, "%q is a directory, and %s matches files; did you mean %q?", p, which, dirGlob(p))
			}
		}
	}
}

// dropDotSlash removes the "./" (and "/") that open p.
func dropDotSlash(p string) string {
	for {
		switch {
		case strings.HasPrefix(p, "./"):
			p = p[2:]
		case strings.HasPrefix(p, "/"):
			p = p[1:]
		default:
			return p
		}
	}
}

func (c *checker) ranking(r *Ranking) {
	v := reflect.ValueOf(r).Elem()
	for i := range v.NumField() {
		key := v.Type().Field(i).Tag.Get("toml")
		var x float64
		switch f := v.Field(i); f.Kind() {
		case reflect.Float64:
			x = f.Float()
		case reflect.Int:
			x = float64(f.Int())
		default:
			continue
		}
		if msg := checkKnob(key, x); msg != "" {
			c.errorf("ranking."+key, "%s", msg)
		}
	}
}

// unitKnobs are the ranking knobs that are shares or factors within [0, 1].
var unitKnobs = map[string]bool{
	"bm25_b": true, "prefix_penalty": true, "synonym_weight": true, "test_weight": true,
	"internal_weight": true, "deprecated_weight": true, "plain_file_weight": true, "plain_data_weight": true, "plain_type_weight": true, "action_type_weight": true, "action_coverage_weight": true, "changelog_weight": true, "section_rollup": true, "symbol_rollup": true,
}

// checkKnob says what is wrong with value v of the numeric ranking knob
// key, or "" when v is allowed. The configuration file and --rank (see
// Ranking.Set) both check with it, so they accept the same values and
// refuse the others with the same message.
// maxFeedbackTerms bounds ranking.feedback_terms: each term is looked up
// in each of the first results.
const maxFeedbackTerms = 100

func (c *checker) server(s *ServerConfig) {
	if s.MaxChars < 1000 {
		c.errorf("server.max_chars", "must be at least 1000, got %d", s.MaxChars)
	}
	if s.MaxNodes < 10 {
		c.errorf("server.max_nodes", "must be at least 10, got %d", s.MaxNodes)
	}
	if c.md.Type("server", "debounce") == "Integer" {
		// The library reads integers as nanoseconds: "debounce = 200"
		// would be 200ns, surely not what was meant.
		c.errorf("server.debounce", "write a duration with its unit, such as \"200ms\"")
	} else if s.Debounce <= 0 || s.Debounce > maxDebounce {
		c.errorf("server.debounce", "must be a duration above 0 and at most %v, got %v", maxDebounce, s.Debounce)
	}
	if c.md.Type("server", "idle_release") == "Integer" {
		c.errorf("server.idle_release", "write a duration with its unit, such as \"60s\" (\"0s\": never)")
	} else if s.IdleRelease < 0 {
		c.errorf("server.idle_release", "must be a duration of 0 (never) or more, got %v", s.IdleRelease)
	}
	if s.HTTP != "" {
		if err := checkAddr(s.HTTP); err != nil {
			c.errorf("server.http", "%q: %v", s.HTTP, err)
		}
	}
	if strings.IndexFunc(s.Token, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
		c.errorf("server.token", "must not contain spaces or control characters")
	}
}

// checkAddr accepts "host:port", ":port" and "[::1]:port".
func checkAddr(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("want host:port, such as 127.0.0.1:8080 (%w)", err)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("bad port %q", port)
	}
	if strings.ContainsAny(host, " /\\@?#") {
		return fmt.Errorf("bad host %q", host)
	}
	return nil
}

// path resolves a path setting: "~/" against the home directory, relative
// paths against the configuration file's directory.
func (c *checker) path(key, p string) string {
	if p == "~" || strings.HasPrefix(p, "~/") {
		home, err := os.UserHomeDir()
		if err != nil {
			c.errorf(key, "cannot expand ~: %v", err)
			return p
		}
		p = filepath.Join(home, p[1:])
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(c.dir, p)
	}
	return filepath.Clean(p)
}

// Resolve settles which collections to index. Roots given on the command
// line replace the configured collections, as flags override the file;
// with neither, the working directory is the one collection. A collection
// made from a root is named after its directory ("treenav" for
// /src/treenav), with "-2", "-3"... added when two roots share a name, and
// has weight 1. A root given twice ("x", "./x", "x/") is one collection,
// named after the first.
func (c *Config) Resolve(roots []string) error {
	if len(roots) == 0 {
		if len(c.Collections) > 0 {
			return nil
		}
		roots = []string{"."}
	}
	cols := make([]Collection, 0, len(roots))
	used := map[string]bool{}
	seen := map[string]bool{} // absolute roots
	for _, r := range roots {
		abs, err := filepath.Abs(r) // cleaned: "x", "x/" and "./x" are one root
		if err != nil {
			return fmt.Errorf("root %s: %w", r, err)
		}
		if seen[abs] {
			continue // the same root twice would index every file twice
		}
		seen[abs] = true
		fi, err := os.Stat(abs)
		if err != nil {
			return fmt.Errorf("root: %w", err)
		}
		if !fi.IsDir() {
			return fmt.Errorf("root %s is not a directory", r)
		}
		base := RootName(abs)
		name := base
		for n := 2; used[name]; n++ {
			name = fmt.Sprintf("%s-%d", base, n)
		}
		used[name] = true
		cols = append(cols, Collection{Name: name, Root: abs, Weight: 1})
	}
	c.Collections = cols
	return nil
}

// RootName derives a collection name from a root directory: its base name
// with anything but letters, digits, '.', '_' and '-' replaced by '-';
// "root" when nothing is left (the file system root).
func RootName(dir string) string {
	base := filepath.Base(filepath.Clean(dir))
	name := strings.Trim(strings.Map(func(r rune) rune {
		if nameRune(r) {
			return r
		}
		return '-'
	}, base), "-.")
	if name == "" {
		return "root"
	}
	return name
}

func validName(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return !nameRune(r) }) < 0
}

func nameRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.' || r == '_' || r == '-'
}

// configKeys lists every TOML key of Config from its struct tags, dotted,
// with whether it is a value (true) or a table (false). Array tables
// ([[collections]]) list their keys without an index, as the TOML
// library's metadata does.
func configKeys() map[string]bool {
	keys := map[string]bool{}
	var add func(t reflect.Type, prefix string)
	add = func(t reflect.Type, prefix string) {
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
			if name == "" || name == "-" || !f.IsExported() {
				continue
			}
			key := prefix + name
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.Struct {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct && ft != reflect.TypeFor[time.Time]() {
				keys[key] = false
				add(ft, key+".")
				continue
			}
			keys[key] = true
		}
	}
	add(reflect.TypeFor[Config](), "")
	return keys
}

// suggestKey returns the known key closest to an unknown one in the same
// table, if it is close enough to be a typo.
func suggestKey(key string, known map[string]bool) string {
	parent, last := "", key
	if i := strings.LastIndexByte(key, '.'); i >= 0 {
		parent, last = key[:i+1], key[i+1:]
	}
	best, bestDist := "", 3
	for k := range known {
		kp, kl := "", k
		if i := strings.LastIndexByte(k, '.'); i >= 0 {
			kp, kl = k[:i+1], k[i+1:]
		}
		if !strings.EqualFold(kp, parent) {
			continue
		}
		d := EditDistance(strings.ToLower(last), kl)
		if d < bestDist || d == bestDist && k < best {
			best, bestDist = k, d
		}
	}
	return best
}

// keyLines maps the keys of a TOML document to the line that sets them,
// for error messages (the TOML library does not expose key positions).
// Keys inside the i-th [[table]] are recorded both as "table[i].key" and,
// for their first occurrence, as "table.key". It reads tables, dotted and
// quoted keys line by line and skips multi-line strings and arrays; it is
// best effort, and a key it misses is reported without a line.
func keyLines(doc string) map[string]int {
	lines := map[string]int{}
	record := func(key string, n int) {
		if _, ok := lines[key]; !ok {
			lines[key] = n
		}
	}
	table, plainTable := "", ""
	counts := map[string]int{}
	skipUntil := "" // closing delimiter of a multi-line value
	depth := 0      // bracket depth of a multi-line array
	for i, line := range strings.Split(doc, "\n") {
		n := i + 1
		s := strings.TrimSpace(line)
		if skipUntil != "" {
			if strings.Contains(s, skipUntil) {
				skipUntil = ""
			}
			continue
		}
		if depth > 0 {
			depth += bracketDepth(s)
			continue
		}
		if s == "" || s[0] == '#' {
			continue
		}
		if strings.HasPrefix(s, "[[") {
			end := strings.Index(s, "]]")
			if end < 0 {
				continue
			}
			name := tomlKey(s[2:end])
			table = fmt.Sprintf("%s[%d]", name, counts[name])
			plainTable = name
			counts[name]++
			record(table, n)
			record(name, n)
			continue
		}
		if s[0] == '[' {
			end := strings.IndexByte(s, ']')
			if end < 0 {
				continue
			}
			table = tomlKey(s[1:end])
			plainTable = table
			record(table, n)
			continue
		}
		eq := strings.IndexByte(s, '=')
		if eq < 0 {
			continue
		}
		key := tomlKey(s[:eq])
		if table != "" {
			record(table+"."+key, n)
			record(plainTable+"."+key, n)
		} else {
			record(key, n)
		}
		value := strings.TrimSpace(s[eq+1:])
		for _, q := range []string{`"""`, `'''`} {
			if strings.HasPrefix(value, q) && strings.Count(value, q) == 1 {
				skipUntil = q
			}
		}
		if strings.HasPrefix(value, "[") {
			depth = bracketDepth(value)
		}
	}
	return lines
}

// tomlKey normalizes a possibly dotted and quoted key to "a.b.c".
func tomlKey(s string) string {
	parts := strings.Split(s, ".")
	for i, p := range parts {
		parts[i] = strings.Trim(strings.TrimSpace(p), `"'`)
	}
	return strings.Join(parts, ".")
}

// bracketDepth counts '[' minus ']' outside strings and comments.
func bracketDepth(s string) int {
	d := 0
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '"' || r == '\'':
			quote = r
		case r == '#':
			return d
		case r == '[':
			d++
		case r == ']':
			d--
		}
	}
	return d
}
