package index

import (
	"encoding/binary"
	"encoding/json"
	"os"
	"testing"
	"unsafe"
)

// residentPages counts the pages of b present in this process's page
// tables (/proc/self/pagemap's bit 63), -1 where it cannot be read.
func residentPages(b []byte) int {
	f, err := os.Open("/proc/self/pagemap")
	if err != nil {
		return -1
	}
	defer f.Close()
	page := uintptr(os.Getpagesize())
	start := uintptr(unsafe.Pointer(unsafe.SliceData(b))) / page
	end := (uintptr(unsafe.Pointer(unsafe.SliceData(b))) + uintptr(len(b)) + page - 1) / page
	buf := make([]byte, 8*(end-start))
	if _, err := f.ReadAt(buf, int64(start*8)); err != nil {
		return -1
	}
	n := 0
	for i := 0; i < len(buf); i += 8 {
		if binary.LittleEndian.Uint64(buf[i:])&(1<<63) != 0 {
			n++
		}
	}
	return n
}

// An idle server's release drops the resident pages of the snapshot it
// reads in place and the texts grep keeps, and the answers after it are
// the answers before.
func TestReleaseIdle(t *testing.T) {
	files := map[string]string{}
	for i := range 40 {
		files["pkg/f"+string(rune('a'+i%26))+string(rune('a'+i/26))+".go"] = `package pkg

// Server serves requests until Shutdown.
type Server struct{ addr string }

// Shutdown stops the server gracefully.
func (s *Server) Shutdown() error { return nil }

func use() { var s Server; s.Shutdown() }
`
	}
	ix := reloaded(t, newTestIndex(t, files))
	ask := func() string {
		t.Helper()
		var out []any
		s, err := ix.Search(SearchRequest{Query: "graceful shutdown"})
		out = append(out, s, err)
		g, err := ix.Grep(GrepRequest{Pattern: "Shutdown", Word: true})
		out = append(out, g, err)
		r, err := ix.References(ReferencesRequest{Target: "pkg/faa.go#Server.Shutdown"})
		out = append(out, r, err)
		b, err := json.Marshal(out)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	before := ask()
	src := ix.view().segs[0].src
	if src == nil || !src.mapped {
		t.Skip("the snapshot is not mapped here")
	}
	if n := residentPages(src.b); n <= 0 {
		t.Fatalf("the queries read no page of the mapping in place (%d)", n)
	}
	// A text grep keeps (files whose time is settled: none of these, in
	// memory).
	ix.grepTxt.keep(&grepEntry{key: grepKey{"test", "pkg/faa.go"}, hash: "h", text: []byte(files["pkg/faa.go"])})
	if ix.grepTxt.bytes == 0 {
		t.Fatal("grep kept no text")
	}
	if n := ix.ReleaseIdle(); n < int64(len(src.b)) {
		t.Errorf("released %d bytes of mapping, want its %d at least", n, len(src.b))
	}
	if n := residentPages(src.b); n != 0 {
		t.Errorf("%d pages of the mapping still resident", n)
	}
	if ix.grepTxt.bytes != 0 || len(ix.grepTxt.files) != 0 {
		t.Errorf("grep still keeps %d bytes", ix.grepTxt.bytes)
	}
	if after := ask(); after != before {
		t.Errorf("answers changed:\n%s\n%s", before, after)
	}
}

// A release beside queries only makes them read pages back: their
// answers stay the same (and, under -race, nothing races).
func TestReleaseIdleBesideQueries(t *testing.T) {
	files := map[string]string{}
	for i := range 20 {
		files["p/f"+string(rune('a'+i))+".go"] = "package p\n\n// Reader reads.\ntype Reader struct{}\n\n// ReadAll reads it all.\nfunc (r *Reader) ReadAll() error { return nil }\n\nfunc use() { var r Reader; r.ReadAll() }\n"
	}
	ix := reloaded(t, newTestIndex(t, files))
	ask := func() string {
		s, err1 := ix.Search(SearchRequest{Query: "read all"})
		g, err2 := ix.Grep(GrepRequest{Pattern: "ReadAll", Word: true})
		r, err3 := ix.References(ReferencesRequest{Target: "p/fa.go#Reader.ReadAll"})
		b, _ := json.Marshal([]any{s, err1, g, err2, r, err3})
		return string(b)
	}
	want := ask()
	stop, done := make(chan struct{}), make(chan int)
	go func() {
		n := 0
		for {
			select {
			case <-stop:
				done <- n
				return
			default:
				ix.ReleaseIdle()
				n++
			}
		}
	}()
	for i := range 30 {
		if got := ask(); got != want {
			close(stop)
			<-done
			t.Fatalf("answer %d differs beside a release:\n%s\n%s", i, want, got)
		}
	}
	close(stop)
	if n := <-done; n == 0 {
		t.Error("no release ran beside the queries")
	}
}
