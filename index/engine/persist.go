package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/treenav/treenav/index/analysis"
	"github.com/treenav/treenav/parsers"
)

// snapshotName is the file name of a snapshot inside its directory.
const snapshotName = "index.tnv"

// SnapshotDir is where the snapshot of these collections lives: under base
// (default: the user cache dir's treenav folder), in a folder keyed by the
// collections' names and roots, so that two repositories never share one.
func (e *Engine) SnapshotDir(base string) (string, error) {
	if base == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			return "", fmt.Errorf("no cache dir for the index (set index.dir): %w", err)
		}
		base = filepath.Join(cache, "treenav")
	}
	h := sha256.New()
	var label string
	for _, c := range e.colls {
		fmt.Fprintf(h, "%s\x00%s\x00", c.Name, c.Root)
		if label == "" {
			label = filepath.Base(c.Root)
		}
	}
	return filepath.Join(base, sanitize(label)+"-"+hex.EncodeToString(h.Sum(nil)[:8])), nil
}

func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, s)
}

// Fingerprint identifies the extraction rules, the analyzer and the
// collections an index was built with; a snapshot with another fingerprint is rebuilt.
func (e *Engine) Fingerprint() string {
	var b strings.Builder
	b.WriteString(parsers.Fingerprint())
	fmt.Fprintf(&b, "|analyzer=%d", analysis.Version)
	for _, c := range e.colls {
		fmt.Fprintf(&b, "|%s=%s", c.Name, c.Root)
	}
	h := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(h[:12])
}

// LoadSnapshot loads the snapshot in dir, if there is a usable one. A
// missing snapshot is not an error; an unusable one returns an error
// matching ErrSnapshot (the index stays empty and the caller rebuilds, after
// saying so).
func (e *Engine) LoadSnapshot(dir string) (bool, error) {
	e.snapDir.Store(&dir)
	extra, err := e.ix.Load(filepath.Join(dir, snapshotName), e.Fingerprint())
	switch {
	case err == nil:
		// The status of the build that made the snapshot: what it
		// skipped and what failed stay visible.
		var st Status
		if json.Unmarshal(extra, &st) == nil {
			st.Watching = false
			if st.State == "" || st.State == "indexing" {
				st.State = "ready"
			}
			e.SetStatus(st)
		}
		e.loaded.Store(true)
		return true, nil
	case errors.Is(err, os.ErrNotExist), errors.Is(err, syscall.ENOTDIR):
		// None (a path through a file holds none either: the save
		// says why it cannot make one).
		return false, nil
	default:
		return false, err
	}
}

// SaveSnapshot writes the index to dir. Writers on the same directory (a
// CLI command and a server, say) take an exclusive lock, and the file is
// replaced atomically, so readers and crashes never see half a snapshot.
// A failure is kept in the status (Status.SnapshotError) until a save
// succeeds.
func (e *Engine) SaveSnapshot(dir string) error {
	err := e.saveSnapshot(dir)
	e.mu.Lock()
	e.status.SnapshotError = ""
	if err != nil {
		e.status.SnapshotError = err.Error()
	}
	e.mu.Unlock()
	return err
}

func (e *Engine) saveSnapshot(dir string) error {
	e.snapDir.Store(&dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	unlock, err := lockDir(dir)
	if err != nil {
		return err
	}
	defer unlock()
	cleanTemps(dir)
	status := e.Status()
	status.SnapshotError = "" // this save's
	st, err := json.Marshal(status)
	if err != nil {
		return err
	}
	return e.ix.Save(filepath.Join(dir, snapshotName), e.Fingerprint(), st)
}

// spillDir is where a build spills its segments: EngineOptions.SpillDir,
// else the snapshot directory when it exists or can be made, else ""
// (the system's temporary directory).
func (e *Engine) spillDir() string {
	if e.opts.SpillDir != "" {
		return e.opts.SpillDir
	}
	if d := e.snapDir.Load(); d != nil && os.MkdirAll(*d, 0o755) == nil {
		return *d
	}
	return ""
}

// lockDir takes an exclusive advisory lock on dir/lock.
func lockDir(dir string) (func(), error) {
	f, err := os.OpenFile(filepath.Join(dir, "lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("lock %s: %w", dir, err)
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

// cleanTemps removes temporary files left by a writer that was killed
// mid-write (the lock is held, so no live writer owns them).
func cleanTemps(dir string) {
	tmps, _ := filepath.Glob(filepath.Join(dir, snapshotName+".tmp-*"))
	for _, t := range tmps {
		os.Remove(t)
	}
}

// CheckSnapshotDir says, without writing anything, why a snapshot could not
// be saved in dir: dir, or the nearest of its parents that exists, is not
// a directory or is not writable (a read-only file system, permissions).
// nil does not promise a save: a full disk shows only when written to.
func CheckSnapshotDir(dir string) error {
	p := dir
	for {
		fi, err := os.Stat(p)
		switch {
		case err == nil && !fi.IsDir():
			return fmt.Errorf("cannot make %s: %s is not a directory", dir, p)
		case err == nil:
			if err := syscall.Access(p, 2 /* W_OK */); err != nil {
				return fmt.Errorf("cannot write in %s: %w", p, err)
			}
			return nil
		case !errors.Is(err, os.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR):
			return fmt.Errorf("cannot make %s: %w", dir, err)
		}
		parent := filepath.Dir(p)
		if parent == p {
			return nil
		}
		p = parent
	}
}
