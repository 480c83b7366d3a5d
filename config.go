package treenav

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"time"
)

// Config is treenav's configuration: what to index and how to rank it. It is
// read from treenav.toml (see LoadConfig); command-line flags override it.
type Config struct {
	// Collections are the roots to index. Without any, the current
	// directory (or --root) is one collection.
	Collections []Collection `toml:"collections"`
	Ranking     Ranking      `toml:"ranking"`
	Limits      Limits       `toml:"limits"`
	Index       IndexConfig  `toml:"index"`
	Server      ServerConfig `toml:"server"`
}

// Collection is one root directory with its own weight and file selection.
type Collection struct {
	Name   string  `toml:"name"`
	Root   string  `toml:"root"`
	Weight float64 `toml:"weight"` // multiplies scores; 1 when unset
	// Include keeps only files matching one of these doublestar globs
	// (relative to Root); Exclude drops matching files and directories.
	Include []string `toml:"include"`
	Exclude []string `toml:"exclude"`
	// Generated names files to index even when their opening comments
	// carry a generator's marker ("Code generated ... DO NOT EDIT",
	// "@generated"), which are otherwise skipped: pages generated from
	// templates that are the documentation people read, say. The globs
	// are read as Include's; they select among the files Include and
	// Exclude keep and never add others.
	Generated []string `toml:"generated"`
}

