package code

import (
	"fmt"
	"strings"
	"testing"
)

func refLines(t *testing.T, src string) []string {
	t.Helper()
	res, err := Lookup("go").ExtractFile("a/a.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range res.Refs {
		s := fmt.Sprintf("%d:%d %s %s", r.Line, r.Column, r.Kind, r.Name)
		if r.Qualifier != "" {
			s += " q=" + r.Qualifier
		}
		if r.QualType != "" {
			s += " t=" + r.QualType
		}
		s += " in=" + res.Nodes[r.Enclosing].QualifiedName
		out = append(out, s)
	}
	return out
}

func TestGoRefsDump(t *testing.T) {
	src := `package a

import (
	"fmt"
	h "net/http"
)

// F calls [T.M] and ReadFile.
func F(s *h.Server, xs []int) (n int) {
	v := T{A: 1}
	for i, x := range xs {
		fmt.Println(i, x, G)
	}
	switch y := s.(type) {
	case int:
		_ = y
	}
	v.M().N()
	srv := h.NewServer()
	srv.Shutdown(nil)
	s.Close()
	n = len(xs)
	return
}
`
	t.Log("\n" + strings.Join(refLines(t, src), "\n"))
}
