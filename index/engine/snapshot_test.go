package engine

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/treenav/treenav/index"
)

// reloaded saves e's snapshot and loads it into a new engine over the
// same collections.
func reloaded(t testing.TB, e *Engine) *Engine {
	t.Helper()
	snap := t.TempDir()
	if err := e.SaveSnapshot(snap); err != nil {
		t.Fatal(err)
	}
	e2, err := NewEngine(e.Collections(), EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := e2.LoadSnapshot(snap); !ok || err != nil {
		t.Fatalf("load: %v %v", ok, err)
	}
	return e2
}

func snapshotFixture(t testing.TB) (*Engine, string) {
	files := map[string]string{"web/server.go": serverGo, "auth/token.go": tokenGo, "files/read.go": fileGo}
	for i := range 30 {
		files[fmt.Sprintf("gen/f%d.go", i)] = fmt.Sprintf("package gen\n\n// Thing%d does thing number %d.\ntype Thing%d struct{ N int }\n\nfunc (t Thing%d) Do() {}\n", i, i, i, i)
	}
	return newTestEngine(t, files)
}

func TestSnapshotRoundTrip(t *testing.T) {
	e, dir := snapshotFixture(t)
	// Make a second segment and a deletion, so both survive a round trip.
	os.WriteFile(filepath.Join(dir, "web/server.go"), []byte(serverGo+"\n// Extra.\nfunc Extra() {}\n"), 0o644)
	os.Remove(filepath.Join(dir, "gen/f3.go"))
	if err := e.Build(); err != nil {
		t.Fatal(err)
	}
	e2 := reloaded(t, e)
	for _, q := range []string{"token", "graceful shutdown", "thing number", "Extra", "Thing3"} {
		a, _ := e.Search(index.SearchRequest{Query: q, Limit: 50})
		b, _ := e2.Search(index.SearchRequest{Query: q, Limit: 50})
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%q differs after reload:\n%v\n%v", q, ids(a), ids(b))
		}
	}
	sa, _ := e.Symbols(index.SymbolRequest{Query: "Do"})
	sb, _ := e2.Symbols(index.SymbolRequest{Query: "Do"})
	if !reflect.DeepEqual(sa, sb) {
		t.Error("symbols differ after reload")
	}
	if a, b := e.Stats(), e2.Stats(); a.Documents != b.Documents || a.Nodes != b.Nodes {
		t.Errorf("stats differ: %+v vs %+v", a, b)
	}
	// Reconciling a loaded snapshot with an unchanged disk parses nothing.
	if err := e2.Build(); err != nil {
		t.Fatal(err)
	}
	if st := e2.Status(); st.Parsed != 0 || st.Unchanged != 32 {
		t.Errorf("reconcile after load: parsed %d unchanged %d, want 0 and 32", st.Parsed, st.Unchanged)
	}
}

func TestSnapshotRejectsDamage(t *testing.T) {
	e, _ := snapshotFixture(t)
	snap := t.TempDir()
	if err := e.SaveSnapshot(snap); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(snap, snapshotName)
	good, _ := os.ReadFile(path)
	for name, damage := range map[string]func([]byte) []byte{
		"flipped byte": func(b []byte) []byte { c := append([]byte(nil), b...); c[len(c)/2] ^= 0x40; return c },
		"truncated":    func(b []byte) []byte { return b[:len(b)*2/3] },
		"tiny":         func(b []byte) []byte { return b[:5] },
		"empty":        func(b []byte) []byte { return nil },
		"other magic":  func(b []byte) []byte { c := append([]byte(nil), b...); c[0] = 'X'; return c },
		// Damage behind a valid checksum: the decoder's own checks.
		"table offset past the end": resum(func(body []byte) {
			binary.LittleEndian.PutUint64(body[len(body)-8:], uint64(len(body)))
		}),
		"table offset into a segment": resum(func(body []byte) {
			binary.LittleEndian.PutUint64(body[len(body)-8:], 40)
		}),
		"segment span moved": resum(func(body []byte) {
			table := binary.LittleEndian.Uint64(body[len(body)-8:])
			body[table+1]++ // the first segment's offset (a one-byte count first)
		}),
		"segment bytes changed": resum(func(body []byte) {
			table := binary.LittleEndian.Uint64(body[len(body)-8:])
			for i := int(table) / 2; i < int(table); i++ {
				body[i] = 0xff // varints that never end, or counts out of range
			}
		}),
	} {
		t.Run(name, func(t *testing.T) {
			if err := os.WriteFile(path, damage(good), 0o644); err != nil {
				t.Fatal(err)
			}
			e2, _ := NewEngine(e.Collections(), EngineOptions{})
			ok, err := e2.LoadSnapshot(snap)
			if ok || !errors.Is(err, index.ErrSnapshot) {
				t.Fatalf("damaged snapshot: ok=%v err=%v, want index.ErrSnapshot", ok, err)
			}
			if st := e2.Stats(); st.Documents != 0 {
				t.Errorf("a rejected snapshot left %d documents", st.Documents)
			}
			// And the engine rebuilds from disk.
			if err := e2.Build(); err != nil || e2.Stats().Documents != 33 {
				t.Errorf("rebuild: %v, %d docs", err, e2.Stats().Documents)
			}
		})
	}
	// Another version of the extraction rules (fingerprint) is rejected.
	os.WriteFile(path, good, 0o644)
	if _, err := e.Index().Load(path, "other-fingerprint"); !errors.Is(err, index.ErrSnapshot) {
		t.Errorf("other fingerprint: %v", err)
	}
}