// Ranking holds every knob of the ranking function (BM25F with proximity,
// coverage and prefix expansion). Zero values are replaced by the defaults
// of DefaultRanking.
type Ranking struct {
	K1 float64 `toml:"bm25_k1" json:"bm25_k1"`
	B  float64 `toml:"bm25_b" json:"bm25_b"`

	TitleWeight       float64 `toml:"title_weight" json:"title_weight"`
	DescriptionWeight float64 `toml:"description_weight" json:"description_weight"`
	CodeWeight        float64 `toml:"code_weight" json:"code_weight"`
	BodyWeight        float64 `toml:"body_weight" json:"body_weight"`
	PathWeight        float64 `toml:"path_weight" json:"path_weight"`

	// PrefixPenalty multiplies the score of a term matched by prefix
	// expansion; PrefixMaxExpansions caps how many dictionary terms one
	// prefix expands to, and PrefixMinLength is the shortest query term
	// that is expanded at all.
	PrefixPenalty       float64 `toml:"prefix_penalty" json:"prefix_penalty"`
	PrefixMaxExpansions int     `toml:"prefix_max_expansions" json:"prefix_max_expansions"`
	PrefixMinLength     int     `toml:"prefix_min_length" json:"prefix_min_length"`

	// ProximityBonus rewards query terms found close together;
	// FullCoverageBonus rewards nodes that contain every query term.
	ProximityBonus    float64 `toml:"term_proximity_bonus" json:"term_proximity_bonus"`
	FullCoverageBonus float64 `toml:"full_coverage_bonus" json:"full_coverage_bonus"`

	// Synonyms expands query terms with a small software vocabulary
	// ("login" → "auth", "signin"); SynonymWeight discounts such matches.
	Synonyms      bool    `toml:"synonyms" json:"synonyms"`
	SynonymWeight float64 `toml:"synonym_weight" json:"synonym_weight"`

	// NameMatchBonus multiplies the score of a symbol whose name (or
	// qualified name) is the query itself by 1+NameMatchBonus (half that
	// when only the case differs): an agent typing an identifier wants its
	// definition first. TestWeight multiplies the scores of nodes in test
	// files and test data, which answer "how is X used", rarely "what is X".
	// InternalWeight does the same for internal and vendored code (an
	// internal/, vendor/, third_party/, site-packages/ ... directory, or
	// a private _name by Python's convention) and for private symbols
	// (Go's unexported names, Python's _names, members declared private):
	// between two equal matches, the project's public API comes first.
	// DeprecatedWeight multiplies the scores of symbols marked deprecated
	// (Go's "Deprecated:", @deprecated, #[deprecated], [Obsolete], ...):
	// new code should not call them.
	NameMatchBonus   float64 `toml:"name_match_bonus" json:"name_match_bonus"`
	TestWeight       float64 `toml:"test_weight" json:"test_weight"`
	InternalWeight   float64 `toml:"internal_weight" json:"internal_weight"`
	DeprecatedWeight float64 `toml:"deprecated_weight" json:"deprecated_weight"`
	// PlainFileWeight multiplies the score of a code file's root node
	// when the query is in plain words ("read file line by line"), and
	// such a query weighs test code by TestWeight twice unless it asks
	// for tests: a question in words asks for code that does something,
	// which the file holding it only contains.
	PlainFileWeight float64 `toml:"plain_file_weight" json:"plain_file_weight"`
	// PlainDataWeight and PlainTypeWeight do the same for the fields,
	// variables, constants, properties and re-exports, and for the types,
	// that such a query matches: "convert array to list" asks for the
	// function that does it, not the field or the class whose words it
	// shares, nor a line that exports the function under its name.
	PlainDataWeight float64 `toml:"plain_data_weight" json:"plain_data_weight"`
	PlainTypeWeight float64 `toml:"plain_type_weight" json:"plain_type_weight"`
	// ActionTypeWeight multiplies a type's score once more when such a
	// query opens with a verb of an operation ("convert", "parse",
	// "check": analysis.ActionQuery): it asks for the function that does
	// it, where a noun phrase ("cursor-based pagination") may well ask
	// for the type.
	ActionTypeWeight float64 `toml:"action_type_weight" json:"action_type_weight"`
	// ActionCoverageWeight multiplies FullCoverageBonus for such a query:
	// a node that holds every word of "convert array to list" is often a
	// long one that mentions them apart, not the function asked for.
	ActionCoverageWeight float64 `toml:"action_coverage_weight" json:"action_coverage_weight"`
	// NameWordsBonus multiplies, for such a query, the score of a symbol
	// whose name the query's words spell (analysis.NameWords: isdir for
	// "check if path is a directory", times for "call function n times")
	// by 1 + NameWordsBonus × the share of the query's words it spells:
	// the words that name what is asked for. 0 turns it off.
	NameWordsBonus float64 `toml:"name_words_bonus" json:"name_words_bonus"`
	// ChangelogWeight multiplies the scores of changelogs and release
	// notes (CHANGELOG.md, HISTORY.rst, release-notes/...) unless the
	// query asks about changes (release, version, breaking, migration,
	// ...): they name every feature once per release, and a query about
	// the code should find the code and its docs first.
	ChangelogWeight float64 `toml:"changelog_weight" json:"changelog_weight"`
	// UsesWeight is how much a symbol named by the query gains for the
	// references that resolve to it: its score is multiplied by
	// 1 + UsesWeight × min(1, log2(1+uses)/10), so among the ReadFiles of
	// a code base the one it calls most (os.ReadFile) leads. 0 turns it off.
	UsesWeight float64 `toml:"uses_weight" json:"uses_weight"`
	// DirWordsBonus multiplies by 1 + DirWordsBonus the scores of the
	// nodes in a directory whose path the query's words spell, two to
	// four of them in a row ("os exec" for os/exec, "encoding json"), or
	// of a module file so named ("json decoder" for json/decoder.py):
	// the package asked about comes first. 0 turns it off.
	DirWordsBonus float64 `toml:"dir_words_bonus" json:"dir_words_bonus"`

	// SectionRollup adds this share of a markdown section's best
	// subsection score to the section, so a broad query ranks the section
	// (or document) about it above one of its parts. SymbolRollup does the
	// same for a code symbol and its members (a class and its methods); it
	// is smaller because a type takes the best of many more members than a
	// section has subsections.
	SectionRollup float64 `toml:"section_rollup" json:"section_rollup"`
	SymbolRollup  float64 `toml:"symbol_rollup" json:"symbol_rollup"`

	// Feedback re-ranks the first results by the words of the best one
	// when it clearly leads (its score at least FeedbackMargin times the
	// next): each other result gains FeedbackWeight times its score for
	// the best match's FeedbackTerms most distinctive words (pseudo-
	// relevance feedback). An exact heading's subsections, the code it
	// documents and the runbook that cites it share its vocabulary; a
	// result that shares only the query's words does not. It reorders
	// what the query found and adds no result. FeedbackWeight 0 turns it
	// off.
	FeedbackWeight float64 `toml:"feedback_weight" json:"feedback_weight"`
	FeedbackMargin float64 `toml:"feedback_margin" json:"feedback_margin"`
	FeedbackTerms  int     `toml:"feedback_terms" json:"feedback_terms"`
}

