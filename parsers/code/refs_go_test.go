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

func TestGoRefs(t *testing.T) {
	src := `package a

import (
	"fmt"
	h "net/http"
)

// F calls [T.Method] and ReadFile.
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
	G = 2
	return
}
`
	got := strings.Join(refLines(t, src), "\n")
	want := strings.Join([]string{
		"8:15 doc Method q=T in=F",
		"8:27 doc ReadFile in=F",
		"9:13 type Server q=h in=F",
		"10:7 type T in=F",
		"10:9 write A q=T t=T in=F",
		"12:7 call Println q=fmt in=F",
		"12:21 read G in=F",
		"18:4 call M q=v t=T in=F",
		"18:8 call N q=v.M() t=T>M() in=F",
		"19:11 call NewServer q=h in=F",
		"20:6 call Shutdown q=srv t==h>NewServer() in=F",
		"21:4 call Close q=s t=h.Server in=F",
		"23:2 write G in=F",
	}, "\n")
	if got != want {
		t.Errorf("references:\n%s\nwant:\n%s", got, want)
	}
}

func TestGoRefsElidedLiterals(t *testing.T) {
	src := `package a

var cs = []*Cookie{{Name: "a"}, {SameSite: SameSiteLax}}
var m = map[string]T{"k": {F: 1}}
`
	got := strings.Join(refLines(t, src), "\n")
	want := strings.Join([]string{
		"3:13 type Cookie in=cs",
		"3:21 write Name q=*Cookie t=Cookie in=cs",
		"3:34 write SameSite q=*Cookie t=Cookie in=cs",
		"3:44 read SameSiteLax in=cs",
		"4:20 type T in=m",
		"4:28 write F q=T t=T in=m",
	}, "\n")
	if got != want {
		t.Errorf("references:\n%s\nwant:\n%s", got, want)
	}
}

// A method is its type's child in the tree, wherever the file declares
// it: the references in its body are enclosed by the method, also when it
// comes before its type or a function lies between them.
func TestGoRefsEnclosingMethods(t *testing.T) {
	src := `package a

func (T) Before() int { return F() }

type T struct{}

func Between() int { return F() }

func (t T) After() int {
	return F()
}

func F() int { return 1 }
`
	got := strings.Join(refLines(t, src), "\n")
	want := strings.Join([]string{
		"3:7 type T in=T.Before",
		"3:32 call F in=T.Before",
		"7:29 call F in=Between",
		"9:9 type T in=T.After",
		"10:9 call F in=T.After",
	}, "\n")
	if got != want {
		t.Errorf("references:\n%s\nwant:\n%s", got, want)
	}
}

// The keys of a struct literal are its fields' names even where a local
// has the same name; the keys of a struct type that a function declares,
// or of an anonymous one, name nothing outside it.
func TestGoRefsLiteralKeys(t *testing.T) {
	src := `package a

func F(alt int, err error) {
	_ = &conn{alt: alt, err: err}
	type Dummy struct{ Name string }
	_ = Dummy{Name: "x"}
	_ = []struct{ CaseName; in string }{{CaseName: Name(""), in: "x"}}
}
`
	got := strings.Join(refLines(t, src), "\n")
	want := strings.Join([]string{
		"4:7 type conn in=F",
		"4:12 write alt q=conn t=conn in=F",
		"4:22 write err q=conn t=conn in=F",
		"7:16 type CaseName in=F",
		"7:49 call Name in=F",
	}, "\n")
	if got != want {
		t.Errorf("references:\n%s\nwant:\n%s", got, want)
	}
}

// The value of a two-variable range is an element of what it ranges over.
func TestGoRefsRange(t *testing.T) {
	src := `package a

func F(f *Func) {
	for _, b := range f.Blocks {
		for i, v := range b.Values {
			_ = v.Pos
			_ = i
		}
	}
}
`
	got := strings.Join(refLines(t, src), "\n")
	want := strings.Join([]string{
		"3:11 type Func in=F",
		"4:22 read Blocks q=f t=Func in=F",
		"5:23 read Values q=b t=Func>Blocks[] in=F",
		"6:10 read Pos q=v t=Func>Blocks[]>Values[] in=F",
	}, "\n")
	if got != want {
		t.Errorf("references:\n%s\nwant:\n%s", got, want)
	}
}
