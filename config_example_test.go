package treenav_test

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/walk"
)

const exampleFile = "treenav.example.toml"

// TestExampleConfig keeps treenav.example.toml honest: it must load, set
// every key of Config (so a new setting cannot go undocumented), and set
// each to its default.
func TestExampleConfig(t *testing.T) {
	cfg, used, err := treenav.LoadConfig(exampleFile)
	if err != nil {
		t.Fatal(err)
	}
	if abs, _ := filepath.Abs(exampleFile); used != abs {
		t.Errorf("used %q, want %q", used, abs)
	}

	var doc map[string]any
	md, err := toml.DecodeFile(exampleFile, &doc)
	if err != nil {
		t.Fatal(err)
	}
	set := map[string]bool{}
	for _, k := range md.Keys() {
		set[strings.Join(k, ".")] = true
	}
	var missing []string
	for _, key := range configLeafKeys(t) {
		if !set[key] {
			missing = append(missing, key)
		}
	}
	if len(missing) > 0 {
		t.Errorf("%s does not document %q", exampleFile, missing)
	}

	def := treenav.DefaultConfig()
	if cfg.Ranking != def.Ranking {
		t.Errorf("example ranking %+v\ndefaults        %+v", cfg.Ranking, def.Ranking)
	}
	if cfg.Limits != def.Limits || cfg.Index != def.Index {
		t.Errorf("example limits/index %+v %+v, defaults %+v %+v", cfg.Limits, cfg.Index, def.Limits, def.Index)
	}
	s, d := cfg.Server, def.Server
	if *s.Watch != *d.Watch || s.Debounce != d.Debounce || s.HTTP != d.HTTP || s.Token != d.Token {
		t.Errorf("example server %+v, defaults %+v", s, d)
	}
	// The example's one collection is what Resolve makes of the
	// directory holding the file.
	wd, _ := os.Getwd()
	want := treenav.DefaultConfig()
	if err := want.Resolve([]string{wd}); err != nil {
		t.Fatal(err)
	}
	if len(cfg.Collections) != 1 {
		t.Fatalf("example collections: %+v", cfg.Collections)
	}
	if g, w := cfg.Collections[0], want.Collections[0]; g.Root != w.Root || g.Weight != w.Weight || len(g.Include)+len(g.Exclude)+len(g.Generated) != 0 {
		t.Errorf("example collection %+v, default %+v", g, w)
	}
}

// configLeafKeys lists the dotted TOML keys of Config's values (not
// tables), from the struct tags.
func configLeafKeys(t *testing.T) []string {
	t.Helper()
	// Decoding a document that sets nothing, then asking the library for
	// every key would not work; instead encode a config with a
	// collection and every pointer set, and read back the keys written.
	cfg := treenav.DefaultConfig()
	cfg.Collections = []treenav.Collection{{Name: "n", Root: "r", Weight: 1, Include: []string{"i"}, Exclude: []string{"e"}, Generated: []string{"g"}}}
	cfg.Index.Dir = "d"
	cfg.Server.HTTP, cfg.Server.Token = "h:1", "t"
	var b strings.Builder
	if err := toml.NewEncoder(&b).Encode(cfg); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	md, err := toml.Decode(b.String(), &doc)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, k := range md.Keys() {
		switch md.Type(k...) {
		case "Hash", "ArrayHash":
			continue
		}
		keys = append(keys, strings.Join(k, "."))
	}
	sort.Strings(keys)
	keys = slices.Compact(keys)
	if len(keys) < 20 {
		t.Fatalf("only %d keys found in Config: %q", len(keys), keys)
	}
	return keys
}

func TestDefaultsAgreeWithWalk(t *testing.T) {
	if treenav.DefaultMaxFileSize != walk.DefaultMaxFileSize {
		t.Errorf("treenav.DefaultMaxFileSize = %d, walk.DefaultMaxFileSize = %d", treenav.DefaultMaxFileSize, walk.DefaultMaxFileSize)
	}
	c := treenav.Collection{Include: []string{"a"}, Exclude: []string{"b"}, Generated: []string{"c"}}
	o := walk.CollectionOptions(c, treenav.Limits{MaxFileSize: 7})
	if o.MaxFileSize != 7 || !slices.Equal(o.Include, c.Include) || !slices.Equal(o.Exclude, c.Exclude) || !slices.Equal(o.Generated, c.Generated) {
		t.Errorf("CollectionOptions = %+v", o)
	}
}