// resum damages a snapshot's body with f and fixes its checksum.
func resum(f func(body []byte)) func([]byte) []byte {
	return func(b []byte) []byte {
		c := append([]byte(nil), b...)
		body := c[:len(c)-4]
		f(body)
		binary.LittleEndian.PutUint32(c[len(c)-4:], crc32.Checksum(body, crc32.MakeTable(crc32.Castagnoli)))
		return c
	}
}

// TestSnapshotKilledMidWrite kills a process that keeps rewriting the
// snapshot: whenever it dies, the file on disk is a complete snapshot.
func TestSnapshotKilledMidWrite(t *testing.T) {
	if os.Getenv("TREENAV_SNAPSHOT_WRITER") != "" {
		snapshotWriterLoop(t)
		return
	}
	if testing.Short() {
		t.Skip("spawns a process")
	}
	for round := range 3 {
		snap := t.TempDir() // a fresh writer, a fresh fingerprint
		cmd := exec.Command(os.Args[0], "-test.run", "^TestSnapshotKilledMidWrite$")
		// The writer is killed before its t.TempDir cleanups run: its
		// temporary files go under snap, which this test removes.
		tmp := filepath.Join(snap, "tmp")
		if err := os.Mkdir(tmp, 0o755); err != nil {
			t.Fatal(err)
		}
		cmd.Env = append(os.Environ(), "TREENAV_SNAPSHOT_WRITER="+snap, "TMPDIR="+tmp)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Let it write at least once, then kill it at a varying moment.
		deadline := time.Now().Add(20 * time.Second)
		for {
			if _, err := os.Stat(filepath.Join(snap, snapshotName)); err == nil {
				break
			}
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatal("writer never wrote a snapshot")
			}
			time.Sleep(10 * time.Millisecond)
		}
		time.Sleep(time.Duration(37*(round+1)) * time.Millisecond)
		cmd.Process.Kill()
		cmd.Wait()
		e, _ := snapshotFixture(t)
		e2, _ := NewEngine(e.Collections(), EngineOptions{})
		// The writer's roots differ from ours; load with its fingerprint.
		fp, _ := os.ReadFile(filepath.Join(snap, "fingerprint"))
		if _, err := e2.Index().Load(filepath.Join(snap, snapshotName), string(fp)); err != nil {
			t.Fatalf("round %d: snapshot after kill: %v", round, err)
		}
		if n := e2.Stats().Documents; n != 33 {
			t.Fatalf("round %d: %d documents, want 33", round, n)
		}
	}
}

func snapshotWriterLoop(t *testing.T) {
	snap := os.Getenv("TREENAV_SNAPSHOT_WRITER")
	e, _ := snapshotFixture(t)
	os.WriteFile(filepath.Join(snap, "fingerprint"), []byte(e.Fingerprint()), 0o644)
	for {
		if err := e.SaveSnapshot(snap); err != nil {
			t.Fatal(err)
		}
	}
}