// DefaultRanking returns the default ranking knobs.
func DefaultRanking() Ranking {
	return Ranking{
		K1: 2.0, B: 0.75,
		TitleWeight: 3.0, DescriptionWeight: 2.0, CodeWeight: 1.0, BodyWeight: 1.0, PathWeight: 1.0,
		PrefixPenalty: 0.5, PrefixMaxExpansions: 32, PrefixMinLength: 3,
		ProximityBonus: 2.0, FullCoverageBonus: 4.0,
		Synonyms: true, SynonymWeight: 0.6,
		NameMatchBonus: 1.0, TestWeight: 0.7, InternalWeight: 0.85, DeprecatedWeight: 0.7, PlainFileWeight: 0.5, PlainDataWeight: 0.6, PlainTypeWeight: 0.9, ActionTypeWeight: 0.7, ActionCoverageWeight: 0.25, NameWordsBonus: 2.0, ChangelogWeight: 0.5, UsesWeight: 0.1, DirWordsBonus: 1.0, SectionRollup: 0.4, SymbolRollup: 0.3,
		FeedbackWeight: 0.2, FeedbackMargin: 1.5, FeedbackTerms: 32,
	}
}

// WithDefaults fills zero knobs from DefaultRanking, for rankings built in
// code. A loaded Config is already complete: applying WithDefaults to it
// would turn an explicit 0 (bm25_b = 0) back into the default.
func (r Ranking) WithDefaults() Ranking {
	d := DefaultRanking()
	fill := func(v *float64, def float64) {
		if *v == 0 {
			*v = def
		}
	}
	fill(&r.K1, d.K1)
	fill(&r.B, d.B)
	fill(&r.TitleWeight, d.TitleWeight)
	fill(&r.DescriptionWeight, d.DescriptionWeight)
	fill(&r.CodeWeight, d.CodeWeight)
	fill(&r.BodyWeight, d.BodyWeight)
	fill(&r.PathWeight, d.PathWeight)
	fill(&r.PrefixPenalty, d.PrefixPenalty)
	fill(&r.ProximityBonus, d.ProximityBonus)
	fill(&r.FullCoverageBonus, d.FullCoverageBonus)
	fill(&r.SynonymWeight, d.SynonymWeight)
	fill(&r.NameMatchBonus, d.NameMatchBonus)
	fill(&r.TestWeight, d.TestWeight)
	fill(&r.InternalWeight, d.InternalWeight)
	fill(&r.DeprecatedWeight, d.DeprecatedWeight)
	fill(&r.PlainFileWeight, d.PlainFileWeight)
	fill(&r.PlainDataWeight, d.PlainDataWeight)
	fill(&r.PlainTypeWeight, d.PlainTypeWeight)
	fill(&r.ActionTypeWeight, d.ActionTypeWeight)
	fill(&r.ActionCoverageWeight, d.ActionCoverageWeight)
	fill(&r.NameWordsBonus, d.NameWordsBonus)
	fill(&r.ChangelogWeight, d.ChangelogWeight)
	fill(&r.UsesWeight, d.UsesWeight)
	fill(&r.DirWordsBonus, d.DirWordsBonus)
	fill(&r.SectionRollup, d.SectionRollup)
	fill(&r.SymbolRollup, d.SymbolRollup)
	fill(&r.FeedbackWeight, d.FeedbackWeight)
	fill(&r.FeedbackMargin, d.FeedbackMargin)
	if r.FeedbackTerms == 0 {
		r.FeedbackTerms = d.FeedbackTerms
	}
	if r.PrefixMaxExpansions == 0 {
		r.PrefixMaxExpansions = d.PrefixMaxExpansions
	}
	if r.PrefixMinLength == 0 {
		r.PrefixMinLength = d.PrefixMinLength
	}
	return r
}

