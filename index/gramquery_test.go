package index

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"
)

func gramQueryFor(t *testing.T, expr string) *gramQuery {
	t.Helper()
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		t.Fatal(err)
	}
	return gramQueryOf(re)
}

// TestGramQueryDerivation pins the trigrams required of typical patterns:
// what they are lets the index skip files, and a wrong one loses matches.
func TestGramQueryDerivation(t *testing.T) {
	for _, tc := range []struct{ expr, want string }{
		{`abc`, `"abc"`},
		{`abcd`, `"abc" "bcd"`},
		{`ab`, `short("ab")`}, // shorter than a trigram: the keys' pairs
		{`x+y`, `short("xy")`},
		{`[а-я]+`, `short("\xd0"|"\xd1")`},
		{`.`, `+`},
		{`.*`, `+`},
		{`a*`, `+`},
		{`Abc`, `"abc"`}, // lowercased, as the index is
		{`(?i)abc`, `"abc"`},
		{`abc|def`, `"abc"|"def"`},
		{`abc|d`, `short("ab"|"d")`},
		{`abc|d*`, `+`},
		{`(abc)+`, `"abc"`},
		{`(abc)?def`, `"def"`},
		{`a[bc]d`, `"abd"|"acd"`},
		{`ab.cd`, `short("ab")`},
		{`abc.*def`, `"abc" "def"`},
		{`abc\d+`, `"abc" ("bc0"|"bc1"|"bc2"|"bc3"|"bc4"|"bc5"|"bc6"|"bc7"|"bc8"|"bc9")`},
		{`x[^y]z`, `short("x")`},
		{`\bfoo\b`, `"foo"`},
		{`foo(bar|baz)`, `"foo" "oba" "oob" ("bar"|"baz")`},
		{`[a-z]+_test`, `"_te" "est" "tes"`},
		{`a\sb`, `"a\x09b"|"a\x0ab"|"a\x0cb"|"a\x0db"|"a b"`},
		// A line starts after a newline, the first one too (the index
		// reads one before it), and a short run ends with one of its
		// characters, or is empty and what comes before it ends it.
		{`^func`, `"\x0afu" "fun" "unc"`},
		{`^[ \t]*//`, `"\x09//"|"\x0a//"|" //"`},
		{`[ \t]*//`, `short("//")`},
		{`x[ab]*yz`, `"ayz"|"byz"|"xyz"`},
		{`[ \t]*`, `+`},
		{`^`, `+`},
		{`^$`, `+`},
		{`^a`, `short("\x0aa")`},
	} {
		if got := gramQueryFor(t, tc.expr).String(); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.expr, got, tc.want)
		}
	}
	// Case folding: k is also the Kelvin sign and s the long s, which
	// are left out of the trigrams (the files holding either are added
	// whole); where they are the only spelling they are kept.
	for _, tc := range []struct{ expr, want string }{
		{`(?i)kit`, `"kit"|"\xe2\x84\xaa"|(short("\xc5\xbf"))`},
		{`(?i)abc`, `"abc"`},
		{`(?i)\x{212a}elvin`, `"\xe2\x84\xaa"|("elv" "kel" "lvi" "vin")|(short("\xc5\xbf"))`},
		{"\u212aelvin", `"elv" "lvi" "vin" "\x84\xaae" "\xaael" "\xe2\x84\xaa"`},
		{`[\x{17f}]abc`, `"abc" "\xbfab" "\xc5\xbfa"`},
		{`(?i)ab[^c]`, `short("ab")`}, // a large class is any character, wide ones too
	} {
		if got := gramQueryFor(t, tc.expr).String(); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.expr, got, tc.want)
		}
	}
}

