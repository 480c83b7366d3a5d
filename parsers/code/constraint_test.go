package code

import "testing"

// constraintsOf extracts src as the file rel and maps each symbol's
// qualified anchor to its constraint.
func constraintsOf(t *testing.T, lang, rel, src string) map[string]string {
	t.Helper()
	l := Lookup(lang)
	if l == nil {
		t.Fatalf("no language %s", lang)
	}
	res, err := l.ExtractFile(rel, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, n := range res.Nodes[1:] {
		got[n.Anchor] = n.Constraint
	}
	return got
}

func checkConstraints(t *testing.T, got, want map[string]string) {
	t.Helper()
	for anchor, c := range want {
		g, ok := got[anchor]
		if !ok {
			t.Errorf("no symbol %s; have %v", anchor, got)
			continue
		}
		if g != c {
			t.Errorf("%s: constraint %q, want %q", anchor, g, c)
		}
	}
}

func TestGoConstraints(t *testing.T) {
	src := "// Copyright.\n\n//go:build !purego || gccgo\n\n/* more */\npackage p\n\ntype T struct{ A int }\n\nfunc (T) M() {}\n"
	checkConstraints(t, constraintsOf(t, "go", "x/fd_linux_amd64.go", src), map[string]string{
		"T": "linux && amd64 && (!purego || gccgo)", "T.A": "", "T.M": "", // nested in T, which says it
	})
	plain := "package p\n\n// not a header: //go:build linux\nfunc F() {}\n"
	checkConstraints(t, constraintsOf(t, "go", "linux.go", plain), map[string]string{"F": ""})
	checkConstraints(t, constraintsOf(t, "go", "x/sys_windows_test.go", plain), map[string]string{"F": "windows"})
	checkConstraints(t, constraintsOf(t, "go", "x/file_wasm.go", plain), map[string]string{"F": "wasm"})
	late := "package p\n\n//go:build linux\nfunc F() {}\n"
	checkConstraints(t, constraintsOf(t, "go", "x/f.go", late), map[string]string{"F": ""})
}

func TestRustConstraints(t *testing.T) {
	src := `/// Docs.
#[cfg(target_os = "linux")]
#[inline]
pub fn linux_only() {}

#[cfg_attr(test, derive(Debug))]
pub struct Always;

#[cfg(test)]
mod tests {
    fn helper() {}
    #[cfg(feature = "slow")]
    fn slow() {}
}
`
	checkConstraints(t, constraintsOf(t, "rust", "src/lib.rs", src), map[string]string{
		"linux_only": `cfg(target_os = "linux")`, "Always": "", "tests": "cfg(test)",
		"tests.helper": "", "tests.slow": `cfg(feature = "slow")`,
	})
}

func TestCConstraints(t *testing.T) {
	src := `#ifndef LIB_H
#define LIB_H

int always(void);

#ifdef _WIN32
int win(void);
#else
int posix(void);
#endif

#  if defined(A) /* comment */ \
   && defined(B)
int both(void);
#  elif C
int c_only(void);
#  else
int neither(void);
#  endif

#endif
`
	checkConstraints(t, constraintsOf(t, "c", "lib.h", src), map[string]string{
		"always": "", "win": "#ifdef _WIN32", "posix": "#ifndef _WIN32",
		"both": "#if defined(A) && defined(B)", "c_only": "#elif C", "neither": "#else of #if defined(A) && defined(B)",
	})
	nested := "#if defined(A) || defined(B)\n#ifdef C\nint n(void);\n#endif\n#endif\n"
	checkConstraints(t, constraintsOf(t, "c", "n.c", nested), map[string]string{"n": "#if defined(A) || defined(B); #ifdef C"})
	// Without a guard, the first #ifndef is a condition.
	checkConstraints(t, constraintsOf(t, "c", "a.c", "#ifndef NO_X\nint x(void) { return 1; }\n#endif\n"), map[string]string{
		"x": "#ifndef NO_X",
	})
}
