package index

import (
	"strings"
	"testing"
)

// get_tree shows each code symbol's signature, in JSON and in text, so
// that an outline answers what a function takes without a read.
func TestTreeShowsSignatures(t *testing.T) {
	ix := newTestIndex(t, map[string]string{
		"web/server.go": "package web\n\ntype Server struct {\n\tAddr string\n}\n\n// Shutdown stops.\nfunc (s *Server) Shutdown(ctx context.Context,\n\tforce bool) error { return nil }\n",
		"README.md":     "# Title\n\nText.\n",
	})
	r, err := ix.Tree(TreeRequest{DocID: "web/server.go"})
	if err != nil {
		t.Fatal(err)
	}
	sigs := map[string]string{}
	for _, n := range r.Nodes {
		sigs[n.Title] = n.Signature
	}
	if !strings.Contains(sigs["Shutdown"], "Shutdown(ctx context.Context") {
		t.Errorf("Shutdown's signature %q (all: %v)", sigs["Shutdown"], sigs)
	}
	if text := r.Text(); !strings.Contains(text, "func (s *Server) Shutdown(ctx context.Context, force bool) error") {
		t.Errorf("text lacks the signature on one line:\n%s", text)
	}
	md, err := ix.Tree(TreeRequest{DocID: "README.md"})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range md.Nodes {
		if n.Signature != "" {
			t.Errorf("section %s has signature %q", n.NodeID, n.Signature)
		}
	}
}