// TestGramQuerySound checks on random patterns and texts that the query
// never rules out a text the pattern matches: every file that can match
// is read.
func TestGramQuerySound(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	atoms := []string{"a", "b", "c", "ab", "abc", "K", "k", "\u212a", "s", "\u017f", "é", "É", ".", "[ab]", "[^a]", `\w`, `\s`, `\d`, "x", "(?i:ka)", "$", "^", `\b`,
		"[ \t]*", "/", "//", "^[ \t]*", "a*", "[ab]{0,2}", `\A`}
	var gen func(depth int) string
	gen = func(depth int) string {
		if depth > 3 {
			return atoms[rng.IntN(len(atoms))]
		}
		switch rng.IntN(8) {
		case 0:
			return gen(depth+1) + "|" + gen(depth+1)
		case 1:
			return "(" + gen(depth+1) + ")*"
		case 2:
			return "(" + gen(depth+1) + ")+"
		case 3:
			return "(" + gen(depth+1) + ")?"
		case 4:
			return "(" + gen(depth+1) + "){2,3}"
		default:
			return gen(depth+1) + gen(depth+1)
		}
	}
	alphabet := []string{"a", "b", "c", "k", "K", "\u212a", "s", "S", "\u017f", "é", "É", "x", " ", "1", "A", "B", "\n", "\t", "/"}
	texts := make([]string, 300)
	for i := range texts {
		var b strings.Builder
		for range 1 + rng.IntN(10) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		texts[i] = b.String()
	}
	var gb gramBuilder
	for i, s := range texts {
		gb.addDoc(uint32(i), []byte(s))
	}
	seg := &segment{docs: make([]docMeta, len(texts)), grams: gb.finish(len(texts))}
	for i, s := range texts {
		seg.docs[i].Size = int64(len(s))
	}
	checked, narrowed := 0, 0
	for range 3000 {
		expr := gen(0)
		if rng.IntN(3) == 0 {
			expr = "(?i)" + expr
		}
		re, err := regexp.Compile(expr)
		if err != nil {
			continue
		}
		docs, all := gramQueryFor(t, expr).eval(seg)
		if !all && len(docs) < len(texts) {
			narrowed++
		}
		in := map[uint32]bool{}
		for _, d := range docs {
			in[d] = true
		}
		for i, s := range texts {
			// grep matches line by line: "^" is a line's start.
			for _, line := range strings.SplitAfter(s, "\n") {
				if re.MatchString(strings.TrimSuffix(line, "\n")) && !all && !in[uint32(i)] {
					t.Fatalf("%s matches line %q of %q, but its query %s rules it out", expr, line, s, gramQueryFor(t, expr))
				}
			}
		}
		checked++
	}
	if checked < 1000 || narrowed < checked/10 {
		t.Fatalf("only %d patterns compiled, %d of them narrowed the texts", checked, narrowed)
	}
}

// TestGramPostingsRoundTrip builds, merges, writes and reads postings.
func TestGramPostingsRoundTrip(t *testing.T) {
	var a, b gramBuilder
	a.addDoc(0, []byte("hello world"))
	a.addDoc(1, []byte("HELLO there"))
	a.addDoc(2, []byte("nothing"))
	b.addDoc(0, []byte("world peace ✓✓"))
	sa := &segment{docs: make([]docMeta, 3), grams: a.finish(3)}
	sb := &segment{docs: make([]docMeta, 1), grams: b.finish(1)}
	docsOf := func(s *segment, g string) []uint32 {
		return decodeDocs(s.grams.list(gramKey(g[0], g[1], g[2])), uint32(len(s.docs)), nil)
	}
	if got := docsOf(sa, "hel"); len(got) != 2 || got[0] != 0 || got[1] != 1 {
		t.Errorf("hel: %v", got)
	}
	// Doc 1 of a is deleted: the merge leaves it out and renumbers.
	m := &segment{docs: make([]docMeta, 3), grams: mergeGrams([]*segment{sa, sb}, []bitset{bitset{}.with(1), nil})}
	if got := docsOf(m, "wor"); len(got) != 2 || got[0] != 0 || got[1] != 2 {
		t.Errorf("merged wor: %v", got)
	}
	if got := docsOf(m, "hel"); len(got) != 1 || got[0] != 0 {
		t.Errorf("merged hel: %v", got)
	}
	if got := docsOf(m, "✓"[0:3]); len(got) != 1 || got[0] != 2 {
		t.Errorf("merged non-ASCII trigram: %v", got)
	}
}

