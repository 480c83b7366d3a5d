package code

import (
	"strings"
	"testing"
	"time"

	"github.com/treenav/treenav"
)

// extractRust returns the symbols of src by anchor.
func extractRust(t *testing.T, src string) map[string]treenav.Node {
	t.Helper()
	res, err := Lookup("rust").Extract([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, res.Nodes, []byte(src))
	m := map[string]treenav.Node{}
	for _, n := range res.Nodes[1:] {
		m[n.Anchor] = n
	}
	return m
}

func anchors(m map[string]treenav.Node) []string {
	var a []string
	for k := range m {
		a = append(a, k)
	}
	return a
}

// TestRustImplReceivers checks the type an impl block's members attach to
// for every shape of implemented type.
func TestRustImplReceivers(t *testing.T) {
	for _, tc := range []struct{ impl, want string }{
		{"impl<T> Foo<T>", "Foo.m"},
		{"impl<'a, T> Trait for &'a mut Foo<T>", "Foo.m"},
		{"impl Trait for *const Foo", "Foo.m"},
		{"impl crate::a::b::Foo", "Foo.m"},
		{"impl<T> fmt::Display for a::Foo<T> where T: Clone", "Foo.m"},
		{"impl dyn Trait", "Trait.m"},
		{"impl u8", "u8.m"},
		{"impl<T> Trait for [T]", "[T].m"},
		{"impl<T> Trait for [T; 3]", "[T;3].m"},
		{"impl Trait for (A, B)", "(A,B).m"},
		{"impl<T: Bound> Trait for T", "T.m"},
	} {
		t.Run(tc.impl, func(t *testing.T) {
			syms := extractRust(t, tc.impl+" {\n    fn m(&self) {}\n}\n")
			n, ok := syms[tc.want]
			if !ok {
				t.Fatalf("no %s in %v", tc.want, anchors(syms))
			}
			if n.Kind != treenav.KindMethod || n.Name != "m" || n.QualifiedName != tc.want {
				t.Errorf("got %s %s (%s)", n.Kind, n.QualifiedName, n.Name)
			}
		})
	}
}

// TestRustAttach checks where impl members go when their type is defined
// in the file, nested, elsewhere, or after the impl.
func TestRustAttach(t *testing.T) {
	src := `mod a {
    pub struct S;
    mod b {
        pub struct S;
        impl S { fn inner(&self) {} }
    }
    impl S { fn outer(&self) {} }
}
impl a::S { fn from_root(&self) {} }
impl Missing { fn lost(&self) {} }
fn f() {
    impl Later { fn m(&self) { fn deep() {} } }
    struct Later;
}
`
	syms := extractRust(t, src)
	for anchor, parent := range map[string]string{
		"a.b.S.inner":    "a.b.S",
		"a.S.outer":      "a.S",
		"a.S.from_root":  "a.S", // not a sibling: the first S in the file
		"Missing.lost":   "",
		"f.Later.m":      "f.Later",
		"f.Later.m.deep": "f.Later.m",
	} {
		n, ok := syms[anchor]
		if !ok {
			t.Errorf("no %s in %v", anchor, anchors(syms))
			continue
		}
		res, _ := Lookup("rust").Extract([]byte(src))
		got := ""
		if n.Parent > 0 {
			got = res.Nodes[n.Parent].Anchor
		}
		if got != parent {
			t.Errorf("%s: parent %q, want %q", anchor, got, parent)
		}
	}
	if k := syms["f.Later.m.deep"].Kind; k != treenav.KindFunction {
		t.Errorf("a function in a method body is a %s, want function", k)
	}
}

func TestRustSignatures(t *testing.T) {
	for _, tc := range []struct{ src, anchor, want string }{
		{"pub fn new(x: u32) -> Self { Self }", "new", "pub fn new(x: u32) -> Self"},
		{"fn f(\n    a: u8,\n    b: u8,\n) -> u8\nwhere\n    u8: Copy,\n{ a }", "f", "fn f(a: u8, b: u8) -> u8 where u8: Copy"},
		{"pub struct G<\n    T,\n>(T);", "G", "pub struct G<T>(T)"},
		{"const C: &[u8] = &[\n    1,\n];", "C", "const C: &[u8]"},
		{"const D: u8 = 1;", "D", "const D: u8 = 1"},
		{"trait T { fn req(&self) -> u8; }", "T.req", "fn req(&self) -> u8"},
		{"extern \"C\" { fn ext(x: i32); }", "ext", "fn ext(x: i32)"},
		{"macro_rules! m { () => {} }", "m", "macro_rules! m"},
		{"pub mod m;", "m", "pub mod m"},
		{"enum E { V { x: u8 }, W(u8) = 2 }", "E.V", "V"},
		{"type A<T> = Vec<T>;", "A", "type A<T> = Vec<T>"},
	} {
		syms := extractRust(t, tc.src)
		n, ok := syms[tc.anchor]
		if !ok {
			t.Errorf("%q: no %s in %v", tc.src, tc.anchor, anchors(syms))
			continue
		}
		if n.Signature != tc.want {
			t.Errorf("%q: signature %q, want %q", tc.src, n.Signature, tc.want)
		}
	}
}

func TestRustDocs(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"/// One.\n///\n///     indented\nfn f() {}", "One.\n\n    indented"},
		{"/**\n * Star.\n */\nfn f() {}", "Star."},
		{"#[doc = r\"Raw.\"]\nfn f() {}", "Raw."},
		{"/// Kept.\n#[doc(hidden)]\nfn f() {}", "Kept."},
		{"// Plain.\n#[inline]\nfn f() {}", "Plain."},
		{"// Plain.\n\nfn f() {}", ""},
		{"//! Inner, not f's.\nfn f() {}", ""},
		{"let_me_be(); // trailing\nfn f() {}", ""},
	} {
		syms := extractRust(t, tc.src)
		n, ok := syms["f"]
		if !ok {
			t.Errorf("%q: no f in %v", tc.src, anchors(syms))
			continue
		}
		if n.Doc != tc.want {
			t.Errorf("%q: doc %q, want %q", tc.src, n.Doc, tc.want)
		}
	}
}

