package code

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"
)

func TestDetectTypeScriptJavaScript(t *testing.T) {
	for _, tc := range []struct {
		name, head    string
		lang, docLang string
	}{
		{"src/app.ts", "", "typescript", "typescript"},
		{"src/types.d.ts", "", "typescript", "typescript"},
		{"esm/index.mts", "", "typescript", "typescript"},
		{"cjs/index.cts", "", "typescript", "typescript"},
		{"ui/Button.tsx", "", "tsx", "typescript"},
		{"ui/Button.TSX", "", "tsx", "typescript"},
		{"lib/index.js", "", "javascript", "javascript"},
		{"ui/View.jsx", "", "javascript", "javascript"},
		{"lib/index.mjs", "", "javascript", "javascript"},
		{"lib/index.cjs", "", "javascript", "javascript"},
		{"bin/cli", "#!/usr/bin/env node\nconsole.log(1)\n", "javascript", "javascript"},
		{"bin/tool", "#!/usr/bin/env ts-node\nconst a: number = 1\n", "typescript", "typescript"},
	} {
		l := Detect(tc.name, []byte(tc.head))
		if l == nil {
			t.Errorf("Detect(%q) = nil, want %s", tc.name, tc.lang)
			continue
		}
		if l.Name != tc.lang || l.DocLanguage != tc.docLang {
			t.Errorf("Detect(%q) = %s (documents %s), want %s (documents %s)",
				tc.name, l.Name, l.DocLanguage, tc.lang, tc.docLang)
		}
	}
}

// TestTSXSharesTypeScriptQuery checks that the query written for the
// typescript grammar compiles against the tsx grammar and finds the same
// symbols in code valid in both.
func TestTSXSharesTypeScriptQuery(t *testing.T) {
	src := []byte(`export interface P { a: string; m(): void }
export class C { x = 1; get y() { return 1 } m() {} }
export const f = (a: number) => a;
`)
	names := func(lang string) string {
		res, err := Lookup(lang).Extract(src)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, n := range res.Nodes[1:] {
			b.WriteString(string(n.Kind) + " " + n.Anchor + "\n")
		}
		return b.String()
	}
	ts, tsx := names("typescript"), names("tsx")
	if ts != tsx {
		t.Errorf("typescript and tsx disagree:\n%s---\n%s", ts, tsx)
	}
	if !strings.Contains(ts, "method P.m\n") || !strings.Contains(ts, "method C.y\n") {
		t.Errorf("interface method missing:\n%s", ts)
	}
}

// tsComment matches the comments of TestTypeScriptRepair's sources.
var tsComment = regexp.MustCompile(`//[^\n]*|/\*[\s\S]*?\*/`)

// TestTypeScriptRepair checks each repair of syntax newer than the
// grammar: the mended source has the same length, the reparse has no
// error, and the symbols keep the original text.
func TestTypeScriptRepair(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // anchors that must be found
	}{
		// The signature is read from the original source.
		{"variance signature", "export interface Box<in out A> {}\n", []string{"Box"}},
		{"variance", "export interface Box<in out A, out B = never> {\n  get(): A\n}\nexport function after() {}\n",
			[]string{"Box", "Box.get", "after"}},
		{"variance with comment", "interface Api<\n  // note\n  in out Q extends string,\n> {\n  q: Q\n}\nfunction after() {}\n",
			[]string{"Api", "Api.q", "after"}},
		{"generic call signatures", "export const dual: {\n  <A>(self: A): (b: A) => A\n  /** doc */\n  <A, B>(self: A, b: B): A\n} = f\nexport function after() {}\n",
			[]string{"dual", "after"}},
		{"generic call signatures in interface", "interface F {\n  <A>(a: A): Option<A>\n  <A, B>(a: A, b: B): Option<B>\n}\nclass After {}\n",
			[]string{"F", "After"}},
		{"escaped backtick", "type Msg<U extends string> =\n  `use \\`${U}\\``\nexport function after() {}\n",
			[]string{"Msg", "after"}},
		{"import type arguments", "export declare const h: import(\"./t\").Handler<string>;\nexport declare function after(): void;\n",
			[]string{"h", "after"}},
		{"export type star", "export type * from \"./types\";\nexport function after() {}\n",
			[]string{"after"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := []byte(tc.src)
			l := Lookup("typescript")
			tree, err := l.Parse(src)
			if err != nil {
				t.Fatal(err)
			}
			if tree.RootNode().HasError() {
				t.Errorf("repaired tree still has errors: %s", tree.RootNode().String())
			}
			tree.Close()
			res, err := l.Extract(src)
			if err != nil {
				t.Fatal(err)
			}
			if res.SyntaxErrors {
				t.Errorf("SyntaxErrors set for valid TypeScript")
			}
			got := map[string]bool{}
			for _, n := range res.Nodes[1:] {
				got[n.Anchor] = true
				// Texts come from the original source, not the mended
				// copy; signatures leave its comments out.
				uncommented := tsComment.ReplaceAllString(tc.src, "")
				if !bytes.Contains(src, []byte(strings.TrimSuffix(n.Signature, "…"))) &&
					!strings.Contains(strings.Join(strings.Fields(uncommented), " "), n.Signature) {
					t.Errorf("%s: signature %q is not in the source", n.Anchor, n.Signature)
				}
			}
			if tc.name == "variance signature" && res.Nodes[1].Signature != "export interface Box<in out A>" {
				t.Errorf("signature %q, want the original text", res.Nodes[1].Signature)
			}
			for _, a := range tc.want {
				if !got[a] {
					t.Errorf("missing %s; got %v", a, got)
				}
			}
		})
	}
}