// TestGrepScanMatchesLineRegex: the line scan, with its literal and
// first-byte prefilters, finds exactly the lines the regex alone finds, on
// random patterns and texts (case folding and word mode included).
func TestGrepScanMatchesLineRegex(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	atoms := []string{"a", "b", "ab", "abc", "K", "k", "s", "é", "[ab]", "[^a]", "x", "[0-9]", "[а-я]", "$", "^", ".", " ", "b+", "(?:ab){2,}", "k+"}
	var gen func(depth int) string
	gen = func(depth int) string {
		if depth > 2 {
			return atoms[rng.IntN(len(atoms))]
		}
		switch rng.IntN(7) {
		case 0:
			return gen(depth+1) + "|" + gen(depth+1)
		case 1:
			return "(" + gen(depth+1) + ")*"
		case 2:
			return "(" + gen(depth+1) + ")+"
		case 3:
			return "(" + gen(depth+1) + "){1,2}"
		default:
			return gen(depth+1) + gen(depth+1)
		}
	}
	alphabet := []string{"a", "b", "c", "k", "K", "\u212a", "s", "\u017f", "é", "x", " ", "1", "д", "\n", "\n", "_", "\xff"}
	for range 2000 {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		text := b.String()
		req := GrepRequest{Pattern: gen(0), Regex: true, IgnoreCase: rng.IntN(2) == 0, Word: rng.IntN(3) == 0}
		if rng.IntN(4) == 0 {
			req.Pattern, req.Regex = atoms[rng.IntN(len(atoms))]+atoms[rng.IntN(len(atoms))], false
		}
		m, _, err := compileGrep(req)
		if err != nil {
			continue
		}
		var want []int
		lines := strings.Split(text, "\n")
		if strings.HasSuffix(text, "\n") || text == "" {
			lines = lines[:len(lines)-1]
		}
		for i, l := range lines {
			if m.lineRE().MatchString(l) {
				want = append(want, i)
			}
		}
		for _, col := range []bool{false, true} {
			var got []int
			var sc grepScratch
			m.scan([]byte(text), &sc, col, func(ls, le, c int) bool {
				got = append(got, strings.Count(text[:ls], "\n"))
				if c < 0 || c > le-ls {
					t.Errorf("%+v: column %d of a %d-byte line", req, c, le-ls)
				}
				return true
			})
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%+v (col %v) on %q: lines %v, want %v", req, col, text, got, want)
			}
		}
	}
}

// evalRef is gramQuery.eval as it was before the AND's lists were
// intersected as read and its ORs made filters: every list decoded, every
// OR's union listed, then intersected.
func evalRef(q *gramQuery, s *segment) ([]uint32, bool) {
	limit := uint32(len(s.docs))
	switch q.op {
	case gramAll:
		return nil, true
	case gramNone:
		return nil, false
	case gramShort:
		return q.evalShort(s)
	case gramAnd:
		var docs []uint32
		all := true
		grams := slices.Clone(q.grams)
		slices.SortFunc(grams, func(a, b uint32) int { return len(s.grams.list(a)) - len(s.grams.list(b)) })
		for i, g := range grams {
			if i == maxAndGrams {
				break
			}
			l := decodeDocs(s.grams.list(g), limit, nil)
			if all {
				docs, all = l, false
			} else {
				docs = intersectDocs(docs, l)
			}
		}
		for _, sub := range q.sub {
			d, a := evalRef(sub, s)
			switch {
			case a:
			case all:
				docs, all = d, false
			default:
				docs = intersectDocs(docs, d)
			}
		}
		return docs, all
	}
	seen := make(bitset, (limit+63)/64)
	for _, g := range q.grams {
		markDocs(s.grams.list(g), limit, seen)
	}
	for _, sub := range q.sub {
		d, a := evalRef(sub, s)
		if a {
			return nil, true
		}
		for _, di := range d {
			seen.set(di)
		}
	}
	return seen.appendTo(nil), false
}

