package index

import (
	"fmt"
	"strings"
	"testing"
)

// closers are two classes with a close method and use.py, which opens
// with head and then calls close 60 times on values of unknown type.
func closers(head string) map[string]string {
	var calls strings.Builder
	calls.WriteString(head)
	for i := range 60 {
		fmt.Fprintf(&calls, "    things[%d].close()\n", i)
	}
	return map[string]string{
		"store.py": "class Store:\n    def close(self):\n        pass\n",
		"pipe.py":  "class Pipe:\n    def close(self):\n        pass\n",
		"use.py":   calls.String(),
	}
}

// Mostly ambiguous references say so, with the way to keep the resolved
// ones; an answer that asked for some confidence, or has few ambiguous
// references, has no note.
func TestReferencesAmbiguityNote(t *testing.T) {
	files := closers("from store import Store\n\n\ndef use(things):\n    s = Store()\n    s.close()\n")
	ix := newTestIndex(t, files)
	r, err := ix.References(ReferencesRequest{Target: "store.py#Store.close"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Counts.Ambiguous < 60 || r.Counts.Resolved != 1 {
		t.Fatalf("counts %+v, want 60 ambiguous and 1 resolved", r.Counts)
	}
	want := `the 60 ambiguous references may reach any of the 2 definitions named close (a use on a value of unknown type, or through an interface); include ["resolved"] keeps the 1 that are tied to this one`
	if r.Note != want {
		t.Errorf("note %q, want %q", r.Note, want)
	}
	if !strings.Contains(r.Text(), "Note: "+want) {
		t.Errorf("the text does not carry the note:\n%s", r.Text())
	}
	r, err = ix.References(ReferencesRequest{Target: "store.py#Store.close", Include: []string{"resolved"}})
	if err != nil || r.Note != "" {
		t.Errorf("include resolved: %v, note %q; want none", err, r.Note)
	}
}

// Incoming calls: the groups with a resolved call come first, whatever
// their paths, and mostly ambiguous calls get the note.
func TestCallersResolvedFirst(t *testing.T) {
	files := closers("def use(things):\n")
	files["a_any.py"] = files["use.py"] // sorts before z_user.py
	delete(files, "use.py")
	files["z_user.py"] = "from store import Store\n\n\ndef done():\n    s = Store()\n    s.close()\n"
	ix := newTestIndex(t, files)
	r, err := ix.CallHierarchy(CallsRequest{Target: "store.py#Store.close"})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Groups) != 2 || r.Groups[0].Symbol.NodeID != "z_user.py#done" || r.Groups[0].Calls[0].Confidence != "resolved" {
		t.Fatalf("groups %+v, want z_user.py#done (resolved) first", r.Groups)
	}
	if !strings.HasPrefix(r.Note, "the 60 ambiguous calls may reach any of the 2 definitions named close") ||
		!strings.HasSuffix(r.Note, "the groups of the 1 resolved ones come first") {
		t.Errorf("note %q", r.Note)
	}
}
