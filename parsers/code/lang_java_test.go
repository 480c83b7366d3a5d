package code

import "testing"

func TestDetectJava(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"src/main/java/com/x/App.java", true},
		{"module-info.java", true},
		{"App.class", false},
		{"App.jav", false},
	} {
		l := Detect(tc.name, nil)
		if got := l != nil && l.Name == "java"; got != tc.want {
			t.Errorf("Detect(%q) is java = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestJavaRules checks kinds, docs and signatures one rule at a time.
func TestJavaRules(t *testing.T) {
	src := `class A {
    final static int ORDER = 1;
    @Named("static final") int notConstant;
    static int counter;
    final int perInstance = 2;

    /* Not a Javadoc, but directly above. */
    void blockComment() {}

    /** Doc. */
    // Note.
    void javadocThenLineComment() {}

    // Line comment.

    void blankLineAfterLineComment() {}

    /** Javadoc. */

    @Override
    public String toString() { return ""; }

    int[] table = {
        1, 2,
    };

    @SuppressWarnings({"unchecked",
                       "rawtypes"})
    <T> T cast(
            Object o) {
        return (T) o;
    }
}
`
	syms := symbolsByAnchor(t, "java", src)
	for _, tc := range []struct {
		anchor, kind, sig, doc string
		line                   int
	}{
		{"A.ORDER", "constant", "final static int ORDER = 1", "", 2},
		// The annotation's argument does not make a constant.
		{"A.notConstant", "field", "int notConstant", "", 3},
		{"A.counter", "field", "static int counter", "", 4},
		{"A.perInstance", "field", "final int perInstance = 2", "", 5},
		{"A.blockComment", "method", "void blockComment()", "Not a Javadoc, but directly above.", 8},
		// The run of comments directly above is the doc.
		{"A.javadocThenLineComment", "method", "void javadocThenLineComment()", "Doc.\nNote.", 12},
		// Only a Javadoc crosses a blank line.
		{"A.blankLineAfterLineComment", "method", "void blankLineAfterLineComment()", "", 16},
		{"A.toString", "method", "public String toString()", "Javadoc.", 20},
		{"A.table", "field", "int[] table = { …", "", 23},
		{"A.cast", "method", "<T> T cast(Object o)", "", 27},
	} {
		n, ok := syms[tc.anchor]
		if !ok {
			t.Errorf("%s: not found", tc.anchor)
			continue
		}
		if string(n.Kind) != tc.kind || n.Signature != tc.sig || n.Doc != tc.doc || n.LineStart != tc.line {
			t.Errorf("%s: got %s L%d %q doc %q, want %s L%d %q doc %q", tc.anchor, n.Kind, n.LineStart, n.Signature, n.Doc,
				tc.kind, tc.line, tc.sig, tc.doc)
		}
	}
}

func TestSignatureHelpers(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"f( a, b, )", "f(a, b,)"},
		{"f( [ x ] )", "f([x])"},
		{`f(s = "( a )")`, `f(s = "( a )")`},
		{`f(c = ')', d = ( 1 ))`, `f(c = ')', d = (1))`},
		{`f(s = "\" ( ")`, `f(s = "\" ( ")`},
		{"no brackets here", "no brackets here"},
	} {
		if got := tidySignature(tc.in); got != tc.want {
			t.Errorf("tidySignature(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"int x = 1;", "int x = 1"},
		{"  X   =  1  ", "X = 1"},
		{"TABLE = {\n  'a': 1,\n}", "TABLE = { …"},
		{"int field = ;", "int field ="},
	} {
		if got := declarationSignature([]byte(tc.in)); got != tc.want {
			t.Errorf("declarationSignature(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