// TestGramQueryEvalExact: the query's documents are exactly those of
// the plain evaluation (decode every list, list every union, intersect),
// for patterns whose queries AND trigrams with ORs of them.
func TestGramQueryEvalExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const letters = "abcdefgh s("
	texts := make([]string, 2000)
	for i := range texts {
		b := make([]byte, 5+rng.IntN(60))
		for j := range b {
			b[j] = letters[rng.IntN(len(letters))]
		}
		texts[i] = string(b)
	}
	var gb gramBuilder
	for i, s := range texts {
		gb.addDoc(uint32(i), []byte(s))
	}
	seg := &segment{docs: make([]docMeta, len(texts)), grams: gb.finish(len(texts))}
	patterns := []string{"abc", "ab[cd]e", "s [a-h]", "as [a-c][a-h]*\\(", "(abc|def)gh", "a[bc]d[ef]g", "ss [ab]", "(?i)ab[cd]", "ba(c|d)(e|f)", "abcd", "h( [ab]|[cd] )"}
	ors := 0
	for _, p := range patterns {
		q := gramQueryFor(t, p)
		for _, sub := range q.sub {
			if q.op == gramAnd && sub.op == gramOr {
				ors++
			}
		}
		got, gotAll := q.eval(seg)
		want, wantAll := evalRef(q, seg)
		if gotAll != wantAll || !slices.Equal(got, want) {
			t.Errorf("%s (%s): %d documents (all %v), the plain evaluation %d (all %v)", p, q, len(got), gotAll, len(want), wantAll)
		}
		if !gotAll && len(got) == 0 {
			t.Errorf("%s: no document: the test says nothing", p)
		}
	}
	if ors == 0 {
		t.Fatal("no pattern has an OR under an AND: the filter is not tested")
	}
}

// TestIntersectList: intersecting with an encoded run equals decoding it
// and intersecting the lists.
func TestIntersectList(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 500 {
		var a, b []uint32
		var enc []byte
		prev := uint32(0)
		for d := uint32(0); d < 400; d++ {
			if rng.IntN(3) == 0 {
				a = append(a, d)
			}
			if rng.IntN(4) == 0 {
				b = append(b, d)
				enc = appendUvarint(enc, d-prev)
				prev = d
			}
		}
		limit := uint32(100 + rng.IntN(400))
		want := intersectDocs(slices.Clone(a), decodeDocs(enc, limit, nil))
		got := intersectList(slices.Clone(a), enc, limit)
		if !slices.Equal(got, want) {
			t.Fatalf("intersectList %v, want %v", got, want)
		}
	}
}