// TestTypeScriptRepairKeepsOffsets runs the repair hook directly: it must
// not move a byte or touch a line break.
func TestTypeScriptRepairKeepsOffsets(t *testing.T) {
	src := []byte("interface I<in\n out A> {\n  <A>(a: A): X\n  <B>(b: B): Y\n}\ntype T = `a\\`b`\n")
	l := Lookup("typescript")
	p := l.getParser()
	defer l.putParser(p)
	parsed, err := p.ParseCtx(context.Background(), nil, src) // never a context that ends (pool.go)
	if err != nil {
		t.Fatal(err)
	}
	defer parsed.Close()
	fixed := tsRepair(src, parsed.RootNode())
	if fixed == nil {
		t.Fatal("no repair for a file with variance annotations")
	}
	if len(fixed) != len(src) || bytes.Count(fixed, []byte("\n")) != bytes.Count(src, []byte("\n")) {
		t.Fatalf("repair moved bytes or lines:\n%q\n%q", src, fixed)
	}
	for i := range src {
		if (src[i] == '\n') != (fixed[i] == '\n') {
			t.Fatalf("line break moved at %d", i)
		}
	}
	if !bytes.HasPrefix(fixed, []byte("interface I<  \n     A> {")) {
		t.Errorf("variance annotations not blanked: %q", fixed)
	}
}

// TestTypeScriptValidUntouched checks that the repair never runs on
// valid code: no parse error, no mended copy.
func TestTypeScriptValidUntouched(t *testing.T) {
	src := []byte("const a = b < c, d = e > (f);\nfor (const k in obj) {}\nlet x = y\n  < z\n")
	tree, err := Lookup("typescript").Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	if tree.RootNode().HasError() {
		t.Fatalf("valid code parsed with errors: %s", tree.RootNode().String())
	}
}

// TestTypeScriptVariablesOnlyAtModuleLevel checks that locals are no
// symbols, except those holding a function ("let inner = () => 4", nested
// in its function).
func TestTypeScriptVariablesOnlyAtModuleLevel(t *testing.T) {
	src := []byte(`export const top = 1;
namespace N { export let inNs = 2; }
function f() { const local = 3; let inner = () => 4; }
class C { m() { var alsoLocal = 5; } }
`)
	res, err := Lookup("typescript").Extract(src)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range res.Nodes[1:] {
		if n.Kind == "variable" || n.Kind == "constant" || n.NativeKind == "arrow" {
			got = append(got, n.Anchor)
		}
	}
	if strings.Join(got, " ") != "top N.inNs f.inner" {
		t.Errorf("variables = %v, want [top N.inNs f.inner]", got)
	}
}

// The members of a union's or an intersection's object types and of an
// object type that is a property's type are fields, nested as tsc nests
// them; a lone object type in a parameter's type is not.
func TestTypeScriptShapeMembers(t *testing.T) {
	src := []byte(`export type Action =
  | { type: 'add'; payload: number }
  | { type: 'reset' };
type Props = Base & { extra?: string };
type Options = {
  router: R;
  batching?: { enabled: boolean };
} & ({ ctx: C } | { ctx?: C });
interface I { opts: { depth: number } }
function f(o: { signal?: AbortSignal }) {}
`)
	res, err := Lookup("typescript").Extract(src)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range res.Nodes[1:] {
		if n.Kind == "field" {
			got = append(got, n.Anchor)
		}
	}
	want := "Action.type Action.payload Action.type~2 Props.extra Options.router Options.batching Options.batching.enabled Options.ctx Options.ctx~2 I.opts I.opts.depth"
	if strings.Join(got, " ") != want {
		t.Errorf("fields = %v\nwant %s", got, want)
	}
}
