package index

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/walk"
	"github.com/treenav/treenav/parsers"
)

// The index's tests build their index in memory: they parse strings and
// apply them, with no engine, walk or snapshot directory. The engine's
// own tests (index/engine) build from disk.

// memSource serves the documents' files from memory (Source).
type memSource map[string][]byte // key: collection + "\x00" + path

func (m memSource) ReadFile(coll, path string) ([]byte, error) {
	b, ok := m[coll+"\x00"+path]
	if !ok {
		return nil, fmt.Errorf("%s: %w", path, os.ErrNotExist)
	}
	return b, nil
}

// Exists reports whether the file is there (Exister).
func (m memSource) Exists(coll, path string) bool {
	_, ok := m[coll+"\x00"+path]
	return ok
}

// memFile is one file of an in-memory index.
type memFile struct {
	coll, rel, docID string
	src              []byte
}

// memIndex parses files and applies them to a new index, as a build would:
// files no parser takes, and files a build skips by their content
// (generated, binary, minified), are left out.
func memIndex(t testing.TB, files []memFile) *Index {
	t.Helper()
	return memIndexParts(t, [][]memFile{files})
}

// memIndexParts is memIndex applying each part of the files apart, one
// segment each, as a build with several workers and later updates leaves
// them; every file is readable from the index's source.
func memIndexParts(t testing.TB, parts [][]memFile) *Index {
	t.Helper()
	ix := New()
	src := memSource{}
	for _, files := range parts {
		var add []Input
		for _, f := range files {
			src[f.coll+"\x00"+f.rel] = f.src
			if !parsers.Candidate(f.rel) || walk.Classify(f.rel, f.src) != "" {
				continue
			}
			doc, err := parsers.Parse(f.rel, f.docID, f.src)
			if err != nil {
				t.Fatalf("%s: %v", f.rel, err)
			}
			doc.Collection = f.coll
			add = append(add, Input{Doc: doc, Src: f.src})
		}
		ix.Apply(add, nil)
	}
	ix.SetSource(src)
	return ix
}

// newTestIndex indexes files (path → content) in memory, as the one
// collection "test".
func newTestIndex(t testing.TB, files map[string]string) *Index {
	t.Helper()
	return memIndex(t, memFiles(files))
}

// memFiles are files (path → content) of the collection "test", in path
// order.
func memFiles(files map[string]string) []memFile {
	var fs []memFile
	for _, p := range slices.Sorted(maps.Keys(files)) {
		fs = append(fs, memFile{coll: "test", rel: p, docID: p, src: []byte(files[p])})
	}
	return fs
}

// dirIndex indexes the files under each collection's root in memory
// (document ids carry the collection's name when there are several).
func dirIndex(t testing.TB, colls ...treenav.Collection) *Index {
	t.Helper()
	var fs []memFile
	for _, c := range colls {
		res, err := walk.Walk(c.Root, walk.CollectionOptions(c, treenav.Limits{}))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range res.Files {
			b, err := os.ReadFile(filepath.Join(c.Root, filepath.FromSlash(f.Rel)))
			if err != nil {
				t.Fatal(err)
			}
			id := f.Rel
			if len(colls) > 1 {
				id = c.Name + ":" + f.Rel
			}
			fs = append(fs, memFile{coll: c.Name, rel: f.Rel, docID: id, src: b})
		}
	}
	return memIndex(t, fs)
}

// reloaded saves ix's snapshot and loads it into a new index.
func reloaded(t testing.TB, ix *Index) *Index {
	t.Helper()
	path := filepath.Join(t.TempDir(), "index.tnv")
	if err := ix.Save(path, "test", nil); err != nil {
		t.Fatal(err)
	}
	ix2 := New()
	if _, err := ix2.Load(path, "test"); err != nil {
		t.Fatal(err)
	}
	if p := ix.source.Load(); p != nil {
		ix2.SetSource(*p)
	}
	return ix2
}