// TestGramAndSkipsCostlyLists: an AND reads no list that costs more to
// decode than scanning every candidate left would (unitScanPostings
// bytes a candidate): the candidates it returns then include units the
// skipped list would have ruled out, and still every unit that matches.
func TestGramAndSkipsCostlyLists(t *testing.T) {
	texts := make([]string, 3000)
	for i := range texts {
		texts[i] = "other"
		if i%10 == 0 {
			// One unit in ten: a run (a gap a byte), not a bitmap.
			texts[i] = "zzz common"
		}
	}
	texts[10] = "abc zzz"   // both
	texts[20] = "abc alone" // the rare trigram only
	var gb gramBuilder
	for i, s := range texts {
		gb.addDoc(uint32(i), []byte(s))
	}
	seg := &segment{docs: make([]docMeta, len(texts)), grams: gb.finish(len(texts))}
	if isBitmap(seg.grams.list(gramKey('z', 'z', 'z'))) {
		t.Fatal("the zzz list of one unit in ten is a bitmap")
	}
	q := gramQueryFor(t, "abc.*zzz")
	got, all := q.eval(seg)
	if all || !slices.Equal(got, []uint32{10, 20}) {
		t.Fatalf("abc.*zzz: %v (all %v), want [10 20]: the zzz list (%d bytes) is longer than %d a candidate",
			got, all, len(seg.grams.list(gramKey('z', 'z', 'z'))), unitScanPostings)
	}
	// A list in most units is a bitmap, read whatever its length: a bit
	// test a candidate.
	for i := range texts {
		if i%10 != 0 {
			texts[i] = "zzz common"
		}
	}
	var gbm gramBuilder
	for i, s := range texts {
		gbm.addDoc(uint32(i), []byte(s))
	}
	segm := &segment{docs: make([]docMeta, len(texts)), grams: gbm.finish(len(texts))}
	if l := segm.grams.list(gramKey('z', 'z', 'z')); !isBitmap(l) || len(l) != bitmapLen(len(texts)) {
		t.Fatalf("the zzz list of most units: %d bytes, bitmap %v", len(l), isBitmap(l))
	}
	if got, all := q.eval(segm); all || !slices.Equal(got, []uint32{10}) {
		t.Fatalf("abc.*zzz with zzz a bitmap: %v (all %v), want [10]", got, all)
	}
	// A list short enough for the candidates left is read.
	for i := range texts[:100] {
		texts[i] = "abc"
	}
	texts[10] = "abc zzz"
	var gb2 gramBuilder
	for i, s := range texts[:100] {
		gb2.addDoc(uint32(i), []byte(s))
	}
	seg2 := &segment{docs: make([]docMeta, 100), grams: gb2.finish(100)}
	if got, _ := q.eval(seg2); !slices.Equal(got, []uint32{10}) {
		t.Fatalf("abc.*zzz over 100 documents: %v, want [10]", got)
	}
}

// TestGramBitmapLists: a list is a bitmap exactly when that is shorter
// than its run, and as a bitmap it lists, marks and intersects the units
// the run did, before and after a merge that drops documents and a
// snapshot's round trip.
func TestGramBitmapLists(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	const n = 2000
	// "aaa" in nine units in ten, "bbb" in one in three, "ccc" in one in
	// fifty: a bitmap, a bitmap (a gap a byte is 3 bits a unit), a run.
	texts := wordTexts(n, []string{"aaa", "bbb", "ccc"}, func(w int) bool {
		one := []int{10, 3, 50}[w]
		if w == 0 {
			return rng.IntN(one) != 0 // all but one in ten
		}
		return rng.IntN(one) == 0
	})
	var gb gramBuilder
	for i, s := range texts {
		gb.addDoc(uint32(i), []byte(s))
	}
	g := gb.finish(n)
	want := func(w string, keep func(int) bool) []uint32 {
		var out []uint32
		u := uint32(0)
		for i, s := range texts {
			if keep(i) {
				if strings.Contains(s, w) {
					out = append(out, u)
				}
				u++
			}
		}
		return out
	}
	all := func(int) bool { return true }
	check := func(what string, g *gramIndex, units int, keep func(int) bool) {
		t.Helper()
		for _, w := range []string{"aaa", "bbb", "ccc"} {
			l := g.list(gramKey(w[0], w[1], w[2]))
			wantUnits := want(w, keep)
			var run []byte
			last := uint32(0)
			for _, u := range wantUnits {
				run = appendUvarint(run, u-last)
				last = u
			}
			if isBitmap(l) != (len(run) > bitmapLen(units)) {
				t.Errorf("%s: %s's list (%d bytes, run %d, bitmap %d) is a bitmap: %v", what, w, len(l), len(run), bitmapLen(units), isBitmap(l))
			}
			if got := decodeDocs(l, uint32(units), nil); !slices.Equal(got, wantUnits) {
				t.Fatalf("%s: %s decodes to %d units, want %d", what, w, len(got), len(wantUnits))
			}
			in := make(bitset, (units+63)/64)
			markDocs(l, uint32(units), in)
			if got := in.appendTo(nil); !slices.Equal(got, wantUnits) {
				t.Fatalf("%s: %s marks %d units, want %d", what, w, len(got), len(wantUnits))
			}
			// Units at or past a limit (a defective snapshot's) are
			// not marked.
			half := uint32(units/2 + 3)
			in = make(bitset, (units+63)/64)
			markDocs(l, half, in)
			below := slices.DeleteFunc(slices.Clone(wantUnits), func(u uint32) bool { return u >= half })
			if got := in.appendTo(nil); !slices.Equal(got, below) {
				t.Fatalf("%s: %s marks %d units below %d, want %d", what, w, len(got), half, len(below))
			}
			every := make([]uint32, units)
			for i := range every {
				every[i] = uint32(i)
			}
			if got := intersectList(every, l, uint32(units)); !slices.Equal(got, wantUnits) {
				t.Fatalf("%s: %s intersects to %d units, want %d", what, w, len(got), len(wantUnits))
			}
		}
		if !isBitmap(g.list(gramKey('a', 'a', 'a'))) || isBitmap(g.list(gramKey('c', 'c', 'c'))) {
			t.Errorf("%s: aaa should be a bitmap, ccc a run", what)
		}
	}
	check("built", g, n, all)

	// A merge with every third document dropped.
	seg := &segment{docs: make([]docMeta, n), grams: g}
	dead := make(bitset, (n+63)/64)
	for i := 0; i < n; i += 3 {
		dead.set(uint32(i))
	}
	kept := func(i int) bool { return i%3 != 0 }
	m := mergeGrams([]*segment{seg}, []bitset{dead})
	check("merged", m, n-(n+2)/3, kept)

	// A snapshot's round trip.
	var buf bytes.Buffer
	bw := bufio.NewWriter(&buf)
	w := &enc{w: bw}
	writeGrams(w, g, n)
	if err := errors.Join(w.err, bw.Flush()); err != nil {
		t.Fatal(err)
	}
	r := &dec{b: buf.Bytes()}
	read := readGrams(r, n)
	if r.err != nil {
		t.Fatal(r.err)
	}
	check("read", read, n, all)
}

