package index

import (
	"errors"
	"testing"
	"time"
)

// stampedSource serves one text with the stamp it is told.
type stampedSource struct {
	text          []byte
	size, modTime int64
}

func (s *stampedSource) ReadFile(string, string) ([]byte, error) { return s.text, nil }

func (s *stampedSource) ReadFileStamped(string, string) ([]byte, int64, int64, error) {
	return s.text, s.size, s.modTime, nil
}

// docAt is the live document at path in ix.
func docAt(t *testing.T, ix *Index, path string) *docMeta {
	t.Helper()
	v := ix.view()
	for si, s := range v.segs {
		for di := range s.docs {
			if s.docs[di].Path == path && v.live(si, uint32(di)) {
				return &s.docs[di]
			}
		}
	}
	t.Fatalf("no document %s", path)
	return nil
}

// TestReadVerifiedHashesOncePerStamp: a read is checked against the
// content hash once per stamp (size and time) when the file's time is
// older than the read by racyMargin; a read with another stamp, or of a
// file whose time is too recent to tell a change by, is checked again.
func TestReadVerifiedHashesOncePerStamp(t *testing.T) {
	text := []byte("package a\n\nfunc Alpha() {}\n")
	other := []byte("package a\n\nfunc Omega() {}\n") // the same length
	old := time.Now().Add(-time.Hour).UnixNano()
	for _, c := range []struct {
		name    string
		modTime int64
		trusted bool
	}{
		{"old enough", old, true},
		{"racy", time.Now().UnixNano(), false},
	} {
		ix := newTestIndex(t, map[string]string{"a.go": string(text)})
		src := &stampedSource{text: text, size: int64(len(text)), modTime: c.modTime}
		ix.SetSource(src)
		d := docAt(t, ix, "a.go")
		if b, err := ix.readVerified(d); err != nil || string(b) != string(text) {
			t.Fatalf("%s: first read: %q, %v", c.name, b, err)
		}
		// Another content under the same stamp: trusted without a
		// hash only when the stamp was remembered.
		src.text = other
		b, err := ix.readVerified(d)
		if c.trusted && (err != nil || string(b) != string(other)) {
			t.Errorf("%s: same stamp: %q, %v; want the read trusted without a hash", c.name, b, err)
		}
		if !c.trusted && !errors.Is(err, ErrStale) {
			t.Errorf("%s: same stamp: %q, %v; want it hashed and found stale", c.name, b, err)
		}
		// A new time: hashed again, and stale.
		src.modTime = old + 1
		if _, err := ix.readVerified(d); !errors.Is(err, ErrStale) {
			t.Errorf("%s: new stamp: %v, want ErrStale", c.name, err)
		}
	}
}
