package index

import (
	"slices"
	"testing"
)

// The signatures a TypeScript callee's result and callback parameters
// are read from, as the index stores them (one line, spaces collapsed).
func TestESSignatureTypes(t *testing.T) {
	results := []struct{ sig, name, want string }{
		{"export function innerFrom<T>(input: ObservableInput<T>): Observable<T>", "innerFrom", "Observable"},
		{"protected getSubject(): Subject<T> | undefined", "getSubject", "Subject"},
		{"export const make = async <S extends (a: A) => B>(s: S = {} as S): Promise<Store> => {", "make", "Promise"},
		{"export const make = function build(x: number): Store {", "make", "Store"},
		{"export function isAborted(x: ParseReturnType<any>): x is INVALID", "isAborted", ""},
		{"export function assert(v: unknown): asserts v is string", "assert", ""},
		{"function f(a: string)", "f", ""},
		{"m(): A | B", "m", ""},
		{"static shared(): { a: number }", "shared", ""},
	}
	for _, c := range results {
		if got := esResultName(esReturnTypeText(c.sig, c.name)); got != c.want {
			t.Errorf("result type of %q = %q, want %q", c.sig, got, c.want)
		}
	}
	params := []struct {
		sig, name string
		want      []string
	}{
		{"export function operate<T, R>( init: (liftedSource: Observable<T>, subscriber: Subscriber<R>) => (() => void) | void ): OperatorFunction<T, R>",
			"operate", []string{"(liftedSource: Observable<T>, subscriber: Subscriber<R>) => (() => void) | void"}},
		{"constructor(subscribe?: (this: Observable<T>, subscriber: Subscriber<T>) => TeardownLogic)",
			"constructor", []string{"(this: Observable<T>, subscriber: Subscriber<T>) => TeardownLogic"}},
		{"function f(this: Window, a = ',', b?: Map<string, (x: X) => Y>, ...rest: Z[])", "f", []string{"", "Map<string, (x: X) => Y>", "Z[]"}},
	}
	for _, c := range params {
		if got := esParamTypes(c.sig, c.name); !slices.Equal(got, c.want) {
			t.Errorf("esParamTypes(%q) = %q, want %q", c.sig, got, c.want)
		}
	}
	fns := []struct {
		typ  string
		want []string
	}{
		{"(liftedSource: Observable<T>, subscriber: Subscriber<R>) => (() => void) | void", []string{"Observable<T>", "Subscriber<R>"}},
		{"(this: Observable<T>, subscriber: Subscriber<T>) => TeardownLogic", []string{"Subscriber<T>"}},
		{"((f: Factory) => void) | undefined", []string{"Factory"}},
		{"Map<string, number>", nil},
		{"((a: A) => B) | ((c: C) => D)", nil},
	}
	for _, c := range fns {
		if got := esFunctionParams(c.typ); !slices.Equal(got, c.want) {
			t.Errorf("esFunctionParams(%q) = %q, want %q", c.typ, got, c.want)
		}
	}
}