// TestGramAndOfBitmaps: an AND whose lists are all bitmaps (ANDed a word
// at a time) admits exactly the units that hold every trigram, and a
// run among them is still applied.
func TestGramAndOfBitmaps(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	const n = 3000
	texts := wordTexts(n, []string{"aaa", "bbb", "ddd", "ccc"}, func(w int) bool {
		return rng.IntN([]int{2, 3, 2, 40}[w]) == 0
	})
	var gb gramBuilder
	for i, s := range texts {
		gb.addDoc(uint32(i), []byte(s))
	}
	seg := &segment{docs: make([]docMeta, n), grams: gb.finish(n)}
	allBitmaps := 0
	for _, words := range [][]string{{"aaa", "bbb"}, {"aaa", "bbb", "ddd"}, {"aaa", "ccc"}, {"bbb", "ddd", "ccc"}} {
		q := &gramQuery{op: gramAnd}
		bitmaps := 0
		for _, w := range words {
			g := gramKey(w[0], w[1], w[2])
			q.grams = append(q.grams, g)
			if isBitmap(seg.grams.list(g)) {
				bitmaps++
			}
		}
		if bitmaps == len(words) {
			allBitmaps++
		}
		var want []uint32
		for i, s := range texts {
			every := true
			for _, w := range words {
				every = every && strings.Contains(s, w)
			}
			if every {
				want = append(want, uint32(i))
			}
		}
		got, all := q.eval(seg)
		if all || !slices.Equal(got, want) {
			t.Errorf("%v: %d units (all %v), want %d", words, len(got), all, len(want))
		}
	}
	if allBitmaps < 2 {
		t.Fatalf("%d queries of bitmaps only: the word-wise AND is not tested", allBitmaps)
	}
}

// wordTexts are n texts, each of the words ws[w] that in(w) keeps for
// it, joined by spaces and ended by " x".
func wordTexts(n int, ws []string, in func(w int) bool) []string {
	texts := make([]string, n)
	for i := range texts {
		var words []string
		for w, s := range ws {
			if in(w) {
				words = append(words, s)
			}
		}
		texts[i] = strings.Join(words, " ") + " x"
	}
	return texts
}
