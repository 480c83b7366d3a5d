package index

import (
	"math/rand"
	"path"
	"strings"
	"testing"
	"unicode"

	"github.com/treenav/treenav"
	"github.com/treenav/treenav/index/analysis"
)

// nameMatchByStrings is nameMatch as first written, building the strings
// it compares: the reference the allocation-free one must agree with.
func nameMatchByStrings(n nodeMeta, docPath, lang, raw, dotted, key, title string) float64 {
	if n.kind() == treenav.KindSection {
		if title != "" && titleWords(n.title()) == title {
			return 1
		}
		return 0
	}
	if n.name() == "" || key == "" || n.kind() == treenav.KindFile {
		return 0
	}
	raw = strings.TrimSpace(raw)
	if raw == n.name() || strings.IndexByte(raw, '.') >= 0 && raw == qualifiedName(n) {
		return 1
	}
	if raw == strings.ToLower(raw) && raw == key && strings.ToLower(n.name()) == raw {
		return 1
	}
	if qn := qualifiedName(n); dotted != "" && strings.HasSuffix(dotted, "."+n.name()) && (qn == dotted || strings.HasSuffix(qn, "."+dotted)) {
		return 1
	}
	if qn := qualifiedName(n); dotted != "" && strings.HasSuffix(dotted, "."+qn) {
		if moduleQualified(dotted, qn, docPath, lang, "", false) {
			return 1
		}
	}
	if qn := qualifiedName(n); dotted != "" && len(dotted) > len(qn) && strings.EqualFold(dotted[len(dotted)-len(qn):], qn) {
		if moduleQualified(dotted, qn, docPath, lang, "", true) {
			return 0.5
		}
	}
	name := n.name()
	if strings.IndexByte(name, '_') >= 0 {
		name = strings.ReplaceAll(name, "_", "")
	}
	if len(name) == len(key) && strings.EqualFold(name, key) {
		return 0.5
	}
	if len(n.name()) < len(key) {
		if qn := qualifiedName(n); len(qn) > len(key) && strings.EqualFold(strings.ReplaceAll(qn, ".", ""), key) {
			return 0.5
		}
	}
	// Module words, then maybe the qualifier's end, then the name.
	if words := strings.Split(title, " "); len(n.name()) < len(key) && len(words) > 1 {
		cut := func(s string) string {
			return strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(s, ".", ""), "_", ""))
		}
		dir, file := path.Split(docPath)
		var stemParts []string // the file as a module, where it is one
		if lang != "go" && lang != "java" && lang != "cpp" {
			stemParts = strings.Split(dir+strings.TrimSuffix(file, path.Ext(file)), "/")
		}
		dirParts := strings.Split(strings.TrimSuffix(dir, "/"), "/")
		endsWith := func(parts, module []string) bool {
			if len(module) > len(parts) {
				return false
			}
			for i, m := range module {
				if !strings.EqualFold(parts[len(parts)-len(module)+i], m) {
					return false
				}
			}
			return true
		}
		var quals []string
		if qn := qualifiedName(n); strings.HasSuffix(qn, "."+n.name()) {
			quals = strings.Split(strings.TrimSuffix(qn, "."+n.name()), ".")
		}
		for m := 1; m <= 3 && m < len(words); m++ {
			last := strings.Join(words[len(words)-m:], "")
			if wordsSig(last) != nameSig(n.name()) || cut(n.name()) != last {
				continue
			}
			rest := words[:len(words)-m]
			for k := 1; k <= len(rest); k++ {
				if !endsWith(stemParts, rest[:k]) && !endsWith(dirParts, rest[:k]) {
					continue
				}
				mid := strings.Join(rest[k:], "")
				ok := mid == ""
				for i := range quals {
					if q := strings.Join(quals[i:], "."); q != "" && cut(q) == mid {
						ok = true
					}
				}
				if ok && strings.HasSuffix(raw, " "+n.name()) && strings.ToLower(n.name()) != n.name() {
					return 1 // "rand IntN": the name as code spells it
				}
				if ok {
					return 0.5
				}
			}
		}
	}
	if len(n.name()) < len(key) {
		// The end of the qualified name, when the name is the last
		// words of the query.
		if words := strings.Split(title, " "); len(words) > 1 {
			cut := func(s string) string {
				return strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(s, ".", ""), "_", ""))
			}
			aligned := false
			for k := 1; k <= 3 && k < len(words); k++ {
				aligned = aligned || wordsSig(strings.Join(words[len(words)-k:], " ")) == nameSig(n.name())
			}
			parts := strings.Split(qualifiedName(n), ".")
			for i := range parts {
				if s := strings.Join(parts[i:], "."); aligned && len(s) > len(n.name()) && cut(s) == key {
					return 0.5
				}
			}
		}
	}
	// The last parts of a dotted query, whatever qualifies them.
	if parts := strings.Split(dotted, "."); dotted != "" && !fileExtension(n.name()) {
		for i := 1; i < len(parts); i++ {
			if strings.Join(parts[i:], ".") == n.name() {
				return 0.5
			}
		}
	}
	// The query without one inner word, or without its last.
	if words := strings.Split(title, " "); len(words) >= 3 && len(words) <= 4 {
		flat := strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(n.name(), ".", ""), "_", ""))
		for j := 1; j < len(words); j++ {
			rest := strings.Join(words[:j], "") + strings.Join(words[j+1:], "")
			if n.name() != "" && flat == rest && wordsSig(rest) == nameSig(n.name()) {
				return 0.25
			}
		}
	}
	return 0
}