// Limits bound what is indexed.
type Limits struct {
	// MaxFileSize skips larger files (bytes); default 1 MiB.
	MaxFileSize int64 `toml:"max_file_size"`
}

// IndexConfig says where the persisted index lives.
type IndexConfig struct {
	// Dir holds snapshots; default: the user cache dir, keyed by root.
	Dir string `toml:"dir"`
}

// ServerConfig configures `treenav serve`.
type ServerConfig struct {
	Watch    *bool         `toml:"watch"`    // default true
	HTTP     string        `toml:"http"`     // address for streamable HTTP; empty means stdio
	Token    string        `toml:"token"`    // bearer token required over HTTP when set
	Debounce time.Duration `toml:"debounce"` // watcher debounce; default 200ms
	// MaxChars and MaxNodes are hard ceilings on every tool call's
	// max_chars and max_nodes (DefaultServerMaxChars, DefaultServerMaxNodes).
	MaxChars int `toml:"max_chars"`
	MaxNodes int `toml:"max_nodes"`
	// IdleRelease is how long the server waits without a request before
	// it gives back the memory it keeps for the next queries (search
	// buffers, grep's texts, the snapshot's resident pages); 0: never.
	// Default DefaultIdleRelease.
	IdleRelease time.Duration `toml:"idle_release"`
}

// The default ceilings on a tool call's max_chars and max_nodes: an
// explicit max_chars of 1e8 must not put 161 KB into an agent's context.
const (
	DefaultServerMaxChars = 100_000
	DefaultServerMaxNodes = 500
)

// Set sets the knob named by its configuration key ("bm25_k1",
// "synonyms") from a string, as the CLI's --rank KEY=VALUE does. It
// refuses what the configuration file refuses (bm25_b = 2, NaN, Inf),
// with the same message.
func (r *Ranking) Set(key, value string) error {
	v := reflect.ValueOf(r).Elem()
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		if t.Field(i).Tag.Get("toml") != key {
			continue
		}
		f := v.Field(i)
		switch f.Kind() {
		case reflect.Float64:
			x, err := strconv.ParseFloat(value, 64)
			if err != nil {
				return fmt.Errorf("ranking.%s: want a number, got %q", key, value)
			}
			if msg := checkKnob(key, x); msg != "" {
				return fmt.Errorf("ranking.%s: %s", key, msg)
			}
			f.SetFloat(x)
		case reflect.Int:
			x, err := strconv.Atoi(value)
			if err != nil {
				return fmt.Errorf("ranking.%s: want an integer, got %q", key, value)
			}
			if msg := checkKnob(key, float64(x)); msg != "" {
				return fmt.Errorf("ranking.%s: %s", key, msg)
			}
			f.SetInt(int64(x))
		case reflect.Bool:
			x, err := strconv.ParseBool(value)
			if err != nil {
				return fmt.Errorf("ranking.%s: want true or false, got %q", key, value)
			}
			f.SetBool(x)
		}
		return nil
	}
	return fmt.Errorf("unknown ranking knob %q (known: %s)", key, rankingKeys())
}

func rankingKeys() string {
	t := reflect.TypeOf(Ranking{})
	var keys []string
	for i := 0; i < t.NumField(); i++ {
		keys = append(keys, t.Field(i).Tag.Get("toml"))
	}
	sort.Strings(keys)
	return fmt.Sprint(keys)
}

func checkKnob(key string, v float64) string {
	switch {
	case key == "prefix_min_length":
		if v < 1 {
			return fmt.Sprintf("must be >= 1, got %v", v)
		}
	case key == "prefix_max_expansions":
		if v < 0 {
			return fmt.Sprintf("must be >= 0, got %v", v)
		}
	case key == "feedback_terms":
		if v < 0 || v > maxFeedbackTerms {
			return fmt.Sprintf("must be within [0, %d], got %v", maxFeedbackTerms, v)
		}
	case unitKnobs[key]:
		if !(v >= 0 && v <= 1) {
			return fmt.Sprintf("must be within [0, 1], got %v", v)
		}
	default:
		if !(v >= 0) || math.IsInf(v, 0) {
			return fmt.Sprintf("must be a number >= 0, got %v", v)
		}
	}
	return ""
}