// TestRustLineStart: line_start is the first attribute, doc comments
// excluded even between attributes; the doc line is the first doc line.
func TestRustLineStart(t *testing.T) {
	src := "/// Doc.\n#[a]\n/// More.\n#[b]\nfn f() {}\n\n/// Gap.\n\n#[c]\nstruct S;\n"
	syms := extractRust(t, src)
	f, s := syms["f"], syms["S"]
	if f.LineStart != 2 || f.DocLineStart != 1 || f.LineEnd != 5 || f.Doc != "Doc.\nMore." {
		t.Errorf("f: lines %d-%d doc line %d doc %q", f.LineStart, f.LineEnd, f.DocLineStart, f.Doc)
	}
	if s.LineStart != 9 || s.DocLineStart != 7 || s.Doc != "Gap." {
		t.Errorf("S: line %d doc line %d doc %q", s.LineStart, s.DocLineStart, s.Doc)
	}
}

// TestRustMacroBodies checks the @reparse capture: offsets inside macro
// bodies are the file's, members of an impl stay members, macros that
// build code are left alone, and nesting is bounded.
func TestRustMacroBodies(t *testing.T) {
	src := `struct H;
impl H {
    cfg_x! {
        /// Doc.
        pub fn inside(&self) {}
    }
}
fn f() {
    let q = quote! { fn generated() {} };
    helper! { fn statement_item() {} }
    let s = helper!(x, fn_count);
}
`
	syms := extractRust(t, src)
	n, ok := syms["H.inside"]
	if !ok {
		t.Fatalf("no H.inside in %v", anchors(syms))
	}
	if n.Kind != treenav.KindMethod || n.Doc != "Doc." {
		t.Errorf("H.inside: %s doc %q", n.Kind, n.Doc)
	}
	at := uint32(strings.Index(src, "pub fn inside"))
	if n.ByteStart != at || n.LineStart != 5 || src[n.ByteEnd-2:n.ByteEnd] != "{}" {
		t.Errorf("H.inside: bytes %d-%d line %d, want start %d line 5", n.ByteStart, n.ByteEnd, n.LineStart, at)
	}
	for _, a := range []string{"generated", "f.generated"} {
		if _, ok := syms[a]; ok {
			t.Errorf("%s comes from a macro that builds code", a)
		}
	}
	// A macro whose body starts with an item defines it, in a function
	// body too (pin_project! { struct S {...} }).
	if _, ok := syms["f.statement_item"]; !ok {
		t.Errorf("no f.statement_item in %v", anchors(syms))
	}

	// m!{ m!{ ... struct S0; } struct S1; } ...: levels up to maxReparse.
	var b strings.Builder
	const levels = maxReparse + 2
	for i := 0; i < levels; i++ {
		b.WriteString("m! {\n")
	}
	for i := levels - 1; i >= 0; i-- {
		b.WriteString("struct S" + string(rune('0'+i)) + ";\n}\n")
	}
	syms = extractRust(t, b.String())
	for i := 0; i < levels; i++ {
		_, ok := syms["S"+string(rune('0'+i))]
		if want := i < maxReparse; ok != want {
			t.Errorf("S%d at macro depth %d: found %v, want %v", i, i+1, ok, want)
		}
	}
}

// TestRustHostileMacros: very deep or very many macro bodies stay fast.
func TestRustHostileMacros(t *testing.T) {
	deep := strings.Repeat("cfg_a! { fn f() {} ", 5000) + strings.Repeat("}", 5000)
	many := strings.Repeat("s! { pub struct S { a: u8 } }\n", 5000)
	for name, src := range map[string]string{"deep": deep, "many": many} {
		start := time.Now()
		res, err := Lookup("rust").Extract([]byte(src))
		if err != nil && err != ErrTimeout {
			t.Fatalf("%s: %v", name, err)
		}
		if err == nil {
			checkInvariants(t, res.Nodes, []byte(src))
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%s: %v", name, d)
		}
	}
}

func TestRustDetect(t *testing.T) {
	if l := Detect("src/lib.rs", nil); l == nil || l.Name != "rust" {
		t.Errorf("Detect(lib.rs) = %v", l)
	}
}

func TestRustBlockDoc(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"/** One line. */", "One line."},
		{"/**\n * Star.\n *\n * # Heading\n *\n *     code\n */", "Star.\n\n# Heading\n\n    code"},
		{"/**\nNo stars.\n\n# Examples\n\n    code\n*/", "No stars.\n\n# Examples\n\n    code"},
		{"/*! Inner\n    more */", "Inner\nmore"},
	} {
		if got := rustBlockDoc(tc.in); got != tc.want {
			t.Errorf("rustBlockDoc(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
