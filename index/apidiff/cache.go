package apidiff

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/parsers"
)

// Cache keeps what files parse to on disk, keyed by the parsers'
// fingerprint, the file's path and its git blob id: an outline of a tree
// parses only the files it has not seen, and branches, worktrees and the
// work tree of one repository share the entries of the files they share.
// A CI job that restores the directory outlines an unchanged tree without
// parsing. Entries are small (a few KB a file); nothing prunes them: delete
// the directory to reclaim the space.
type Cache struct {
	dir          string
	fingerprint  string
	hits, misses atomic.Int64
}

// DefaultCacheDir is the cache's directory when none is given: the user
// cache directory's treenav/outlines.
func DefaultCacheDir() (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory (give one with --cache-dir): %w", err)
	}
	return filepath.Join(base, "treenav", "outlines"), nil
}

// OpenCache opens (and makes) a cache directory.
func OpenCache(dir string) (*Cache, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("parse cache: %w", err)
	}
	return &Cache{dir: dir, fingerprint: parsers.Fingerprint()}, nil
}

// Stats returns how many files the cache answered and how many were parsed.
func (c *Cache) Stats() (hits, misses int64) { return c.hits.Load(), c.misses.Load() }

// BlobID is git's id of a blob with this content.
func BlobID(src []byte) string {
	h := sha1.New()
	fmt.Fprintf(h, "blob %d\x00", len(src))
	h.Write(src)
	return hex.EncodeToString(h.Sum(nil))
}

func (c *Cache) key(f Source) string {
	oid := f.OID
	if oid == "" {
		oid = BlobID(f.Src)
	}
	h := sha256.Sum256([]byte(c.fingerprint + "\x00" + f.Rel + "\x00" + oid))
	return hex.EncodeToString(h[:])
}

func (c *Cache) path(key string) string {
	return filepath.Join(c.dir, key[:2], key[2:]+".gob")
}

func (c *Cache) get(key string) (Parsed, bool) {
	b, err := os.ReadFile(c.path(key))
	if err != nil {
		c.misses.Add(1)
		return Parsed{}, false
	}
	var p Parsed
	if err := gob.NewDecoder(bytes.NewReader(b)).Decode(&p); err != nil {
		c.misses.Add(1)
		return Parsed{}, false // a torn or foreign file: parse again
	}
	c.hits.Add(1)
	p.Outline.Symbols = emptyChildren(p.Outline.Symbols)
	return p, true
}

// emptyChildren gives back the empty lists gob decodes as nil: the
// outline's JSON says "children": [], never null.
func emptyChildren(syms []treenav.OutlineSymbol) []treenav.OutlineSymbol {
	if syms == nil {
		return []treenav.OutlineSymbol{}
	}
	for i := range syms {
		syms[i].Children = emptyChildren(syms[i].Children)
	}
	return syms
}

// put writes an entry atomically; a cache that cannot be written is
// only slower.
func (c *Cache) put(key string, p Parsed) {
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(p); err != nil {
		return
	}
	path := c.path(key)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(b.Bytes())
	if cerr := tmp.Close(); werr != nil || cerr != nil {
		os.Remove(tmp.Name())
		return
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
	}
}