// titleWords lowercases a heading and keeps its words, single-spaced: the
// reference headingWords must agree with.
func titleWords(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_'
	}), " ")
}

// keyAndTitle are the identifier and title words of a query typed as raw,
// its words split at spaces, hyphens and dots.
func keyAndTitle(raw string) (key, title string) {
	q := &analysis.Query{}
	for _, w := range strings.FieldsFunc(raw, func(r rune) bool { return r == ' ' || r == '-' || r == '.' }) {
		q.Words = append(q.Words, analysis.Word{Text: w})
	}
	return q.Identifier(), q.Title()
}

func TestNameMatchAgreesWithStrings(t *testing.T) {
	pieces := []string{"read", "Read", "READ", "file", "File", "_", ".", " ", "-", "é", "É", "ǅ", "K", "k", "server", "Shutdown", "2", "\xff", "  ", "ß", "İ"}
	rng := rand.New(rand.NewSource(7))
	gen := func() string {
		var b strings.Builder
		for range rng.Intn(6) {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		return b.String()
	}
	hits, passed, moduleHits, endHits, gapHits, wordHits, aliasHits := 0, 0, 0, 0, 0, 0, 0
	for i := range 200000 {
		raw := gen()
		key, title := keyAndTitle(raw)
		ns := nodeStrings{name: gen(), title: gen(), qualified: gen()}
		exts := [...]string{".go", ".py", ".rs", ".java", ".cc"}
		docPath := gen() + "/" + gen() + exts[(i/5)%len(exts)]
		switch i % 5 {
		case 0:
			ns.kind = treenav.KindSection
			if i%8 == 0 {
				ns.title = strings.ToUpper(raw) + " "
			}
		case 1:
			ns.kind = treenav.KindFunction
			ns.name = strings.ReplaceAll(raw, " ", "_")
			if i%10 == 6 {
				// "read entire file" for ReadFile: a name that skips
				// one of the query's inner words.
				a, mid, b := strings.Trim(gen(), ". -"), strings.Trim(gen(), ". -"), strings.Trim(gen(), ". -")
				ns.name, raw = a+b, a+" "+mid+" "+b
				if i%20 == 16 {
					// "parse duration string" for ParseDuration: a
					// name that leaves the query's last word out.
					raw = a + " " + b + " " + mid
				}
				key, title = keyAndTitle(raw)
			}
		case 2:
			ns.kind = treenav.KindMethod
			ns.qualified = "A." + raw
			ns.name = raw[:len(raw)/2]
			if i%10 == 2 {
				// "Type name" for P.Type.name: the end of a qualified name.
				typ, name := strings.Trim(gen(), ". -"), strings.Trim(gen(), ". -")
				ns.name, ns.qualified = name, gen()+"."+typ+"."+name
				raw = typ + " " + name
				key, title = keyAndTitle(raw)
			}
		case 3:
			// A module-qualified name: "pkg.Name" for Name in .../pkg/.
			ns.kind = treenav.KindFunction
			pkg := strings.Trim(gen(), "./ ")
			docPath = "x/" + pkg + "/f" + exts[(i/5)%len(exts)]
			if i%10 == 3 {
				raw = strings.ToLower(pkg + "." + ns.name)
			} else {
				raw = pkg + "." + ns.name
			}
			if i%20 == 18 {
				// A qualifier the path does not show: "os.path.join"
				// for posixpath.join.
				docPath = "y/z" + pkg + "/f.go"
			}
			if i%20 == 8 {
				// Module words: "utf8 decode rune" for DecodeRune in
				// unicode/utf8/, "http server shutdown" for
				// Server.Shutdown in net/http/.
				typ, name := strings.Trim(gen(), ". -"), strings.Trim(gen(), ". -")
				ns.name, ns.qualified = name, gen()+"."+typ+"."+name
				if i%40 == 8 {
					typ = ""
				}
				raw = pkg + " " + typ + " " + name
			}
			key, title = keyAndTitle(raw)
		default:
			ns.kind = treenav.KindClass
		}
		n := testNode(ns)
		dotted := dottedQuery(raw)
		lang := testLanguage(docPath)
		want := nameMatchByStrings(n, docPath, lang, raw, dotted, key, title)
		if got := nameMatch(n, docPath, lang, "", raw, dotted, key, title); got != want {
			t.Fatalf("nameMatch(%+v, %q, %q, %q, %q, %q, %q) = %v, want %v", n, docPath, lang, raw, dotted, key, title, got, want)
		}
		// The signature filter in front of nameMatch may let a node
		// through that does not match, never stop one that does.
		var h nodeHot
		h.name, h.qual = nodeSigs(n)
		sigs := newQuerySigs(raw, dotted, key, title)
		may := sigs.mayMatch(&h)
		if want > 0 && !may {
			t.Fatalf("the name signatures reject a match: nameMatch(%+v, %q, %q, %q) = %v", n, raw, key, title, want)
		}
		if want > 0 {
			hits++
			if i%5 == 3 {
				moduleHits++
			}
			if i%10 == 2 {
				endHits++
			}
			if i%20 == 8 {
				wordHits++
			}
			if want == 0.25 && i%5 == 1 {
				gapHits++
			}
			if want == 0.5 && i%20 == 18 {
				aliasHits++
			}
		} else if may && i%5 != 3 {
			// (A module-qualified query passes every symbol of its
			// name, in any module: the filter cannot read paths.)
			passed++
		}
	}
	if endHits < 1000 {
		t.Fatalf("only %d matches by a qualified name's end: the generator does not exercise them", endHits)
	}
	if gapHits < 1000 {
		t.Fatalf("only %d matches of a name that skips a query word: the generator does not exercise them", gapHits)
	}
	if wordHits < 1000 {
		t.Fatalf("only %d matches by module words: the generator does not exercise them", wordHits)
	}
	if aliasHits < 1000 {
		t.Fatalf("only %d matches of a dotted query's last part alone: the generator does not exercise them", aliasHits)
	}
	if moduleHits < 1000 {
		t.Fatalf("only %d module-qualified matches: the generator does not exercise them", moduleHits)
	}
	if hits < 1000 {
		t.Fatalf("only %d matching cases: the generator does not exercise the matches", hits)
	}
	// Most passes without a match are of the generator's making (names
	// that differ from the query only in a cut '.' or '_', or in case);
	// a filter that passed everything would pass about 150,000.
	if passed > 20000 {
		t.Errorf("the name signatures let %d non-matching nodes through", passed)
	}
	t.Logf("%d matches (%d module-qualified, %d of them by module words, %d by a qualified name's end, %d skipping a word, %d by a dotted query's last part alone), %d non-matching nodes through the signature filter", hits, moduleHits, wordHits, endHits, gapHits, aliasHits, passed)
}
