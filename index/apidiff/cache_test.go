package apidiff

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/treenav/treenav/index/walk"
)

// TestCacheAnswersUnchangedFiles checks that a second outline of the same
// files parses nothing and gives the same outline, that an edited file is
// parsed again, and that a torn entry is parsed again instead of trusted.
func TestCacheAnswersUnchangedFiles(t *testing.T) {
	cache, err := OpenCache(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	files := []Source{
		{Rel: "a.go", Src: []byte("package a\n\n// F is f.\nfunc F(x int) int { return x }\n\ntype T struct{ A int }\n")},
		{Rel: "b.py", Src: []byte("class C:\n    def m(self):\n        pass\n")},
		{Rel: "notes.txt", Src: []byte("not code")},
	}
	first := ParseAll(files, walk.Classify, cache)
	if h, m := cache.Stats(); h != 0 || m != 2 {
		t.Fatalf("first outline: %d hits, %d misses, want 0 and 2 (the .txt is no language)", h, m)
	}
	second := ParseAll(files, walk.Classify, cache)
	if h, _ := cache.Stats(); h != 2 {
		t.Errorf("second outline: %d hits, want 2", h)
	}
	if !reflect.DeepEqual(first, second) {
		t.Errorf("cached outline differs:\n%+v\n%+v", first, second)
	}
	if first[2].Skip != "unsupported" {
		t.Errorf("notes.txt: %+v", first[2])
	}

	// An edit is a new blob: parsed again, and the outline follows it.
	files[0].Src = []byte("package a\n\nfunc G() {}\n")
	third := ParseAll(files[:1], walk.Classify, cache)
	if _, m := cache.Stats(); m != 3 {
		t.Errorf("edited file: %d misses, want 3", m)
	}
	if len(third[0].Symbols) != 1 || third[0].Symbols[0].Qualified != "G" {
		t.Errorf("edited file's symbols: %+v", third[0].Symbols)
	}

	// A torn entry is no answer.
	key := cache.key(files[1])
	if err := os.WriteFile(cache.path(key), []byte("torn"), 0o644); err != nil {
		t.Fatal(err)
	}
	again := ParseAll(files[1:2], walk.Classify, cache)
	if !reflect.DeepEqual(again[0], first[1]) {
		t.Errorf("after a torn entry: %+v", again[0])
	}
	if _, err := os.Stat(filepath.Join(cache.dir, key[:2])); err != nil {
		t.Error(err)
	}
}

// TestBlobIDIsGits checks the work tree's keys against git's own ids.
func TestBlobIDIsGits(t *testing.T) {
	// git hash-object of "hello\n".
	if got := BlobID([]byte("hello\n")); got != "ce013625030ba8dba906f756967f9e9ca394464a" {
		t.Errorf("BlobID = %s", got)
	}
}
